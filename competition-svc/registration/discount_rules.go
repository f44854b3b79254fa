package registration

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The rules of discount codes (docs/registration.md, "Discount codes"): what a code is, and
// what one takes off a division's fee. No I/O.

// discountInput is a new code as the organiser sends it.
type discountInput struct {
	Code           string
	PercentOff     int32
	AmountOffCents int32
	MaxUses        int32
	ExpiresAt      string
	DivisionIDs    []string
}

// discountCodePattern: letters, digits, dashes and underscores, typed by athletes.
var discountCodePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{3,32}$`)

// discountUsesMax bounds a code's limit (a division holds at most as many teams).
const discountUsesMax = 100_000

// clean checks a new code: its name, one kind of discount, the limit and the expiry. The
// divisions are checked against the event by the use case.
func (in discountInput) clean() (store.DiscountCode, error) {
	c := store.DiscountCode{Code: strings.TrimSpace(in.Code), PercentOff: in.PercentOff, AmountOffCents: in.AmountOffCents,
		MaxUses: in.MaxUses}
	switch {
	case c.Code == "":
		return c, apperr.Invalid("code", msgDiscountCodeRequired)
	case !discountCodePattern.MatchString(c.Code):
		return c, apperr.Invalid("code", msgDiscountCodeForm)
	case c.PercentOff < 0 || c.PercentOff > 100:
		return c, apperr.Invalid("percentOff", msgDiscountPercent)
	case c.AmountOffCents < 0 || c.AmountOffCents > feeMaxCents:
		return c, apperr.Invalid("amountOffCents", msgDiscountAmount)
	case c.PercentOff == 0 && c.AmountOffCents == 0:
		return c, apperr.Invalid("percentOff", msgDiscountKindMissing)
	case c.PercentOff > 0 && c.AmountOffCents > 0:
		return c, apperr.Invalid("amountOffCents", msgDiscountKindBoth)
	case c.MaxUses < 0 || c.MaxUses > discountUsesMax:
		return c, apperr.Invalid("maxUses", fmt.Sprintf(msgDiscountMaxUses, discountUsesMax))
	}
	if strings.TrimSpace(in.ExpiresAt) != "" {
		at, err := parseRegInstant("expiresAt", in.ExpiresAt, msgDiscountExpiresAt)
		if err != nil {
			return c, err
		}
		c.ExpiresAt = &at
	}
	return c, nil
}

// discountOff is what code takes off fee in a division at now, or the refusal naming the field
// "code": expired, used up (as far as can be told before redeeming it), not for this division.
// A percentage is rounded down to the cent; an amount never takes off more than the fee.
func discountOff(c store.DiscountCode, division store.Division, fee int32, now time.Time) (int32, error) {
	switch {
	case c.ExpiresAt != nil && !now.Before(*c.ExpiresAt):
		return 0, apperr.Invalid("code", fmt.Sprintf(msgDiscountExpired, c.Code, c.ExpiresAt.UTC().Format(regTimeLayout)))
	case c.MaxUses > 0 && c.Uses >= c.MaxUses:
		return 0, apperr.Invalid("code", fmt.Sprintf(msgDiscountUsedUp, c.Code))
	case len(c.DivisionIDs) > 0 && !slices.Contains(c.DivisionIDs, division.ID):
		return 0, apperr.Invalid("code", fmt.Sprintf(msgDiscountOtherDivision, c.Code, division.Name))
	case fee == 0:
		return 0, apperr.Invalid("code", fmt.Sprintf(msgDiscountNoFee, division.Name))
	}
	if c.PercentOff > 0 {
		return int32(int64(fee) * int64(c.PercentOff) / 100), nil
	}
	return min(c.AmountOffCents, fee), nil
}

// discountLabel is a code's discount in words: "20% off" or "10.00 off" (a code is for any
// division, whatever its currency).
func discountLabel(c store.DiscountCode) string {
	if c.PercentOff > 0 {
		return fmt.Sprintf("%d%% off", c.PercentOff)
	}
	return fmt.Sprintf("%d.%02d off", c.AmountOffCents/100, c.AmountOffCents%100)
}

// discountNote is what a registration's activity adds about its discount ("" without one).
func discountNote(r store.Registration) string {
	if r.DiscountCode == "" {
		return ""
	}
	return fmt.Sprintf(" (discount code %s: %s off)", r.DiscountCode, feeLabel(r.DiscountCents, r.Currency))
}

// Messages of discount codes.
const (
	msgDiscountCodeRequired  = "Code is required"
	msgDiscountCodeForm      = "Code must be 3 to 32 letters, digits, dashes or underscores"
	msgDiscountPercent       = "Percentage off must be between 1 and 100"
	msgDiscountAmount        = "Amount off must be more than 0 and at most 1000000.00"
	msgDiscountKindMissing   = "Give a percentage or an amount off"
	msgDiscountKindBoth      = "Give a percentage or an amount off, not both"
	msgDiscountMaxUses       = "Uses must be between 1 and %d, or empty for no limit"
	msgDiscountExpiresAt     = "Expires must be a date and time (RFC 3339)"
	msgDiscountDivision      = "Each division must be one of the event's"
	msgDiscountTaken         = "The event already has the code %s"
	msgDiscountNotFound      = "Discount code not found"
	msgDiscountUnknown       = "The code %s is not a discount code of this event"
	msgDiscountExpired       = "The code %s expired on %s"
	msgDiscountUsedUp        = "The code %s has been used up"
	msgDiscountOtherDivision = "The code %s is not for %s"
	msgDiscountNoFee         = "%s has no entry fee to take a discount off"
	msgDiscountPaid          = "The entry fee is already paid: a discount code can no longer be entered"
	msgDiscountOnce          = "This registration already has the code %s: one code per registration"
)
