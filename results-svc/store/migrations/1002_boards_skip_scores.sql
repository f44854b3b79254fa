-- The cell scorer's writes of admin places and points (docs/boards.md, "Saves at any size") do
-- not change a board, which scores the division's public results itself: a transaction that
-- says so (podium.scores_only, set by store.ScoresOnly for that transaction alone) marks no
-- board, so a pass over a cell of 100,000 does not have the ranker rank the division again.
-- Every other change marks its divisions as before (0950_boards.sql).
CREATE OR REPLACE FUNCTION mark_boards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO results.boards AS b (division_id, event_id, dirty_since, generation)
        SELECT DISTINCT division_id, event_id, now(), 1 FROM new_rows ORDER BY division_id
        ON CONFLICT (division_id) DO UPDATE SET generation = b.generation + 1,
            dirty_since = coalesce(b.dirty_since, now());
    ELSIF TG_OP = 'UPDATE' THEN
        IF coalesce(current_setting('podium.scores_only', true), '') = 'on' THEN
            RETURN NULL;
        END IF;
        INSERT INTO results.boards AS b (division_id, event_id, dirty_since, generation)
        SELECT division_id, event_id, now(), 1 FROM new_rows UNION SELECT division_id, event_id, now(), 1 FROM old_rows
        ORDER BY division_id
        ON CONFLICT (division_id) DO UPDATE SET generation = b.generation + 1,
            dirty_since = coalesce(b.dirty_since, now());
    ELSE
        UPDATE results.boards b SET generation = b.generation + 1, dirty_since = coalesce(b.dirty_since, now())
        WHERE b.division_id IN (SELECT DISTINCT division_id FROM old_rows);
    END IF;
    RETURN NULL;
END $$;
