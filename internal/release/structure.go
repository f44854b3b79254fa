package release

import (
	"slices"

	"google.golang.org/protobuf/proto"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

// Public is the event's structure as the public may see it at held's time (Held): a copy
// without the held workouts, which it names in Held by number and times alone; the structure
// itself when none is held. Results of a held workout
// then count nowhere (the standings score the workouts of the structure they are given), and a
// by-workout tie-break naming one breaks no tie, as for a workout the event does not have.
func Public(es *competitionv1.EventStructure, held map[string]bool) *competitionv1.EventStructure {
	if len(held) == 0 {
		return es
	}
	out := proto.Clone(es).(*competitionv1.EventStructure)
	ev := out.GetEvent()
	// What the public may know of a held workout: its number and times, never its name or id.
	number := 0
	for _, w := range ev.GetWorkouts() {
		if w.GetPartOf() != "" {
			continue
		}
		number++
		if held[w.GetId()] {
			out.Held = append(out.Held, heldWorkout(ev.GetWorkouts(), w, number))
		}
	}
	ev.Workouts = slices.DeleteFunc(ev.Workouts, func(w *competitionv1.Workout) bool { return held[w.GetId()] })
	if held[ev.GetScoringRules().GetOverallWorkoutId()] {
		ev.ScoringRules.OverallWorkoutId = ""
	}
	return out
}

// heldWorkout is w as the public may know it before its release: a multi-part workout's window
// may be on its parts (Held), so the first part with one gives it.
func heldWorkout(workouts []*competitionv1.Workout, w *competitionv1.Workout, number int) *competitionv1.HeldWorkout {
	out := &competitionv1.HeldWorkout{Number: int32(number), ReleaseAt: w.GetReleaseAt(), SubmissionDeadline: w.GetSubmissionDeadline()}
	for _, p := range workouts {
		if out.ReleaseAt == "" && p.GetPartOf() == w.GetId() && p.GetReleaseAt() != "" {
			out.ReleaseAt, out.SubmissionDeadline = p.GetReleaseAt(), p.GetSubmissionDeadline()
		}
	}
	return out
}
