package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/names"
)

// ForgetAthlete erases a deleted athlete from what results-svc keeps, in the store's
// transaction (docs/access.md, "Athletes"): their submissions, appeals and review actions (found by
// account, or by address for rows older than the account column) and the result history
// they wrote (by address) name names.FormerAthlete; the mails to their address, sent or not,
// are deleted, and their name leaves the mails to others. It returns the rows changed;
// asking again changes nothing more. The boards are ForgetOnBoards'.
func (s *Store) ForgetAthlete(ctx context.Context, userID, email, name string) (rows int, err error) {
	defer apperr.Wrap(&err, "store.ForgetAthlete(%q)", userID)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`UPDATE results.submissions SET submitted_by = $3, submitted_by_id = NULL
			WHERE submitted_by_id = $1 OR ($2 <> '' AND lower(submitted_by) = lower($2))`, []any{userID, email, names.FormerAthlete}},
		{`UPDATE results.appeals SET filed_by = $2, filed_by_id = NULL WHERE filed_by_id = $1`, []any{userID, names.FormerAthlete}},
		{`UPDATE results.submission_reviews SET by_name = $3, by_id = NULL
			WHERE by_id = $1 OR ($2 <> '' AND lower(by_name) = lower($2))`, []any{userID, email, names.FormerAthlete}},
		{`UPDATE results.result_history SET actor = $2 WHERE $1 <> '' AND lower(actor) = lower($1)`, []any{email, names.FormerAthlete}},
		{`DELETE FROM results.mail_outbox WHERE $1 <> '' AND lower(to_address) = lower($1)`, []any{email}},
		{`UPDATE results.mail_outbox SET subject = replace(subject, $1, $2), body_text = replace(body_text, $1, $2)
			WHERE $1 <> '' AND (strpos(subject, $1) > 0 OR strpos(body_text, $1) > 0)`, []any{name, names.FormerAthlete}},
	} {
		tag, err := s.db.Exec(ctx, q.sql, q.args...)
		if err != nil {
			return rows, err
		}
		rows += int(tag.RowsAffected())
	}
	return rows, nil
}

// BoardEventsNaming are the events whose kept board rows hold name (any case).
func (s *Store) BoardEventsNaming(ctx context.Context, name string) (_ []string, err error) {
	defer apperr.Wrap(&err, "store.BoardEventsNaming()")
	if name == "" {
		return nil, nil
	}
	rows, err := s.db.Query(ctx, `SELECT DISTINCT b.event_id::text FROM results.board_entries e
		JOIN results.boards b USING (division_id) WHERE strpos(e.names, lower($1)) > 0`, name)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// ForgetOnBoards takes a deleted athlete's name off the kept boards, in the store's
// transaction (docs/boards.md, "Erasure"): the rows holding it go now, and the boards of each
// event in structures are ranked again against a structure at least as new as the version
// given (competition-svc's, once it renamed the athlete), so no ranking in flight against an
// older structure writes the name back.
func (s *Store) ForgetOnBoards(ctx context.Context, name string, structures map[string]int64) (rows int, err error) {
	defer apperr.Wrap(&err, "store.ForgetOnBoards()")
	for eventID, version := range structures {
		// The board row's lock first: a ranking writing now commits before the rows are read.
		if _, err := s.db.Exec(ctx, `UPDATE results.boards SET wanted_version = greatest(wanted_version, $2),
				generation = generation + 1, dirty_since = coalesce(dirty_since, now())
			WHERE event_id = $1`, eventID, version); err != nil {
			return rows, err
		}
	}
	if name == "" {
		return rows, nil
	}
	tag, err := s.db.Exec(ctx, `DELETE FROM results.board_entries WHERE strpos(names, lower($1)) > 0`, name)
	if err != nil {
		return rows, err
	}
	return rows + int(tag.RowsAffected()), nil
}

// erasureFeed names the erasure feed's row in results.feed_cursors.
const erasureFeed = "erasures"

// ErasureCursor is the position of auth-svc's erasure feed applied here.
func (s *Store) ErasureCursor(ctx context.Context) (seq int64, err error) {
	defer apperr.Wrap(&err, "store.ErasureCursor()")
	err = s.db.QueryRow(ctx, `SELECT seq FROM results.feed_cursors WHERE feed = $1`, erasureFeed).Scan(&seq)
	return seq, err
}

// LockErasureCursor takes the erasure feed's cursor for the store's transaction and returns
// its position; ok is false while another transaction (another replica) holds it.
func (s *Store) LockErasureCursor(ctx context.Context) (seq int64, ok bool, err error) {
	defer apperr.Wrap(&err, "store.LockErasureCursor()")
	err = s.db.QueryRow(ctx, `SELECT seq FROM results.feed_cursors WHERE feed = $1 FOR UPDATE SKIP LOCKED`, erasureFeed).Scan(&seq)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	return seq, err == nil, err
}

// SetErasureCursor moves the erasure feed's cursor to seq, in the store's transaction.
func (s *Store) SetErasureCursor(ctx context.Context, seq int64) (err error) {
	defer apperr.Wrap(&err, "store.SetErasureCursor(%d)", seq)
	_, err = s.db.Exec(ctx, `UPDATE results.feed_cursors SET seq = $2 WHERE feed = $1`, erasureFeed, seq)
	return err
}
