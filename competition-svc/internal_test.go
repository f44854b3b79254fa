package competitionsvc

import (
	"context"
	"log/slog"
	"net"
	"slices"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/competition-svc/setup"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/grpcx"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

func TestGetEventStructure(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e := f.event(t, "Open", "2026-05-12", "2026-05-14")
	w2 := must[*competitionv1.Workout](t)(f.srv.CreateWorkout(f.ctx, &competitionv1.CreateWorkoutRequest{
		EventId: e.GetId(), Name: "Second", ScoreType: "REPS", WorkoutOrder: wrapperspb.Int32(2)}))
	w1 := must[*competitionv1.Workout](t)(f.srv.CreateWorkout(f.ctx, &competitionv1.CreateWorkoutRequest{
		EventId: e.GetId(), Name: "First", ScoreType: "TIME", WorkoutOrder: wrapperspb.Int32(1)}))
	scaled := f.division(t, e.GetId(), "Scaled")
	elite := f.division(t, e.GetId(), "Elite")
	t1 := f.team(t, scaled.GetId(), "Team S", "", "")
	t2 := f.team(t, elite.GetId(), "Team E", "A", "B")
	other := f.event(t, "Other", "2026-01-01", "2026-01-01")
	f.team(t, f.division(t, other.GetId(), "Elite").GetId(), "Foreign", "", "")
	f.saveResults(t, t2.GetId(), true, w1, w2)
	f.saveResults(t, t1.GetId(), false, w1)

	callsBefore := f.calls.total()
	for _, req := range []*competitionv1.EventStructureRequest{
		{EventId: e.GetId()}, {DivisionId: elite.GetId()}, {TeamId: t1.GetId()}, {WorkoutId: w2.GetId()},
	} {
		got := must[*competitionv1.EventStructure](t)(f.srv.GetEventStructure(f.ctx, req))
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
	if n := f.calls.total() - callsBefore; n != 0 {
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
		{&competitionv1.EventStructureRequest{EventId: missingID}, apperr.KindNotFound, "", "Event not found"},
		{&competitionv1.EventStructureRequest{DivisionId: missingID}, apperr.KindNotFound, "", "Division not found"},
		{&competitionv1.EventStructureRequest{TeamId: missingID}, apperr.KindNotFound, "", "Team not found"},
		{&competitionv1.EventStructureRequest{WorkoutId: missingID}, apperr.KindNotFound, "", "Workout not found"},
		{&competitionv1.EventStructureRequest{TeamId: "t-1"}, apperr.KindInvalid, "teamId", "Team id must be a valid id"},
	} {
		_, err := f.srv.GetEventStructure(f.ctx, tc.req)
		wantErr(t, err, tc.kind, tc.field, tc.msg)
	}
}

func TestListVisibleEvents(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	set := func(e *competitionv1.Event, s string) {
		must[*competitionv1.Event](t)(f.srv.UpdateEvent(f.ctx, &competitionv1.UpdateEventRequest{
			Id: e.GetId(), Name: e.GetName(), DateFrom: e.GetDateFrom(), DateTo: e.GetDateTo(), Status: &s}))
	}
	set(f.event(t, "Draft", "2026-01-01", "2026-01-01"), "DRAFT")
	set(f.event(t, "Hidden", "2026-01-01", "2026-01-01"), "UNLISTED")
	set(f.event(t, "Live", "2026-03-01", "2026-03-02"), "IN_PROGRESS")
	set(f.event(t, "b-Soon", "2026-02-01", "2026-02-01"), "PUBLISHED")
	set(f.event(t, "A-Soon", "2026-02-01", "2026-02-03"), "PUBLISHED")
	set(f.event(t, "Old", "2025-01-01", "2025-01-01"), "ARCHIVED")

	names := func(statuses ...typesv1.EventStatus) []string {
		resp := must[*competitionv1.ListEventsResponse](t)(f.srv.ListVisibleEvents(f.ctx, &competitionv1.ListVisibleEventsRequest{Statuses: statuses}))
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
	_, err := f.srv.ListVisibleEvents(f.ctx, &competitionv1.ListVisibleEventsRequest{Statuses: []typesv1.EventStatus{typesv1.EventStatus_EVENT_STATUS_UNSPECIFIED}})
	wantErr(t, err, apperr.KindInvalid, "statuses", setup.MsgVisibleStatusFilter)
}

// TestResultsUnavailable: reads that show counts, and the deletes their counts guard, need no
// results-svc (results-svc records the counts in competition-svc: docs/architecture.md, "Calls
// between services"); what has results-svc act (a move that deletes a team's results) fails
// with a clear Unavailable.
func TestResultsUnavailable(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e := f.event(t, "Open", "2026-01-01", "2026-01-02")
	d := f.division(t, e.GetId(), "Elite")
	other := f.division(t, e.GetId(), "Scaled")
	tm := f.team(t, d.GetId(), "Team", "", "")
	w := f.workout(t, e.GetId(), "Fran", "TIME")
	scored := f.team(t, d.GetId(), "Scored", "", "")
	f.saveResults(t, scored.GetId(), false, f.workout(t, e.GetId(), "Cindy", "REPS"))

	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := lis.Addr().String()
	lis.Close() // nothing listens there now
	conn, err := grpcx.Dial(slog.Default(), addr, "results-svc", svcauth.NewCredentials(testServiceKey, "competition"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	deps := f.deps
	deps.Results = resultsv1.NewResultsServiceClient(conn)
	srv := New(deps)
	ctx, cancel := context.WithTimeout(f.ctx, 10*time.Second)
	defer cancel()

	teams := must[*competitionv1.ListTeamsResponse](t)(srv.ListTeams(ctx, &competitionv1.ListTeamsRequest{}))
	for _, got := range teams.GetTeams() {
		if got.GetId() == scored.GetId() && got.GetResultsCount() != 1 {
			t.Errorf("ListTeams while results-svc is down: %s has %d results, want 1", got.GetName(), got.GetResultsCount())
		}
	}
	must[*competitionv1.Team](t)(srv.GetTeam(ctx, &competitionv1.TeamRequest{Id: tm.GetId()}))
	must[*competitionv1.ListWorkoutsResponse](t)(srv.ListWorkouts(ctx, &competitionv1.ListWorkoutsRequest{EventId: e.GetId()}))
	must[*competitionv1.Event](t)(srv.GetEvent(ctx, &competitionv1.EventRequest{Id: e.GetId()}))
	must[*competitionv1.EventStructure](t)(srv.GetEventStructure(ctx, &competitionv1.EventStructureRequest{EventId: e.GetId()}))
	must[*competitionv1.ListEventsResponse](t)(srv.ListEvents(ctx, &competitionv1.ListEventsRequest{}))
	must[*competitionv1.Team](t)(srv.CreateTeam(ctx, &competitionv1.CreateTeamRequest{DivisionId: d.GetId(), Name: "New"}))
	must[*competitionv1.Event](t)(srv.PublishEvent(ctx, &competitionv1.EventRequest{Id: e.GetId()}))

	_, err = srv.UpdateTeam(ctx, &competitionv1.UpdateTeamRequest{Id: scored.GetId(), Name: "Scored", DivisionId: other.GetId(), DeleteResults: true})
	if !apperr.IsKind(err, apperr.KindUnavailable) {
		t.Errorf("a move that deletes results while results-svc is down: want Unavailable, got %v", err)
	}
	// The deletes read competition-svc's own counts; their purges wait in the outbox.
	must[*emptypb.Empty](t)(srv.DeleteWorkout(ctx, &competitionv1.WorkoutRequest{EventId: e.GetId(), Id: w.GetId()}))
	must[*emptypb.Empty](t)(srv.DeleteTeam(ctx, &competitionv1.TeamRequest{Id: tm.GetId()}))
	must[*emptypb.Empty](t)(srv.DeleteDivision(ctx, &competitionv1.DivisionRequest{Id: d.GetId()}))
}

// TestGRPCPolicyAndCodes serves the Server behind the platform's interceptors: every RPC needs
// a service credential, admin RPCs a user token as well, internal ones no user token; a user
// token is no service credential; typed errors reach the client as the right codes with the
// field named.
func TestGRPCPolicyAndCodes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	keys, err := authn.GenerateKeys()
	if err != nil {
		t.Fatal(err)
	}
	verifier := authn.NewVerifier(keys.Public, "podium-test", "podium-test").WithSessions(
		authn.SessionsFunc(func(_ context.Context, id string) (authn.Caller, bool, error) { return testAdmin, id == "admin", nil }))
	issuer := authn.NewIssuer(keys.Private, "podium-test", "podium-test", time.Hour)
	token, _, err := issuer.Issue("admin", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := grpcx.NewServer(f.quiet, svcauth.NewVerifier(testServiceKey).Accepting(Callers), verifier, Policy)
	competitionv1.RegisterCompetitionServiceServer(srv, f.srv)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(lis) //nolint:errcheck // stops with the test
	defer srv.Stop()
	bare, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer bare.Close()
	outsider := competitionv1.NewCompetitionServiceClient(bare)
	admin := metadata.AppendToOutgoingContext(f.ctx, "authorization", "Bearer "+token)
	// Without a service credential nothing answers, with or without a user token, and a
	// user token offered as the service credential is refused too.
	asService := metadata.AppendToOutgoingContext(f.ctx, svcauth.Header, token)
	for name, ctx := range map[string]context.Context{"nothing": f.ctx, "user token": admin, "user token as service credential": asService} {
		if _, err := outsider.GetEventStructure(ctx, &competitionv1.EventStructureRequest{EventId: missingID}); status.Code(err) != codes.Unauthenticated {
			t.Errorf("internal GetEventStructure with %s: %v", name, err)
		}
		if _, err := outsider.ListEvents(ctx, &competitionv1.ListEventsRequest{}); status.Code(err) != codes.Unauthenticated {
			t.Errorf("admin ListEvents with %s: %v", name, err)
		}
	}

	conn, err := grpcx.Dial(slog.Default(), lis.Addr().String(), "competition-svc", svcauth.NewCredentials(testServiceKey, "gateway"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	client := competitionv1.NewCompetitionServiceClient(conn)

	_, err = client.ListEvents(f.ctx, &competitionv1.ListEventsRequest{})
	if status.Code(err) != codes.Unauthenticated {
		t.Errorf("ListEvents without token: %v", err)
	}
	e, err := client.CreateEvent(admin, &competitionv1.CreateEventRequest{Name: "Open", DateFrom: "2026-01-01", DateTo: "2026-01-01"})
	if err != nil {
		t.Fatal(err)
	}
	// The internal RPCs need no token, only a caller the service lists for them (public-svc).
	if _, err := client.GetEventStructure(f.ctx, &competitionv1.EventStructureRequest{EventId: e.GetId()}); status.Code(err) != codes.Unauthenticated {
		t.Errorf("internal GetEventStructure from the gateway: %v", err)
	}
	publicConn, err := grpcx.Dial(slog.Default(), lis.Addr().String(), "competition-svc", svcauth.NewCredentials(testServiceKey, "public"))
	if err != nil {
		t.Fatal(err)
	}
	defer publicConn.Close()
	asPublic := competitionv1.NewCompetitionServiceClient(publicConn)
	if _, err := asPublic.GetEventStructure(f.ctx, &competitionv1.EventStructureRequest{EventId: e.GetId()}); err != nil {
		t.Errorf("internal GetEventStructure without token: %v", err)
	}
	if _, err := asPublic.ListVisibleEvents(f.ctx, &competitionv1.ListVisibleEventsRequest{}); err != nil {
		t.Errorf("internal ListVisibleEvents without token: %v", err)
	}

	for _, tc := range []struct {
		name  string
		call  func() error
		code  codes.Code
		field string
		msg   string
	}{
		{"invalid", func() error {
			_, err := client.CreateEvent(admin, &competitionv1.CreateEventRequest{Name: "Open", DateFrom: "2026-01-02", DateTo: "2026-01-01"})
			return err
		}, codes.InvalidArgument, "dateTo", "End date must be after start date"},
		{"malformed id", func() error {
			_, err := client.GetTeam(admin, &competitionv1.TeamRequest{Id: "42"})
			return err
		}, codes.InvalidArgument, "id", "Team id must be a valid id"},
		{"not found", func() error {
			_, err := client.GetDivision(admin, &competitionv1.DivisionRequest{Id: missingID})
			return err
		}, codes.NotFound, "", "Division not found"},
		{"conflict", func() error {
			if _, err := client.PublishEvent(admin, &competitionv1.EventRequest{Id: e.GetId()}); err != nil {
				return err
			}
			_, err := client.DeleteEvent(admin, &competitionv1.EventRequest{Id: e.GetId()})
			return err
		}, codes.FailedPrecondition, "", setup.MsgEventNotDraft},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := status.Convert(tc.call())
			if st.Code() != tc.code || st.Message() != tc.msg || apperr.FieldOf(st) != tc.field {
				t.Errorf("got %s %q field %q, want %s %q field %q", st.Code(), st.Message(), apperr.FieldOf(st), tc.code, tc.msg, tc.field)
			}
		})
	}
}
