package scoring

import (
	"errors"
	"fmt"
)

// Rules are how an event scores (a division may have its own: the caller picks which apply).
// The zero Rules are the rules of the scoring document: podium100, ties share the better place,
// overall ties broken by countback.
type Rules struct {
	Table Table
	// Ties decides the points of equal results in a workout.
	Ties WorkoutTies
	// Overall decides the order of equal totals.
	Overall OverallTieBreak
	// OverallWorkout is the workout (its index in the workouts given to Standings) whose place
	// breaks equal totals under TieBreakByWorkout.
	OverallWorkout int
}

// WorkoutTies is what equal results in a workout get.
type WorkoutTies int

const (
	// TiesShareBetterPlace: equal results share the better place and its points, the next
	// place is skipped (1, 2, 2, 4).
	TiesShareBetterPlace WorkoutTies = iota
	// TiesAveragePoints: equal results share the better place and each gets the average of
	// the points of the places they span (2 and 3 under podium100: 92.5 each).
	TiesAveragePoints
	// TiesStand ("tie stand"): equal results all get the better place's points and the next
	// result takes the very next place (1, 2, 2, 3): nobody below a tie loses a place to it.
	TiesStand
)

// OverallTieBreak is how equal totals are ordered.
type OverallTieBreak int

const (
	// TieBreakCountback compares the teams' workout places sorted best first.
	TieBreakCountback OverallTieBreak = iota
	// TieBreakByWorkout: the better place in one chosen workout wins (then they share).
	TieBreakByWorkout
	// TieBreakNone: equal totals share the place.
	TieBreakNone
)

// Workout is what PlaceWith needs to know about one workout.
type Workout struct {
	Dir Direction
	// Weight multiplies the workout's points (0.5 … 3; 0 means 1).
	Weight float64
}

// MinWeight and MaxWeight bound a workout's weight.
const (
	MinWeight = 0.5
	MaxWeight = 3.0
)

// CheckWeight says what is wrong with a weight, or nil.
func CheckWeight(w float64) error {
	if !(w >= MinWeight && w <= MaxWeight) {
		return fmt.Errorf("scoring: weight must be between ×%g and ×%g, got %v", MinWeight, MaxWeight, w)
	}
	return nil
}

func (w Workout) weight() float64 {
	if w.Weight == 0 {
		return 1
	}
	return w.Weight
}

// PenaltyKind is what a penalty takes away.
type PenaltyKind int

const (
	NoPenalty PenaltyKind = iota
	// PenaltyTime adds seconds to a completed TIME result before placing.
	PenaltyTime
	// PenaltyReps deducts reps from a completed REPS result (or a capped result's reps) before
	// placing.
	PenaltyReps
	// PenaltyPoints deducts points from the workout's points after placing (never below 0).
	PenaltyPoints
)

// Penalty is a judge's deduction on one result, with the reason the board shows.
type Penalty struct {
	Kind   PenaltyKind
	Amount float64
	Reason string
}

// ErrPenalty is returned for a penalty that does not fit its result.
var ErrPenalty = errors.New("scoring: penalty does not fit the result")
