-- A workout's counts in the feed are "any or none" (store.SettleCounts): whether a workout has
-- a result the public sees is one index probe, even while a qualifier's 100,000 results wait
-- unpublished. Expand-only: the previous release never reads it.
CREATE INDEX results_published_workout_idx ON results (workout_id) WHERE is_published OR public_status IS NOT NULL;
