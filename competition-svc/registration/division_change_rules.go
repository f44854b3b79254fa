package registration

import (
	"fmt"

	"github.com/podium-dev/podium/competition-svc/store"
)

// The rules of division changes on request (docs/registration.md, "Division changes"): the
// price in the new division, keeping the discount the team was given, and what the change
// means for the money already paid. Pure: no store, no clock.

// Limits and messages of division changes.
const (
	changeNoteMax = 1000

	msgChangeNoteLong     = "Note must be at most 1000 characters"
	msgChangeSame         = "The team is already in this division: choose another one"
	msgChangeOtherEvent   = "The division must belong to the registration's event"
	msgChangeNotOpen      = "%s does not take registrations: the organiser has not opened it"
	msgChangeCurrency     = "%s takes its fee in %s, this registration was paid in %s: ask the organiser"
	msgChangeTeamSize     = "%s is for teams of %s; team %s has %s"
	msgChangeOnlyCaptain  = "Only the team's captain asks for a division change"
	msgChangeEnded        = "This registration was %s: it cannot change division"
	msgChangeOpen         = "Team %s already asked to move to %s: cancel that request first"
	msgChangeNoneOpen     = "Team %s has no open division change request"
	msgChangeNoneOpenWas  = "Team %s has no open division change request (the last one was %s)"
	msgChangeRefundBefore = "A refund was already made on this registration: refund the difference of %s by hand and move the team"
	msgChangeOverrideLong = "Override reason must be at most 1000 characters"
)

// changePrice is what the team owes in the division whose fee is targetFee, with the discount
// it was given: a percentage code takes its percentage of the new fee, an amount code its
// amount (never more than the fee), and a code deleted since keeps the amount it took (at
// most the fee). It returns the price and the discount.
func changePrice(targetFee int32, r store.Registration, code *store.DiscountCode) (price, discount int32) {
	switch {
	case r.DiscountCents == 0 && r.DiscountCode == "":
	case code != nil && code.PercentOff > 0:
		discount = int32(int64(targetFee) * int64(code.PercentOff) / 100)
	case code != nil:
		discount = code.AmountOffCents
	default:
		discount = r.DiscountCents
	}
	discount = min(discount, targetFee)
	return targetFee - discount, discount
}

// changeMoney is what a change to a division whose price is price does to r's money.
type changeMoney struct {
	// Fee and Owed are r's new FeeCents and OwedCents.
	Fee, Owed int32
	// Refund is what comes back of a fee paid (0: nothing).
	Refund int32
	// Difference is the new price minus the old (positive: dearer).
	Difference int32
}

// moneyOfChange decides it: a fee not paid yet simply becomes the new price; of a fee paid, a
// dearer division leaves the difference owed (FeeCents stays what was paid), a cheaper one
// refunds the difference (FeeCents stays what was paid, the refund says what came back).
func moneyOfChange(r store.Registration, price int32) changeMoney {
	old := r.FeeCents + r.OwedCents
	m := changeMoney{Difference: price - old}
	switch {
	case r.PaidAt == nil:
		m.Fee = price
	case price >= r.FeeCents:
		m.Fee, m.Owed = r.FeeCents, price-r.FeeCents
	default:
		m.Fee, m.Refund = r.FeeCents, r.FeeCents-price
	}
	return m
}

// dueCents is what the team still has to pay: the fee until it is paid, then a difference
// owed after a change to a dearer division.
func dueCents(r store.Registration) int32 {
	if r.PaidAt == nil {
		return r.FeeCents
	}
	return r.OwedCents
}

// changeMoneyLine says what the change does to the money, for the mail and the activity.
func changeMoneyLine(r store.Registration, m changeMoney, byHand bool) string {
	switch {
	case m.Refund > 0 && byHand:
		return fmt.Sprintf("The new division costs %s less: %s will be refunded by the organiser, as it was paid (cash or transfer).",
			feeLabel(m.Refund, r.Currency), feeLabel(m.Refund, r.Currency))
	case m.Refund > 0:
		return fmt.Sprintf("The new division costs %s less: %s will be refunded to the card it was paid with.",
			feeLabel(m.Refund, r.Currency), feeLabel(m.Refund, r.Currency))
	case m.Owed > 0:
		return fmt.Sprintf("The new division costs %s more: please pay the difference of %s.", feeLabel(m.Owed, r.Currency),
			feeLabel(m.Owed, r.Currency))
	case r.PaidAt == nil && m.Fee > 0:
		return fmt.Sprintf("The entry fee is now %s.", feeLabel(m.Fee, r.Currency))
	}
	return "The price does not change."
}
