// Package scoring computes workout places, points and division standings for
// a competition, following the scoring rules (docs/architecture.md, "Where each rule lives"). It is pure:
// no I/O, no clock, no randomness, so the results service can recompute a
// whole leaderboard from the rows a view shows, on every read if it wants.
package scoring

import (
	"cmp"
	"fmt"
	"slices"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/nilorder"
)

// Direction says which completed values are better.
type Direction int

const (
	LowerIsBetter  Direction = iota // TIME
	HigherIsBetter                  // REPS, MAX_WEIGHT, POINTS
)

// DirectionFor maps a workout score type to its direction.
func DirectionFor(scoreType typesv1.ScoreType) (Direction, error) {
	switch scoreType {
	case typesv1.ScoreType_TIME:
		return LowerIsBetter, nil
	case typesv1.ScoreType_REPS, typesv1.ScoreType_MAX_WEIGHT, typesv1.ScoreType_POINTS:
		return HigherIsBetter, nil
	}
	return 0, fmt.Errorf("scoring: unknown score type %v", scoreType)
}

// Entry is one team's result in one workout.
type Entry struct {
	TeamID     string
	Status     typesv1.ResultStatus // completed, capped, dnf or dns (no Entry for not_started)
	Value      float64              // completed results only: seconds, reps, load or points
	CappedReps int                  // capped results only
	Tiebreak   *float64             // optional, lower is better; separates equal results
}

// Placing is the outcome of one Entry. Ranked is false exactly when the entry
// got no place (a dns): Standings relies on that to mark the team withdrawn,
// while teams with no Entry at all are simply absent from the workout.
type Placing struct {
	TeamID string
	Place  int // 0 = no place
	Points float64
	Ranked bool
}

// class orders the placed statuses: every finisher above every capped
// result, every capped result above every dnf.
func class(s typesv1.ResultStatus) int {
	switch s {
	case typesv1.ResultStatus_completed:
		return 0
	case typesv1.ResultStatus_capped:
		return 1
	}
	return 2 // DNF
}

// PlaceWorkout orders one workout of one division and gives places and
// points. It returns one Placing per entry, in input order.
func PlaceWorkout(entries []Entry, dir Direction, t Table) []Placing {
	out := make([]Placing, len(entries))
	var placed []int // indexes of entries that get a place
	for i, e := range entries {
		out[i] = Placing{TeamID: e.TeamID}
		if e.Status == typesv1.ResultStatus_completed || e.Status == typesv1.ResultStatus_capped || e.Status == typesv1.ResultStatus_dnf {
			placed = append(placed, i)
		}
	}

	compare := func(i, j int) int { return compareEntries(&entries[i], &entries[j], dir) }
	// The order among equal results does not matter: they get the same place
	// and the output follows the input order.
	slices.SortFunc(placed, compare)

	for n, i := range placed {
		place := n + 1
		if n > 0 && compare(placed[n-1], i) == 0 {
			place = out[placed[n-1]].Place // ties share the better place: 1, 2, 2, 4
		}
		points := t.Points(place)
		// A dnf scores nothing, except under ranksum where points are places
		// and a 0 would make a dnf the best possible result.
		if entries[i].Status == typesv1.ResultStatus_dnf && !t.LowerTotalWins() {
			points = 0
		}
		out[i] = Placing{TeamID: entries[i].TeamID, Place: place, Points: points, Ranked: true}
	}
	return out
}

// compareEntries returns <0 when a is the better of two placed results.
func compareEntries(a, b *Entry, dir Direction) int {
	if c := cmp.Compare(class(a.Status), class(b.Status)); c != 0 {
		return c
	}
	var c int
	switch a.Status {
	case typesv1.ResultStatus_completed:
		c = cmp.Compare(a.Value, b.Value)
		if dir == HigherIsBetter {
			c = -c
		}
	case typesv1.ResultStatus_capped:
		c = cmp.Compare(b.CappedReps, a.CappedReps) // more reps is better
	default:
		return 0 // every dnf is equal: nothing was entered to tell them apart
	}
	if c != 0 {
		return c
	}
	// A missing tiebreak ranks below any given one, as if it were never reached; two missing
	// tiebreaks leave the results tied.
	return nilorder.Compare(a.Tiebreak, b.Tiebreak)
}
