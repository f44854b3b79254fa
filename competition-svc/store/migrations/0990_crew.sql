-- The crew (docs/crew.md): volunteers who signed up for an event, the organiser's shifts and
-- who works them, and the judge rotation over the heat schedule. New tables only: older
-- binaries never read them.

-- One volunteer's sign-up for one event. key_hash is the SHA-256 of the secret of their own
-- link (mailed to them): it opens their data, confirms their address and shifts, and deletes
-- them. athlete_id is set when they signed up with an athlete account (auth-svc's id).
CREATE TABLE volunteers (
    id                     uuid PRIMARY KEY,
    event_id               uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    athlete_id             uuid,
    name                   text NOT NULL,
    email                  text NOT NULL,
    roles                  text[] NOT NULL,
    notes                  text NOT NULL DEFAULT '',
    credential_course      text NOT NULL DEFAULT '',
    credential_level       int NOT NULL DEFAULT 0 CHECK (credential_level BETWEEN 0 AND 4),
    credential_number      text NOT NULL DEFAULT '',
    credential_valid_until date,
    -- The team they compete with at this event (never judged by them), and their club.
    team_id                uuid REFERENCES teams (id) ON DELETE SET NULL,
    club                   text NOT NULL DEFAULT '',
    key_hash               bytea NOT NULL UNIQUE,
    confirmed_at           timestamptz,
    created_at             timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX volunteers_email_once ON volunteers (event_id, lower(email));

-- When a volunteer can work; none: the whole event.
CREATE TABLE volunteer_windows (
    volunteer_id uuid NOT NULL REFERENCES volunteers (id) ON DELETE CASCADE,
    starts_at    timestamptz NOT NULL,
    ends_at      timestamptz NOT NULL CHECK (ends_at > starts_at)
);
CREATE INDEX volunteer_windows_volunteer ON volunteer_windows (volunteer_id);

-- A role for a time window, with the number of volunteers it needs.
CREATE TABLE crew_shifts (
    id         uuid PRIMARY KEY,
    event_id   uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    role       text NOT NULL,
    starts_at  timestamptz NOT NULL,
    ends_at    timestamptz NOT NULL CHECK (ends_at > starts_at),
    needed     int NOT NULL CHECK (needed > 0),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX crew_shifts_event ON crew_shifts (event_id, starts_at);

-- A volunteer working a shift; confirmed_at when they confirmed it.
CREATE TABLE crew_assignments (
    shift_id     uuid NOT NULL REFERENCES crew_shifts (id) ON DELETE CASCADE,
    volunteer_id uuid NOT NULL REFERENCES volunteers (id) ON DELETE CASCADE,
    confirmed_at timestamptz,
    PRIMARY KEY (shift_id, volunteer_id)
);
CREATE INDEX crew_assignments_volunteer ON crew_assignments (volunteer_id);

-- The judge rotation: one judge per lane per heat; lane 0 is the heat's head judge.
CREATE TABLE judge_rotation (
    heat_id      uuid NOT NULL REFERENCES heats (id) ON DELETE CASCADE,
    lane         int NOT NULL CHECK (lane >= 0),
    event_id     uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    volunteer_id uuid NOT NULL REFERENCES volunteers (id) ON DELETE CASCADE,
    PRIMARY KEY (heat_id, lane)
);
CREATE INDEX judge_rotation_event ON judge_rotation (event_id);
CREATE INDEX judge_rotation_volunteer ON judge_rotation (volunteer_id);

-- The rules the rotation was last made with; a change by hand is checked against them.
CREATE TABLE judge_rotation_settings (
    event_id       uuid PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    heat_minutes   int NOT NULL CHECK (heat_minutes BETWEEN 1 AND 240),
    rest_after     int NOT NULL CHECK (rest_after >= 1),
    avoid_own_club boolean NOT NULL DEFAULT false,
    -- workout id → the credential level it requires
    levels         jsonb NOT NULL DEFAULT '{}'
);
