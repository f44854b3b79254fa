// Package setup owns an event's setup (docs/architecture.md, "competition-svc"): events and
// their status, scoring and online settings, divisions, teams and their rosters, workouts,
// the import of teams and of whole event documents, the export, the activity feed, and the
// internal reads of an event's structure other services build on.
package setup

import (
	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
)

// service holds setup's use cases; its RPCs (the *_grpc.go files) are their only callers.
type service struct {
	*core.Service
}

// Setup implements setup's RPCs of competitionv1.CompetitionServiceServer.
type Setup struct{ svc *service }

// New returns setup's RPCs over the shared service core.
func New(c *core.Service) *Setup { return &Setup{svc: &service{Service: c}} }

// EventView is an event with its workouts (by workoutOrder) and divisions (by name).
type EventView struct {
	store.Event
	Workouts  []WorkoutView
	Divisions []store.Division
}

// TeamView is a team with its counts of published results and of all its results.
type TeamView struct {
	store.Team
	FinalResultsCount int32
	ResultsCount      int32
}

// WorkoutView is a workout with whether any result was entered for it.
type WorkoutView struct {
	store.Workout
	HasResults bool
}

// countsStrictness says what to do when the counts cannot be read: fail the read (a page that
// shows counts must not show wrong ones) or leave the counts at zero (the answer of a change
// that is already committed); a list made of new or checked parts skips them.
type countsStrictness int

const (
	countsRequired countsStrictness = iota
	countsBestEffort
	countsSkipped
)
