package setup_test

import (
	"sync"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The result counts results-svc records in competition-svc (docs/architecture.md, "Calls
// between services"), through both real services.

// orphanedResults counts results whose team or workout competition-svc no longer has.
const orphanedResults = `SELECT count(*) FROM results.results r
	WHERE NOT EXISTS (SELECT 1 FROM competition.teams t WHERE t.id = r.team_id)
	   OR NOT EXISTS (SELECT 1 FROM competition.workouts w WHERE w.id = r.workout_id)`

func orphans(t *testing.T, f *apitest.Services) int {
	t.Helper()
	var n int
	if err := f.Pool.QueryRow(f.Ctx, orphanedResults).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// saveOne saves (and publishes, with publish) a team's result in a workout, answering the
// save's error.
func saveOne(f *apitest.Services, teamID, workoutID string, publish bool) error {
	_, err := f.Results.BatchSaveResults(f.Ctx, &resultsv1.BatchSaveResultsRequest{Publish: publish,
		Results: []*resultsv1.ResultInput{{TeamId: teamID, WorkoutId: workoutID, ResultValue: wrapperspb.Double(42)}}})
	return err
}

// refusedWithMessage checks that a save for a team or workout deleted meanwhile was refused
// with a message for the person: the raise's (not found), or the structure's when results-svc
// read it after the delete (not part of the event).
func refusedWithMessage(t *testing.T, err error) {
	t.Helper()
	st, _ := apperr.ToStatus(err)
	if err == nil || st.Message() == "" || st.Code() != codes.NotFound && st.Code() != codes.InvalidArgument {
		t.Fatalf("a save for a part deleted meanwhile: %v", err)
	}
}

// A team's delete racing its first published result: the delete sees the raised counts and is
// refused, or commits first and the save is refused; never both, and no result outlives its
// team. The same for a workout's delete and its first result.
func TestDeleteRacingFirstSaveLeavesNoOrphan(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Race", "2026-03-01", "2026-03-01")
	d := f.Division(t, e.GetId(), "Elite")
	w := f.Workout(t, e.GetId(), "Fran", "REPS")
	const rounds = 25
	outcomes := map[string]int{}
	for i := range rounds {
		tm := f.Team(t, d.GetId(), "Team "+string(rune('A'+i)), "", "")
		var saveErr, delErr error
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); saveErr = saveOne(f, tm.GetId(), w.GetId(), true) }()
		go func() {
			defer wg.Done()
			_, delErr = f.Srv.DeleteTeam(f.Ctx, &competitionv1.TeamRequest{Id: tm.GetId()})
		}()
		wg.Wait()
		switch {
		case saveErr == nil && delErr == nil:
			t.Fatalf("round %d: the team was deleted and its published result saved", i)
		case saveErr == nil:
			apitest.WantErr(t, delErr, apperr.KindConflict, "", "This team has final results and cannot be edited or deleted.")
			outcomes["save first"]++
		case delErr == nil:
			refusedWithMessage(t, saveErr)
			outcomes["delete first"]++
		default:
			t.Fatalf("round %d: both refused: save %v, delete %v", i, saveErr, delErr)
		}
	}
	for i := range rounds {
		wo := f.Workout(t, e.GetId(), "WOD "+string(rune('A'+i)), "REPS")
		tm := f.Team(t, d.GetId(), "Workout team "+string(rune('A'+i)), "", "")
		var saveErr, delErr error
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); saveErr = saveOne(f, tm.GetId(), wo.GetId(), false) }()
		go func() {
			defer wg.Done()
			_, delErr = f.Srv.DeleteWorkout(f.Ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: wo.GetId()})
		}()
		wg.Wait()
		if (saveErr == nil) == (delErr == nil) {
			t.Fatalf("workout round %d: save %v, delete %v: exactly one goes through", i, saveErr, delErr)
		}
		if saveErr != nil {
			refusedWithMessage(t, saveErr)
		}
	}
	if n := orphans(t, f); n != 0 {
		t.Fatalf("%d results without their team or workout", n)
	}
	t.Logf("team rounds: %v", outcomes)
}

// The console's counts follow the results: saves, publication, unpublication and deletes.
func TestConsoleCountsFollowResults(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Counts", "2026-03-01", "2026-03-01")
	d := f.Division(t, e.GetId(), "Elite")
	fran := f.Workout(t, e.GetId(), "Fran", "REPS")
	cindy := f.Workout(t, e.GetId(), "Cindy", "REPS")
	a := f.Team(t, d.GetId(), "Alpha", "", "")
	b := f.Team(t, d.GetId(), "Bravo", "", "")

	check := func(step string, wantA, wantAFinal, wantB int32, wantFran, wantCindy bool) {
		t.Helper()
		teams := apitest.Must[*competitionv1.ListTeamsResponse](t)(f.Srv.ListDivisionTeams(f.Ctx, &competitionv1.ListDivisionTeamsRequest{DivisionId: d.GetId()}))
		got := map[string]*competitionv1.Team{}
		for _, tm := range teams.GetTeams() {
			got[tm.GetId()] = tm
		}
		if ta, tb := got[a.GetId()], got[b.GetId()]; ta.GetResultsCount() != wantA || ta.GetFinalResultsCount() != wantAFinal ||
			tb.GetResultsCount() != wantB || tb.GetFinalResultsCount() != 0 {
			t.Errorf("%s: Alpha %d/%d, Bravo %d/%d; want %d/%d, %d/0", step, ta.GetResultsCount(), ta.GetFinalResultsCount(),
				tb.GetResultsCount(), tb.GetFinalResultsCount(), wantA, wantAFinal, wantB)
		}
		ws := apitest.Must[*competitionv1.ListWorkoutsResponse](t)(f.Srv.ListWorkouts(f.Ctx, &competitionv1.ListWorkoutsRequest{EventId: e.GetId()}))
		for _, w := range ws.GetWorkouts() {
			want := map[string]bool{fran.GetId(): wantFran, cindy.GetId(): wantCindy}[w.GetId()]
			if w.GetHasResults() != want {
				t.Errorf("%s: %s hasResults %v, want %v", step, w.GetName(), w.GetHasResults(), want)
			}
		}
	}
	check("before any result", 0, 0, 0, false, false)
	ids := f.SaveResults(t, a.GetId(), false, fran, cindy)
	f.SaveResults(t, b.GetId(), false, fran)
	check("after saves", 2, 0, 1, true, true)
	if _, err := f.Results.PublishResults(f.Ctx, &resultsv1.PublicationRequest{ResultIds: ids}); err != nil {
		t.Fatal(err)
	}
	check("after publication", 2, 2, 1, true, true)
	if _, err := f.Results.UnpublishResults(f.Ctx, &resultsv1.PublicationRequest{ResultIds: ids[:1]}); err != nil {
		t.Fatal(err)
	}
	check("after unpublishing one", 2, 1, 1, true, true)
	if _, err := f.Results.UnpublishResults(f.Ctx, &resultsv1.PublicationRequest{ResultIds: ids[1:]}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Results.DeleteResult(f.Ctx, &resultsv1.ResultRequest{Id: ids[1]}); err != nil {
		t.Fatal(err)
	}
	check("after unpublishing and deleting Cindy's", 1, 0, 1, true, false)
	_, err := f.Srv.DeleteWorkout(f.Ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: fran.GetId()})
	if !apperr.IsKind(err, apperr.KindConflict) {
		t.Fatalf("delete of a workout with a result: %v", err)
	}
	apitest.Must[*competitionv1.Workout](t)(f.Srv.GetWorkout(f.Ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: fran.GetId()}))
	if _, err := f.Srv.DeleteWorkout(f.Ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: cindy.GetId()}); err != nil {
		t.Fatalf("Cindy has no results left: %v", err)
	}
}

// A save for a team deleted or moved meanwhile is refused with a message: the raise finds it
// gone (competition-svc's RecordResultCounts).
func TestRaiseForTeamGoneIsRefused(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Gone", "2026-03-01", "2026-03-01")
	d := f.Division(t, e.GetId(), "Elite")
	other := f.Division(t, e.GetId(), "Scaled")
	w := f.Workout(t, e.GetId(), "Fran", "REPS")
	gone := f.Team(t, d.GetId(), "Gone", "", "")
	moved := f.Team(t, d.GetId(), "Moved", "", "")
	apitest.Must[*competitionv1.Team](t)(f.Srv.UpdateTeam(f.Ctx, &competitionv1.UpdateTeamRequest{Id: moved.GetId(), Name: "Moved", DivisionId: other.GetId()}))
	if _, err := f.Srv.DeleteTeam(f.Ctx, &competitionv1.TeamRequest{Id: gone.GetId()}); err != nil {
		t.Fatal(err)
	}

	raise := func(c *competitionv1.ResultCount) error {
		_, err := f.Srv.RecordResultCounts(f.Ctx, &competitionv1.RecordResultCountsRequest{Raise: true, Counts: []*competitionv1.ResultCount{c}})
		return err
	}
	err := raise(&competitionv1.ResultCount{TeamId: gone.GetId(), DivisionId: d.GetId(), Results: 1, Seq: 1})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "This team was deleted meanwhile: the result was not saved.")
	err = raise(&competitionv1.ResultCount{TeamId: moved.GetId(), DivisionId: d.GetId(), Results: 1, Seq: 2})
	apitest.WantErr(t, err, apperr.KindConflict, "", "This team was moved to another division meanwhile: the result was not saved. Reload and enter it again.")
	err = raise(&competitionv1.ResultCount{WorkoutId: apitest.Missing, Results: 1, Seq: 3})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "This workout was deleted meanwhile: the result was not saved.")
	// The feed's counts of a gone key are dropped, not refused: the worker moves on.
	if _, err := f.Srv.RecordResultCounts(f.Ctx, &competitionv1.RecordResultCountsRequest{Counts: []*competitionv1.ResultCount{
		{TeamId: gone.GetId(), Results: 0, Seq: 4}, {WorkoutId: w.GetId(), Results: 0, Seq: 4},
	}}); err != nil {
		t.Fatalf("feed counts with a gone team: %v", err)
	}

	// Through results-svc: the save is refused with a message and nothing is stored.
	refusedWithMessage(t, saveOne(f, gone.GetId(), w.GetId(), false))
	if n := f.StoredResults(t, gone.GetId()); n != 0 {
		t.Fatalf("%d results stored for a deleted team", n)
	}
	if n := orphans(t, f); n != 0 {
		t.Fatalf("%d orphaned results", n)
	}
}
