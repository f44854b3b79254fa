-- How many results, and results the public sees, each workout and team has: results-svc
-- records them here (RecordResultCounts; docs/architecture.md, "Calls between services"), so
-- the console's counts and the refusal of a delete or move are read without asking results-svc.
-- A first result is raised before it commits, under FOR SHARE of the workout's or team's row;
-- a delete or move locks that row FOR UPDATE and reads its counts in its transaction. seq is
-- results-svc's: a count replaces only an older one. A row goes with its workout or team.
-- Applied with search_path set to the schema "competition".

CREATE TABLE result_counts (
    workout_id uuid REFERENCES workouts (id) ON DELETE CASCADE,
    team_id    uuid REFERENCES teams (id) ON DELETE CASCADE,
    results    integer NOT NULL CHECK (results >= 0),
    published  integer NOT NULL CHECK (published >= 0),
    seq        bigint NOT NULL,
    CONSTRAINT result_counts_one_key CHECK ((workout_id IS NULL) <> (team_id IS NULL))
);

CREATE UNIQUE INDEX result_counts_workout_key ON result_counts (workout_id) WHERE workout_id IS NOT NULL;
CREATE UNIQUE INDEX result_counts_team_key ON result_counts (team_id) WHERE team_id IS NOT NULL;
