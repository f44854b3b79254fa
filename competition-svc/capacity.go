package competitionsvc

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// A division's capacity is the one number every way into it counts against: registrations,
// teams an organiser adds by hand, by the API or a CSV import, and invitations from a
// qualifier (store.CountPlaces counts all three; docs/registration.md, "Capacity").

const msgBeyondCapacity = "%s has %d of %d places left: adding %d %s goes beyond its capacity. " +
	"Raise its capacity on the division's page, or add beyond the capacity"

// placesLeft is how many of a division's places are free: its capacity less the places taken,
// never below 0 (an organiser may add teams beyond it on purpose).
func placesLeft(set store.RegSettings, p store.Places) int32 {
	return max(0, set.Capacity-p.Taken)
}

// checkPlacesForTeams checks, in tx, that each division with registration settings has a place
// for each team planned into it, unless the organiser adds them beyond the capacity on purpose.
// It holds each such division's settings row (store.LockRegSettings), in id order, so a
// registration cannot take the last place meanwhile.
func checkPlacesForTeams(ctx context.Context, tx *store.Store, plan []newTeam, beyondCapacity bool) error {
	if beyondCapacity {
		return nil
	}
	planned := map[string]int32{}
	for _, n := range plan {
		planned[n.division.ID]++
	}
	ids := make([]string, 0, len(planned))
	for id := range planned {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		set, err := tx.LockRegSettings(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			continue // registration never opened: no capacity to keep
		} else if err != nil {
			return err
		}
		places, err := tx.CountPlaces(ctx, id)
		if err != nil {
			return err
		}
		if left := placesLeft(set, places); planned[id] > left {
			return apperr.ConflictField("beyondCapacity", fmt.Sprintf(msgBeyondCapacity, set.DivisionName, left, set.Capacity,
				planned[id], plural(int(planned[id]), "team", "teams")))
		}
	}
	return nil
}
