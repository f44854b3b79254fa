package store

import (
	"cmp"
	"slices"

	"github.com/podium-dev/podium/internal/platform/natural"
	"github.com/podium-dev/podium/internal/platform/nilorder"
)

// The orders of an event's parts. competition-svc is their one owner: every list it returns,
// the event structure included, is in these orders, and results-svc, public-svc and the web
// app keep the order they are given (docs/architecture.md, "Where each rule lives"). Names
// compare naturally (internal/platform/natural: "Team 2" before "Team 10"); the ids make each
// order total, so equal names never swap between two reads.

// eventsInOrder sorts events by start date, then name.
func eventsInOrder(events []Event, err error) ([]Event, error) {
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(events, compareEvents)
	return events, nil
}

func compareEvents(a, b Event) int {
	return cmp.Or(a.DateFrom.Compare(b.DateFrom), natural.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
}

// divisionsByName sorts divisions by name.
func divisionsByName(divisions []Division, err error) ([]Division, error) {
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(divisions, func(a, b Division) int {
		return cmp.Or(natural.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	})
	return divisions, nil
}

// teamsByName sorts teams by name.
func teamsByName(teams []Team, err error) ([]Team, error) {
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(teams, func(a, b Team) int {
		return cmp.Or(natural.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	})
	return teams, nil
}

// workoutsInOrder sorts workouts by workoutOrder (those without one last), then name: the
// order of the leaderboards' columns, the result grids and the event structure. A multi-part
// workout's parts come right after it, in their own order (docs/scoring.md).
func workoutsInOrder(workouts []Workout, err error) ([]Workout, error) {
	if err != nil {
		return nil, err
	}
	byOrder := func(a, b Workout) int {
		return cmp.Or(nilorder.Compare(a.WorkoutOrder, b.WorkoutOrder), natural.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	}
	slices.SortStableFunc(workouts, byOrder)
	present := make(map[string]bool, len(workouts))
	for _, w := range workouts {
		present[w.ID] = true
	}
	parts := map[string][]Workout{}
	out := make([]Workout, 0, len(workouts))
	for _, w := range workouts {
		if w.PartOf != nil && present[*w.PartOf] {
			parts[*w.PartOf] = append(parts[*w.PartOf], w)
		}
	}
	for _, w := range workouts {
		if w.PartOf != nil && present[*w.PartOf] {
			continue
		}
		out = append(out, w)
		out = append(out, parts[w.ID]...)
	}
	return out, nil
}

// workoutsByName sorts workouts by name, then workoutOrder: the console's workouts list.
func workoutsByName(workouts []Workout, err error) ([]Workout, error) {
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(workouts, func(a, b Workout) int {
		return cmp.Or(natural.Compare(a.Name, b.Name), nilorder.Compare(a.WorkoutOrder, b.WorkoutOrder), cmp.Compare(a.ID, b.ID))
	})
	return workouts, nil
}

// groupedByEvent orders divisions (already by name) by their event's place in events.
func groupedByEvent(events []Event, divisions []Division) []Division {
	place := make(map[string]int, len(events))
	for i, e := range events {
		place[e.ID] = i
	}
	slices.SortStableFunc(divisions, func(a, b Division) int { return cmp.Compare(place[a.EventID], place[b.EventID]) })
	return divisions
}

// heatsInWorkoutOrder orders heats (already by number) by their workout's place in workouts.
func heatsInWorkoutOrder(workouts []Workout, heats []Heat) []Heat {
	place := make(map[string]int, len(workouts))
	for i, w := range workouts {
		place[w.ID] = i
	}
	slices.SortStableFunc(heats, func(a, b Heat) int { return cmp.Compare(place[a.WorkoutID], place[b.WorkoutID]) })
	return heats
}

// checkInInOrder sorts the check-in screen's teams by division, then team name.
func checkInInOrder(teams []CheckInTeam) {
	slices.SortStableFunc(teams, func(a, b CheckInTeam) int {
		return cmp.Or(natural.Compare(a.DivisionName, b.DivisionName), natural.Compare(a.TeamName, b.TeamName), cmp.Compare(a.TeamID, b.TeamID))
	})
}
