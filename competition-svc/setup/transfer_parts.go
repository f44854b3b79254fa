package setup

import (
	"fmt"
	"slices"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// An imported document's multi-part workouts (docs/scoring.md): checked by the console's rules
// (workout_parts.go) over the document's workouts, created parts after their workouts.

const msgResultOnHeader = "%s has parts: a result belongs to one of its parts"

// checkParts applies checkParts to every workout of the document, and refuses a result or a
// heat on a workout with parts (teams race its parts).
func (plan importPlan) checkParts() error {
	workouts := make([]store.Workout, len(plan.workouts))
	for i, w := range plan.workouts {
		workouts[i] = store.Workout{ID: plan.workoutID[i], Name: w.Name, ScoreType: w.scoreType, PartOf: w.partOf, Parts: w.parts}
	}
	order := plan.creationOrder()
	headers := len(order) - plan.partCount()
	for _, i := range slices.Concat(order[headers:], order[:headers]) { // a part's refusal names the part
		w := plan.workouts[i]
		field := fmt.Sprintf("workouts[%d].", i)
		c := w.partsCheck(workouts[i])
		c.partOfField, c.partsField, c.scoreTypeField = field+"partOf", field+"parts", field+"scoreType"
		if err := checkParts(c, workouts, false); err != nil {
			return err
		}
	}
	withParts := map[string]string{}
	for _, w := range workouts {
		if w.Parts != nil {
			withParts[w.ID] = w.Name
		}
	}
	for i, r := range plan.results {
		if name, ok := withParts[r.GetWorkoutId()]; ok {
			return apperr.Invalid(fmt.Sprintf("results[%d].workoutId", i), fmt.Sprintf(msgResultOnHeader, name))
		}
	}
	for i, h := range plan.heats {
		if name, ok := withParts[h.WorkoutID]; ok {
			return apperr.Invalid(fmt.Sprintf("heats[%d].workoutId", i), fmt.Sprintf(core.MsgHeatOnWorkoutWithParts, name))
		}
	}
	return nil
}

// creationOrder lists the workouts' indexes with every part after the workout it names.
func (plan importPlan) creationOrder() []int {
	var first, parts []int
	for i, w := range plan.workouts {
		if w.partOf != nil {
			parts = append(parts, i)
		} else {
			first = append(first, i)
		}
	}
	return append(first, parts...)
}

// partCount is how many of the document's workouts are parts.
func (plan importPlan) partCount() int {
	n := 0
	for _, w := range plan.workouts {
		if w.partOf != nil {
			n++
		}
	}
	return n
}
