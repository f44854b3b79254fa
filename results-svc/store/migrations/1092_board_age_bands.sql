-- A board filters by the captain's age band too (internal/platform/agebands; docs/boards.md,
-- "Filters"). Expand-only: the previous release writes rows without a band (''), which the
-- filter leaves out until the board is ranked again; every board is marked for ranking once,
-- so standing rows gain their band without waiting for a change.
ALTER TABLE board_entries ADD COLUMN age_band text NOT NULL DEFAULT '';
CREATE INDEX board_entries_age_band_idx ON board_entries (division_id, age_band, position) WHERE age_band <> '';
UPDATE boards SET dirty_since = now() WHERE dirty_since IS NULL AND built_at IS NOT NULL;
