package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Boards: each division's public standings kept as ranked rows (docs/boards.md,
// migrations/0950_boards.sql).

// ErrNoBoard is returned when a division's board has not been ranked yet.
var ErrNoBoard = errors.New("store: board not ranked yet")

// Board is a division's kept board.
type Board struct {
	DivisionID, EventID string
	Generation          int64
	StructureVersion    int64
	WantedVersion       int64
	Listed              bool
	Header              []byte
	Entries             int
	BuiltAt             *time.Time
}

// BoardRow is one team's row of a board.
type BoardRow struct {
	TeamID   string
	Position int32
	Digest   int64
	Names    string
	Club     string
	Country  string
	AgeBand  string
	Entry    []byte
}

// ListDivisionPublic returns a division's results as the public sees them (ListEventPublic, one division).
func (s *Store) ListDivisionPublic(ctx context.Context, eventID, divisionID string) (_ []Result, err error) {
	defer apperr.Wrap(&err, "store.ListDivisionPublic(%q, %q)", eventID, divisionID)
	rs, err := scanResults(s.db.Query(ctx, `SELECT `+columns+` FROM results.results
		WHERE division_id = $2 AND event_id = $1 AND (is_published OR public_status IS NOT NULL)`, eventID, divisionID))
	for i := range rs {
		if p := rs[i].Public; p != nil {
			rs[i].Status, rs[i].Value, rs[i].CappedReps, rs[i].Tiebreak = p.Status, p.Value, p.CappedReps, p.Tiebreak
			rs[i].Scaled, rs[i].Penalty = p.Scaled, p.Penalty
			rs[i].UpdatedAt, rs[i].IsPublished, rs[i].Public = p.UpdatedAt, true, nil
		}
	}
	return rs, err
}

// EnsureBoard creates a division's board row, due for ranking, when it has none.
func (s *Store) EnsureBoard(ctx context.Context, eventID, divisionID string) (err error) {
	defer apperr.Wrap(&err, "store.EnsureBoard(%q)", divisionID)
	_, err = s.db.Exec(ctx, `INSERT INTO results.boards (division_id, event_id, dirty_since, generation)
		VALUES ($1, $2, now(), 1) ON CONFLICT (division_id) DO NOTHING`, divisionID, eventID)
	return err
}

// WantStructure marks an event's boards for ranking when a reader saw a newer structure
// version than the one they were ranked against; it changes nothing otherwise.
func (s *Store) WantStructure(ctx context.Context, eventID string, version int64) (err error) {
	defer apperr.Wrap(&err, "store.WantStructure(%q)", eventID)
	_, err = s.db.Exec(ctx, `UPDATE results.boards SET wanted_version = $2, generation = generation + 1,
			dirty_since = coalesce(dirty_since, now())
		WHERE event_id = $1 AND wanted_version < $2 AND structure_version < $2`, eventID, version)
	return err
}

// DueBoards are the divisions whose boards wait for ranking and were last ranked at least
// spacing ago, oldest change first.
func (s *Store) DueBoards(ctx context.Context, spacing time.Duration, limit int) (_ []Board, err error) {
	defer apperr.Wrap(&err, "store.DueBoards()")
	rows, err := s.db.Query(ctx, `SELECT division_id::text, event_id::text, generation, structure_version, wanted_version
		FROM results.boards
		WHERE dirty_since IS NOT NULL AND (built_at IS NULL OR built_at < now() - $1::interval)
		ORDER BY dirty_since LIMIT $2`, spacing, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Board, error) {
		var b Board
		err := r.Scan(&b.DivisionID, &b.EventID, &b.Generation, &b.StructureVersion, &b.WantedVersion)
		return b, err
	})
}

// LockBoard takes the ranking lock of a division for the transaction; false when another
// ranker holds it.
func (s *Store) LockBoard(ctx context.Context, divisionID string) (_ bool, err error) {
	defer apperr.Wrap(&err, "store.LockBoard(%q)", divisionID)
	var ok bool
	err = s.db.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtextextended('board:' || $1, 0))`, divisionID).Scan(&ok)
	return ok, err
}

// BoardDigests are the digests of a board's rows by team.
func (s *Store) BoardDigests(ctx context.Context, divisionID string) (_ map[string]BoardRow, err error) {
	defer apperr.Wrap(&err, "store.BoardDigests(%q)", divisionID)
	rows, err := s.db.Query(ctx, `SELECT team_id::text, position, digest FROM results.board_entries WHERE division_id = $1`, divisionID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]BoardRow{}
	for rows.Next() {
		var r BoardRow
		if err := rows.Scan(&r.TeamID, &r.Position, &r.Digest); err != nil {
			return nil, err
		}
		out[r.TeamID] = r
	}
	return out, rows.Err()
}

// WriteBoard upserts the given rows of a board, deletes the rows of the teams named in gone,
// and records the ranking: built now against structureVersion, clear of changes unless one
// arrived after generation was read.
func (s *Store) WriteBoard(ctx context.Context, b Board, changed []BoardRow, gone []string) (err error) {
	defer apperr.Wrap(&err, "store.WriteBoard(%q)", b.DivisionID)
	if len(gone) > 0 {
		if _, err := s.db.Exec(ctx, `DELETE FROM results.board_entries WHERE division_id = $1 AND team_id = ANY($2::uuid[])`,
			b.DivisionID, gone); err != nil {
			return err
		}
	}
	if len(changed) > 0 {
		teams := make([]string, len(changed))
		positions := make([]int32, len(changed))
		digests := make([]int64, len(changed))
		names := make([]string, len(changed))
		clubs := make([]string, len(changed))
		countries := make([]string, len(changed))
		bands := make([]string, len(changed))
		entries := make([][]byte, len(changed))
		for i, r := range changed {
			teams[i], positions[i], digests[i], names[i], clubs[i], countries[i], bands[i], entries[i] =
				r.TeamID, r.Position, r.Digest, r.Names, r.Club, r.Country, r.AgeBand, r.Entry
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO results.board_entries AS e (division_id, team_id, position, digest, names, club, country, age_band, entry)
			SELECT $1, t, p, d, n, c, k, a, en
			FROM unnest($2::uuid[], $3::int[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bytea[]) AS u(t, p, d, n, c, k, a, en)
			ON CONFLICT (division_id, team_id) DO UPDATE SET position = excluded.position, digest = excluded.digest,
				names = excluded.names, club = excluded.club, country = excluded.country, age_band = excluded.age_band, entry = excluded.entry`,
			b.DivisionID, teams, positions, digests, names, clubs, countries, bands, entries); err != nil {
			return err
		}
	}
	_, err = s.db.Exec(ctx, `UPDATE results.boards SET built_at = now(), structure_version = greatest(structure_version, $3),
			listed = $4, header = $5, entries = $6,
			dirty_since = CASE WHEN generation = $2 THEN NULL ELSE dirty_since END
		WHERE division_id = $1`, b.DivisionID, b.Generation, b.StructureVersion, b.Listed, b.Header, b.Entries)
	return err
}

// GetBoard returns a division's board as last ranked; ErrNoBoard when it never was.
func (s *Store) GetBoard(ctx context.Context, divisionID string) (_ Board, err error) {
	defer apperr.Wrap(&err, "store.GetBoard(%q)", divisionID)
	var b Board
	err = s.db.QueryRow(ctx, `SELECT division_id::text, event_id::text, generation, structure_version, wanted_version,
			listed, header, entries, built_at
		FROM results.boards WHERE division_id = $1`, divisionID).
		Scan(&b.DivisionID, &b.EventID, &b.Generation, &b.StructureVersion, &b.WantedVersion, &b.Listed, &b.Header, &b.Entries, &b.BuiltAt)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && b.BuiltAt == nil) {
		return Board{}, ErrNoBoard
	}
	return b, err
}

// BoardFilter narrows a board to a captain's club and/or country (lower case) and/or age band
// (empty: any).
type BoardFilter struct{ Club, Country, AgeBand string }

// BoardRange returns the rows of a board (as filtered) from the from-th (from 1) on, at most
// count, in position order, and how many rows the filter leaves.
func (s *Store) BoardRange(ctx context.Context, divisionID string, f BoardFilter, from, count int) (_ []BoardRow, total int, err error) {
	defer apperr.Wrap(&err, "store.BoardRange(%q)", divisionID)
	if f == (BoardFilter{}) {
		// Unfiltered, positions are 1..n: the page is an index range.
		rows, err := s.db.Query(ctx, `SELECT team_id::text, position, entry FROM results.board_entries
			WHERE division_id = $1 AND position >= $2 AND position < $3 ORDER BY position`, divisionID, from, from+count)
		out, err := scanBoardRows(rows, err)
		return out, -1, err
	}
	if err := s.db.QueryRow(ctx, `SELECT count(*) FROM results.board_entries
		WHERE division_id = $1 AND ($2 = '' OR club = $2) AND ($3 = '' OR country = $3) AND ($4 = '' OR age_band = $4)`,
		divisionID, f.Club, f.Country, f.AgeBand).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.db.Query(ctx, `SELECT team_id::text, position, entry FROM results.board_entries
		WHERE division_id = $1 AND ($2 = '' OR club = $2) AND ($3 = '' OR country = $3) AND ($4 = '' OR age_band = $4)
		ORDER BY position OFFSET $5 LIMIT $6`, divisionID, f.Club, f.Country, f.AgeBand, from-1, count)
	out, err := scanBoardRows(rows, err)
	return out, total, err
}

// BoardEntry returns one team's row of a board; ErrNotFound when the board has none.
func (s *Store) BoardEntry(ctx context.Context, divisionID, teamID string) (_ BoardRow, err error) {
	defer apperr.Wrap(&err, "store.BoardEntry(%q, %q)", divisionID, teamID)
	rows, err := s.db.Query(ctx, `SELECT team_id::text, position, entry FROM results.board_entries
		WHERE division_id = $1 AND team_id = $2`, divisionID, teamID)
	out, err := scanBoardRows(rows, err)
	if err != nil {
		return BoardRow{}, err
	}
	if len(out) == 0 {
		return BoardRow{}, ErrNotFound
	}
	return out[0], nil
}

// SearchBoard returns the rows of a board whose names contain text (lower case), best placed
// first, at most limit, and how many match.
func (s *Store) SearchBoard(ctx context.Context, divisionID, text string, limit int) (_ []BoardRow, matches int, err error) {
	defer apperr.Wrap(&err, "store.SearchBoard(%q)", divisionID)
	pattern := "%" + likeEscape(text) + "%"
	rows, err := s.db.Query(ctx, `SELECT team_id::text, position, entry, count(*) OVER () FROM results.board_entries
		WHERE division_id = $1 AND names LIKE $2 ORDER BY position LIMIT $3`, divisionID, pattern, limit)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []BoardRow
	for rows.Next() {
		var r BoardRow
		if err := rows.Scan(&r.TeamID, &r.Position, &r.Entry, &matches); err != nil {
			return nil, 0, err
		}
		out = append(out, r)
	}
	return out, matches, rows.Err()
}

func scanBoardRows(rows pgx.Rows, err error) ([]BoardRow, error) {
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (BoardRow, error) {
		var b BoardRow
		err := r.Scan(&b.TeamID, &b.Position, &b.Entry)
		return b, err
	})
}

// likeEscape escapes LIKE's wildcards in text, so a search matches them literally.
func likeEscape(text string) string {
	out := make([]byte, 0, len(text))
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '%', '_', '\\':
			out = append(out, '\\')
		}
		out = append(out, text[i])
	}
	return string(out)
}

// BoardState returns a division's board row as it is, ranked or not.
func (s *Store) BoardState(ctx context.Context, divisionID string) (_ Board, err error) {
	defer apperr.Wrap(&err, "store.BoardState(%q)", divisionID)
	var b Board
	err = s.db.QueryRow(ctx, `SELECT division_id::text, event_id::text, generation, structure_version, wanted_version
		FROM results.boards WHERE division_id = $1`, divisionID).
		Scan(&b.DivisionID, &b.EventID, &b.Generation, &b.StructureVersion, &b.WantedVersion)
	return b, err
}
