-- Registration per division (docs/registration.md): the organiser opens a division for the
-- athletes' own registrations; a confirmed registration is the division's team.

CREATE TABLE registration_settings (
    division_id       uuid PRIMARY KEY,
    event_id          uuid NOT NULL,
    opens_at          timestamptz NOT NULL,
    closes_at         timestamptz NOT NULL,
    capacity          integer NOT NULL CHECK (capacity BETWEEN 1 AND 10000),
    fee_cents         integer NOT NULL DEFAULT 0 CHECK (fee_cents BETWEEN 0 AND 100000000),
    currency          text NOT NULL DEFAULT 'EUR' CHECK (currency ~ '^[A-Z]{3}$'),
    waitlist          boolean NOT NULL DEFAULT true,
    approval_required boolean NOT NULL DEFAULT false,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CHECK (opens_at < closes_at),
    FOREIGN KEY (division_id, event_id) REFERENCES divisions (id, event_id) ON DELETE CASCADE
);

CREATE TABLE registrations (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id         uuid NOT NULL,
    division_id      uuid NOT NULL,
    team_name        text NOT NULL,
    state            text NOT NULL CHECK (state IN ('waiting_partner', 'waiting_payment',
                     'waiting_approval', 'confirmed', 'waitlisted', 'withdrawn', 'refused')),
    -- A place is held from registration until withdrawal or refusal; a waitlisted team has none.
    holds_place      boolean NOT NULL,
    captain_id       uuid NOT NULL,
    captain_name     text NOT NULL,
    captain_email    text NOT NULL,
    partner_id       uuid,
    partner_name     text NOT NULL DEFAULT '',
    partner_email    text NOT NULL DEFAULT '',
    -- The share code; the invitation link carries the same code.
    invite_code      text NOT NULL UNIQUE,
    invite_expires_at timestamptz NOT NULL,
    fee_cents        integer NOT NULL DEFAULT 0,
    currency         text NOT NULL DEFAULT 'EUR',
    paid_at          timestamptz,
    paid_by          text NOT NULL DEFAULT '',
    payment_method   text NOT NULL DEFAULT '' CHECK (payment_method IN ('', 'cash', 'transfer', 'stripe')),
    approved_at      timestamptz,
    approved_by      text NOT NULL DEFAULT '',
    refusal_reason   text NOT NULL DEFAULT '',
    -- The division's team once confirmed (a team deleted by hand leaves the registration).
    team_id          uuid REFERENCES teams (id) ON DELETE SET NULL,
    -- The waiting list's order: when the team joined it.
    waitlisted_at    timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CHECK (holds_place = (state IN ('waiting_partner', 'waiting_payment', 'waiting_approval', 'confirmed'))),
    CHECK ((state = 'waitlisted') = (waitlisted_at IS NOT NULL)),
    FOREIGN KEY (division_id, event_id) REFERENCES divisions (id, event_id) ON DELETE CASCADE
);

CREATE INDEX registrations_event_idx ON registrations (event_id, created_at);
CREATE INDEX registrations_division_idx ON registrations (division_id, state);
CREATE INDEX registrations_captain_idx ON registrations (captain_id);
CREATE INDEX registrations_partner_idx ON registrations (partner_id);
CREATE UNIQUE INDEX registrations_team_once ON registrations (team_id) WHERE team_id IS NOT NULL;
-- Live registrations' team names are unique in the division as team names are
-- (0320_team_names_unique.sql).
CREATE UNIQUE INDEX registrations_division_name_key ON registrations (division_id, team_name_key(team_name))
    WHERE state NOT IN ('withdrawn', 'refused');

-- An athlete is in at most one live registration per division, as captain or partner: the
-- primary key says so whatever the application does. Rows go when the registration is
-- withdrawn or refused.
CREATE TABLE registration_athletes (
    division_id     uuid NOT NULL,
    user_id         uuid NOT NULL,
    registration_id uuid NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
    PRIMARY KEY (division_id, user_id)
);

CREATE INDEX registration_athletes_registration_idx ON registration_athletes (registration_id);

-- Registration changes show in the event's activity feed.
ALTER TABLE activity DROP CONSTRAINT activity_entity_check;
ALTER TABLE activity ADD CONSTRAINT activity_entity_check
    CHECK (entity IN ('event', 'division', 'team', 'workout', 'grant', 'heat', 'registration'));
