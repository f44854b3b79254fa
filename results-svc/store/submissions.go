package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Lane submissions (migrations/0482_lane_submissions.sql): the client ids of judges' scores
// and the answers they got.

// ClaimSubmission records clientID in the transaction the caller holds; false when it was
// claimed before (a concurrent claim is waited for: the unique key holds it until it ends).
func (s *Store) ClaimSubmission(ctx context.Context, clientID, eventID string) (_ bool, err error) {
	defer apperr.Wrap(&err, "store.ClaimSubmission()")
	var claimed bool
	err = s.db.QueryRow(ctx, `INSERT INTO results.lane_submissions (client_id, event_id) VALUES ($1, $2)
		ON CONFLICT (client_id) DO NOTHING RETURNING true`, clientID, eventID).Scan(&claimed)
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

// SubmissionAnswer returns the answer stored for clientID; ErrNotFound when it has none.
func (s *Store) SubmissionAnswer(ctx context.Context, clientID string) (_ []byte, err error) {
	defer apperr.Wrap(&err, "store.SubmissionAnswer()")
	var answer []byte
	err = s.db.QueryRow(ctx, `SELECT answer FROM results.lane_submissions WHERE client_id = $1`, clientID).Scan(&answer)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	return answer, err
}
