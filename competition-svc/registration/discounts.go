package registration

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Discount codes (docs/registration.md, "Discount codes"): the organiser's codes per event, and
// their redemption when an athlete registers. A redeemed code lowers the registration's fee
// itself, so Stripe, a payment by hand, refunds, receipts and the money view all follow it.

// ListDiscountCodes are the event's codes with their uses, newest first.
func (s *service) ListDiscountCodes(ctx context.Context, eventID string) (_ []store.DiscountCode, err error) {
	defer apperr.Wrap(&err, "registration.ListDiscountCodes(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	return s.Store.ListDiscountCodes(ctx, eventID)
}

// CreateDiscountCode adds a code to the event, recorded in the activity.
func (s *service) CreateDiscountCode(ctx context.Context, eventID string, in discountInput) (_ store.DiscountCode, err error) {
	defer apperr.Wrap(&err, "registration.CreateDiscountCode(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return store.DiscountCode{}, err
	}
	c, err := in.clean()
	if err != nil {
		return c, err
	}
	c.EventID = eventID
	if c.DivisionIDs, err = s.eventDivisions(ctx, eventID, in.DivisionIDs); err != nil {
		return c, err
	}
	var id string
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		var taken bool
		if id, taken, err = tx.CreateDiscountCode(ctx, c, authn.Actor(ctx)); err != nil {
			return nil, err
		} else if taken {
			return nil, apperr.ConflictField("code", fmt.Sprintf(msgDiscountTaken, c.Code))
		}
		return []store.Activity{core.Change(ctx, eventID, "discount_code_created", "event", eventID,
			fmt.Sprintf("Discount code %s added: %s", c.Code, discountLabel(c)))}, nil
	})
	if err != nil {
		return store.DiscountCode{}, err
	}
	return s.Store.GetDiscountCode(ctx, eventID, id)
}

// DeleteDiscountCode removes a code of the event, recorded in the activity; registrations that
// redeemed it keep their price.
func (s *service) DeleteDiscountCode(ctx context.Context, eventID, id string) (err error) {
	defer apperr.Wrap(&err, "registration.DeleteDiscountCode(%q, %q)", eventID, id)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return err
	}
	if id, err = core.ParseID("id", id, "Discount code"); err != nil {
		return err
	}
	return s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		c, err := tx.GetDiscountCode(ctx, eventID, id)
		if errors.Is(err, store.ErrNotFound) {
			return nil, apperr.NotFound(msgDiscountNotFound)
		} else if err != nil {
			return nil, err
		}
		if _, err := tx.DeleteDiscountCode(ctx, eventID, id); err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, eventID, "discount_code_deleted", "event", eventID,
			fmt.Sprintf("Discount code %s deleted after %d uses", c.Code, c.Uses))}, nil
	})
}

// eventDivisions checks that each division id is one of the event's, and returns them once each.
func (s *service) eventDivisions(ctx context.Context, eventID string, ids []string) (_ []string, err error) {
	defer apperr.Wrap(&err, "registration.eventDivisions(%q)", eventID)
	if len(ids) == 0 {
		return []string{}, nil
	}
	divisions, err := s.Store.ListEventDivisions(ctx, eventID)
	if err != nil {
		return nil, err
	}
	out := []string{}
	for _, id := range ids {
		if !slices.ContainsFunc(divisions, func(d store.Division) bool { return d.ID == strings.TrimSpace(id) }) {
			return nil, apperr.Invalid("divisionIds", msgDiscountDivision)
		}
		if !slices.Contains(out, strings.TrimSpace(id)) {
			out = append(out, strings.TrimSpace(id))
		}
	}
	return out, nil
}

// redeemDiscount applies code to r (a new registration in division d), in tx: it lowers r's
// fee and counts one use of the code, or refuses naming the field "code" (unknown, expired,
// used up, not for this division). The use is counted by one conditional update, so a hundred
// athletes redeeming at once never pass the code's limit. An empty code changes nothing.
func (s *service) redeemDiscount(ctx context.Context, tx *store.Store, r *store.Registration, d store.Division, code string, now time.Time) (err error) {
	defer apperr.Wrap(&err, "registration.redeemDiscount(%q)", r.DivisionID)
	code = strings.TrimSpace(code)
	if code == "" {
		return nil
	}
	c, err := tx.DiscountCodeByCode(ctx, r.EventID, code)
	if errors.Is(err, store.ErrNotFound) {
		return apperr.Invalid("code", fmt.Sprintf(msgDiscountUnknown, code))
	} else if err != nil {
		return err
	}
	off, err := discountOff(c, d, r.FeeCents, now)
	if err != nil {
		return err
	}
	if ok, err := tx.RedeemDiscountCode(ctx, c.ID); err != nil {
		return err
	} else if !ok {
		return apperr.Invalid("code", fmt.Sprintf(msgDiscountUsedUp, c.Code))
	}
	r.FeeCents, r.DiscountCode, r.DiscountCents = r.FeeCents-off, c.Code, off
	return nil
}
