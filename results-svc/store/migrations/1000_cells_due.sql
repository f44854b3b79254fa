-- Cells scored apart from their saves (docs/boards.md, "Saves at any size"): a save in a
-- division larger than the spec's events (above 1,000 teams) writes its own rows and marks its
-- cells here, in its transaction; the cell scorer places each marked cell at most once per
-- interval and writes only the rows whose place or points moved.
--
-- generation counts the marks, so the scorer clears due_since only when no save arrived while
-- it scored; scored_at spaces the passes of one cell while saves stream in.
CREATE TABLE cells_due (
    workout_id  uuid NOT NULL,
    division_id uuid NOT NULL,
    event_id    uuid NOT NULL,
    due_since   timestamptz,
    generation  bigint NOT NULL DEFAULT 1,
    scored_at   timestamptz,
    PRIMARY KEY (workout_id, division_id)
);
CREATE INDEX cells_due_idx ON cells_due (due_since) WHERE due_since IS NOT NULL;
