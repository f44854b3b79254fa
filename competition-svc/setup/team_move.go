package setup

import (
	"context"
	"errors"

	"github.com/podium-dev/podium/competition-svc/setup/roster"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// A team moves to a division of another size only when its roster fits there (docs/rosters.md,
// "Moves across sizes"): the target's size and substitutes, its composition and its age range.

// moveFits refuses a move of team t to division target (named targetName) whose roster, as the
// request leaves it, breaks the target's rule: 409 naming divisionId with the rule's own
// words. A request that gives the roster itself is checked on its places by the write.
func moveFits(ctx context.Context, st *store.Store, t store.Team, target, targetName string, in TeamInput) (err error) {
	defer apperr.Wrap(&err, "setup.moveFits(%q, %q)", t.ID, target)
	if in.Roster.Given {
		return nil
	}
	rules, err := st.DivisionRosterRules(ctx, target)
	if err != nil {
		return err
	}
	current, err := st.Rosters(ctx, []string{t.ID})
	if err != nil {
		return err
	}
	places := roster.FromNames(in.Athlete1Name, in.Athlete2Name, current[t.ID])
	if _, err := roster.Check("", targetName, rules, places); err != nil {
		var e *apperr.Error
		if errors.As(err, &e) {
			return apperr.ConflictField("divisionId", e.Message)
		}
		return err
	}
	return nil
}
