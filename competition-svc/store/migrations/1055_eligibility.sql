-- Eligibility per division (docs/eligibility.md): the federation's member list an organiser
-- imports for an event, each division's requirements (membership, level for no drop-back
-- within a series), what each athlete gave when they joined a registration, and the
-- organiser's overrides. New tables only: older binaries never read them.

-- The event's member list, as last imported (an import replaces it whole). A member is found
-- by number; name and birth date must then match the athlete's.
CREATE TABLE event_members (
    event_id    uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    number      text NOT NULL,
    name        text NOT NULL,
    birth_date  date NOT NULL,
    valid_until date NOT NULL,
    PRIMARY KEY (event_id, number)
);

-- When and by whom the event's list was last imported.
CREATE TABLE event_member_imports (
    event_id    uuid PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    members     int NOT NULL,
    imported_by text NOT NULL DEFAULT '',
    imported_at timestamptz NOT NULL DEFAULT now()
);

-- A division's requirements beyond its roster rule (age range and composition stay there).
-- level orders the divisions of a series for no drop-back: 0 takes no part.
CREATE TABLE division_eligibility (
    division_id         uuid PRIMARY KEY REFERENCES divisions (id) ON DELETE CASCADE,
    requires_membership boolean NOT NULL DEFAULT false,
    level               int NOT NULL DEFAULT 0 CHECK (level BETWEEN 0 AND 100)
);

-- What an athlete gave when they joined a registration (captain on registering, partner on
-- accepting): checked then, kept for the organiser and for the next check.
CREATE TABLE registration_eligibility (
    registration_id uuid NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
    athlete_id      uuid NOT NULL,
    member_number   text NOT NULL DEFAULT '',
    birth_date      date,
    category        text NOT NULL DEFAULT '',
    overridden      text[] NOT NULL DEFAULT '{}',
    PRIMARY KEY (registration_id, athlete_id)
);
CREATE INDEX registration_eligibility_athlete_idx ON registration_eligibility (athlete_id);

-- The organiser lets one athlete (by account address) past one rule of one division, with a
-- reason; the activity records it and its use.
CREATE TABLE eligibility_overrides (
    id            uuid PRIMARY KEY,
    event_id      uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    division_id   uuid NOT NULL REFERENCES divisions (id) ON DELETE CASCADE,
    athlete_email text NOT NULL,
    rule          text NOT NULL CHECK (rule IN ('age', 'category', 'membership', 'drop_back')),
    reason        text NOT NULL,
    created_by    text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (division_id, athlete_email, rule)
);
CREATE INDEX eligibility_overrides_event_idx ON eligibility_overrides (event_id);
