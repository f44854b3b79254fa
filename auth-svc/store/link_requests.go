package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Requests for a link by address (migrations/0803_pending_signups.sql): queued by the
// request whatever the address, handled by the link worker.

// LinkRequest is a queued request for a link of purpose (PurposeVerify, PurposeReset).
type LinkRequest struct {
	Email, Purpose string
	CreatedAt      time.Time
}

// AddLinkRequest queues a request for a link of purpose to email.
func (s *Store) AddLinkRequest(ctx context.Context, email, purpose string) (err error) {
	defer apperr.Wrap(&err, "store.AddLinkRequest()")
	_, err = s.db.Exec(ctx, `INSERT INTO auth.link_requests (email, purpose) VALUES ($1, $2)`, email, purpose)
	return err
}

// TakeLinkRequest removes the oldest queued request and returns it; ok is false when none
// waits. Taken in the caller's transaction, the request comes back if its handling fails,
// and other workers skip it meanwhile.
func (s *Store) TakeLinkRequest(ctx context.Context) (_ LinkRequest, ok bool, err error) {
	defer apperr.Wrap(&err, "store.TakeLinkRequest()")
	var r LinkRequest
	err = s.db.QueryRow(ctx, `DELETE FROM auth.link_requests WHERE id = (
			SELECT id FROM auth.link_requests ORDER BY created_at FOR UPDATE SKIP LOCKED LIMIT 1)
		RETURNING email, purpose, created_at`).Scan(&r.Email, &r.Purpose, &r.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return LinkRequest{}, false, nil
	}
	return r, err == nil, err
}
