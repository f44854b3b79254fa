package registration

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/mailq"
	"github.com/podium-dev/podium/internal/platform/stripepay"
)

// The payment worker (docs/registration.md, "Payment"): it makes the calls to Stripe that
// the payment outbox holds, outside any transaction, with the job's id as Stripe's
// idempotency key; a failed call is kept and retried with backoff, so nothing is lost while
// Stripe is down, and a repeated call never pays or refunds twice.

const (
	// paymentLease keeps a job from other workers while its call runs (longer than a call's
	// timeout); a worker that dies meanwhile leaves it to the next after the lease.
	paymentLease = 2 * time.Minute
	paymentPoll  = time.Second
)

// kickPayments wakes the payment worker after a commit that queued a job.
func (s *service) kickPayments() {
	select {
	case s.paymentKick <- struct{}{}:
	default:
	}
}

// RunPayments makes the queued calls to Stripe until ctx ends. Without Stripe it does
// nothing: payments are marked by hand.
func (s *Server) RunPayments(ctx context.Context) {
	if s.svc.Stripe == nil {
		return
	}
	ticker := time.NewTicker(paymentPoll)
	defer ticker.Stop()
	for {
		if err := s.svc.sendDuePayments(ctx); err != nil && ctx.Err() == nil {
			s.svc.Log.Warn("payment not made yet; retrying", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		case <-s.svc.paymentKick:
		}
	}
}

// sendDuePayments makes every due call; it stops at the first failure (Stripe is likely
// down), which is recorded on the job.
func (s *service) sendDuePayments(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "registration.sendDuePayments()")
	for {
		job, ok, err := s.Store.ClaimPayment(ctx, paymentLease)
		if err != nil {
			return fmt.Errorf("claim payment job: %w", err)
		}
		if !ok {
			return nil
		}
		if err := s.sendPayment(ctx, job); err != nil {
			if ferr := s.Store.FailPayment(context.WithoutCancel(ctx), job.ID, paymentErrorText(err), mailq.Backoff(job.Attempts)); ferr != nil {
				return fmt.Errorf("record failed payment job %s: %w (after: %w)", job.ID, ferr, err)
			}
			return fmt.Errorf("payment job %s (%s, attempt %d): %w", job.ID, job.Kind, job.Attempts, err)
		}
	}
}

// paymentErrorText is what people see of a failed call: Stripe's words, not our internals.
func paymentErrorText(err error) string {
	msg := err.Error()
	if len(msg) > 300 {
		msg = msg[:300]
	}
	return "The payment service did not answer yet; we keep trying (" + strings.TrimPrefix(msg, "stripe: ") + ")"
}

// sendPayment makes one job's call and records what Stripe answered.
func (s *service) sendPayment(ctx context.Context, job store.PaymentJob) (err error) {
	defer apperr.Wrap(&err, "registration.sendPayment()")
	r, err := s.Store.GetRegistration(ctx, job.RegistrationID)
	if err != nil {
		return fmt.Errorf("registration of payment job: %w", err)
	}
	switch job.Kind {
	case store.PaymentCheckout:
		due := dueCents(r) // the fee, or the difference owed after a division change
		if r.State != string(StateWaitingPayment) || due == 0 {
			return s.Store.FinishPayment(ctx, job.ID) // nothing to pay any more
		}
		what := "Entry fee"
		if r.PaidAt != nil {
			what = "Price difference"
		}
		success, cancel := s.checkoutLinks(r)
		sess, err := s.Stripe.CreateCheckout(ctx, job.ID, stripepay.Checkout{
			Reference: r.ID, AmountCents: int64(due), Currency: strings.ToLower(r.Currency), Email: r.CaptainEmail,
			Description: fmt.Sprintf("%s: team %s, %s, %s", what, r.TeamName, r.EventName, r.DivisionName),
			SuccessURL:  success, CancelURL: cancel,
		})
		if err != nil {
			return err
		}
		return s.Store.InTx(ctx, func(tx *store.Store) error {
			if err := tx.SetCheckout(ctx, r.ID, sess.ID, sess.URL, sess.ExpiresAt); err != nil {
				return err
			}
			return tx.FinishPayment(ctx, job.ID)
		})
	case store.PaymentRefund:
		if r.Payment.RefundedAt != nil || r.Payment.PaymentIntentID == "" {
			return s.Store.FinishPayment(ctx, job.ID)
		}
		cents := r.Payment.RefundCents
		if cents <= 0 || cents > r.FeeCents {
			return s.Store.FinishPayment(ctx, job.ID) // nothing to give back (never more than was paid)
		}
		refundID, err := s.Stripe.Refund(ctx, job.ID, r.Payment.PaymentIntentID, int64(cents))
		if err != nil {
			return err
		}
		return s.Store.InTx(ctx, func(tx *store.Store) error {
			if err := tx.SetRefunded(ctx, r.ID, refundID); err != nil {
				return err
			}
			if err := s.QueueMails(ctx, tx, s.refundedMails(s.TeamLanguages(ctx, r), r, cents, false)); err != nil {
				return err
			}
			if err := tx.RecordActivity(ctx, core.Change(ctx, r.EventID, "refunded", "registration", r.ID,
				fmt.Sprintf("Team %s in %s: %s refunded by Stripe", r.TeamName, r.DivisionName, refundOf(cents, r)))); err != nil {
				return err
			}
			return tx.FinishPayment(ctx, job.ID)
		})
	}
	return fmt.Errorf("unknown payment job kind %q", job.Kind)
}
