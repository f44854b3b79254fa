package eligibility

import (
	"context"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// A division's eligibility settings: membership required, and its level for no drop-back
// within a series. The age range and composition stay the roster rule's (docs/rosters.md) and
// are shown beside them.

// DivisionView is a division's settings with what its roster rule and series add.
type DivisionView struct {
	Division store.Division
	Settings store.DivisionEligibility
	Rules    store.RosterRules
	Series   []string
}

// GetDivision is a division's eligibility.
func (s *service) GetDivision(ctx context.Context, divisionID string) (_ DivisionView, err error) {
	defer apperr.Wrap(&err, "eligibility.GetDivision(%q)", divisionID)
	d, err := s.DivisionOfEvent(ctx, "", divisionID, false)
	if err != nil {
		return DivisionView{}, err
	}
	return s.view(ctx, d)
}

func (s *service) view(ctx context.Context, d store.Division) (_ DivisionView, err error) {
	defer apperr.Wrap(&err, "eligibility.view(%q)", d.ID)
	v := DivisionView{Division: d}
	if v.Settings, err = s.Store.GetDivisionEligibility(ctx, d.ID); err != nil {
		return v, err
	}
	if v.Rules, err = s.Store.DivisionRosterRules(ctx, d.ID); err != nil {
		return v, err
	}
	v.Series, err = s.Store.DivisionSeriesNames(ctx, d.ID)
	return v, err
}

// PutDivision writes a division's settings, recorded in the event's activity.
func (s *service) PutDivision(ctx context.Context, divisionID string, requiresMembership bool, level int32) (_ DivisionView, err error) {
	defer apperr.Wrap(&err, "eligibility.PutDivision(%q)", divisionID)
	d, err := s.DivisionOfEvent(ctx, "", divisionID, false)
	if err != nil {
		return DivisionView{}, err
	}
	if level < 0 || level > levelMax {
		return DivisionView{}, apperr.Invalid("level", msgLevel)
	}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		before, err := tx.GetDivisionEligibility(ctx, d.ID)
		if err != nil {
			return nil, err
		}
		after := store.DivisionEligibility{DivisionID: d.ID, RequiresMembership: requiresMembership, Level: level}
		if before == after {
			return nil, nil
		}
		if err := tx.PutDivisionEligibility(ctx, after); err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, d.EventID, "updated", "division", d.ID,
			fmt.Sprintf("Eligibility of %s: membership %s, level %d", d.Name, required(requiresMembership), level))}, nil
	})
	if err != nil {
		return DivisionView{}, err
	}
	return s.view(ctx, d)
}

func required(b bool) string {
	if b {
		return "required"
	}
	return "not required"
}
