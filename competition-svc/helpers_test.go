package competitionsvc

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"path"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/platform/grpcx"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/internal/platform/svcauth"
	resultssvc "github.com/podium-dev/podium/results-svc"
)

// testServiceKey signs the service credentials of this package's gRPC tests.
var testServiceKey = svcauth.Key("competition-svc-tests-service-key-0123456789")

// testAdmin is the caller of the use-case tests: an admin, who may do everything.
var testAdmin = authn.Caller{UserID: "00000000-0000-4000-8000-00000000ad01", Username: "admin", Role: authn.RoleAdmin}

// fixture is competition-svc's Server with the real results-svc: both on one fresh database,
// each on a loopback gRPC listener built as the process builds it (grpcx), calling the other
// with service credentials as in production. Results are entered and published through
// results-svc itself (saveResults), so the 409 rules are checked against what results-svc
// really counts and purges.
type fixture struct {
	srv     *Server
	results *resultssvc.Server
	pool    *pgxpool.Pool
	gens    *changes.Signal
	ctx     context.Context
	deps    Deps
	quiet   *slog.Logger
	// calls counts competition-svc's calls to results-svc by method name (e.g. "PurgeResults").
	calls *rpcCounter
}

// rpcCounter counts a client's calls by method name.
type rpcCounter struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *rpcCounter) intercept(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	c.mu.Lock()
	c.n[path.Base(method)]++
	c.mu.Unlock()
	return invoker(ctx, method, req, reply, cc, opts...)
}

// total counts every call to results-svc.
func (c *rpcCounter) total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, k := range c.n {
		n += k
	}
	return n
}

func (c *rpcCounter) count(method string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[method]
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	pool := pgtest.NewPool(t, Migrations, resultssvc.Migrations)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	rdb := pgtest.NewRedis(t)
	gens := changes.NewSignal(changes.NewChannel(rdb, pgtest.Namespace(t, rdb)), log)
	keys, err := authn.GenerateKeys()
	if err != nil {
		t.Fatal(err)
	}
	tokens := authn.NewVerifier(keys.Public, "podium", "podium-admin")
	compLis, compSrv := listen(t, log, tokens, Policy, Callers)
	resLis, resSrv := listen(t, log, tokens, resultssvc.Policy, resultssvc.Callers)
	calls := &rpcCounter{n: map[string]int{}}
	resultsClient := resultsv1.NewResultsServiceClient(dial(t, resLis.Addr().String(), "results-svc", "competition", grpc.WithChainUnaryInterceptor(calls.intercept)))
	compClient := competitionv1.NewCompetitionServiceClient(dial(t, compLis.Addr().String(), "competition-svc", "results"))

	deps := Deps{Pool: pool, Results: resultsClient, Changes: gens, Log: log}
	f := &fixture{srv: New(deps), pool: pool, gens: gens, ctx: authn.WithCaller(context.Background(), testAdmin), deps: deps, quiet: log, calls: calls}
	f.results, err = resultssvc.New(resultssvc.Deps{Pool: pool, Competition: compClient, Changes: gens, Grants: NewGrants(pool), Log: log})
	if err != nil {
		t.Fatal(err)
	}
	competitionv1.RegisterCompetitionServiceServer(compSrv, f.srv)
	resultsv1.RegisterResultsServiceServer(resSrv, f.results)
	go compSrv.Serve(compLis) //nolint:errcheck // ends with Stop
	go resSrv.Serve(resLis)   //nolint:errcheck // ends with Stop
	t.Cleanup(compSrv.Stop)
	t.Cleanup(resSrv.Stop)
	return f
}

// listen is a loopback listener and a server built as the process builds it (grpcx).
func listen(t *testing.T, log *slog.Logger, tokens *authn.Verifier, policy authn.Policy, callers svcauth.Callers) (net.Listener, *grpc.Server) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := grpcx.NewServer(log, svcauth.NewVerifier(testServiceKey).Accepting(callers), tokens, policy)
	return lis, srv
}

func dial(t *testing.T, addr, target, caller string, opts ...grpc.DialOption) *grpc.ClientConn {
	t.Helper()
	conn, err := grpcx.Dial(slog.Default(), addr, target, svcauth.NewCredentials(testServiceKey, caller), opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// saveResults enters a result of team in each of workouts through results-svc (a value that
// fits every score type), publishes them when publish is set, and returns their ids.
func (f *fixture) saveResults(t *testing.T, teamID string, publish bool, workouts ...*competitionv1.Workout) []string {
	t.Helper()
	rows := make([]*resultsv1.ResultInput, len(workouts))
	for i, w := range workouts {
		rows[i] = &resultsv1.ResultInput{TeamId: teamID, WorkoutId: w.GetId(), ResultValue: wrapperspb.Double(float64(60 + i))}
	}
	saved, err := f.results.BatchSaveResults(f.ctx, &resultsv1.BatchSaveResultsRequest{Results: rows})
	if err != nil {
		t.Fatalf("save results: %v", err)
	}
	ids := make([]string, 0, len(saved.GetResults()))
	for _, r := range saved.GetResults() {
		ids = append(ids, r.GetId().GetValue())
	}
	if publish {
		if _, err := f.results.PublishResults(f.ctx, &resultsv1.PublicationRequest{ResultIds: ids}); err != nil {
			t.Fatalf("publish results: %v", err)
		}
	}
	return ids
}

// storedResults is how many results results-svc holds for the team or workout id.
func (f *fixture) storedResults(t *testing.T, id string) int {
	t.Helper()
	var n int
	if err := f.pool.QueryRow(f.ctx, `SELECT count(*) FROM results.results WHERE team_id = $1 OR workout_id = $1`, id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
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

const missingID = "00000000-0000-4000-8000-000000000000"
