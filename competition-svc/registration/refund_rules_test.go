package registration

import (
	"errors"
	"testing"
	"time"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// TestRefundFor: the one decision of what ending a registration gives back.
func TestRefundFor(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	at := func(h int) *time.Time { v := now.Add(time.Duration(h) * time.Hour); return &v }
	paidOnline := store.Registration{FeeCents: 5000, PaidAt: at(-48), PaymentMethod: "stripe", Payment: store.Payment{PaymentIntentID: "pi_1"}}
	byHand := paidOnline
	byHand.PaymentMethod, byHand.Payment = "cash", store.Payment{}
	with := func(r store.Registration, p store.RefundPolicy, deadline *time.Time) store.Registration {
		r.RefundPolicy, r.RefundDeadline = p, deadline
		return r
	}
	refunded := paidOnline
	refunded.Payment.RefundRequestedAt = at(-1)
	unpaid := paidOnline
	unpaid.PaidAt = nil
	for _, c := range []struct {
		name string
		to   RegState
		r    store.Registration
		want refundDecision
	}{
		{"full before the first date", StateWithdrawn, with(paidOnline, store.RefundPolicy{FullUntil: at(1), PartialUntil: at(2), PartialPercent: 80}, nil), refundDecision{Cents: 5000}},
		{"percentage between the dates", StateWithdrawn, with(paidOnline, store.RefundPolicy{FullUntil: at(-1), PartialUntil: at(2), PartialPercent: 80}, nil), refundDecision{Cents: 4000}},
		{"rounded down to the cent", StateWithdrawn, with(store.Registration{FeeCents: 999, PaidAt: at(-1), PaymentMethod: "cash"}, store.RefundPolicy{PartialUntil: at(2), PartialPercent: 33}, nil), refundDecision{Cents: 329, ByHand: true}},
		{"none after", StateWithdrawn, with(paidOnline, store.RefundPolicy{FullUntil: at(-2), PartialUntil: at(-1), PartialPercent: 80}, at(5)), refundDecision{}},
		{"the policy before the division's deadline", StateWithdrawn, with(paidOnline, store.RefundPolicy{FullUntil: at(-1)}, at(5)), refundDecision{}},
		{"no policy: the division's deadline", StateWithdrawn, with(paidOnline, store.RefundPolicy{}, at(5)), refundDecision{Cents: 5000}},
		{"no policy, no deadline", StateWithdrawn, paidOnline, refundDecision{}},
		{"paid by hand: due by hand", StateWithdrawn, with(byHand, store.RefundPolicy{FullUntil: at(1)}, nil), refundDecision{Cents: 5000, ByHand: true}},
		{"a refusal gives all back", StateRefused, with(paidOnline, store.RefundPolicy{FullUntil: at(-2)}, nil), refundDecision{Cents: 5000}},
		{"nothing paid", StateWithdrawn, with(unpaid, store.RefundPolicy{FullUntil: at(1)}, nil), refundDecision{}},
		{"refunded before", StateRefused, refunded, refundDecision{}},
	} {
		if got := refundFor(c.to, c.r, now); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestRefundPolicyInput: dates in order, a percentage 0-100 with its date, each field named.
func TestRefundPolicyInput(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in    refundPolicyInput
		field string
	}{
		{refundPolicyInput{FullUntil: "tomorrow"}, "fullUntil"},
		{refundPolicyInput{PartialUntil: "2026-13-01T00:00:00Z", PartialPercent: 50}, "partialUntil"},
		{refundPolicyInput{PartialUntil: "2026-12-01T00:00:00Z", PartialPercent: 101}, "partialPercent"},
		{refundPolicyInput{PartialUntil: "2026-12-01T00:00:00Z", PartialPercent: -1}, "partialPercent"},
		{refundPolicyInput{PartialPercent: 50}, "partialUntil"},
		{refundPolicyInput{FullUntil: "2026-12-01T00:00:00Z", PartialUntil: "2026-12-01T00:00:00Z", PartialPercent: 50}, "partialUntil"},
		{refundPolicyInput{FullUntil: "2026-12-01T00:00:00Z", PartialUntil: "2026-12-02T00:00:00Z", PartialPercent: 50}, ""},
		{refundPolicyInput{}, ""},
	} {
		_, err := c.in.clean()
		if got := fieldOf(err); got != c.field {
			t.Errorf("%+v: field %q (%v), want %q", c.in, got, err, c.field)
		}
	}
}

// fieldOf is the field an error names ("" for none or no error).
func fieldOf(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Field
	}
	return ""
}
