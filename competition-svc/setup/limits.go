package setup

import (
	"context"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Size limits of an event: an online qualifier's (docs/boards.md), 100,000 entries in a
// division and 300,000 in an event. Its boards are read in pages; the whole-board views are
// the spec's, for events up to 1,000 teams a division (docs/operations.md, "Limits").
const (
	TeamsPerDivisionMax = core.TeamsPerDivisionMax
	TeamsPerEventMax    = 300000
	workoutOrderMax     = 1000
	// Event dates lie in these years: a typo such as 0202 or 9999 is refused, not stored.
	yearMin = 1970
	yearMax = 2100
)

var (
	msgDivisionFull       = fmt.Sprintf("A division can have at most %s teams", thousands(TeamsPerDivisionMax))
	msgEventFull          = fmt.Sprintf("An event can have at most %s teams", thousands(TeamsPerEventMax))
	msgWorkoutOrderTooBig = fmt.Sprintf("Workout order must be at most %d", workoutOrderMax)
	msgDateFromYears      = fmt.Sprintf("Start date must be in the years %d to %d", yearMin, yearMax)
	msgDateToYears        = fmt.Sprintf("End date must be in the years %d to %d", yearMin, yearMax)
)

// teamCounts are an event's teams by division id, and their total.
type teamCounts struct {
	byDivision map[string]int
	total      int
}

func newTeamCounts() teamCounts { return teamCounts{byDivision: map[string]int{}} }

// add counts n more teams in division and reports the first limit that breaks.
func (c *teamCounts) add(division string, n int) error {
	c.byDivision[division] += n
	c.total += n
	if c.total > TeamsPerEventMax {
		return apperr.Invalid("eventId", msgEventFull)
	}
	if c.byDivision[division] > TeamsPerDivisionMax {
		return apperr.Invalid("divisionId", msgDivisionFull)
	}
	return nil
}

// checkRoomForTeams checks, in tx that holds the event's lock, that the event's divisions can
// take the planned teams.
func checkRoomForTeams(ctx context.Context, tx *store.Store, eventID string, plan []newTeam) error {
	byDivision, err := tx.CountTeamsByDivision(ctx, eventID)
	if err != nil {
		return err
	}
	counts := newTeamCounts()
	for d, n := range byDivision {
		counts.byDivision[d] = n
		counts.total += n
	}
	for _, n := range plan {
		if err := counts.add(n.division.ID, 1); err != nil {
			return err
		}
	}
	return nil
}

// nextWorkoutOrder is the order a workout without one gets: the next after the highest.
func nextWorkoutOrder(ctx context.Context, tx *store.Store, eventID string) (*int32, error) {
	next, err := tx.NextWorkoutOrder(ctx, eventID)
	if err != nil {
		return nil, err
	}
	if next > workoutOrderMax {
		return nil, apperr.Invalid("workoutOrder", msgWorkoutOrderTooBig)
	}
	order := int32(next)
	return &order, nil
}

// thousands writes n with a comma between thousands (1,000).
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
