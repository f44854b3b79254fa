-- Every change to a result, written in the same transaction as the change (results-svc
-- journal.go): who, when, which action, and the result's fields before and after. Rows stay
-- when their result is deleted: there is no foreign key on purpose.
CREATE TABLE result_history (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id  uuid NOT NULL,
    result_id uuid NOT NULL,
    team_id   uuid NOT NULL,
    workout_id uuid NOT NULL,
    at        timestamptz NOT NULL DEFAULT now(),
    actor     text NOT NULL,
    action    text NOT NULL CHECK (action IN ('created', 'updated', 'deleted', 'published', 'unpublished', 'rescored')),
    before    jsonb,
    after     jsonb
);

CREATE INDEX result_history_result_idx ON result_history (result_id, id);
CREATE INDEX result_history_event_idx ON result_history (event_id, at DESC, id DESC);
