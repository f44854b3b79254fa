package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// JudgeLink is a judge card's link (migrations/0481_judge_links.sql); its id is its session's
// in auth-svc.
type JudgeLink struct {
	ID, EventID, WorkoutID, WorkoutName string
	// HeatID is empty and HeatNumber 0 for a link to every heat of the workout.
	HeatID     string
	HeatNumber int32
	// Lanes is empty for every lane.
	Lanes     []int32
	Label     string
	CreatedBy string
	CreatedAt time.Time
	ExpiresAt time.Time
	RevokedAt *time.Time
	// CodeHash is the SHA-256 of the card's code (migrations/0890_judge_link_codes.sql), set
	// when the link is made; nil for a link made before codes.
	CodeHash []byte
}

const judgeLinkSelect = `SELECT l.id::text, l.event_id::text, l.workout_id::text, w.name, coalesce(l.heat_id::text, ''),
	coalesce(h.number, 0), l.lanes, l.label, l.created_by, l.created_at, l.expires_at, l.revoked_at
	FROM competition.judge_links l
	JOIN competition.workouts w ON w.id = l.workout_id
	LEFT JOIN competition.heats h ON h.id = l.heat_id`

func scanJudgeLink(row pgx.Row) (JudgeLink, error) {
	var l JudgeLink
	err := row.Scan(&l.ID, &l.EventID, &l.WorkoutID, &l.WorkoutName, &l.HeatID, &l.HeatNumber, &l.Lanes, &l.Label,
		&l.CreatedBy, &l.CreatedAt, &l.ExpiresAt, &l.RevokedAt)
	return l, err
}

// InsertJudgeLinks records new links, in the transaction the caller holds.
func (s *Store) InsertJudgeLinks(ctx context.Context, links []JudgeLink) (err error) {
	defer apperr.Wrap(&err, "store.InsertJudgeLinks()")
	for _, l := range links {
		var heat *string
		if l.HeatID != "" {
			heat = &l.HeatID
		}
		lanes := l.Lanes
		if lanes == nil {
			lanes = []int32{}
		}
		_, err := s.db.Exec(ctx, `INSERT INTO competition.judge_links
			(id, event_id, workout_id, heat_id, lanes, label, created_by, created_at, expires_at, code_hash)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			l.ID, l.EventID, l.WorkoutID, heat, lanes, l.Label, l.CreatedBy, l.CreatedAt, l.ExpiresAt, l.CodeHash)
		if err != nil {
			return err
		}
	}
	return nil
}

// ActiveJudgeLinks returns an event's links that are neither revoked nor expired, newest
// first (the same second: by heat, then label).
func (s *Store) ActiveJudgeLinks(ctx context.Context, eventID string) (_ []JudgeLink, err error) {
	defer apperr.Wrap(&err, "store.ActiveJudgeLinks()")
	rows, err := s.db.Query(ctx, judgeLinkSelect+`
		WHERE l.event_id = $1 AND l.revoked_at IS NULL AND l.expires_at > now()
		ORDER BY date_trunc('second', l.created_at) DESC, h.number NULLS FIRST, l.lanes, l.label`, eventID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []JudgeLink{}
	for rows.Next() {
		l, err := scanJudgeLink(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// HeatJudgeLinkIDs returns the ids of a heat's links not revoked: their sessions end before
// the heat goes (deleting it deletes them).
func (s *Store) HeatJudgeLinkIDs(ctx context.Context, heatID string) (_ []string, err error) {
	defer apperr.Wrap(&err, "store.HeatJudgeLinkIDs()")
	rows, err := s.db.Query(ctx, `SELECT id::text FROM competition.judge_links WHERE heat_id = $1 AND revoked_at IS NULL`, heatID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// GetJudgeLink returns one link, revoked or not.
func (s *Store) GetJudgeLink(ctx context.Context, id string) (_ JudgeLink, err error) {
	defer apperr.Wrap(&err, "store.GetJudgeLink()")
	l, err := scanJudgeLink(s.db.QueryRow(ctx, judgeLinkSelect+` WHERE l.id = $1`, id))
	return l, notFound(err)
}

// JudgeLinkByCode returns the link in use (not revoked, not expired) whose code hashes to
// codeHash; ErrNotFound when there is none.
func (s *Store) JudgeLinkByCode(ctx context.Context, codeHash []byte) (_ JudgeLink, err error) {
	defer apperr.Wrap(&err, "store.JudgeLinkByCode()")
	l, err := scanJudgeLink(s.db.QueryRow(ctx, judgeLinkSelect+`
		WHERE l.code_hash = $1 AND l.revoked_at IS NULL AND l.expires_at > now()`, codeHash))
	return l, notFound(err)
}

// SetJudgeLinkCode gives a link in use a new code (its card printed again); the old one
// stops opening it. It reports whether the link was still in use.
func (s *Store) SetJudgeLinkCode(ctx context.Context, id string, codeHash []byte) (_ bool, err error) {
	defer apperr.Wrap(&err, "store.SetJudgeLinkCode()")
	tag, err := s.db.Exec(ctx, `UPDATE competition.judge_links SET code_hash = $2
		WHERE id = $1 AND revoked_at IS NULL AND expires_at > now()`, id, codeHash)
	return tag.RowsAffected() == 1, err
}

// RevokeJudgeLinks marks links revoked; their sessions have ended already.
func (s *Store) RevokeJudgeLinks(ctx context.Context, ids []string) (err error) {
	defer apperr.Wrap(&err, "store.RevokeJudgeLinks()")
	_, err = s.db.Exec(ctx, `UPDATE competition.judge_links SET revoked_at = now()
		WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL`, ids)
	return err
}
