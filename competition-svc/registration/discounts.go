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

// ApplyDiscountCode redeems a code on the caller's registration after registering (My
// registrations → Pay), by the rules of a code typed when registering (redeemDiscount): once per
// registration, while its fee is not paid. The fee owed drops in the same transaction; a
// Checkout page made for the old amount is dropped, so the next "Pay" asks Stripe for the new
// one; a code that takes the whole fee moves the registration on as a payment would.
func (s *service) ApplyDiscountCode(ctx context.Context, id, code string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.ApplyDiscountCode(%q)", id)
	me, err := s.me(ctx)
	if err != nil {
		return store.Registration{}, err
	}
	found, err := s.myRegistration(ctx, me, id)
	if err != nil {
		return store.Registration{}, err
	}
	if strings.TrimSpace(code) == "" {
		return store.Registration{}, apperr.Invalid("code", msgDiscountCodeRequired)
	}
	var teamMade bool
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		set, r, err := lockRegistration(ctx, tx, found.ID)
		if err != nil {
			return err
		}
		switch {
		case RegState(r.State).Ended():
			return apperr.Conflict(fmt.Sprintf(msgRegAlreadyEnded, strings.ToLower(StateLabel(r.State))))
		case r.PaidAt != nil:
			return apperr.ConflictField("code", msgDiscountPaid)
		case r.DiscountCode != "":
			return apperr.ConflictField("code", fmt.Sprintf(msgDiscountOnce, r.DiscountCode))
		}
		d := store.Division{ID: r.DivisionID, Name: r.DivisionName, EventID: r.EventID}
		if err := s.redeemDiscount(ctx, tx, &r, d, code, time.Now()); err != nil {
			return err
		}
		if err := tx.SetDiscount(ctx, r.ID, r.DiscountCode, r.DiscountCents, r.FeeCents); err != nil {
			return err
		}
		entries := []store.Activity{core.Change(ctx, r.EventID, "discount", "registration", r.ID,
			fmt.Sprintf("Discount code %s entered for team %s in %s by %s: %s off, %s owed", r.DiscountCode, r.TeamName,
				r.DivisionName, me.Name, feeLabel(r.DiscountCents, r.Currency), feeLabel(r.FeeCents, r.Currency)))}
		hadTeam := r.TeamID != ""
		mails, more, err := s.advance(ctx, tx, &r, set)
		if err != nil {
			return err
		}
		teamMade = !hadTeam && r.TeamID != ""
		if err := s.QueueMails(ctx, tx, mails); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, append(entries, more...)...)
	})
	if err != nil {
		return store.Registration{}, err
	}
	if teamMade {
		s.Changed(ctx, found.EventID)
	}
	s.DeliverQueued(ctx)
	return s.withTransfers(ctx)(s.Store.GetRegistration(ctx, found.ID))
}
