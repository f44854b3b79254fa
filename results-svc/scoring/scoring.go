// Package scoring computes workout places, points and division standings for
// a competition, following the scoring rules (docs/architecture.md, "Where each rule lives"). It is pure:
// no I/O, no clock, no randomness, so the results service can recompute a
// whole leaderboard from the rows a view shows, on every read if it wants.
package scoring

import (
	"fmt"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
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
	Status     typesv1.ResultStatus // completed, capped, dnf, dns or dq (no Entry for not_started)
	Value      float64              // completed results only: seconds, reps, load or points
	CappedReps int                  // capped results only
	Tiebreak   *float64             // optional, lower is better; separates equal results
	Scaled     bool                 // done Scaled: below every Rx result of the workout
	Penalty    Penalty              // a judge's deduction, if any
}

// Placing is the outcome of one Entry. Ranked is false exactly when the entry
// does not count for the standings (a dns): Standings relies on that to mark the team
// withdrawn, while teams with no Entry at all are simply absent from the workout. A dq counts
// (the team stays in the standings) without a place: Ranked with Place 0.
type Placing struct {
	TeamID string
	Place  int // 0 = no place
	Points float64
	Ranked bool
}

// PlaceWorkout orders one workout of one division under the scoring document's rules (the
// table's points, ties sharing the better place) and gives places and points. It returns one
// Placing per entry, in input order. PlaceWith does the same under an event's own rules.
func PlaceWorkout(entries []Entry, dir Direction, t Table) []Placing {
	return PlaceWith(entries, Workout{Dir: dir}, Rules{Table: t})
}
