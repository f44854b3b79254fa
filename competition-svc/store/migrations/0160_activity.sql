-- What changed in an event's setup, who changed it and when, written in the same transaction
-- as the change (competition-svc activity.go). Results keep their own history in results-svc;
-- the event's activity feed merges both.
CREATE TABLE activity (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id  uuid NOT NULL,
    at        timestamptz NOT NULL DEFAULT now(),
    actor     text NOT NULL,
    action    text NOT NULL,
    entity    text NOT NULL CHECK (entity IN ('event', 'division', 'team', 'workout', 'grant')),
    entity_id uuid NOT NULL,
    summary   text NOT NULL
);

CREATE INDEX activity_event_idx ON activity (event_id, at DESC, id DESC);
