-- The schedule as it runs (docs/competition-day.md, "The schedule as it runs"): start_time is a
-- heat's current start, which a schedule shift moves; planned_start is the start the organiser
-- set (created, generated, imported or re-timed by hand), which a shift keeps, so every screen
-- can show the planned time struck through beside the current one.
ALTER TABLE heats ADD COLUMN planned_start timestamptz;
UPDATE heats SET planned_start = start_time;
ALTER TABLE heats ALTER COLUMN planned_start SET NOT NULL;
