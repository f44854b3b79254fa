-- Boards (docs/boards.md): each division's public standings kept as rows with their position,
-- so a page is an index range read and a change re-ranks only the divisions it touched.
--
-- boards holds one row per division whose board is kept: dirty_since is set (in the same
-- transaction) by every change of the division's results, generation counts those changes so
-- the ranker clears dirty_since only when nothing arrived while it ranked, and built_at spaces
-- the rankings of one division while changes stream in.
CREATE TABLE boards (
    division_id       uuid PRIMARY KEY,
    event_id          uuid NOT NULL,
    dirty_since       timestamptz,
    generation        bigint NOT NULL DEFAULT 0,
    built_at          timestamptz,
    -- The competition-svc public version of the event the board was ranked against, and the
    -- newest one a reader has seen: a board behind it is ranked again.
    structure_version bigint NOT NULL DEFAULT 0,
    wanted_version    bigint NOT NULL DEFAULT 0,
    -- Whether the public may see the board (not a Draft event), and what every page shares
    -- (results.v1.BoardHeader, protobuf).
    listed            boolean NOT NULL DEFAULT false,
    header            bytea,
    entries           integer NOT NULL DEFAULT 0
);
CREATE INDEX boards_dirty_idx ON boards (dirty_since) WHERE dirty_since IS NOT NULL;
CREATE INDEX boards_event_idx ON boards (event_id);

-- One row per team of a kept board: entry is the row as pages send it (results.v1.BoardEntry,
-- protobuf) and digest its hash, so a ranking rewrites only the rows that changed.
CREATE TABLE board_entries (
    division_id uuid NOT NULL REFERENCES boards ON DELETE CASCADE,
    team_id     uuid NOT NULL,
    position    integer NOT NULL,
    digest      bigint NOT NULL,
    -- Lower-case team and athlete names for the search; the captain's club and country
    -- (lower case) for the filters.
    names       text NOT NULL,
    club        text NOT NULL DEFAULT '',
    country     text NOT NULL DEFAULT '',
    entry       bytea NOT NULL,
    PRIMARY KEY (division_id, team_id)
);
CREATE INDEX board_entries_position_idx ON board_entries (division_id, position);
CREATE INDEX board_entries_club_idx ON board_entries (division_id, club, position) WHERE club <> '';
CREATE INDEX board_entries_country_idx ON board_entries (division_id, country, position) WHERE country <> '';

-- A division's results read alone (the ranker reads one division, not the event).
CREATE INDEX results_division_idx ON results (division_id);

-- Every change of results marks their divisions' boards for ranking, statement-level: a batch
-- of 5,000 results marks its division once; divisions in id order, so two batches over the same
-- divisions never wait on each other crosswise.
CREATE FUNCTION mark_boards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO results.boards AS b (division_id, event_id, dirty_since, generation)
        SELECT DISTINCT division_id, event_id, now(), 1 FROM new_rows ORDER BY division_id
        ON CONFLICT (division_id) DO UPDATE SET generation = b.generation + 1,
            dirty_since = coalesce(b.dirty_since, now());
    ELSIF TG_OP = 'UPDATE' THEN
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

CREATE TRIGGER results_boards_insert AFTER INSERT ON results
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_boards();
CREATE TRIGGER results_boards_update AFTER UPDATE ON results
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_boards();
CREATE TRIGGER results_boards_delete AFTER DELETE ON results
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_boards();
