package store

import (
	"context"
	"errors"
	"time"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// An event's refund policy and the refunds of its registrations (migrations/1075_refund_policy.sql).

// RefundPolicy is what a withdrawal gives back: the whole fee before FullUntil, PartialPercent
// of it before PartialUntil, nothing after (nil: that period does not exist). The zero value
// is no policy.
type RefundPolicy struct {
	FullUntil      *time.Time
	PartialUntil   *time.Time
	PartialPercent int32
}

// Set reports whether the policy says anything (an event without one falls back on its
// divisions' refund deadlines).
func (p RefundPolicy) Set() bool { return p.FullUntil != nil || p.PartialUntil != nil }

// EventRefundPolicy returns the event's refund policy (the zero value without one).
func (s *Store) EventRefundPolicy(ctx context.Context, eventID string) (_ RefundPolicy, err error) {
	defer apperr.Wrap(&err, "store.EventRefundPolicy(%q)", eventID)
	var p RefundPolicy
	err = s.db.QueryRow(ctx, `SELECT full_until, partial_until, partial_percent FROM competition.event_refund_policies
		WHERE event_id = $1`, eventID).Scan(&p.FullUntil, &p.PartialUntil, &p.PartialPercent)
	if err = notFound(err); errors.Is(err, ErrNotFound) {
		return RefundPolicy{}, nil
	}
	return p, err
}

// PutEventRefundPolicy writes the event's refund policy; one that says nothing removes it.
func (s *Store) PutEventRefundPolicy(ctx context.Context, eventID string, p RefundPolicy, by string) (err error) {
	defer apperr.Wrap(&err, "store.PutEventRefundPolicy(%q)", eventID)
	if !p.Set() {
		_, err = s.db.Exec(ctx, `DELETE FROM competition.event_refund_policies WHERE event_id = $1`, eventID)
		return err
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.event_refund_policies
		(event_id, full_until, partial_until, partial_percent, updated_by) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (event_id) DO UPDATE SET full_until = EXCLUDED.full_until, partial_until = EXCLUDED.partial_until,
		partial_percent = EXCLUDED.partial_percent, updated_by = EXCLUDED.updated_by, updated_at = now()`,
		eventID, p.FullUntil, p.PartialUntil, p.PartialPercent, by)
	return err
}

// MarkRefundedByHand records that the organiser paid cents of a registration's fee back by
// hand, and who.
func (s *Store) MarkRefundedByHand(ctx context.Context, registrationID string, cents int32, by string) (err error) {
	defer apperr.Wrap(&err, "store.MarkRefundedByHand(%q)", registrationID)
	_, err = s.db.Exec(ctx, `UPDATE competition.registrations SET refund_requested_at = coalesce(refund_requested_at, now()),
		refund_requested_by = CASE WHEN refund_requested_by = '' THEN $3 ELSE refund_requested_by END,
		refund_cents = $2, refund_by_hand = true, refunded_at = now(), refunded_by = $3, updated_at = now()
		WHERE id = $1`, registrationID, cents, by)
	return err
}
