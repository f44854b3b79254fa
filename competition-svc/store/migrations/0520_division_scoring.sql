-- A division's own scoring where the rulebook allows it (docs/scoring.md, "Per-division
-- overrides"): its points table and what equal results in a workout get. Null: the event's.
-- A custom table is the event's only (its points are the event's). A change queues a rescore
-- in the transaction that makes it (store.SetDivisionScoring), like the event's scoring.
-- Applied with search_path set to the schema "competition".
ALTER TABLE divisions
    ADD COLUMN scoring_table text CHECK (scoring_table IN ('podium100', 'games2012', 'ranksum', 'pscore')),
    ADD COLUMN workout_ties text CHECK (workout_ties IN ('share_better', 'average_points', 'tie_stand'));
