-- Waivers (docs/waivers.md): the event's waiver text in versions, each athlete's acceptance of
-- a version, and the links mailed to the guardians of minors. New tables only: older binaries
-- never read them.

-- One version of an event's waiver (Markdown). The current one is the highest version; older
-- ones stay, since acceptances name the version that was read.
CREATE TABLE waivers (
    event_id   uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    version    int NOT NULL CHECK (version > 0),
    body       text NOT NULL,
    created_by text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, version)
);

-- An athlete's acceptance of one version: the full name typed (the athlete's, or the
-- guardian's for a minor), when, from which address, and how (athlete, guardian, kiosk).
CREATE TABLE waiver_acceptances (
    event_id      uuid NOT NULL,
    version       int NOT NULL,
    athlete_id    uuid NOT NULL,
    athlete_name  text NOT NULL,
    full_name     text NOT NULL,
    via           text NOT NULL CHECK (via IN ('athlete', 'guardian', 'kiosk')),
    guardian      boolean NOT NULL DEFAULT false,
    ip            text NOT NULL DEFAULT '',
    accepted_by   text NOT NULL DEFAULT '',
    accepted_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, version, athlete_id),
    FOREIGN KEY (event_id, version) REFERENCES waivers (event_id, version) ON DELETE CASCADE
);
CREATE INDEX waiver_acceptances_athlete_idx ON waiver_acceptances (athlete_id);

-- A link mailed to a minor's guardian: key_hash is the SHA-256 of its secret. It is used once
-- (used_at) and never after the event.
CREATE TABLE waiver_guardian_links (
    id             uuid PRIMARY KEY,
    event_id       uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    athlete_id     uuid NOT NULL,
    athlete_name   text NOT NULL,
    guardian_email text NOT NULL,
    key_hash       bytea NOT NULL UNIQUE,
    created_at     timestamptz NOT NULL DEFAULT now(),
    used_at        timestamptz
);
CREATE INDEX waiver_guardian_links_athlete_idx ON waiver_guardian_links (event_id, athlete_id);
