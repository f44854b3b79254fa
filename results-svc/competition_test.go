package resultssvc

import (
	"context"
	"io"
	"log/slog"
	"net"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/wrapperspb"

	competitionsvc "github.com/podium-dev/podium/competition-svc"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/platform/grpcx"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// testServiceKey signs the service credentials between the two services of these tests.
var testServiceKey = svcauth.Key("results-svc-tests-service-key-0123456789")

// testAdmin builds the events in competition-svc.
var testAdmin = authn.WithCaller(context.Background(),
	authn.Caller{UserID: "00000000-0000-4000-8000-00000000ad02", Username: "admin", Role: authn.RoleAdmin})

// pair is the real competition-svc and results-svc on one fresh database, each on a loopback
// gRPC listener and calling the other as in production (grpcx.Dial with service credentials).
type pair struct {
	pool        *pgxpool.Pool
	competition *competitionsvc.Server
	results     *Server
	// structureCalls counts results-svc's GetEventStructure calls.
	structureCalls atomic.Int64
	// competitionClient is results-svc's client of competition-svc.
	competitionClient competitionv1.CompetitionServiceClient
	stopCompetition   func()
	// stopResults stops results-svc's listener: competition-svc can no longer deliver its
	// purges and rescores (they stay queued), while the test still calls p.results directly.
	stopResults func()
}

func startPair(t testing.TB, gens *changes.Signal) *pair {
	t.Helper()
	p := &pair{pool: newPool(t)}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	keys, err := authn.GenerateKeys()
	if err != nil {
		t.Fatal(err)
	}
	tokens := authn.NewVerifier(keys.Public, "podium", "podium-admin")
	compLis, compSrv := listen(t, log, tokens, competitionsvc.Policy, competitionsvc.Callers)
	resLis, resSrv := listen(t, log, tokens, Policy, Callers)

	count := grpc.WithChainUnaryInterceptor(func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		if method == competitionv1.CompetitionService_GetEventStructure_FullMethodName {
			p.structureCalls.Add(1)
		}
		return invoker(ctx, method, req, reply, cc, opts...)
	})
	p.competitionClient = competitionv1.NewCompetitionServiceClient(dial(t, compLis.Addr().String(), "competition-svc", "results", count))
	resultsClient := resultsv1.NewResultsServiceClient(dial(t, resLis.Addr().String(), "results-svc", "competition"))

	p.competition = competitionsvc.New(competitionsvc.Deps{Pool: p.pool, Results: resultsClient, Changes: gens, Log: log})
	p.results = newServer(t, Deps{Pool: p.pool, Competition: p.competitionClient, Changes: gens, Log: log})
	competitionv1.RegisterCompetitionServiceServer(compSrv, p.competition)
	resultsv1.RegisterResultsServiceServer(resSrv, p.results)
	go compSrv.Serve(compLis) //nolint:errcheck // ends with Stop
	go resSrv.Serve(resLis)   //nolint:errcheck // ends with Stop
	p.stopCompetition, p.stopResults = compSrv.Stop, resSrv.Stop
	t.Cleanup(compSrv.Stop)
	t.Cleanup(resSrv.Stop)
	return p
}

// listen is a loopback listener and a server built as the process builds it (grpcx), so
// typed errors reach the other service as statuses.
func listen(t testing.TB, log *slog.Logger, tokens *authn.Verifier, policy authn.Policy, callers svcauth.Callers) (net.Listener, *grpc.Server) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := grpcx.NewServer(log, svcauth.NewVerifier(testServiceKey).Accepting(callers), tokens, policy)
	return lis, srv
}

func dial(t testing.TB, addr, target, caller string, opts ...grpc.DialOption) *grpc.ClientConn {
	t.Helper()
	conn, err := grpcx.Dial(slog.Default(), addr, target, svcauth.NewCredentials(testServiceKey, caller), opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// event creates an event in competition-svc (in progress, scored with table) and returns
// its fixture; workouts and divisions are added with createWorkout and createDivision.
func (p *pair) event(t testing.TB, table string) *fixture {
	t.Helper()
	req := &competitionv1.CreateEventRequest{Name: "Spring Throwdown", DateFrom: "2026-04-01", DateTo: "2026-04-02", Status: strp("IN_PROGRESS")}
	if table != "" {
		req.ScoringTable = &table
	}
	e, err := p.competition.CreateEvent(testAdmin, req)
	if err != nil {
		t.Fatalf("create event: %v", err)
	}
	return &fixture{es: &competitionv1.EventStructure{Event: e},
		w: map[string]*competitionv1.Workout{}, d: map[string]*competitionv1.Division{}, t: map[string]*competitionv1.Team{}}
}

func (p *pair) createWorkout(t testing.TB, f *fixture, name, scoreType string, capSeconds, order int32) {
	t.Helper()
	req := &competitionv1.CreateWorkoutRequest{EventId: f.eventID(), Name: name, ScoreType: scoreType}
	if capSeconds > 0 {
		req.TimeCapSeconds = wrapperspb.Int32(capSeconds)
	}
	if order > 0 {
		req.WorkoutOrder = wrapperspb.Int32(order)
	}
	w, err := p.competition.CreateWorkout(testAdmin, req)
	if err != nil {
		t.Fatalf("create workout %s: %v", name, err)
	}
	f.w[name] = w
}

func (p *pair) createDivision(t testing.TB, f *fixture, name string, teams ...string) {
	t.Helper()
	d, err := p.competition.CreateDivision(testAdmin, &competitionv1.CreateDivisionRequest{EventId: f.eventID(), Name: name})
	if err != nil {
		t.Fatalf("create division %s: %v", name, err)
	}
	f.d[name] = d
	for start := 0; start < len(teams); start += 100 {
		batch := teams[start:min(start+100, len(teams))]
		rows := make([]*competitionv1.NewTeam, len(batch))
		for i, n := range batch {
			rows[i] = &competitionv1.NewTeam{Name: n}
		}
		created, err := p.competition.BulkCreateTeams(testAdmin, &competitionv1.BulkCreateTeamsRequest{EventId: f.eventID(), DivisionId: d.Id, Teams: rows})
		if err != nil {
			t.Fatalf("create teams of %s: %v", name, err)
		}
		for _, tm := range created.GetTeams() {
			f.t[tm.GetName()] = tm
		}
	}
}

// reload reads the event's structure back from competition-svc into f.es.
func (p *pair) reload(t testing.TB, f *fixture) {
	t.Helper()
	es, err := p.competition.GetEventStructure(testAdmin, &competitionv1.EventStructureRequest{EventId: f.eventID()})
	if err != nil {
		t.Fatalf("event structure: %v", err)
	}
	f.es = es
}

// standard creates the event most tests use in competition-svc: four workouts of each score
// type and two divisions.
func (p *pair) standard(t testing.TB) *fixture {
	t.Helper()
	f := p.event(t, "")
	p.createWorkout(t, f, "Fran", "TIME", 600, 1)
	p.createWorkout(t, f, "Cindy", "REPS", 0, 2)
	p.createWorkout(t, f, "Clean", "MAX_WEIGHT", 0, 3)
	p.createWorkout(t, f, "Judged", "POINTS", 0, 4)
	p.createDivision(t, f, "Rx", "Delta", "Alpha", "Charlie", "Bravo")
	p.createDivision(t, f, "Scaled", "Echo", "Foxtrot")
	p.reload(t, f)
	return f
}

func strp(s string) *string { return &s }
