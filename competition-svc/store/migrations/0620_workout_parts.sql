-- Multi-part workouts (docs/scoring.md, "Multi-part workouts"): a part names its workout
-- (part_of); the workout with parts says how they count (parts). One level only, checked by
-- competition-svc (workout_rules.go). A change of either, or a new part, queues a rescore like
-- a change of score type (0170_rescore_outbox.sql).
-- Applied with search_path set to the schema "competition".
ALTER TABLE workouts
    ADD COLUMN part_of uuid REFERENCES workouts (id) ON DELETE RESTRICT,
    ADD COLUMN parts text CHECK (parts IN ('separate', 'sum', 'best')),
    ADD CONSTRAINT workouts_part_not_self CHECK (part_of IS DISTINCT FROM id);

CREATE INDEX workouts_part_of ON workouts (part_of) WHERE part_of IS NOT NULL;

CREATE OR REPLACE FUNCTION queue_workout_rescore() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO competition.purge_outbox (event_id)
    SELECT DISTINCT now_.event_id FROM now_ JOIN was ON was.id = now_.id
    WHERE now_.score_type IS DISTINCT FROM was.score_type
       OR now_.time_cap_seconds IS DISTINCT FROM was.time_cap_seconds
       OR now_.weight IS DISTINCT FROM was.weight
       OR now_.part_of IS DISTINCT FROM was.part_of
       OR now_.parts IS DISTINCT FROM was.parts;
    RETURN NULL;
END $$;

-- A new part of a combined workout changes its teams' sums (a part without a result).
CREATE FUNCTION queue_new_part_rescore() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO competition.purge_outbox (event_id)
    SELECT DISTINCT now_.event_id FROM now_ WHERE now_.part_of IS NOT NULL;
    RETURN NULL;
END $$;

CREATE TRIGGER workouts_queue_part_rescore AFTER INSERT ON workouts
    REFERENCING NEW TABLE AS now_ FOR EACH STATEMENT EXECUTE FUNCTION queue_new_part_rescore();
