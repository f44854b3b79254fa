package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Appeals (migrations/0980_appeals.sql): a team's dispute of one of its published results.

// ErrAppealed is returned by InsertAppeal when the result has an appeal already.
var ErrAppealed = errors.New("store: result appealed already")

// Appeal is one row of results.appeals.
type Appeal struct {
	ID, EventID, WorkoutID, TeamID, ResultID string
	Reason, VideoURL, FiledBy, FiledByID     string
	FiledAt                                  time.Time
	BeforeText, AfterText                    string
	State, DecisionReason, DecidedBy         string
	DecidedAt                                *time.Time
}

const appealColumns = `id::text, event_id::text, workout_id::text, team_id::text, result_id::text, reason, video_url,
	filed_by, COALESCE(filed_by_id, ''), filed_at, before_text, after_text, state, decision_reason, decided_by, decided_at`

func scanAppeal(row pgx.Row) (a Appeal, err error) {
	err = row.Scan(&a.ID, &a.EventID, &a.WorkoutID, &a.TeamID, &a.ResultID, &a.Reason, &a.VideoURL, &a.FiledBy, &a.FiledByID,
		&a.FiledAt, &a.BeforeText, &a.AfterText, &a.State, &a.DecisionReason, &a.DecidedBy, &a.DecidedAt)
	return a, err
}

// FirstPublished is when the public first saw a result; nil when it never did.
func (s *Store) FirstPublished(ctx context.Context, resultID string) (_ *time.Time, err error) {
	defer apperr.Wrap(&err, "store.FirstPublished(%q)", resultID)
	var at *time.Time
	err = s.db.QueryRow(ctx, `SELECT first_published_at FROM results.results WHERE id = $1`, resultID).Scan(&at)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	return at, err
}

// AppealWindow is the event's window in minutes; 0 when the event has not set one.
func (s *Store) AppealWindow(ctx context.Context, eventID string) (_ int32, err error) {
	defer apperr.Wrap(&err, "store.AppealWindow(%q)", eventID)
	var m int32
	err = s.db.QueryRow(ctx, `SELECT minutes FROM results.appeal_windows WHERE event_id = $1`, eventID).Scan(&m)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return m, err
}

// SetAppealWindow stores the event's window.
func (s *Store) SetAppealWindow(ctx context.Context, eventID string, minutes int32) (err error) {
	defer apperr.Wrap(&err, "store.SetAppealWindow(%q)", eventID)
	_, err = s.db.Exec(ctx, `INSERT INTO results.appeal_windows (event_id, minutes) VALUES ($1, $2)
		ON CONFLICT (event_id) DO UPDATE SET minutes = EXCLUDED.minutes`, eventID, minutes)
	return err
}

// InsertAppeal stores a new appeal; ErrAppealed when its result has one.
func (s *Store) InsertAppeal(ctx context.Context, a Appeal) (_ Appeal, err error) {
	defer apperr.Wrap(&err, "store.InsertAppeal(%q)", a.ResultID)
	out, err := scanAppeal(s.db.QueryRow(ctx, `INSERT INTO results.appeals (event_id, workout_id, team_id, result_id, reason, video_url,
			filed_by, filed_by_id, filed_at, before_text)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING `+appealColumns,
		a.EventID, a.WorkoutID, a.TeamID, a.ResultID, a.Reason, a.VideoURL, a.FiledBy, a.FiledByID, a.FiledAt, a.BeforeText))
	if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) && pe.Code == "23505" {
		return Appeal{}, ErrAppealed
	}
	return out, err
}

// LockAppeal reads an appeal of the event for update; ErrNotFound when there is none.
func (s *Store) LockAppeal(ctx context.Context, eventID, id string) (_ Appeal, err error) {
	defer apperr.Wrap(&err, "store.LockAppeal(%q)", id)
	a, err := scanAppeal(s.db.QueryRow(ctx, `SELECT `+appealColumns+` FROM results.appeals WHERE id = $1 AND event_id = $2 FOR UPDATE`, id, eventID))
	if errors.Is(err, pgx.ErrNoRows) {
		return Appeal{}, ErrNotFound
	}
	return a, err
}

// DecideAppeal stores an appeal's decision.
func (s *Store) DecideAppeal(ctx context.Context, a Appeal) (_ Appeal, err error) {
	defer apperr.Wrap(&err, "store.DecideAppeal(%q)", a.ID)
	return scanAppeal(s.db.QueryRow(ctx, `UPDATE results.appeals SET state = $2, decision_reason = $3, decided_by = $4, decided_at = $5,
			after_text = $6
		WHERE id = $1 RETURNING `+appealColumns, a.ID, a.State, a.DecisionReason, a.DecidedBy, a.DecidedAt, a.AfterText))
}

// ListAppeals are an event's appeals, oldest first; of one team when teamID is not empty.
func (s *Store) ListAppeals(ctx context.Context, eventID, teamID string) (_ []Appeal, err error) {
	defer apperr.Wrap(&err, "store.ListAppeals(%q)", eventID)
	rows, err := s.db.Query(ctx, `SELECT `+appealColumns+` FROM results.appeals
		WHERE event_id = $1 AND ($2 = '' OR team_id::text = $2) ORDER BY filed_at, id`, eventID, teamID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Appeal{}
	for rows.Next() {
		a, err := scanAppeal(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// PendingChanges says which of the results hold a pending change: an edit of a published result
// the public does not see yet (docs/result-invariants.md, "Pending changes").
func (s *Store) PendingChanges(ctx context.Context, resultIDs []string) (_ map[string]bool, err error) {
	defer apperr.Wrap(&err, "store.PendingChanges()")
	rows, err := s.db.Query(ctx, `SELECT id::text FROM results.results WHERE id = ANY($1::uuid[]) AND public_status IS NOT NULL`, resultIDs)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}
