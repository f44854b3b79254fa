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
			out.Held = append(out.Held, &competitionv1.HeldWorkout{Number: int32(number), ReleaseAt: w.GetReleaseAt(),
				SubmissionDeadline: w.GetSubmissionDeadline()})
		}
	}
	ev.Workouts = slices.DeleteFunc(ev.Workouts, func(w *competitionv1.Workout) bool { return held[w.GetId()] })
	if held[ev.GetScoringRules().GetOverallWorkoutId()] {
		ev.ScoringRules.OverallWorkoutId = ""
	}
	return out
}
