package competitionsvc

import (
	"fmt"
	"slices"
	"testing"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/competition-svc/setup"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

func TestScoreTypes(t *testing.T) {
	t.Parallel()
	resp, err := (&Server{}).ListScoreTypes(t.Context(), &competitionv1.ListScoreTypesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range resp.GetScoreTypes() {
		got = append(got, s.GetValue().String()+"="+s.GetLabel())
	}
	if want := []string{"TIME=Zeit", "REPS=Wiederholungen", "MAX_WEIGHT=Max. Gewicht", "POINTS=Punkte"}; !slices.Equal(got, want) {
		t.Errorf("score types = %q, want %q", got, want)
	}
}

func TestCreateWorkout(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e := f.event(t, "Open", "2026-01-01", "2026-01-02")
	var w *competitionv1.Workout
	f.bumped(t, e.GetId(), func() {
		w = must[*competitionv1.Workout](t)(f.srv.CreateWorkout(f.ctx, &competitionv1.CreateWorkoutRequest{
			EventId: e.GetId(), Name: " Fran ", Description: "21-15-9", ScoreType: "TIME", TimeCapSeconds: wrapperspb.Int32(600)}))
	})
	if w.GetName() != "Fran" || w.GetDescription() != "21-15-9" || w.GetScoreType() != typesv1.ScoreType_TIME || w.GetScoreTypeLabel() != "Zeit" ||
		w.GetTimeCapSeconds().GetValue() != 600 || w.GetWorkoutOrder().GetValue() != 1 || w.GetHasResults() || w.GetEventId() != e.GetId() {
		t.Errorf("workout: %v", w)
	}
	// Explicit order, then empty order → max + 1; no cap stays null.
	w2 := must[*competitionv1.Workout](t)(f.srv.CreateWorkout(f.ctx, &competitionv1.CreateWorkoutRequest{
		EventId: e.GetId(), Name: "Grace", ScoreType: "REPS", WorkoutOrder: wrapperspb.Int32(5)}))
	w3 := f.workout(t, e.GetId(), "Isabel", "MAX_WEIGHT")
	if w2.GetWorkoutOrder().GetValue() != 5 || w3.GetWorkoutOrder().GetValue() != 6 || w3.GetTimeCapSeconds() != nil {
		t.Errorf("orders: %v %v", w2, w3)
	}
	// Limits are inclusive.
	for _, c := range []int32{60, 3600} {
		must[*competitionv1.Workout](t)(f.srv.CreateWorkout(f.ctx, &competitionv1.CreateWorkoutRequest{
			EventId: e.GetId(), Name: "Cap", ScoreType: "POINTS", TimeCapSeconds: wrapperspb.Int32(c)}))
	}

	for _, tc := range []struct {
		name  string
		req   *competitionv1.CreateWorkoutRequest
		kind  apperr.Kind
		field string
		msg   string
	}{
		{"short name", &competitionv1.CreateWorkoutRequest{EventId: e.GetId(), Name: "F", ScoreType: "TIME"}, apperr.KindInvalid, "name", "Workout name must be at least 2 characters"},
		{"long name", &competitionv1.CreateWorkoutRequest{EventId: e.GetId(), Name: repeat("w", 256), ScoreType: "TIME"}, apperr.KindInvalid, "name", "Workout name must not exceed 255 characters"},
		{"long description", &competitionv1.CreateWorkoutRequest{EventId: e.GetId(), Name: "Fran", Description: repeat("d", 5001), ScoreType: "TIME"}, apperr.KindInvalid, "description", "Description must not exceed 5000 characters"},
		{"no score type", &competitionv1.CreateWorkoutRequest{EventId: e.GetId(), Name: "Fran"}, apperr.KindInvalid, "scoreType", "Please select a valid score type"},
		{"bad score type", &competitionv1.CreateWorkoutRequest{EventId: e.GetId(), Name: "Fran", ScoreType: "DISTANCE"}, apperr.KindInvalid, "scoreType", "Please select a valid score type"},
		{"cap too short", &competitionv1.CreateWorkoutRequest{EventId: e.GetId(), Name: "Fran", ScoreType: "TIME", TimeCapSeconds: wrapperspb.Int32(59)}, apperr.KindInvalid, "timeCapSeconds", "Time cap must be between 01:00 and 60:00 (MM:SS format)"},
		{"cap too long", &competitionv1.CreateWorkoutRequest{EventId: e.GetId(), Name: "Fran", ScoreType: "TIME", TimeCapSeconds: wrapperspb.Int32(3601)}, apperr.KindInvalid, "timeCapSeconds", "Time cap must be between 01:00 and 60:00 (MM:SS format)"},
		{"order zero", &competitionv1.CreateWorkoutRequest{EventId: e.GetId(), Name: "Fran", ScoreType: "TIME", WorkoutOrder: wrapperspb.Int32(0)}, apperr.KindInvalid, "workoutOrder", "Workout order must be at least 1"},
		{"malformed event", &competitionv1.CreateWorkoutRequest{EventId: "e", Name: "Fran", ScoreType: "TIME"}, apperr.KindInvalid, "eventId", "Event id must be a valid id"},
		{"unknown event", &competitionv1.CreateWorkoutRequest{EventId: missingID, Name: "Fran", ScoreType: "TIME"}, apperr.KindNotFound, "", "Event not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.srv.CreateWorkout(f.ctx, tc.req)
			wantErr(t, err, tc.kind, tc.field, tc.msg)
		})
	}
}

func TestListAndGetWorkouts(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e := f.event(t, "Open", "2026-01-01", "2026-01-02")
	other := f.event(t, "Other", "2026-01-01", "2026-01-02")
	zulu := f.workout(t, e.GetId(), "Zulu", "TIME")
	alpha := f.workout(t, e.GetId(), "alpha", "REPS")
	f.workout(t, e.GetId(), "Mike", "POINTS")
	foreign := f.workout(t, other.GetId(), "Foreign", "TIME")
	d := f.division(t, e.GetId(), "Elite")
	for _, name := range []string{"Team A", "Team B"} {
		f.saveResults(t, f.team(t, d.GetId(), name, "", "").GetId(), false, zulu)
	}

	before := f.calls.total()
	list := must[*competitionv1.ListWorkoutsResponse](t)(f.srv.ListWorkouts(f.ctx, &competitionv1.ListWorkoutsRequest{EventId: e.GetId()}))
	if n := f.calls.total() - before; n != 0 {
		t.Errorf("%d calls to results-svc for one list: the counts are competition-svc's own", n)
	}
	var names []string
	for _, w := range list.GetWorkouts() {
		names = append(names, w.GetName())
	}
	if want := []string{"alpha", "Mike", "Zulu"}; !slices.Equal(names, want) {
		t.Errorf("list = %q, want %q (by name)", names, want)
	}
	if !list.GetWorkouts()[2].GetHasResults() || list.GetWorkouts()[0].GetHasResults() {
		t.Errorf("hasResults: %v", list.GetWorkouts())
	}

	got := must[*competitionv1.Workout](t)(f.srv.GetWorkout(f.ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: alpha.GetId()}))
	if got.GetName() != "alpha" || got.GetScoreTypeLabel() != "Wiederholungen" || got.GetHasResults() {
		t.Errorf("get: %v", got)
	}
	if !must[*competitionv1.Workout](t)(f.srv.GetWorkout(f.ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: zulu.GetId()})).GetHasResults() {
		t.Error("get: hasResults false for a workout with results")
	}
	_, err := f.srv.GetWorkout(f.ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: foreign.GetId()})
	wantErr(t, err, apperr.KindNotFound, "", "Workout not found")
	_, err = f.srv.GetWorkout(f.ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: missingID})
	wantErr(t, err, apperr.KindNotFound, "", "Workout not found")
	_, err = f.srv.GetWorkout(f.ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: "w"})
	wantErr(t, err, apperr.KindInvalid, "id", "Workout id must be a valid id")
	_, err = f.srv.ListWorkouts(f.ctx, &competitionv1.ListWorkoutsRequest{EventId: missingID})
	wantErr(t, err, apperr.KindNotFound, "", "Event not found")
	_, err = f.srv.ListWorkouts(f.ctx, &competitionv1.ListWorkoutsRequest{EventId: "nope"})
	wantErr(t, err, apperr.KindInvalid, "eventId", "Event id must be a valid id")
}

func TestUpdateWorkout(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e := f.event(t, "Open", "2026-01-01", "2026-01-02")
	w := must[*competitionv1.Workout](t)(f.srv.CreateWorkout(f.ctx, &competitionv1.CreateWorkoutRequest{
		EventId: e.GetId(), Name: "Fran", ScoreType: "TIME", TimeCapSeconds: wrapperspb.Int32(600), WorkoutOrder: wrapperspb.Int32(3)}))
	f.saveResults(t, f.team(t, f.division(t, e.GetId(), "Elite").GetId(), "Team", "", "").GetId(), false, w) // editing is allowed with results

	var got *competitionv1.Workout
	f.bumped(t, e.GetId(), func() {
		got = must[*competitionv1.Workout](t)(f.srv.UpdateWorkout(f.ctx, &competitionv1.UpdateWorkoutRequest{
			EventId: e.GetId(), Id: w.GetId(), Name: "Fran RX", Description: "new", ScoreType: "REPS"}))
	})
	if got.GetName() != "Fran RX" || got.GetDescription() != "new" || got.GetScoreType() != typesv1.ScoreType_REPS ||
		got.GetTimeCapSeconds() != nil || got.GetWorkoutOrder().GetValue() != 3 || !got.GetHasResults() {
		t.Errorf("update (no cap, order kept): %v", got)
	}
	got = must[*competitionv1.Workout](t)(f.srv.UpdateWorkout(f.ctx, &competitionv1.UpdateWorkoutRequest{
		EventId: e.GetId(), Id: w.GetId(), Name: "Fran", ScoreType: "TIME", TimeCapSeconds: wrapperspb.Int32(300), WorkoutOrder: wrapperspb.Int32(3)}))
	if got.GetTimeCapSeconds().GetValue() != 300 || got.GetWorkoutOrder().GetValue() != 3 {
		t.Errorf("update (cap, order): %v", got)
	}

	_, err := f.srv.UpdateWorkout(f.ctx, &competitionv1.UpdateWorkoutRequest{EventId: e.GetId(), Id: w.GetId(), Name: "Fran", ScoreType: "TIME", WorkoutOrder: wrapperspb.Int32(-1)})
	wantErr(t, err, apperr.KindInvalid, "workoutOrder", "Workout order must be at least 1")
	_, err = f.srv.UpdateWorkout(f.ctx, &competitionv1.UpdateWorkoutRequest{EventId: e.GetId(), Id: w.GetId(), Name: "Fran", ScoreType: "time!"})
	wantErr(t, err, apperr.KindInvalid, "scoreType", "Please select a valid score type")
	_, err = f.srv.UpdateWorkout(f.ctx, &competitionv1.UpdateWorkoutRequest{EventId: missingID, Id: w.GetId(), Name: "Fran", ScoreType: "TIME"})
	wantErr(t, err, apperr.KindNotFound, "", "Workout not found")
	_, err = f.srv.UpdateWorkout(f.ctx, &competitionv1.UpdateWorkoutRequest{EventId: e.GetId(), Id: missingID, Name: "Fran", ScoreType: "TIME"})
	wantErr(t, err, apperr.KindNotFound, "", "Workout not found")
}

func TestDeleteWorkout(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e := f.event(t, "Open", "2026-01-01", "2026-01-02")
	used := f.workout(t, e.GetId(), "Used", "TIME")
	free := f.workout(t, e.GetId(), "Free", "TIME")
	team := f.team(t, f.division(t, e.GetId(), "Elite").GetId(), "Team", "", "")
	f.saveResults(t, team.GetId(), false, used)

	f.notBumped(t, e.GetId(), func() {
		_, err := f.srv.DeleteWorkout(f.ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: used.GetId()})
		wantErr(t, err, apperr.KindConflict, "", "This workout has results and cannot be deleted. Delete its results first.")
	})
	purges := f.calls.count("PurgeResults")
	f.bumped(t, e.GetId(), func() {
		must[any](t)(f.srv.DeleteWorkout(f.ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: free.GetId()}))
	})
	// The clean-up reached results-svc (the workout had no results to purge).
	if n := f.calls.count("PurgeResults") - purges; n != 1 {
		t.Errorf("%d purges delivered to results-svc, want 1", n)
	}
	_, err := f.srv.DeleteWorkout(f.ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: free.GetId()})
	wantErr(t, err, apperr.KindNotFound, "", "Workout not found")
	if n := f.storedResults(t, used.GetId()); n != 1 {
		t.Errorf("%d results of the workout that stayed, want 1", n)
	}
	list := must[*competitionv1.ListWorkoutsResponse](t)(f.srv.ListWorkouts(f.ctx, &competitionv1.ListWorkoutsRequest{EventId: e.GetId()}))
	if len(list.GetWorkouts()) != 1 || list.GetWorkouts()[0].GetId() != used.GetId() {
		t.Errorf("left: %v", list)
	}
}

func TestReorderWorkouts(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e := f.event(t, "Open", "2026-01-01", "2026-01-02")
	a := f.workout(t, e.GetId(), "WOD A", "TIME")
	b := f.workout(t, e.GetId(), "WOD B", "TIME")
	c := f.workout(t, e.GetId(), "WOD C", "TIME")
	foreign := f.workout(t, f.event(t, "Other", "2026-01-01", "2026-01-02").GetId(), "WOD X", "TIME")

	var resp *competitionv1.ListWorkoutsResponse
	f.bumped(t, e.GetId(), func() {
		resp = must[*competitionv1.ListWorkoutsResponse](t)(f.srv.ReorderWorkouts(f.ctx, &competitionv1.ReorderWorkoutsRequest{
			EventId: e.GetId(), WorkoutIds: []string{c.GetId(), a.GetId(), b.GetId()}}))
	})
	var got []string
	for _, w := range resp.GetWorkouts() {
		got = append(got, fmt.Sprintf("%s=%d", w.GetName(), w.GetWorkoutOrder().GetValue()))
	}
	if want := []string{"WOD C=1", "WOD A=2", "WOD B=3"}; !slices.Equal(got, want) {
		t.Errorf("reordered = %q, want %q", got, want)
	}
	ev := must[*competitionv1.Event](t)(f.srv.GetEvent(f.ctx, &competitionv1.EventRequest{Id: e.GetId()}))
	if ev.GetWorkouts()[0].GetId() != c.GetId() {
		t.Errorf("event workouts not in the new order: %v", ev.GetWorkouts())
	}

	for _, tc := range []struct {
		name string
		ids  []string
	}{
		{"missing one", []string{a.GetId(), b.GetId()}},
		{"duplicate", []string{a.GetId(), b.GetId(), b.GetId()}},
		{"foreign", []string{a.GetId(), b.GetId(), foreign.GetId()}},
		{"extra", []string{a.GetId(), b.GetId(), c.GetId(), foreign.GetId()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.srv.ReorderWorkouts(f.ctx, &competitionv1.ReorderWorkoutsRequest{EventId: e.GetId(), WorkoutIds: tc.ids})
			wantErr(t, err, apperr.KindInvalid, "workoutIds", setup.MsgReorderIncomplete)
		})
	}
	_, err := f.srv.ReorderWorkouts(f.ctx, &competitionv1.ReorderWorkoutsRequest{EventId: e.GetId(), WorkoutIds: []string{a.GetId(), "b", c.GetId()}})
	wantErr(t, err, apperr.KindInvalid, "workoutIds[1]", "Workout id must be a valid id")
	_, err = f.srv.ReorderWorkouts(f.ctx, &competitionv1.ReorderWorkoutsRequest{EventId: missingID})
	wantErr(t, err, apperr.KindNotFound, "", "Event not found")

	// Any result in the event blocks reordering, and nothing changes.
	f.saveResults(t, f.team(t, f.division(t, e.GetId(), "Elite").GetId(), "Team", "", "").GetId(), false, b)
	f.notBumped(t, e.GetId(), func() {
		_, err = f.srv.ReorderWorkouts(f.ctx, &competitionv1.ReorderWorkoutsRequest{EventId: e.GetId(), WorkoutIds: []string{a.GetId(), b.GetId(), c.GetId()}})
	})
	wantErr(t, err, apperr.KindConflict, "", "Workouts cannot be reordered because results have already been entered for this event.")
	if w := must[*competitionv1.Workout](t)(f.srv.GetWorkout(f.ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: c.GetId()})); w.GetWorkoutOrder().GetValue() != 1 {
		t.Errorf("order changed by a refused reorder: %v", w)
	}
}
