-- Per-event grants (docs/access.md). user_id names a user of auth-svc, which owns users; it
-- is not a foreign key across schemas. A grant goes with its event.
CREATE TABLE event_grants (
    event_id   uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    user_id    uuid NOT NULL,
    role       text NOT NULL CHECK (role IN ('organiser', 'scorer')),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, user_id)
);

CREATE INDEX event_grants_user_idx ON event_grants (user_id);
