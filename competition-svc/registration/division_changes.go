package registration

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/stripepay"
)

// Division changes on request (docs/registration.md, "Division changes"): the captain asks to
// move the registration to another division of the event, the organiser approves or refuses.
// An approval is one transaction: the move (capacity, team name, roster, a team with results
// refused: moveTx), every athlete's eligibility in the new division, the price difference
// owed or refunded, the mails and the activity. The rules are in division_change_rules.go.

// RequestDivisionChange records the captain's request to move registration id to division
// divisionID, with an optional note for the organiser.
func (s *service) RequestDivisionChange(ctx context.Context, id, divisionID, note string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.RequestDivisionChange(%q)", id)
	me, r, err := s.captainRegistration(ctx, id)
	if err != nil {
		return r, err
	}
	note = core.Trim(note)
	if core.Runes(note) > changeNoteMax {
		return store.Registration{}, apperr.Invalid("note", msgChangeNoteLong)
	}
	target, err := s.DivisionOfEvent(ctx, "", divisionID, false)
	if err != nil {
		return store.Registration{}, err
	}
	switch {
	case target.EventID != r.EventID:
		return store.Registration{}, apperr.Invalid("divisionId", msgChangeOtherEvent)
	case target.ID == r.DivisionID:
		return store.Registration{}, apperr.Invalid("divisionId", msgChangeSame)
	case target.Roster.TeamSize != r.TeamSize:
		return store.Registration{}, apperr.Invalid("divisionId", fmt.Sprintf(msgChangeTeamSize, target.Name,
			athletesText(target.Roster.TeamSize), r.TeamName, athletesText(r.TeamSize)))
	}
	set, err := s.Store.GetRegSettings(ctx, target.ID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Registration{}, apperr.ConflictField("divisionId", fmt.Sprintf(msgChangeNotOpen, target.Name))
	} else if err != nil {
		return store.Registration{}, err
	}
	if set.FeeCents > 0 && r.FeeCents+r.DiscountCents > 0 && set.Currency != r.Currency {
		return store.Registration{}, apperr.Invalid("divisionId", fmt.Sprintf(msgChangeCurrency, target.Name, set.Currency, r.Currency))
	}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		_, locked, err := lockRegistration(ctx, tx, r.ID)
		if err != nil {
			return nil, err
		}
		if RegState(locked.State).Ended() {
			return nil, apperr.ConflictField("id", fmt.Sprintf(msgChangeEnded, strings.ToLower(StateLabel(locked.State))))
		}
		_, err = tx.CreateDivisionChange(ctx, r.ID, r.DivisionID, target.ID, note, me.Name)
		if errors.Is(err, store.ErrChangeOpen) {
			return nil, apperr.ConflictField("divisionId", fmt.Sprintf(msgChangeOpen, r.TeamName, locked.DivisionChange.ToDivisionName))
		} else if err != nil {
			return nil, err
		}
		summary := fmt.Sprintf("%s asked to move team %s from %s to %s", me.Name, r.TeamName, r.DivisionName, target.Name)
		if note != "" {
			summary += ": " + note
		}
		return []store.Activity{core.Change(ctx, r.EventID, "change_requested", "registration", r.ID, summary)}, nil
	})
	if err != nil {
		return store.Registration{}, err
	}
	return s.Store.GetRegistration(ctx, r.ID)
}

// CancelDivisionChange ends the captain's open request.
func (s *service) CancelDivisionChange(ctx context.Context, id string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.CancelDivisionChange(%q)", id)
	me, r, err := s.captainRegistration(ctx, id)
	if err != nil {
		return r, err
	}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		_, locked, err := lockRegistration(ctx, tx, r.ID)
		if err != nil {
			return nil, err
		}
		c := locked.DivisionChange
		if c.ID == "" {
			return nil, apperr.ConflictField("id", fmt.Sprintf(msgChangeNoneOpen, r.TeamName))
		}
		if err := tx.EndDivisionChange(ctx, c.ID, "cancelled", me.Name, "", 0); err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, r.EventID, "change_cancelled", "registration", r.ID,
			fmt.Sprintf("%s cancelled the request to move team %s to %s", me.Name, r.TeamName, c.ToDivisionName))}, nil
	})
	if err != nil {
		return store.Registration{}, err
	}
	return s.Store.GetRegistration(ctx, r.ID)
}

// captainRegistration reads the caller's registration for a captain's request: another
// athlete's is not found, a team member who is not the captain is refused.
func (s *service) captainRegistration(ctx context.Context, id string) (_ core.AthleteInfo, _ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.captainRegistration(%q)", id)
	me, err := s.me(ctx)
	if err != nil {
		return me, store.Registration{}, err
	}
	r, err := s.myRegistration(ctx, me, id)
	if err != nil {
		return me, store.Registration{}, err
	}
	switch {
	case r.CaptainID != me.ID:
		return me, store.Registration{}, apperr.Forbidden(msgChangeOnlyCaptain)
	case RegState(r.State).Ended():
		return me, store.Registration{}, apperr.ConflictField("id", fmt.Sprintf(msgChangeEnded, strings.ToLower(StateLabel(r.State))))
	}
	return me, r, nil
}

// ApproveDivisionChange moves the registration as its open request asks, in one transaction.
// overrideReason, when given, lets the team's athletes past the new division's eligibility
// rules that refuse them (recorded in the activity, docs/eligibility.md "Overrides").
func (s *service) ApproveDivisionChange(ctx context.Context, id, overrideReason string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.ApproveDivisionChange(%q)", id)
	found, err := s.organiserRegistration(ctx, id)
	if err != nil {
		return found, err
	}
	overrideReason = core.Trim(overrideReason)
	if core.Runes(overrideReason) > changeNoteMax {
		return store.Registration{}, apperr.Invalid("overrideReason", msgChangeOverrideLong)
	}
	if err := s.openChange(ctx, found); err != nil {
		return store.Registration{}, err
	}
	target, err := s.DivisionOfEvent(ctx, "", found.DivisionChange.ToDivisionID, false)
	if err != nil {
		return store.Registration{}, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		return s.moveTx(ctx, tx, found, target, func(r *store.Registration, to store.RegSettings) ([]core.Mail, []store.Activity, error) {
			return s.applyChange(ctx, tx, r, found.DivisionName, to, overrideReason)
		})
	})
	if err != nil {
		return store.Registration{}, err
	}
	s.kickPayments()
	s.Changed(ctx, found.EventID)
	return s.Store.GetRegistration(ctx, found.ID)
}

// openChange refuses a decision on a registration without an open request, saying how the
// last one ended (approving twice).
func (s *service) openChange(ctx context.Context, r store.Registration) (err error) {
	defer apperr.Wrap(&err, "registration.openChange(%q)", r.ID)
	if RegState(r.State).Ended() {
		return apperr.ConflictField("id", fmt.Sprintf(msgChangeEnded, strings.ToLower(StateLabel(r.State))))
	}
	if r.DivisionChange.ID != "" {
		return nil
	}
	last, err := s.Store.LastDivisionChangeOutcome(ctx, r.ID)
	if err != nil {
		return err
	}
	if last != "" {
		return apperr.ConflictField("id", fmt.Sprintf(msgChangeNoneOpenWas, r.TeamName, last))
	}
	return apperr.ConflictField("id", fmt.Sprintf(msgChangeNoneOpen, r.TeamName))
}

// applyChange is an approval's part of the move, in its transaction: the request still open,
// every athlete eligible in the new division (or let past by the override), the new price and
// its difference owed or refunded, the request closed, the team mailed.
func (s *service) applyChange(ctx context.Context, tx *store.Store, r *store.Registration, from string, to store.RegSettings,
	overrideReason string) (_ []core.Mail, _ []store.Activity, err error) {
	defer apperr.Wrap(&err, "registration.applyChange(%q)", r.ID)
	c := r.DivisionChange
	if c.ID == "" || c.ToDivisionID != r.DivisionID {
		return nil, nil, apperr.ConflictField("id", fmt.Sprintf(msgChangeNoneOpen, r.TeamName))
	}
	if to.FeeCents > 0 && r.FeeCents+r.DiscountCents > 0 && to.Currency != r.Currency {
		return nil, nil, apperr.ConflictField("divisionId", fmt.Sprintf(msgChangeCurrency, r.DivisionName, to.Currency, r.Currency))
	}
	entries, err := s.admitTeam(ctx, tx, *r, overrideReason)
	if err != nil {
		return nil, nil, err
	}
	price, discount := changePrice(to.FeeCents, *r, c.Code)
	m := moneyOfChange(*r, price)
	byHand := r.PaymentMethod != "stripe" || r.Payment.PaymentIntentID == ""
	if m.Refund > 0 {
		if r.Payment.RefundRequestedAt != nil {
			return nil, nil, apperr.ConflictField("id", fmt.Sprintf(msgChangeRefundBefore, feeLabel(m.Refund, r.Currency)))
		}
		if err := s.queueRefund(ctx, tx, *r, authn.Actor(ctx), refundDecision{Cents: m.Refund, ByHand: byHand}); err != nil {
			return nil, nil, err
		}
		entries = append(entries, core.Change(ctx, r.EventID, "refund", "registration", r.ID,
			fmt.Sprintf("Refund of %s to team %s: the difference to %s", feeLabel(m.Refund, r.Currency), r.TeamName, r.DivisionName)))
	}
	r.FeeCents, r.OwedCents, r.DiscountCents = m.Fee, m.Owed, discount
	if err := tx.EndDivisionChange(ctx, c.ID, "approved", authn.Actor(ctx), overrideReason, m.Difference); errors.Is(err, store.ErrNotFound) {
		return nil, nil, apperr.ConflictField("id", fmt.Sprintf(msgChangeNoneOpen, r.TeamName))
	} else if err != nil {
		return nil, nil, err
	}
	line := changeMoneyLine(*r, m, byHand)
	entries = append([]store.Activity{core.Change(ctx, r.EventID, "change_approved", "registration", r.ID,
		fmt.Sprintf("Division change of team %s from %s to %s approved. %s", r.TeamName, from, r.DivisionName, line))}, entries...)
	return s.changeApprovedMails(s.TeamLanguages(ctx, *r), *r, from, m, byHand), entries, nil
}

// admitTeam checks every athlete holding a place of r against r's (new) division's
// eligibility rules with what they gave before; the first refusal names its rule.
func (s *service) admitTeam(ctx context.Context, tx *store.Store, r store.Registration, overrideReason string) (_ []store.Activity, err error) {
	defer apperr.Wrap(&err, "registration.admitTeam(%q)", r.ID)
	if s.Eligibility == nil {
		return nil, nil
	}
	gave, err := tx.RegistrationEligibility(ctx, r.ID)
	if err != nil {
		return nil, err
	}
	type athlete struct{ id, name, email string }
	team := []athlete{{r.CaptainID, r.CaptainName, r.CaptainEmail}}
	if r.PartnerID != "" {
		team = append(team, athlete{r.PartnerID, r.PartnerName, r.PartnerEmail})
	}
	for _, p := range r.Places {
		if p.AthleteID != "" {
			team = append(team, athlete{p.AthleteID, p.Name, p.Email})
		}
	}
	var entries []store.Activity
	for _, a := range team {
		g := gave[a.id]
		birth := ""
		if g.BirthDate != nil {
			birth = g.BirthDate.Format("2006-01-02")
		}
		e, err := s.Eligibility.Admit(ctx, tx, core.EligibilityInput{EventID: r.EventID, DivisionID: r.DivisionID,
			DivisionName: r.DivisionName, RegistrationID: r.ID, TeamName: r.TeamName, AthleteID: a.id, AthleteName: a.name,
			AthleteEmail: a.email, MemberNumber: g.MemberNumber, BirthDate: birth, Category: g.Category,
			OverrideReason: overrideReason, OverrideBy: authn.Actor(ctx)})
		if err != nil {
			return nil, err
		}
		entries = append(entries, e...)
	}
	return entries, nil
}

// RefuseDivisionChange refuses the open request with a reason the team is mailed; the
// registration stays as it is.
func (s *service) RefuseDivisionChange(ctx context.Context, id, reason string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.RefuseDivisionChange(%q)", id)
	found, err := s.organiserRegistration(ctx, id)
	if err != nil {
		return found, err
	}
	reason = core.Trim(reason)
	switch {
	case reason == "":
		return store.Registration{}, apperr.Invalid("reason", msgRegReasonRequired)
	case core.Runes(reason) > refusalReasonMax:
		return store.Registration{}, apperr.Invalid("reason", msgRegReasonLong)
	}
	if err := s.openChange(ctx, found); err != nil {
		return store.Registration{}, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		_, r, err := lockRegistration(ctx, tx, found.ID)
		if err != nil {
			return err
		}
		c := r.DivisionChange
		if c.ID == "" {
			return apperr.ConflictField("id", fmt.Sprintf(msgChangeNoneOpen, r.TeamName))
		}
		if err := tx.EndDivisionChange(ctx, c.ID, "refused", authn.Actor(ctx), reason, 0); err != nil {
			return err
		}
		if err := s.QueueMails(ctx, tx, s.changeRefusedMails(s.TeamLanguages(ctx, r), r, c.ToDivisionName, reason)); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, core.Change(ctx, r.EventID, "change_refused", "registration", r.ID,
			fmt.Sprintf("Division change of team %s from %s to %s refused: %s", r.TeamName, r.DivisionName, c.ToDivisionName, reason)))
	})
	if err != nil {
		return store.Registration{}, err
	}
	return s.Store.GetRegistration(ctx, found.ID)
}

// applyDifference records a Checkout payment of the difference owed after a division change,
// in tx: a payment of another amount is not counted. The fee's payment intent stays the one
// refunds go to.
func (s *service) applyDifference(ctx context.Context, tx *store.Store, set store.RegSettings, r store.Registration,
	c *stripepay.CompletedCheckout, amount string) (_ string, err error) {
	defer apperr.Wrap(&err, "registration.applyDifference(%q)", r.ID)
	if int32(c.AmountTotal) != r.OwedCents || !strings.EqualFold(c.Currency, r.Currency) {
		s.Log.Warn("stripe: a completed checkout does not pay the difference owed", "registration", r.ID, "paid", amount)
		return "", tx.RecordActivity(ctx, core.Change(ctx, r.EventID, "paid", "registration", r.ID,
			fmt.Sprintf("Team %s in %s paid %s online, not the difference of %s: not counted", r.TeamName, r.DivisionName,
				amount, feeLabel(r.OwedCents, r.Currency))))
	}
	r.FeeCents, r.OwedCents = r.FeeCents+r.OwedCents, 0
	mails, entries, err := s.advance(ctx, tx, &r, set)
	if err != nil {
		return "", err
	}
	if err := s.QueueMails(ctx, tx, mails); err != nil {
		return "", err
	}
	return r.EventID, tx.RecordActivity(ctx, append([]store.Activity{core.Change(ctx, r.EventID, "paid", "registration", r.ID,
		fmt.Sprintf("Team %s in %s paid the price difference of %s online (Stripe)", r.TeamName, r.DivisionName, amount))}, entries...)...)
}
