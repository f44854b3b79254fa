package setup_test

import (
	"fmt"
	"slices"
	"testing"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/competition-svc/setup"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

func TestScoreTypes(t *testing.T) {
	t.Parallel()
	resp, err := (&setup.Setup{}).ListScoreTypes(t.Context(), &competitionv1.ListScoreTypesRequest{})
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
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	var w *competitionv1.Workout
	f.Bumped(t, e.GetId(), func() {
		w = apitest.Must[*competitionv1.Workout](t)(f.Srv.CreateWorkout(f.Ctx, &competitionv1.CreateWorkoutRequest{
			EventId: e.GetId(), Name: " Fran ", Description: "21-15-9", ScoreType: "TIME", TimeCapSeconds: wrapperspb.Int32(600)}))
	})
	if w.GetName() != "Fran" || w.GetDescription() != "21-15-9" || w.GetScoreType() != typesv1.ScoreType_TIME || w.GetScoreTypeLabel() != "Zeit" ||
		w.GetTimeCapSeconds().GetValue() != 600 || w.GetWorkoutOrder().GetValue() != 1 || w.GetHasResults() || w.GetEventId() != e.GetId() {
		t.Errorf("workout: %v", w)
	}
	// Explicit order, then empty order → max + 1; no cap stays null.
	w2 := apitest.Must[*competitionv1.Workout](t)(f.Srv.CreateWorkout(f.Ctx, &competitionv1.CreateWorkoutRequest{
		EventId: e.GetId(), Name: "Grace", ScoreType: "REPS", WorkoutOrder: wrapperspb.Int32(5)}))
	w3 := f.Workout(t, e.GetId(), "Isabel", "MAX_WEIGHT")
	if w2.GetWorkoutOrder().GetValue() != 5 || w3.GetWorkoutOrder().GetValue() != 6 || w3.GetTimeCapSeconds() != nil {
		t.Errorf("orders: %v %v", w2, w3)
	}
	// Limits are inclusive.
	for _, c := range []int32{60, 3600} {
		apitest.Must[*competitionv1.Workout](t)(f.Srv.CreateWorkout(f.Ctx, &competitionv1.CreateWorkoutRequest{
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
		{"unknown event", &competitionv1.CreateWorkoutRequest{EventId: apitest.Missing, Name: "Fran", ScoreType: "TIME"}, apperr.KindNotFound, "", "Event not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.Srv.CreateWorkout(f.Ctx, tc.req)
			apitest.WantErr(t, err, tc.kind, tc.field, tc.msg)
		})
	}
}

func TestListAndGetWorkouts(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	other := f.Event(t, "Other", "2026-01-01", "2026-01-02")
	zulu := f.Workout(t, e.GetId(), "Zulu", "TIME")
	alpha := f.Workout(t, e.GetId(), "alpha", "REPS")
	f.Workout(t, e.GetId(), "Mike", "POINTS")
	foreign := f.Workout(t, other.GetId(), "Foreign", "TIME")
	d := f.Division(t, e.GetId(), "Elite")
	for _, name := range []string{"Team A", "Team B"} {
		f.SaveResults(t, f.Team(t, d.GetId(), name, "", "").GetId(), false, zulu)
	}

	before := f.Calls.Total()
	list := apitest.Must[*competitionv1.ListWorkoutsResponse](t)(f.Srv.ListWorkouts(f.Ctx, &competitionv1.ListWorkoutsRequest{EventId: e.GetId()}))
	if n := f.Calls.Total() - before; n != 0 {
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

	got := apitest.Must[*competitionv1.Workout](t)(f.Srv.GetWorkout(f.Ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: alpha.GetId()}))
	if got.GetName() != "alpha" || got.GetScoreTypeLabel() != "Wiederholungen" || got.GetHasResults() {
		t.Errorf("get: %v", got)
	}
	if !apitest.Must[*competitionv1.Workout](t)(f.Srv.GetWorkout(f.Ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: zulu.GetId()})).GetHasResults() {
		t.Error("get: hasResults false for a workout with results")
	}
	_, err := f.Srv.GetWorkout(f.Ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: foreign.GetId()})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Workout not found")
	_, err = f.Srv.GetWorkout(f.Ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: apitest.Missing})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Workout not found")
	_, err = f.Srv.GetWorkout(f.Ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: "w"})
	apitest.WantErr(t, err, apperr.KindInvalid, "id", "Workout id must be a valid id")
	_, err = f.Srv.ListWorkouts(f.Ctx, &competitionv1.ListWorkoutsRequest{EventId: apitest.Missing})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Event not found")
	_, err = f.Srv.ListWorkouts(f.Ctx, &competitionv1.ListWorkoutsRequest{EventId: "nope"})
	apitest.WantErr(t, err, apperr.KindInvalid, "eventId", "Event id must be a valid id")
}

func TestUpdateWorkout(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	w := apitest.Must[*competitionv1.Workout](t)(f.Srv.CreateWorkout(f.Ctx, &competitionv1.CreateWorkoutRequest{
		EventId: e.GetId(), Name: "Fran", ScoreType: "TIME", TimeCapSeconds: wrapperspb.Int32(600), WorkoutOrder: wrapperspb.Int32(3)}))
	f.SaveResults(t, f.Team(t, f.Division(t, e.GetId(), "Elite").GetId(), "Team", "", "").GetId(), false, w) // editing is allowed with results

	var got *competitionv1.Workout
	f.Bumped(t, e.GetId(), func() {
		got = apitest.Must[*competitionv1.Workout](t)(f.Srv.UpdateWorkout(f.Ctx, &competitionv1.UpdateWorkoutRequest{
			EventId: e.GetId(), Id: w.GetId(), Name: "Fran RX", Description: "new", ScoreType: "REPS"}))
	})
	if got.GetName() != "Fran RX" || got.GetDescription() != "new" || got.GetScoreType() != typesv1.ScoreType_REPS ||
		got.GetTimeCapSeconds() != nil || got.GetWorkoutOrder().GetValue() != 3 || !got.GetHasResults() {
		t.Errorf("update (no cap, order kept): %v", got)
	}
	got = apitest.Must[*competitionv1.Workout](t)(f.Srv.UpdateWorkout(f.Ctx, &competitionv1.UpdateWorkoutRequest{
		EventId: e.GetId(), Id: w.GetId(), Name: "Fran", ScoreType: "TIME", TimeCapSeconds: wrapperspb.Int32(300), WorkoutOrder: wrapperspb.Int32(3)}))
	if got.GetTimeCapSeconds().GetValue() != 300 || got.GetWorkoutOrder().GetValue() != 3 {
		t.Errorf("update (cap, order): %v", got)
	}

	_, err := f.Srv.UpdateWorkout(f.Ctx, &competitionv1.UpdateWorkoutRequest{EventId: e.GetId(), Id: w.GetId(), Name: "Fran", ScoreType: "TIME", WorkoutOrder: wrapperspb.Int32(-1)})
	apitest.WantErr(t, err, apperr.KindInvalid, "workoutOrder", "Workout order must be at least 1")
	_, err = f.Srv.UpdateWorkout(f.Ctx, &competitionv1.UpdateWorkoutRequest{EventId: e.GetId(), Id: w.GetId(), Name: "Fran", ScoreType: "time!"})
	apitest.WantErr(t, err, apperr.KindInvalid, "scoreType", "Please select a valid score type")
	_, err = f.Srv.UpdateWorkout(f.Ctx, &competitionv1.UpdateWorkoutRequest{EventId: apitest.Missing, Id: w.GetId(), Name: "Fran", ScoreType: "TIME"})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Workout not found")
	_, err = f.Srv.UpdateWorkout(f.Ctx, &competitionv1.UpdateWorkoutRequest{EventId: e.GetId(), Id: apitest.Missing, Name: "Fran", ScoreType: "TIME"})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Workout not found")
}

func TestDeleteWorkout(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	used := f.Workout(t, e.GetId(), "Used", "TIME")
	free := f.Workout(t, e.GetId(), "Free", "TIME")
	team := f.Team(t, f.Division(t, e.GetId(), "Elite").GetId(), "Team", "", "")
	f.SaveResults(t, team.GetId(), false, used)

	f.NotBumped(t, e.GetId(), func() {
		_, err := f.Srv.DeleteWorkout(f.Ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: used.GetId()})
		apitest.WantErr(t, err, apperr.KindConflict, "", "This workout has results and cannot be deleted. Delete its results first.")
	})
	purges := f.Calls.Count("PurgeResults")
	f.Bumped(t, e.GetId(), func() {
		apitest.Must[any](t)(f.Srv.DeleteWorkout(f.Ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: free.GetId()}))
	})
	// The clean-up reached results-svc (the workout had no results to purge).
	if n := f.Calls.Count("PurgeResults") - purges; n != 1 {
		t.Errorf("%d purges delivered to results-svc, want 1", n)
	}
	_, err := f.Srv.DeleteWorkout(f.Ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: free.GetId()})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Workout not found")
	if n := f.StoredResults(t, used.GetId()); n != 1 {
		t.Errorf("%d results of the workout that stayed, want 1", n)
	}
	list := apitest.Must[*competitionv1.ListWorkoutsResponse](t)(f.Srv.ListWorkouts(f.Ctx, &competitionv1.ListWorkoutsRequest{EventId: e.GetId()}))
	if len(list.GetWorkouts()) != 1 || list.GetWorkouts()[0].GetId() != used.GetId() {
		t.Errorf("left: %v", list)
	}
}

func TestReorderWorkouts(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	a := f.Workout(t, e.GetId(), "WOD A", "TIME")
	b := f.Workout(t, e.GetId(), "WOD B", "TIME")
	c := f.Workout(t, e.GetId(), "WOD C", "TIME")
	foreign := f.Workout(t, f.Event(t, "Other", "2026-01-01", "2026-01-02").GetId(), "WOD X", "TIME")

	var resp *competitionv1.ListWorkoutsResponse
	f.Bumped(t, e.GetId(), func() {
		resp = apitest.Must[*competitionv1.ListWorkoutsResponse](t)(f.Srv.ReorderWorkouts(f.Ctx, &competitionv1.ReorderWorkoutsRequest{
			EventId: e.GetId(), WorkoutIds: []string{c.GetId(), a.GetId(), b.GetId()}}))
	})
	var got []string
	for _, w := range resp.GetWorkouts() {
		got = append(got, fmt.Sprintf("%s=%d", w.GetName(), w.GetWorkoutOrder().GetValue()))
	}
	if want := []string{"WOD C=1", "WOD A=2", "WOD B=3"}; !slices.Equal(got, want) {
		t.Errorf("reordered = %q, want %q", got, want)
	}
	ev := apitest.Must[*competitionv1.Event](t)(f.Srv.GetEvent(f.Ctx, &competitionv1.EventRequest{Id: e.GetId()}))
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
			_, err := f.Srv.ReorderWorkouts(f.Ctx, &competitionv1.ReorderWorkoutsRequest{EventId: e.GetId(), WorkoutIds: tc.ids})
			apitest.WantErr(t, err, apperr.KindInvalid, "workoutIds", setup.MsgReorderIncomplete)
		})
	}
	_, err := f.Srv.ReorderWorkouts(f.Ctx, &competitionv1.ReorderWorkoutsRequest{EventId: e.GetId(), WorkoutIds: []string{a.GetId(), "b", c.GetId()}})
	apitest.WantErr(t, err, apperr.KindInvalid, "workoutIds[1]", "Workout id must be a valid id")
	_, err = f.Srv.ReorderWorkouts(f.Ctx, &competitionv1.ReorderWorkoutsRequest{EventId: apitest.Missing})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Event not found")

	// Any result in the event blocks reordering, and nothing changes.
	f.SaveResults(t, f.Team(t, f.Division(t, e.GetId(), "Elite").GetId(), "Team", "", "").GetId(), false, b)
	f.NotBumped(t, e.GetId(), func() {
		_, err = f.Srv.ReorderWorkouts(f.Ctx, &competitionv1.ReorderWorkoutsRequest{EventId: e.GetId(), WorkoutIds: []string{a.GetId(), b.GetId(), c.GetId()}})
	})
	apitest.WantErr(t, err, apperr.KindConflict, "", "Workouts cannot be reordered because results have already been entered for this event.")
	if w := apitest.Must[*competitionv1.Workout](t)(f.Srv.GetWorkout(f.Ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: c.GetId()})); w.GetWorkoutOrder().GetValue() != 1 {
		t.Errorf("order changed by a refused reorder: %v", w)
	}
}
