package competitionsvc

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"

	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/grpcx"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// countsFake is a real gRPC server, in this process, that answers only the results-svc RPCs
// competition-svc's use cases call (CountResults, PurgeResults, ListEventResults) from what the
// test fills. It exists to test the 409 rules of competition-svc in isolation; the API tests
// run the real results-svc. Every other RPC answers Unimplemented.
type countsFake struct {
	resultsv1.UnimplementedResultsServiceServer

	mu         sync.Mutex
	published  map[string]int32          // by team id
	byWorkout  map[string]int32          // by workout id
	stored     []*resultsv1.StoredResult // what ListEventResults answers
	countCalls int
	purges     []*resultsv1.PurgeResultsRequest
}

func (f *countsFake) CountResults(_ context.Context, req *resultsv1.CountResultsRequest) (*resultsv1.CountResultsResponse, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.countCalls++
	out := &resultsv1.CountResultsResponse{PublishedByTeam: map[string]int32{}, ResultsByTeam: map[string]int32{}, ResultsByWorkout: map[string]int32{}}
	for _, id := range req.GetTeamIds() {
		out.PublishedByTeam[id] = f.published[id]
		out.ResultsByTeam[id] = f.published[id]
	}
	for _, id := range req.GetWorkoutIds() {
		out.ResultsByWorkout[id] = f.byWorkout[id]
	}
	return out, nil
}

func (f *countsFake) PurgeResults(_ context.Context, req *resultsv1.PurgeResultsRequest) (*resultsv1.PurgeResultsResponse, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.purges = append(f.purges, req)
	return &resultsv1.PurgeResultsResponse{}, nil
}

func (f *countsFake) ListEventResults(_ context.Context, req *resultsv1.EventResultsRequest) (*resultsv1.EventResults, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return &resultsv1.EventResults{Results: f.stored}, nil
}

func (f *countsFake) setPublished(teamID string, n int32) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.published[teamID] = n
}

func (f *countsFake) setWorkoutResults(workoutID string, n int32) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.byWorkout[workoutID] = n
}

func (f *countsFake) calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.countCalls
}

func (f *countsFake) purged() []*resultsv1.PurgeResultsRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]*resultsv1.PurgeResultsRequest(nil), f.purges...)
}

// testServiceKey signs the service credentials of this package's gRPC tests.
var testServiceKey = svcauth.Key("competition-svc-tests-service-key-0123456789")

// startCountsFake serves a countsFake on a loopback port and returns a client dialled the way
// the process dials results-svc (grpcx.Dial).
func startCountsFake(t *testing.T) (*countsFake, resultsv1.ResultsServiceClient) {
	t.Helper()
	fake := &countsFake{published: map[string]int32{}, byWorkout: map[string]int32{}}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer()
	resultsv1.RegisterResultsServiceServer(srv, fake)
	go srv.Serve(lis) //nolint:errcheck // stops with the test
	t.Cleanup(srv.Stop)
	conn, err := grpcx.Dial(lis.Addr().String(), "results-svc", svcauth.NewCredentials(testServiceKey, "competition"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return fake, resultsv1.NewResultsServiceClient(conn)
}

// testAdmin is the caller of the use-case tests: an admin, who may do everything.
var testAdmin = authn.Caller{UserID: "00000000-0000-4000-8000-00000000ad01", Username: "admin", Role: authn.RoleAdmin}

type fixture struct {
	srv   *Server
	fake  *countsFake
	pool  *pgxpool.Pool
	gens  *cache.Changes
	ctx   context.Context
	deps  Deps
	quiet *slog.Logger
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	pool := pgtest.NewPool(t, Migrations)
	fake, client := startCountsFake(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	rdb := pgtest.NewRedis(t)
	gens := cache.NewChanges(cache.NewChannel(rdb, t.Name()), log)
	deps := Deps{Pool: pool, Results: client, Changes: gens, Log: log}
	return &fixture{srv: New(deps), fake: fake, pool: pool, gens: gens, ctx: authn.WithCaller(context.Background(), testAdmin), deps: deps, quiet: log}
}

// publicVersion is the event's public version (store/migrations/0135_public_versions.sql).
func (f *fixture) publicVersion(t *testing.T, eventID string) int64 {
	t.Helper()
	n, err := store.New(f.pool).PublicVersion(f.ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// bumped runs fn and checks that it raised the event's public version.
func (f *fixture) bumped(t *testing.T, eventID string, fn func()) {
	t.Helper()
	before := f.publicVersion(t, eventID)
	fn()
	if after := f.publicVersion(t, eventID); after <= before {
		t.Errorf("public version of %s not bumped: %d -> %d", eventID, before, after)
	}
}

func (f *fixture) notBumped(t *testing.T, eventID string, fn func()) {
	t.Helper()
	before := f.publicVersion(t, eventID)
	fn()
	if after := f.publicVersion(t, eventID); after != before {
		t.Errorf("public version of %s bumped on a failed change: %d -> %d", eventID, before, after)
	}
}

func (f *fixture) event(t *testing.T, name, from, to string) *competitionv1.Event {
	t.Helper()
	e, err := f.srv.CreateEvent(f.ctx, &competitionv1.CreateEventRequest{Name: name, DateFrom: from, DateTo: to})
	if err != nil {
		t.Fatalf("create event %s: %v", name, err)
	}
	return e
}

func (f *fixture) division(t *testing.T, eventID, name string) *competitionv1.Division {
	t.Helper()
	d, err := f.srv.CreateDivision(f.ctx, &competitionv1.CreateDivisionRequest{EventId: eventID, Name: name})
	if err != nil {
		t.Fatalf("create division %s: %v", name, err)
	}
	return d
}

func (f *fixture) team(t *testing.T, divisionID, name, a1, a2 string) *competitionv1.Team {
	t.Helper()
	tm, err := f.srv.CreateTeam(f.ctx, &competitionv1.CreateTeamRequest{DivisionId: divisionID, Name: name, Athlete1Name: a1, Athlete2Name: a2})
	if err != nil {
		t.Fatalf("create team %s: %v", name, err)
	}
	return tm
}

func (f *fixture) workout(t *testing.T, eventID, name, scoreType string) *competitionv1.Workout {
	t.Helper()
	w, err := f.srv.CreateWorkout(f.ctx, &competitionv1.CreateWorkoutRequest{EventId: eventID, Name: name, ScoreType: scoreType})
	if err != nil {
		t.Fatalf("create workout %s: %v", name, err)
	}
	return w
}

// wantErr checks an error's kind, field and exact message.
func wantErr(t *testing.T, err error, kind apperr.Kind, field, message string) {
	t.Helper()
	var ae *apperr.Error
	if !errors.As(err, &ae) {
		t.Fatalf("want %s error %q, got %v", kindName(kind), message, err)
	}
	if ae.Kind != kind || ae.Field != field || ae.Message != message {
		t.Fatalf("want %s {field %q, %q}, got %s {field %q, %q}", kindName(kind), field, message, kindName(ae.Kind), ae.Field, ae.Message)
	}
}

func kindName(k apperr.Kind) string {
	switch k {
	case apperr.KindInvalid:
		return "Invalid"
	case apperr.KindNotFound:
		return "NotFound"
	case apperr.KindConflict:
		return "Conflict"
	case apperr.KindUnavailable:
		return "Unavailable"
	}
	return "other"
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func i32(v int32) *int32 { return &v }

const missingID = "00000000-0000-4000-8000-000000000000"
