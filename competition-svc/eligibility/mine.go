package eligibility

import (
	"context"
	"errors"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// The athlete's own view: what a division asks of them, the rules the organiser let them past
// and what they gave. Nothing of another athlete.

// Mine is the signed-in athlete's eligibility in a division.
type Mine struct {
	DivisionID string
	Asks       core.EligibilityAsks
	Overridden []string
	Given      *store.AthleteEligibility
}

// visibleEvents are the statuses whose events athletes see (and register for).
var visibleEvents = map[typesv1.EventStatus]bool{
	typesv1.EventStatus_PUBLISHED: true, typesv1.EventStatus_IN_PROGRESS: true, typesv1.EventStatus_UNLISTED: true,
}

// GetMine is the caller's eligibility in a division of an event athletes see.
func (s *service) GetMine(ctx context.Context, divisionID string) (_ Mine, err error) {
	defer apperr.Wrap(&err, "eligibility.GetMine(%q)", divisionID)
	c, ok := authn.CallerFrom(ctx)
	if !ok || !c.IsAthlete() {
		return Mine{}, apperr.Unauthenticated("Sign in as an athlete")
	}
	d, err := s.DivisionOfEvent(ctx, "", divisionID, false)
	if err != nil {
		return Mine{}, err
	}
	ev, err := s.Store.GetEvent(ctx, d.EventID)
	if errors.Is(err, store.ErrNotFound) || err == nil && !visibleEvents[ev.Status] {
		return Mine{}, apperr.NotFound(core.MsgDivisionNotFound)
	} else if err != nil {
		return Mine{}, err
	}
	me, err := s.Athletes.Athlete(ctx, c.UserID)
	if err != nil {
		return Mine{}, err
	}
	out := Mine{DivisionID: d.ID}
	if out.Asks, err = asks(ctx, s.Store, d.ID); err != nil {
		return Mine{}, err
	}
	overrides, err := s.Store.AthleteOverrides(ctx, d.ID, me.Email)
	if err != nil {
		return Mine{}, err
	}
	for _, rule := range ruleOrder {
		if _, ok := overrides[rule]; ok {
			out.Overridden = append(out.Overridden, rule)
		}
	}
	given, err := s.Store.MyEligibility(ctx, d.ID, me.ID)
	if err != nil {
		return Mine{}, err
	}
	if len(given) > 0 {
		out.Given = &given[0]
	}
	return out, nil
}
