package eligibility

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Gate is what registration asks of eligibility: what a division asks of each athlete, and
// the check of one athlete joining a registration, in registration's transaction.
type Gate struct{ svc *service }

// Asks is what registering in a division asks of each athlete.
func (g *Gate) Asks(ctx context.Context, divisionID string) (_ core.EligibilityAsks, err error) {
	defer apperr.Wrap(&err, "eligibility.Asks(%q)", divisionID)
	return asks(ctx, g.svc.Store, divisionID)
}

func asks(ctx context.Context, st *store.Store, divisionID string) (_ core.EligibilityAsks, err error) {
	defer apperr.Wrap(&err, "eligibility.asks(%q)", divisionID)
	rules, err := st.DivisionRosterRules(ctx, divisionID)
	if err != nil {
		return core.EligibilityAsks{}, err
	}
	set, err := st.GetDivisionEligibility(ctx, divisionID)
	if err != nil {
		return core.EligibilityAsks{}, err
	}
	return core.EligibilityAsks{MemberNumber: set.RequiresMembership, BirthDate: set.RequiresMembership || hasAgeRange(rules),
		Categories: categories(rules)}, nil
}

// Admit checks one athlete joining a registration against the division's rules, in order
// (age, category, membership, no drop-back), and records what they gave. A rule the organiser
// overrode for the athlete is let past and the activity says so; any other refusal names its
// rule and field and, returned in registration's transaction, writes nothing.
func (g *Gate) Admit(ctx context.Context, tx *store.Store, in core.EligibilityInput) (_ []store.Activity, err error) {
	defer apperr.Wrap(&err, "eligibility.Admit(%q)", in.DivisionID)
	birth, ok := parseDate(in.BirthDate)
	if !ok || birth != nil && birth.After(time.Now()) {
		return nil, apperr.Invalid("birthDate", msgBirthDate)
	}
	number := cleanNumber(in.MemberNumber)
	if core.Runes(number) > memberNumberMax {
		return nil, apperr.Invalid("memberNumber", msgNumberLong)
	}
	rules, err := tx.DivisionRosterRules(ctx, in.DivisionID)
	if err != nil {
		return nil, err
	}
	set, err := tx.GetDivisionEligibility(ctx, in.DivisionID)
	if err != nil {
		return nil, err
	}
	overrides, err := tx.AthleteOverrides(ctx, in.DivisionID, in.AthleteEmail)
	if err != nil {
		return nil, err
	}
	rec := store.AthleteEligibility{RegistrationID: in.RegistrationID, AthleteID: in.AthleteID, MemberNumber: number, BirthDate: birth}
	var entries []store.Activity
	for _, rule := range ruleOrder {
		refused, err := g.check(ctx, tx, rule, in, rules, set, &rec)
		if err != nil {
			return nil, err
		}
		if refused == nil {
			continue
		}
		o, ok := overrides[rule]
		if !ok && in.OverrideReason != "" {
			o, ok = store.EligibilityOverride{CreatedBy: in.OverrideBy, Reason: in.OverrideReason}, true
		}
		if !ok {
			return nil, refused
		}
		rec.Overridden = append(rec.Overridden, rule)
		entries = append(entries, core.Change(ctx, in.EventID, "override", "registration", in.RegistrationID,
			fmt.Sprintf("%s joined team %s in %s past the rule %s, by the organiser's override (%s): %s",
				in.AthleteName, in.TeamName, in.DivisionName, RuleLabel(rule), o.CreatedBy, o.Reason)))
	}
	if set.RequiresMembership || rec.BirthDate != nil || rec.Category != "" || len(rec.Overridden) > 0 {
		if err := tx.PutAthleteEligibility(ctx, rec); err != nil {
			return nil, err
		}
	}
	return entries, nil
}

// check runs one rule: a refusal (an apperr naming its field), nil when it passes, or err
// when the store fails.
func (g *Gate) check(ctx context.Context, tx *store.Store, rule string, in core.EligibilityInput, rules store.RosterRules,
	set store.DivisionEligibility, rec *store.AthleteEligibility) (refused, err error) {
	defer apperr.Wrap(&err, "eligibility.check(%q)", rule)
	switch rule {
	case RuleAge:
		return checkAge(rules, in.AthleteName, rec.BirthDate), nil
	case RuleCategory:
		others, err := tx.RegistrationCategories(ctx, in.RegistrationID, in.AthleteID)
		if err != nil {
			return nil, err
		}
		rec.Category, refused = checkCategory(rules, in.DivisionName, in.Category, others)
		if refused != nil {
			rec.Category = strings.TrimSpace(in.Category)
		}
		return refused, nil
	case RuleMembership:
		if !set.RequiresMembership {
			return nil, nil
		}
		return g.membership(ctx, tx, in, rec)
	case RuleDropBack:
		if set.Level == 0 {
			return nil, nil
		}
		higher, err := tx.HigherEntries(ctx, in.DivisionID, in.AthleteID, set.Level)
		if err != nil || len(higher) == 0 {
			return nil, err
		}
		h := higher[0]
		return refusal("divisionId", fmt.Sprintf(msgDropBack, in.AthleteName, h.DivisionName, h.EventName, h.SeriesName, in.DivisionName)), nil
	}
	return nil, nil
}

// membership finds the member number in the event's list and matches it with the athlete:
// name and birth date, valid on the event's first day, given by no other athlete of the event.
func (g *Gate) membership(ctx context.Context, tx *store.Store, in core.EligibilityInput, rec *store.AthleteEligibility) (refused, err error) {
	defer apperr.Wrap(&err, "eligibility.membership(%q)", in.DivisionID)
	if rec.MemberNumber == "" {
		return refusal("memberNumber", msgMemberRequired), nil
	}
	if rec.BirthDate == nil {
		return refusal("birthDate", msgMemberNeedsBirth), nil
	}
	m, err := tx.MemberByNumber(ctx, in.EventID, rec.MemberNumber)
	if errors.Is(err, store.ErrNotFound) {
		return refusal("memberNumber", fmt.Sprintf(msgMemberUnknown, rec.MemberNumber)), nil
	} else if err != nil {
		return nil, err
	}
	same, err := tx.SameNameKey(ctx, m.Name, in.AthleteName)
	if err != nil {
		return nil, err
	}
	ev, err := tx.GetEvent(ctx, in.EventID)
	if err != nil {
		return nil, err
	}
	if problem := memberProblem(m, same, *rec.BirthDate, ev.DateFrom); problem != "" {
		return refusal("memberNumber", problem), nil
	}
	holder, err := tx.MemberNumberHolder(ctx, in.EventID, rec.MemberNumber, in.AthleteID)
	if err != nil || holder == "" {
		return nil, err
	}
	return refusal("memberNumber", fmt.Sprintf(msgMemberTaken, rec.MemberNumber)), nil
}
