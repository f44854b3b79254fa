-- The event's scoring beyond its table (docs/scoring.md): the P-Score table, what equal
-- results in a workout get, how equal totals are ordered, and each workout's weight. A change
-- of any of them queues a rescore like a change of the table (0170_rescore_outbox.sql).
-- Applied with search_path set to the schema "competition".
ALTER TABLE events DROP CONSTRAINT events_scoring_table_check,
    ADD CONSTRAINT events_scoring_table_check CHECK (scoring_table IN ('podium100', 'games2012', 'ranksum', 'pscore', 'custom')),
    ADD COLUMN workout_ties text NOT NULL DEFAULT 'share_better'
        CHECK (workout_ties IN ('share_better', 'average_points', 'tie_stand')),
    ADD COLUMN overall_tie_break text NOT NULL DEFAULT 'countback'
        CHECK (overall_tie_break IN ('countback', 'by_workout', 'shared')),
    -- The workout whose place breaks equal totals under by_workout. Deleting it leaves the
    -- ties shared until the organiser picks another (the engine shares without one).
    ADD COLUMN overall_workout_id uuid REFERENCES workouts (id) ON DELETE SET NULL;

ALTER TABLE workouts ADD COLUMN weight double precision NOT NULL DEFAULT 1 CHECK (weight >= 0.5 AND weight <= 3);

CREATE OR REPLACE FUNCTION queue_event_rescore() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO competition.purge_outbox (event_id)
    SELECT DISTINCT now_.id FROM now_ JOIN was ON was.id = now_.id
    WHERE now_.scoring_table IS DISTINCT FROM was.scoring_table
       OR now_.custom_points IS DISTINCT FROM was.custom_points
       OR now_.workout_ties IS DISTINCT FROM was.workout_ties
       OR now_.overall_tie_break IS DISTINCT FROM was.overall_tie_break
       OR now_.overall_workout_id IS DISTINCT FROM was.overall_workout_id;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION queue_workout_rescore() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO competition.purge_outbox (event_id)
    SELECT DISTINCT now_.event_id FROM now_ JOIN was ON was.id = now_.id
    WHERE now_.score_type IS DISTINCT FROM was.score_type
       OR now_.time_cap_seconds IS DISTINCT FROM was.time_cap_seconds
       OR now_.weight IS DISTINCT FROM was.weight;
    RETURN NULL;
END $$;
