package core

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
// qualifier (store.CountPlaces counts all three; docs/registration.md, "Capacity"). This file
// is its one home: setup and registration both count places here.

// TeamsPerDivisionMax is the most teams a division holds (docs/operations.md, "Limits"):
// setup refuses more, and no registration capacity goes beyond it.
const TeamsPerDivisionMax = 100000

const msgBeyondCapacity = "%s has %d of %d places left: adding %d %s goes beyond its capacity. " +
	"Raise its capacity on the division's page, or add beyond the capacity"

// PlacesLeft is how many of a division's places are free: its capacity less the places taken,
// never below 0 (an organiser may add teams beyond it on purpose).
func PlacesLeft(set store.RegSettings, p store.Places) int32 {
	return max(0, set.Capacity-p.Taken)
}

// FreePlaces counts, in tx, the places taken in set's division and returns how many are left.
// The caller holds the division's settings row (store.LockRegSettings), so nobody takes a
// place between the count and its own write.
func FreePlaces(ctx context.Context, tx *store.Store, set store.RegSettings) (int32, error) {
	places, err := tx.CountPlaces(ctx, set.DivisionID)
	if err != nil {
		return 0, err
	}
	return PlacesLeft(set, places), nil
}

// CheckPlaces checks, in tx, that each division with registration settings has a place for
// each team planned into it (divisionIDs: one entry per team), unless the organiser adds them
// beyond the capacity on purpose. It holds each such division's settings row
// (store.LockRegSettings), in id order, so a registration cannot take the last place meanwhile.
func CheckPlaces(ctx context.Context, tx *store.Store, divisionIDs []string, beyondCapacity bool) error {
	if beyondCapacity {
		return nil
	}
	planned := map[string]int32{}
	for _, id := range divisionIDs {
		planned[id]++
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
		left, err := FreePlaces(ctx, tx, set)
		if err != nil {
			return err
		}
		if planned[id] > left {
			return apperr.ConflictField("beyondCapacity", fmt.Sprintf(msgBeyondCapacity, set.DivisionName, left, set.Capacity,
				planned[id], Plural(int(planned[id]), "team", "teams")))
		}
	}
	return nil
}
