package resultssvc

import (
	"strings"
	"testing"
	"time"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/results-svc/store"
)

// The structure keeps the orders it is given: competition-svc owns them
// (TestEveryViewKeepsCompetitionsOrder in public-svc checks them end to end).
func TestStructureKeepsTheGivenOrders(t *testing.T) {
	f := newFixture("")
	f.workout("Second", "REPS", 0, 2)
	f.workout("First", "REPS", 0, 1)
	f.workout("Alpha", "REPS", 0, 0)
	f.workout("Zed", "REPS", 0, 0)
	f.division("Scaled", "bravo", "Alpha", "charlie")
	f.division("Rx")
	st := f.structure(t)
	var names []string
	for _, w := range st.orderedWorkouts {
		names = append(names, w.Name)
	}
	if got := strings.Join(names, ","); got != "Second,First,Alpha,Zed" {
		t.Errorf("workouts %s", got)
	}
	names = nil
	for _, tm := range st.divisionTeams[f.d["Scaled"].Id] {
		names = append(names, tm.Name)
	}
	if got := strings.Join(names, ","); got != "bravo,Alpha,charlie" {
		t.Errorf("teams %s", got)
	}
	if st.orderedDivisions[0].Name != "Scaled" {
		t.Errorf("divisions reordered")
	}
	if len(st.allCells()) != 8 {
		t.Errorf("cells %d", len(st.allCells()))
	}
	if _, err := newStructure(newFixture("custom").es); err == nil {
		t.Error("custom table without points accepted")
	}
}

// res builds a stored result for scoring tests.
func res(f *fixture, team, workout, status string, value float64) store.Result {
	r := store.Result{ID: newID(), EventID: f.eventID(), TeamID: f.t[team].Id, WorkoutID: f.w[workout].Id,
		DivisionID: f.t[team].DivisionId, Status: typesv1.ResultStatus(typesv1.ResultStatus_value[status]), UpdatedAt: time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)}
	switch status {
	case "completed":
		r.Value = f64(value)
	case "capped":
		r.CappedReps = i32(int32(value))
	}
	return r
}
