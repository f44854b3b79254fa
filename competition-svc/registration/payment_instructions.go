package registration

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Payment instructions (docs/registration.md, "Payment instructions"): without online payment,
// the event's bank details and each registration's own reference tell the team how to pay by
// transfer, and the organiser finds the payment by its reference on the registrations board.

const (
	bankDetailsMax    = 1000
	msgBankDetailsLen = "Bank details must be at most 1000 characters"
)

// PaymentReference is a registration's transfer reference: "REG-" and 10 letters and digits
// drawn from its id (50 bits: no two registrations of an event share one in practice), so it
// needs no column and never changes.
func PaymentReference(registrationID string) string {
	sum := sha256.Sum256([]byte(registrationID))
	return "REG-" + base32.StdEncoding.EncodeToString(sum[:])[:10]
}

// GetPaymentInstructions is the event's bank details.
func (s *service) GetPaymentInstructions(ctx context.Context, eventID string) (_ string, err error) {
	defer apperr.Wrap(&err, "registration.GetPaymentInstructions(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return "", err
	}
	return s.Store.EventBankDetails(ctx, eventID)
}

// PutPaymentInstructions writes the event's bank details ("" removes them), recorded in the
// activity.
func (s *service) PutPaymentInstructions(ctx context.Context, eventID, details string) (_ string, err error) {
	defer apperr.Wrap(&err, "registration.PutPaymentInstructions(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return "", err
	}
	details = strings.TrimSpace(strings.ReplaceAll(details, "\r\n", "\n"))
	if core.Runes(details) > bankDetailsMax {
		return "", apperr.Invalid("bankDetails", msgBankDetailsLen)
	}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		before, err := tx.EventBankDetails(ctx, eventID)
		if err != nil || before == details {
			return nil, err
		}
		if err := tx.PutEventBankDetails(ctx, eventID, details, authn.Actor(ctx)); err != nil {
			return nil, err
		}
		summary := "Payment instructions written"
		if details == "" {
			summary = "Payment instructions removed"
		}
		return []store.Activity{core.Change(ctx, eventID, "updated", "event", eventID, summary)}, nil
	})
	if err != nil {
		return "", err
	}
	return details, nil
}
