package setup_test

import (
	"context"
	"log/slog"
	"net"
	"slices"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	competitionsvc "github.com/podium-dev/podium/competition-svc"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/competition-svc/setup"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/grpcx"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

func TestGetEventStructure(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-05-12", "2026-05-14")
	w2 := apitest.Must[*competitionv1.Workout](t)(f.Srv.CreateWorkout(f.Ctx, &competitionv1.CreateWorkoutRequest{
		EventId: e.GetId(), Name: "Second", ScoreType: "REPS", WorkoutOrder: wrapperspb.Int32(2)}))
	w1 := apitest.Must[*competitionv1.Workout](t)(f.Srv.CreateWorkout(f.Ctx, &competitionv1.CreateWorkoutRequest{
		EventId: e.GetId(), Name: "First", ScoreType: "TIME", WorkoutOrder: wrapperspb.Int32(1)}))
	scaled := f.Division(t, e.GetId(), "Scaled")
	elite := f.Division(t, e.GetId(), "Elite")
	t1 := f.Team(t, scaled.GetId(), "Team S", "", "")
	t2 := f.Team(t, elite.GetId(), "Team E", "A", "B")
	other := f.Event(t, "Other", "2026-01-01", "2026-01-01")
	f.Team(t, f.Division(t, other.GetId(), "Elite").GetId(), "Foreign", "", "")
	f.SaveResults(t, t2.GetId(), true, w1, w2)
	f.SaveResults(t, t1.GetId(), false, w1)

	callsBefore := f.Calls.Total()
	for _, req := range []*competitionv1.EventStructureRequest{
		{EventId: e.GetId()}, {DivisionId: elite.GetId()}, {TeamId: t1.GetId()}, {WorkoutId: w2.GetId()},
	} {
		got := apitest.Must[*competitionv1.EventStructure](t)(f.Srv.GetEventStructure(f.Ctx, req))
		ev := got.GetEvent()
		if ev.GetId() != e.GetId() || ev.GetDateRange() != "12 – 14 May 2026" || ev.GetStatusLabel() != "Entwurf" {
			t.Errorf("%v: event %v", req, ev)
		}
		if len(ev.GetWorkouts()) != 2 || ev.GetWorkouts()[0].GetId() != w1.GetId() || ev.GetWorkouts()[1].GetId() != w2.GetId() {
			t.Errorf("%v: workouts not by order: %v", req, ev.GetWorkouts())
		}
		if len(ev.GetDivisions()) != 2 || ev.GetDivisions()[0].GetName() != "Elite" || ev.GetDivisions()[0].GetTeamCount() != 1 {
			t.Errorf("%v: divisions: %v", req, ev.GetDivisions())
		}
		var teams []string
		for _, tm := range got.GetTeams() {
			teams = append(teams, tm.GetName())
			if tm.GetFinalResultsCount() != 0 {
				t.Errorf("structure carries counts: %v", tm)
			}
		}
		if want := []string{"Team E", "Team S"}; !slices.Equal(teams, want) {
			t.Errorf("%v: teams %q, want %q", req, teams, want)
		}
		if ev.GetWorkouts()[0].GetHasResults() {
			t.Errorf("structure carries hasResults")
		}
	}
	if n := f.Calls.Total() - callsBefore; n != 0 {
		t.Errorf("GetEventStructure called results-svc %d times", n)
	}

	for _, tc := range []struct {
		req   *competitionv1.EventStructureRequest
		kind  apperr.Kind
		field string
		msg   string
	}{
		{&competitionv1.EventStructureRequest{}, apperr.KindInvalid, "eventId", setup.MsgStructureOneID},
		{&competitionv1.EventStructureRequest{EventId: e.GetId(), TeamId: t1.GetId()}, apperr.KindInvalid, "teamId", setup.MsgStructureOneID},
		{&competitionv1.EventStructureRequest{EventId: apitest.Missing}, apperr.KindNotFound, "", "Event not found"},
		{&competitionv1.EventStructureRequest{DivisionId: apitest.Missing}, apperr.KindNotFound, "", "Division not found"},
		{&competitionv1.EventStructureRequest{TeamId: apitest.Missing}, apperr.KindNotFound, "", "Team not found"},
		{&competitionv1.EventStructureRequest{WorkoutId: apitest.Missing}, apperr.KindNotFound, "", "Workout not found"},
		{&competitionv1.EventStructureRequest{TeamId: "t-1"}, apperr.KindInvalid, "teamId", "Team id must be a valid id"},
	} {
		_, err := f.Srv.GetEventStructure(f.Ctx, tc.req)
		apitest.WantErr(t, err, tc.kind, tc.field, tc.msg)
	}
}

func TestListVisibleEvents(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	set := func(e *competitionv1.Event, s string) {
		apitest.Must[*competitionv1.Event](t)(f.Srv.UpdateEvent(f.Ctx, &competitionv1.UpdateEventRequest{
			Id: e.GetId(), Name: e.GetName(), DateFrom: e.GetDateFrom(), DateTo: e.GetDateTo(), Status: &s}))
	}
	set(f.Event(t, "Draft", "2026-01-01", "2026-01-01"), "DRAFT")
	set(f.Event(t, "Hidden", "2026-01-01", "2026-01-01"), "UNLISTED")
	set(f.Event(t, "Live", "2026-03-01", "2026-03-02"), "IN_PROGRESS")
	set(f.Event(t, "b-Soon", "2026-02-01", "2026-02-01"), "PUBLISHED")
	set(f.Event(t, "A-Soon", "2026-02-01", "2026-02-03"), "PUBLISHED")
	set(f.Event(t, "Old", "2025-01-01", "2025-01-01"), "ARCHIVED")

	names := func(statuses ...typesv1.EventStatus) []string {
		resp := apitest.Must[*competitionv1.ListEventsResponse](t)(f.Srv.ListVisibleEvents(f.Ctx, &competitionv1.ListVisibleEventsRequest{Statuses: statuses}))
		var out []string
		for _, e := range resp.GetEvents() {
			out = append(out, e.GetName())
		}
		return out
	}
	if got, want := names(), []string{"A-Soon", "b-Soon", "Live"}; !slices.Equal(got, want) {
		t.Errorf("default = %q, want %q", got, want)
	}
	if got, want := names(typesv1.EventStatus_ARCHIVED, typesv1.EventStatus_IN_PROGRESS), []string{"Old", "Live"}; !slices.Equal(got, want) {
		t.Errorf("archived+in progress = %q, want %q", got, want)
	}
	if got := names(typesv1.EventStatus_DRAFT, typesv1.EventStatus_UNLISTED); len(got) != 0 {
		t.Errorf("draft/unlisted listed: %q", got)
	}
	_, err := f.Srv.ListVisibleEvents(f.Ctx, &competitionv1.ListVisibleEventsRequest{Statuses: []typesv1.EventStatus{typesv1.EventStatus_EVENT_STATUS_UNSPECIFIED}})
	apitest.WantErr(t, err, apperr.KindInvalid, "statuses", setup.MsgVisibleStatusFilter)
}

// TestResultsUnavailable: reads that show counts, and the deletes their counts guard, need no
// results-svc (results-svc records the counts in competition-svc: docs/architecture.md, "Calls
// between services"); what has results-svc act (a move that deletes a team's results) fails
// with a clear Unavailable.
func TestResultsUnavailable(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	d := f.Division(t, e.GetId(), "Elite")
	other := f.Division(t, e.GetId(), "Scaled")
	tm := f.Team(t, d.GetId(), "Team", "", "")
	w := f.Workout(t, e.GetId(), "Fran", "TIME")
	scored := f.Team(t, d.GetId(), "Scored", "", "")
	f.SaveResults(t, scored.GetId(), false, f.Workout(t, e.GetId(), "Cindy", "REPS"))

	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := lis.Addr().String()
	lis.Close() // nothing listens there now
	conn, err := grpcx.Dial(slog.Default(), addr, "results-svc", svcauth.NewCredentials(apitest.ServiceKey, "competition"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	deps := f.Deps
	deps.Results = resultsv1.NewResultsServiceClient(conn)
	srv := competitionsvc.New(deps)
	ctx, cancel := context.WithTimeout(f.Ctx, 10*time.Second)
	defer cancel()

	teams := apitest.Must[*competitionv1.ListTeamsResponse](t)(srv.ListTeams(ctx, &competitionv1.ListTeamsRequest{}))
	for _, got := range teams.GetTeams() {
		if got.GetId() == scored.GetId() && got.GetResultsCount() != 1 {
			t.Errorf("ListTeams while results-svc is down: %s has %d results, want 1", got.GetName(), got.GetResultsCount())
		}
	}
	apitest.Must[*competitionv1.Team](t)(srv.GetTeam(ctx, &competitionv1.TeamRequest{Id: tm.GetId()}))
	apitest.Must[*competitionv1.ListWorkoutsResponse](t)(srv.ListWorkouts(ctx, &competitionv1.ListWorkoutsRequest{EventId: e.GetId()}))
	apitest.Must[*competitionv1.Event](t)(srv.GetEvent(ctx, &competitionv1.EventRequest{Id: e.GetId()}))
	apitest.Must[*competitionv1.EventStructure](t)(srv.GetEventStructure(ctx, &competitionv1.EventStructureRequest{EventId: e.GetId()}))
	apitest.Must[*competitionv1.ListEventsResponse](t)(srv.ListEvents(ctx, &competitionv1.ListEventsRequest{}))
	apitest.Must[*competitionv1.Team](t)(srv.CreateTeam(ctx, &competitionv1.CreateTeamRequest{DivisionId: d.GetId(), Name: "New"}))
	apitest.Must[*competitionv1.Event](t)(srv.PublishEvent(ctx, &competitionv1.EventRequest{Id: e.GetId()}))

	_, err = srv.UpdateTeam(ctx, &competitionv1.UpdateTeamRequest{Id: scored.GetId(), Name: "Scored", DivisionId: other.GetId(), DeleteResults: true})
	if !apperr.IsKind(err, apperr.KindUnavailable) {
		t.Errorf("a move that deletes results while results-svc is down: want Unavailable, got %v", err)
	}
	// The deletes read competition-svc's own counts; their purges wait in the outbox.
	apitest.Must[*emptypb.Empty](t)(srv.DeleteWorkout(ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: w.GetId()}))
	apitest.Must[*emptypb.Empty](t)(srv.DeleteTeam(ctx, &competitionv1.TeamRequest{Id: tm.GetId()}))
	apitest.Must[*emptypb.Empty](t)(srv.DeleteDivision(ctx, &competitionv1.DivisionRequest{Id: d.GetId()}))
}
