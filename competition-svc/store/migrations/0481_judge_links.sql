-- Judge links (docs/judging.md): cards with a QR code that let a phone without an account
-- score some lanes of one workout until the event ends or the organiser revokes them. A
-- link's id is the id of its session in auth-svc (auth.sessions), which signs and ends it.
CREATE TABLE judge_links (
    id          uuid PRIMARY KEY,
    event_id    uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    workout_id  uuid NOT NULL,
    heat_id     uuid REFERENCES heats (id) ON DELETE CASCADE,
    lanes       integer[] NOT NULL DEFAULT '{}',
    label       text NOT NULL,
    created_by  text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    revoked_at  timestamptz,
    FOREIGN KEY (workout_id, event_id) REFERENCES workouts (id, event_id) ON DELETE CASCADE
);

CREATE INDEX judge_links_event_idx ON judge_links (event_id, created_at DESC);
