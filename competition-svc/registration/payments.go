package registration

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
	"github.com/podium-dev/podium/internal/platform/stripepay"
)

// Online payment with Stripe (docs/registration.md, "Payment"). Nothing here calls Stripe:
// a checkout or a refund is queued in the payment outbox in the transaction that decides it
// (payment_outbox.go makes the calls), and a payment counts only when Stripe's signed
// checkout.session.completed event says so.

// StartCheckout asks for a Checkout session for the caller's registration waiting for
// payment; the answer carries its URL once the payment worker made it.
func (s *service) StartCheckout(ctx context.Context, id string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.StartCheckout()")
	me, err := s.me(ctx)
	if err != nil {
		return store.Registration{}, err
	}
	found, err := s.myRegistration(ctx, me, id)
	if err != nil {
		return found, err
	}
	if s.Stripe == nil {
		return found, apperr.Conflict(msgPayOffline)
	}
	if err := s.Store.InTx(ctx, func(tx *store.Store) error {
		_, r, err := lockRegistration(ctx, tx, found.ID)
		if err != nil {
			return err
		}
		if r.State != string(StateWaitingPayment) {
			return apperr.Conflict(fmt.Sprintf(msgPayNotWaiting, strings.ToLower(StateLabel(r.State))))
		}
		if checkoutUsable(r.Payment, time.Now()) {
			return nil
		}
		return tx.QueuePayment(ctx, r.ID, store.PaymentCheckout)
	}); err != nil {
		return store.Registration{}, err
	}
	s.kickPayments()
	return s.Store.GetRegistration(ctx, found.ID)
}

// myRegistration reads a registration of the caller's (captain or partner); another's is
// not found.
func (s *service) myRegistration(ctx context.Context, me core.AthleteInfo, id string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.myRegistration()")
	id, err = core.ParseID("id", id, "Registration")
	if err != nil {
		return store.Registration{}, err
	}
	r, err := s.Store.GetRegistration(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && r.CaptainID != me.ID && r.PartnerID != me.ID && memberPlace(r, me.ID) < 0 {
		return store.Registration{}, apperr.NotFound(msgRegNotYours)
	}
	return r, err
}

// ReceiveStripeEvent applies a webhook request from Stripe: its signature is checked with the
// webhook secret (a forged, altered or old request is refused, and one dated ahead of the clock), and each event is applied
// once (a replay is acknowledged and changes nothing). applied is false for a replay and for
// events Podium does not use.
func (s *service) ReceiveStripeEvent(ctx context.Context, payload []byte, signature string) (applied bool, err error) {
	defer apperr.Wrap(&err, "registration.ReceiveStripeEvent()")
	if s.WebhookSecret == "" {
		return false, apperr.NotFound(msgPayNoWebhook)
	}
	ev, err := stripepay.VerifyEvent(payload, signature, s.WebhookSecret)
	if errors.Is(err, stripepay.ErrSignature) {
		return false, apperr.Invalid("signature", msgPaySignature)
	} else if errors.Is(err, stripepay.ErrFuture) {
		return false, apperr.Invalid("signature", msgPayFuture)
	} else if err != nil {
		return false, apperr.Invalid("payload", msgPayPayload)
	}
	var eventID string
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		first, err := tx.RecordStripeEvent(ctx, ev.ID, ev.Type)
		if err != nil || !first {
			return err
		}
		if ev.Completed == nil || ev.Completed.PaymentStatus != "paid" {
			return nil
		}
		applied = true
		eventID, err = s.applyPayment(ctx, tx, ev.Completed)
		return err
	})
	if err != nil {
		return false, err
	}
	if eventID != "" {
		s.Changed(ctx, eventID)
	}
	s.kickPayments()
	return applied, nil
}

// applyPayment records a completed Checkout payment on its registration, in tx; it returns
// the event whose team list changed (a team confirmed), if any.
func (s *service) applyPayment(ctx context.Context, tx *store.Store, c *stripepay.CompletedCheckout) (_ string, err error) {
	defer apperr.Wrap(&err, "registration.applyPayment()")
	id, ok := ids.Canonical(c.Reference)
	if !ok {
		s.Log.Warn("stripe: a completed checkout names no registration", "session", c.SessionID, "reference", c.Reference)
		return "", nil
	}
	set, r, err := lockRegistration(ctx, tx, id)
	if apperr.IsKind(err, apperr.KindNotFound) {
		s.Log.Warn("stripe: a completed checkout names an unknown registration", "session", c.SessionID, "registration", id)
		return "", nil
	} else if err != nil {
		return "", err
	}
	amount := feeLabel(int32(c.AmountTotal), strings.ToUpper(c.Currency))
	if r.PaidAt != nil && r.OwedCents > 0 && !RegState(r.State).Ended() {
		return s.applyDifference(ctx, tx, set, r, c, amount)
	}
	if err := tx.SetPaymentIntent(ctx, r.ID, c.PaymentIntent); err != nil {
		return "", err
	}
	r.Payment.PaymentIntentID = c.PaymentIntent
	switch {
	case RegState(r.State).Ended() || r.PaidAt != nil:
		// Paid for a registration that is over, or paid twice: the money goes back.
		if r.Payment.RefundRequestedAt != nil {
			s.Log.Warn("stripe: a second payment for a registration already refunded; refund it in Stripe's dashboard", "registration", r.ID)
		} else if err := s.queueRefund(ctx, tx, r, "Stripe", refundDecision{Cents: r.FeeCents}); err != nil {
			return "", err
		}
		return "", tx.RecordActivity(ctx, core.Change(ctx, r.EventID, "paid", "registration", r.ID,
			fmt.Sprintf("Team %s in %s paid %s online after the registration was %s: refunded", r.TeamName, r.DivisionName,
				amount, strings.ToLower(StateLabel(r.State)))))
	case int32(c.AmountTotal) != r.FeeCents || !strings.EqualFold(c.Currency, r.Currency):
		s.Log.Warn("stripe: a completed checkout does not pay the fee", "registration", r.ID, "paid", amount)
		return "", tx.RecordActivity(ctx, core.Change(ctx, r.EventID, "paid", "registration", r.ID,
			fmt.Sprintf("Team %s in %s paid %s online, not the fee of %s: not counted", r.TeamName, r.DivisionName,
				amount, feeLabel(r.FeeCents, r.Currency))))
	}
	r.PaidAt, r.PaidBy, r.PaymentMethod = new(time.Now()), "Stripe", "stripe"
	hadTeam := r.TeamID != ""
	mails, entries, err := s.advance(ctx, tx, &r, set)
	if err != nil {
		return "", err
	}
	receipt, err := s.receiptMails(ctx, tx, s.TeamLanguages(ctx, r), r)
	if err != nil {
		return "", err
	}
	if err := s.QueueMails(ctx, tx, append(mails, receipt...)); err != nil {
		return "", err
	}
	if err := tx.RecordActivity(ctx, append([]store.Activity{core.Change(ctx, r.EventID, "paid", "registration", r.ID,
		fmt.Sprintf("Team %s in %s paid %s online (Stripe)", r.TeamName, r.DivisionName, amount))}, entries...)...); err != nil {
		return "", err
	}
	if !hadTeam && r.TeamID != "" {
		return r.EventID, nil
	}
	return "", nil
}

// checkoutLinks are where Stripe's Checkout page sends the athlete back to.
func (s *service) checkoutLinks(r store.Registration) (success, cancel string) {
	return s.MailLink("/public/me/registrations", url.Values{"paid": {r.ID}}), s.MailLink("/public/me/registrations", nil)
}
