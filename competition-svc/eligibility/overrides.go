package eligibility

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"

	"github.com/google/uuid"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// The organiser's overrides: one athlete (by their account's address) may enter one division
// past one rule, for a reason the activity records, when the override is given and again when
// it is used (check.go).

// OverrideInput is a new override.
type OverrideInput struct {
	EventID, DivisionID, AthleteEmail, Rule, Reason string
}

// ListOverrides is the event's overrides, newest first.
func (s *service) ListOverrides(ctx context.Context, eventID string) (_ []store.EligibilityOverride, err error) {
	defer apperr.Wrap(&err, "eligibility.ListOverrides(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	return s.Store.ListOverrides(ctx, eventID)
}

// CreateOverride lets the athlete past the rule in the division.
func (s *service) CreateOverride(ctx context.Context, in OverrideInput) (_ store.EligibilityOverride, err error) {
	defer apperr.Wrap(&err, "eligibility.CreateOverride(%q)", in.DivisionID)
	d, err := s.DivisionOfEvent(ctx, in.EventID, in.DivisionID, true)
	if err != nil {
		return store.EligibilityOverride{}, err
	}
	email := strings.ToLower(strings.TrimSpace(in.AthleteEmail))
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email || len(email) > 254 {
		return store.EligibilityOverride{}, apperr.Invalid("athleteEmail", msgEmail)
	}
	rule := strings.TrimSpace(in.Rule)
	if RuleLabel(rule) == "" {
		return store.EligibilityOverride{}, apperr.Invalid("rule", msgRule)
	}
	reason := strings.TrimSpace(in.Reason)
	switch {
	case reason == "":
		return store.EligibilityOverride{}, apperr.Invalid("reason", msgReasonRequired)
	case core.Runes(reason) > reasonMax:
		return store.EligibilityOverride{}, apperr.Invalid("reason", msgReasonLong)
	}
	o := store.EligibilityOverride{ID: uuid.NewString(), EventID: d.EventID, DivisionID: d.ID, DivisionName: d.Name,
		AthleteEmail: email, Rule: rule, Reason: reason, CreatedBy: authn.Actor(ctx)}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if err := tx.InsertOverride(ctx, o); errors.Is(err, store.ErrOverrideExists) {
			return nil, apperr.ConflictField("rule", fmt.Sprintf(msgOverrideExists, email, RuleLabel(rule), d.Name))
		} else if err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, d.EventID, "override", "division", d.ID,
			fmt.Sprintf("Override for %s in %s: rule %s let past (%s)", email, d.Name, RuleLabel(rule), reason))}, nil
	})
	if err != nil {
		return store.EligibilityOverride{}, err
	}
	list, err := s.Store.AthleteOverrides(ctx, d.ID, email)
	if err != nil {
		return store.EligibilityOverride{}, err
	}
	return list[rule], nil
}

// DeleteOverride removes an override of the event, recorded in the activity. Registrations
// that passed the rule by it stay: it is checked when an athlete joins.
func (s *service) DeleteOverride(ctx context.Context, eventID, id string) (err error) {
	defer apperr.Wrap(&err, "eligibility.DeleteOverride(%q, %q)", eventID, id)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return err
	}
	if id, err = core.ParseID("id", id, "Override"); err != nil {
		return err
	}
	return s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		o, err := tx.DeleteOverride(ctx, eventID, id)
		if errors.Is(err, store.ErrNotFound) {
			return nil, apperr.NotFound(msgOverrideNotFound)
		} else if err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, eventID, "override_deleted", "division", o.DivisionID,
			fmt.Sprintf("Override for %s in %s deleted: rule %s applies again", o.AthleteEmail, o.DivisionName, RuleLabel(o.Rule)))}, nil
	})
}
