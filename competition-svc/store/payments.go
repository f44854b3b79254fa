package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The payment outbox and the Stripe side of registrations (migrations/0420_payments.sql).

// Payment job kinds.
const (
	PaymentCheckout = "checkout"
	PaymentRefund   = "refund"
)

// PaymentJob is one queued call to Stripe.
type PaymentJob struct {
	ID             string
	RegistrationID string
	Kind           string
	Attempts       int
}

// QueuePayment queues a call of kind for a registration in the store's transaction; an open
// job of that kind already queued stays the one.
func (s *Store) QueuePayment(ctx context.Context, registrationID, kind string) (err error) {
	defer apperr.Wrap(&err, "store.QueuePayment()")
	_, err = s.db.Exec(ctx, `INSERT INTO competition.payment_outbox (registration_id, kind) VALUES ($1, $2)
		ON CONFLICT (registration_id, kind) WHERE done_at IS NULL DO NOTHING`, registrationID, kind)
	return err
}

// ClaimPayment takes the next due job and keeps it from other workers for lease (longer
// than a call to Stripe takes): the call is made outside any transaction, and a worker that
// dies meanwhile leaves the job to be taken again after the lease. ok is false when none is
// due.
func (s *Store) ClaimPayment(ctx context.Context, lease time.Duration) (_ PaymentJob, _ bool, err error) {
	defer apperr.Wrap(&err, "store.ClaimPayment()")
	var j PaymentJob
	err = s.db.QueryRow(ctx, `UPDATE competition.payment_outbox SET attempts = attempts + 1,
		next_attempt_at = now() + $1::interval
		WHERE id = (SELECT id FROM competition.payment_outbox WHERE done_at IS NULL AND next_attempt_at <= now()
			ORDER BY next_attempt_at, created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id::text, registration_id::text, kind, attempts`, lease.String()).Scan(&j.ID, &j.RegistrationID, &j.Kind, &j.Attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return j, false, nil
	}
	return j, err == nil, err
}

// FailPayment records why a job's call failed and when it is tried again.
func (s *Store) FailPayment(ctx context.Context, id, reason string, retryIn time.Duration) (err error) {
	defer apperr.Wrap(&err, "store.FailPayment()")
	_, err = s.db.Exec(ctx, `UPDATE competition.payment_outbox SET last_error = $2, next_attempt_at = now() + $3::interval
		WHERE id = $1`, id, reason, retryIn.String())
	return err
}

// FinishPayment marks a job done.
func (s *Store) FinishPayment(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.FinishPayment()")
	_, err = s.db.Exec(ctx, `UPDATE competition.payment_outbox SET done_at = now(), last_error = '' WHERE id = $1`, id)
	return err
}

// SetCheckout records a registration's Checkout session.
func (s *Store) SetCheckout(ctx context.Context, registrationID, sessionID, url string, expiresAt time.Time) (err error) {
	defer apperr.Wrap(&err, "store.SetCheckout()")
	_, err = s.db.Exec(ctx, `UPDATE competition.registrations SET checkout_session_id = $2, checkout_url = $3,
		checkout_expires_at = $4, updated_at = now() WHERE id = $1`, registrationID, sessionID, url, expiresAt)
	return err
}

// SetPaymentIntent records the Stripe payment of a registration (what a refund refunds).
func (s *Store) SetPaymentIntent(ctx context.Context, registrationID, paymentIntent string) (err error) {
	defer apperr.Wrap(&err, "store.SetPaymentIntent()")
	_, err = s.db.Exec(ctx, `UPDATE competition.registrations SET payment_intent_id = $2, checkout_url = '',
		updated_at = now() WHERE id = $1`, registrationID, paymentIntent)
	return err
}

// RequestRefund records that cents of a registration's payment are to be refunded, by whom,
// and whether the organiser pays them back by hand (else Stripe does).
func (s *Store) RequestRefund(ctx context.Context, registrationID, by string, cents int32, byHand bool) (err error) {
	defer apperr.Wrap(&err, "store.RequestRefund()")
	_, err = s.db.Exec(ctx, `UPDATE competition.registrations SET refund_requested_at = now(), refund_requested_by = $2,
		refund_cents = $3, refund_by_hand = $4, updated_at = now() WHERE id = $1`, registrationID, by, cents, byHand)
	return err
}

// SetRefunded records the refund Stripe made.
func (s *Store) SetRefunded(ctx context.Context, registrationID, refundID string) (err error) {
	defer apperr.Wrap(&err, "store.SetRefunded()")
	_, err = s.db.Exec(ctx, `UPDATE competition.registrations SET refunded_at = now(), refund_id = $2, updated_at = now()
		WHERE id = $1`, registrationID, refundID)
	return err
}

// RecordStripeEvent keeps a Stripe event's id; first is false when it was kept before (a
// replay), so each event is applied once.
func (s *Store) RecordStripeEvent(ctx context.Context, id, kind string) (first bool, err error) {
	defer apperr.Wrap(&err, "store.RecordStripeEvent()")
	tag, err := s.db.Exec(ctx, `INSERT INTO competition.stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, id, kind)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
