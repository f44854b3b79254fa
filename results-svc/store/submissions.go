package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Lane submissions (migrations/0482_lane_submissions.sql, 0820_lane_submission_places.sql): the
// client ids of judges' scores, where they were sent from and the answers they got.

// LanePlace is where a score was sent: the event, the heat's lane, and the sender (a judge
// link's session or a user, resultssvc's senderOf).
type LanePlace struct {
	EventID, HeatID string
	Lane            int32
	Sender          string
}

// ClaimSubmission records clientID, sent from p, in the transaction the caller holds; false when
// it was claimed before, from anywhere (a concurrent claim is waited for: the unique key holds
// it until it ends).
func (s *Store) ClaimSubmission(ctx context.Context, clientID string, p LanePlace) (_ bool, err error) {
	defer apperr.Wrap(&err, "store.ClaimSubmission()")
	var claimed bool
	err = s.db.QueryRow(ctx, `INSERT INTO results.lane_submissions (client_id, event_id, heat_id, lane, sender) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (client_id) DO NOTHING RETURNING true`, clientID, p.EventID, p.HeatID, p.Lane, p.Sender).Scan(&claimed)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return claimed, err
}

// AnswerSubmission stores the answer of a claimed submission.
func (s *Store) AnswerSubmission(ctx context.Context, clientID string, answer []byte) (err error) {
	defer apperr.Wrap(&err, "store.AnswerSubmission()")
	_, err = s.db.Exec(ctx, `UPDATE results.lane_submissions SET answer = $2 WHERE client_id = $1`, clientID, answer)
	return err
}

// SubmissionAnswer returns the answer stored for clientID and where it was sent from (empty
// for a row from before places were kept); ErrNotFound when it has none.
func (s *Store) SubmissionAnswer(ctx context.Context, clientID string) (_ []byte, _ LanePlace, err error) {
	defer apperr.Wrap(&err, "store.SubmissionAnswer()")
	var answer []byte
	var p LanePlace
	err = s.db.QueryRow(ctx, `SELECT answer, event_id::text, COALESCE(heat_id::text, ''), COALESCE(lane, 0), COALESCE(sender, '')
		FROM results.lane_submissions WHERE client_id = $1`, clientID).Scan(&answer, &p.EventID, &p.HeatID, &p.Lane, &p.Sender)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, LanePlace{}, ErrNotFound
	}
	return answer, p, err
}
