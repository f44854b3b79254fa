package registration

import (
	"context"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Refunds (docs/registration.md, "Refunds"): the event's refund policy, the organiser's
// refunds through Stripe and by hand. A withdrawal's or refusal's refund is decided in end
// (registration.go) by refundFor; the payment worker makes Stripe's.

// GetRefundPolicy is the event's refund policy (the zero value without one).
func (s *service) GetRefundPolicy(ctx context.Context, eventID string) (_ store.RefundPolicy, err error) {
	defer apperr.Wrap(&err, "registration.GetRefundPolicy(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return store.RefundPolicy{}, err
	}
	return s.Store.EventRefundPolicy(ctx, eventID)
}

// PutRefundPolicy writes the event's refund policy (one without dates removes it), recorded
// in the activity. It applies to withdrawals from then on; refunds decided before stay.
func (s *service) PutRefundPolicy(ctx context.Context, eventID string, in refundPolicyInput) (_ store.RefundPolicy, err error) {
	defer apperr.Wrap(&err, "registration.PutRefundPolicy(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return store.RefundPolicy{}, err
	}
	p, err := in.clean()
	if err != nil {
		return p, err
	}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if err := tx.PutEventRefundPolicy(ctx, eventID, p, authn.Actor(ctx)); err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, eventID, "updated", "event", eventID, policySummary(p))}, nil
	})
	if err != nil {
		return store.RefundPolicy{}, err
	}
	return s.Store.EventRefundPolicy(ctx, eventID)
}

// RefundRegistration refunds a fee paid online through Stripe, at the organiser's word
// (whatever the refund policy): cents of it (0: the whole fee), never more than was paid. The
// registration stays as it is: refusing it is a decision of its own.
func (s *service) RefundRegistration(ctx context.Context, id string, cents int32) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.RefundRegistration(%q)", id)
	found, err := s.organiserRegistration(ctx, id)
	if err != nil {
		return found, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		_, r, err := lockRegistration(ctx, tx, found.ID)
		if err != nil {
			return err
		}
		switch {
		case r.PaymentMethod != "stripe" || r.Payment.PaymentIntentID == "":
			return apperr.Conflict(msgRefundNotOnline)
		case r.Payment.RefundRequestedAt != nil:
			return apperr.Conflict(msgRefundAlready)
		}
		amount, err := refundAmount(cents, r.FeeCents, r)
		if err != nil {
			return err
		}
		if err := s.queueRefund(ctx, tx, r, authn.Actor(ctx), refundDecision{Cents: amount}); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, core.Change(ctx, r.EventID, "refund", "registration", r.ID,
			fmt.Sprintf("Refund of %s to team %s in %s", refundOf(amount, r), r.TeamName, r.DivisionName)))
	})
	if err != nil {
		return store.Registration{}, err
	}
	s.kickPayments()
	return s.Store.GetRegistration(ctx, found.ID)
}

// MarkRegistrationRefunded records that the organiser paid a fee taken by hand back by hand:
// cents of it (0: the refund due, else the whole fee), never more than was paid. The team is
// mailed in the same transaction.
func (s *service) MarkRegistrationRefunded(ctx context.Context, id string, cents int32) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.MarkRegistrationRefunded(%q)", id)
	found, err := s.organiserRegistration(ctx, id)
	if err != nil {
		return found, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		_, r, err := lockRegistration(ctx, tx, found.ID)
		if err != nil {
			return err
		}
		switch {
		case r.PaidAt == nil || r.FeeCents == 0:
			return apperr.Conflict(msgRefundNotPaid)
		case r.PaymentMethod == "stripe" && r.Payment.PaymentIntentID != "":
			return apperr.Conflict(msgRefundOnlineByStripe)
		case r.Payment.RefundedAt != nil:
			return apperr.Conflict(msgRefundAlready)
		}
		fallback := r.FeeCents
		if r.Payment.RefundRequestedAt != nil && r.Payment.RefundCents > 0 {
			fallback = r.Payment.RefundCents
		}
		amount, err := refundAmount(cents, fallback, r)
		if err != nil {
			return err
		}
		if err := tx.MarkRefundedByHand(ctx, r.ID, amount, authn.Actor(ctx)); err != nil {
			return err
		}
		if err := s.QueueMails(ctx, tx, s.refundedMails(s.TeamLanguages(ctx, r), r, amount, true)); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, core.Change(ctx, r.EventID, "refunded", "registration", r.ID,
			fmt.Sprintf("Team %s in %s: %s paid back by hand", r.TeamName, r.DivisionName, refundOf(amount, r))))
	})
	if err != nil {
		return store.Registration{}, err
	}
	return s.Store.GetRegistration(ctx, found.ID)
}

// queueRefund records a refund decided for r in tx: Stripe's is queued for the payment worker;
// one by hand is due until the organiser marks it refunded.
func (s *service) queueRefund(ctx context.Context, tx *store.Store, r store.Registration, by string, d refundDecision) (err error) {
	defer apperr.Wrap(&err, "registration.queueRefund(%q)", r.ID)
	if err := tx.RequestRefund(ctx, r.ID, by, d.Cents, d.ByHand); err != nil {
		return err
	}
	if d.ByHand {
		return nil
	}
	return tx.QueuePayment(ctx, r.ID, store.PaymentRefund)
}
