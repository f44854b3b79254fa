package registration

import (
	"fmt"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// What a refund gives back (docs/registration.md, "Refunds"). refundFor is the one place that
// decides it, for the withdrawal itself, its mail and the dialog's preview alike.

// refundDecision is the refund that ending a registration makes: Cents of the fee (0: none),
// paid back by the organiser by hand when the fee was taken by hand, else by Stripe.
type refundDecision struct {
	Cents  int32
	ByHand bool
}

// refundFor decides the refund of ending r (withdrawn or refused) now. Nothing comes back of
// a fee not paid or already refunded. A refusal is the organiser's decision and gives the
// whole fee back; a withdrawal follows the event's refund policy (the whole fee until its
// first date, the percentage, rounded down to the cent, until the second, nothing after) or,
// without one, the division's refund deadline (the whole fee before it; none: nothing).
func refundFor(to RegState, r store.Registration, now time.Time) refundDecision {
	if r.PaidAt == nil || r.FeeCents <= 0 || r.Payment.RefundRequestedAt != nil {
		return refundDecision{}
	}
	d := refundDecision{ByHand: r.PaymentMethod != "stripe" || r.Payment.PaymentIntentID == ""}
	switch {
	case to == StateRefused:
		d.Cents = r.FeeCents
	case to != StateWithdrawn:
	case r.RefundPolicy.Set():
		d.Cents = policyShare(r.RefundPolicy, r.FeeCents, now)
	case r.RefundDeadline != nil && now.Before(*r.RefundDeadline):
		d.Cents = r.FeeCents
	}
	return d
}

// policyShare is what the policy gives back of fee now.
func policyShare(p store.RefundPolicy, fee int32, now time.Time) int32 {
	switch {
	case p.FullUntil != nil && now.Before(*p.FullUntil):
		return fee
	case p.PartialUntil != nil && now.Before(*p.PartialUntil):
		return int32(int64(fee) * int64(p.PartialPercent) / 100)
	}
	return 0
}

// refundAmount checks an amount the organiser asks to refund against the fee paid: 0 means
// fallback; more than was paid, or less than nothing, is refused on the field amountCents.
func refundAmount(asked, fallback int32, r store.Registration) (int32, error) {
	if asked < 0 || asked > r.FeeCents {
		return 0, apperr.Invalid("amountCents", fmt.Sprintf(msgRefundTooLarge, feeLabel(r.FeeCents, r.Currency)))
	}
	if asked == 0 {
		return fallback, nil
	}
	return asked, nil
}

// refundOf says "40.00 EUR of 50.00 EUR" (or "50.00 EUR" for the whole fee).
func refundOf(cents int32, r store.Registration) string {
	if cents == r.FeeCents {
		return "the entry fee of " + feeLabel(r.FeeCents, r.Currency)
	}
	return fmt.Sprintf("%s of the entry fee of %s", feeLabel(cents, r.Currency), feeLabel(r.FeeCents, r.Currency))
}

// refundPolicyInput is the policy as the organiser sends it.
type refundPolicyInput struct {
	FullUntil, PartialUntil string
	PartialPercent          int32
}

// clean checks the policy: dates (RFC 3339) in order, a percentage 0-100 with its date.
func (in refundPolicyInput) clean() (store.RefundPolicy, error) {
	var p store.RefundPolicy
	if strings.TrimSpace(in.FullUntil) != "" {
		at, err := parseRegInstant("fullUntil", in.FullUntil, msgPolicyFullUntil)
		if err != nil {
			return p, err
		}
		p.FullUntil = &at
	}
	if strings.TrimSpace(in.PartialUntil) != "" {
		at, err := parseRegInstant("partialUntil", in.PartialUntil, msgPolicyPartialUntil)
		if err != nil {
			return p, err
		}
		p.PartialUntil = &at
	}
	switch {
	case in.PartialPercent < 0 || in.PartialPercent > 100:
		return p, apperr.Invalid("partialPercent", msgPolicyPercent)
	case p.PartialUntil == nil && in.PartialPercent != 0:
		return p, apperr.Invalid("partialUntil", msgPolicyPartialMissing)
	case p.FullUntil != nil && p.PartialUntil != nil && !p.PartialUntil.After(*p.FullUntil):
		return p, apperr.Invalid("partialUntil", msgPolicyOrder)
	}
	p.PartialPercent = in.PartialPercent
	return p, nil
}

// policySummary is the policy in words, for the activity.
func policySummary(p store.RefundPolicy) string {
	if !p.Set() {
		return "Refund policy removed: each division's refund deadline applies"
	}
	var parts []string
	if p.FullUntil != nil {
		parts = append(parts, "full refund until "+p.FullUntil.UTC().Format(regTimeLayout))
	}
	if p.PartialUntil != nil {
		parts = append(parts, fmt.Sprintf("%d%% until %s", p.PartialPercent, p.PartialUntil.UTC().Format(regTimeLayout)))
	}
	return "Refund policy: " + strings.Join(parts, ", ") + ", none after"
}

// Messages of refunds.
const (
	msgRefundTooLarge       = "A refund must be more than 0 and at most the %s paid"
	msgRefundNotPaid        = "Nothing was paid for this registration: there is nothing to refund"
	msgRefundOnlineByStripe = "This fee was paid online: refund it with Refund, through Stripe"
	msgPolicyFullUntil      = "Full refund until must be a date and time (RFC 3339)"
	msgPolicyPartialUntil   = "Partial refund until must be a date and time (RFC 3339)"
	msgPolicyPercent        = "Partial refund percentage must be between 0 and 100"
	msgPolicyPartialMissing = "Partial refund until is needed with a percentage"
	msgPolicyOrder          = "Partial refund until must be after full refund until"
)
