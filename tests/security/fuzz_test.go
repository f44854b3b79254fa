package security

// Fuzz tests of the JSON bodies of the write calls. Each input goes through the real gateway
// handler (grpc-gateway, protojson decoding, body limit, error mapping) and the real gRPC
// interceptors (token check, NUL check, panic recovery, typed errors) into the real services —
// in process, over an in-memory connection, with a database that cannot be reached: the
// fuzzer explores validation, and an input that gets past validation shows up as an attempt
// to reach the database. For those inputs an oracle written from the documented rules checks that the
// service was right to accept them. results-svc learns the event it checks results against
// from the real competition-svc, which runs on a real database holding the fuzz event
// (created through its use cases) and answers over gRPC as in production.
//
// `go test` runs the seeds only (fast). Explore with e.g.
//
//	go test -run '^$' -fuzz=FuzzResultWriteBodies -fuzztime=30s ./tests/security/
//
// What the fuzzer cannot reach this way: checks that need stored data (a result's existing
// row for PUT, a division's event for bulk team creation, the event being updated) run after
// the first database call; result text parsing (MM:SS, CAP +reps, decimals) and time-cap
// parsing (MM:SS) happen in the web app, which sends numbers.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"

	authsvc "github.com/podium-dev/podium/auth-svc"
	competitionsvc "github.com/podium-dev/podium/competition-svc"
	"github.com/podium-dev/podium/gateway"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/grpcx"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/internal/platform/svcauth"
	resultssvc "github.com/podium-dev/podium/results-svc"
)

// fzOther is an id that exists nowhere.
const fzOther = "f0000000-0000-4000-8000-0000000000ff"

// fzCap is the time cap of the fuzz event's capped TIME workout.
const fzCap = 600

// fuzzEvent is the event every fuzzed result call refers to, as the real competition-svc
// created it: two divisions, three teams, a workout of every score type (TIME with and
// without a cap).
type fuzzEvent struct {
	es                       *competitionv1.EventStructure
	team1, team2, team3      string
	timeCap, timeNoCap, reps string
	weight, points           string
	workouts                 []string // timeCap, timeNoCap, reps, weight, points
}

// createFuzzEvent creates the fuzz event through competition-svc's use cases, as an admin.
func createFuzzEvent(comp *competitionsvc.Server) (*fuzzEvent, error) {
	ctx := authn.WithCaller(context.Background(), fuzzCaller)
	status := typesv1.EventStatus_IN_PROGRESS.String()
	e, err := comp.CreateEvent(ctx, &competitionv1.CreateEventRequest{Name: "Fuzz Games", DateFrom: "2026-06-01", DateTo: "2026-06-02", Status: &status})
	if err != nil {
		return nil, fmt.Errorf("create event: %w", err)
	}
	ev := &fuzzEvent{}
	teams := map[string][]string{"Open": {"Team One", "Team Two"}, "Scaled": {"Team Three"}}
	byName := map[string]string{}
	for _, division := range []string{"Open", "Scaled"} {
		d, err := comp.CreateDivision(ctx, &competitionv1.CreateDivisionRequest{EventId: e.GetId(), Name: division})
		if err != nil {
			return nil, fmt.Errorf("create division: %w", err)
		}
		var rows []*competitionv1.NewTeam
		for _, name := range teams[division] {
			rows = append(rows, &competitionv1.NewTeam{Name: name})
		}
		created, err := comp.BulkCreateTeams(ctx, &competitionv1.BulkCreateTeamsRequest{EventId: e.GetId(), DivisionId: d.GetId(), Teams: rows})
		if err != nil {
			return nil, fmt.Errorf("create teams: %w", err)
		}
		for _, tm := range created.GetTeams() {
			byName[tm.GetName()] = tm.GetId()
		}
	}
	ev.team1, ev.team2, ev.team3 = byName["Team One"], byName["Team Two"], byName["Team Three"]
	for i, w := range []struct {
		name      string
		scoreType typesv1.ScoreType
		cap       int32
	}{
		{"Capped Chipper", typesv1.ScoreType_TIME, fzCap}, {"Open Run", typesv1.ScoreType_TIME, 0},
		{"Max Reps", typesv1.ScoreType_REPS, 0}, {"Heavy Lift", typesv1.ScoreType_MAX_WEIGHT, 0}, {"Judged", typesv1.ScoreType_POINTS, 0},
	} {
		req := &competitionv1.CreateWorkoutRequest{EventId: e.GetId(), Name: w.name, ScoreType: w.scoreType.String(), WorkoutOrder: wrapperspb.Int32(int32(i + 1))}
		if w.cap > 0 {
			req.TimeCapSeconds = wrapperspb.Int32(w.cap)
		}
		created, err := comp.CreateWorkout(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("create workout: %w", err)
		}
		ev.workouts = append(ev.workouts, created.GetId())
	}
	ev.timeCap, ev.timeNoCap, ev.reps, ev.weight, ev.points = ev.workouts[0], ev.workouts[1], ev.workouts[2], ev.workouts[3], ev.workouts[4]
	if ev.es, err = comp.GetEventStructure(ctx, &competitionv1.EventStructureRequest{EventId: e.GetId()}); err != nil {
		return nil, fmt.Errorf("event structure: %w", err)
	}
	return ev, nil
}

// fuzzCaller is who every fuzzed call comes from: an administrator.
var fuzzCaller = authn.Caller{UserID: "00000000-0000-4000-8000-00000000f022", Username: "fuzzer", Role: authn.RoleAdmin}

var errFuzzNoDatabase = errors.New("fuzz: no database")

// fuzzAPI is the in-process gateway in front of auth-svc, competition-svc and results-svc.
type fuzzAPI struct {
	handler http.Handler
	token   string
	event   *fuzzEvent
	// backend counts every attempt to reach PostgreSQL or Redis: an input that got past
	// validation.
	backend atomic.Int64
}

// newFuzzAPI builds the harness for one fuzz target or test (a fuzz worker process builds its
// own); it is stopped when t ends.
func newFuzzAPI(t testing.TB) *fuzzAPI {
	t.Helper()
	api, err := buildFuzzAPI(t)
	if err != nil {
		t.Fatalf("fuzz api: %v", err)
	}
	return api
}

func buildFuzzAPI(t testing.TB) (*fuzzAPI, error) {
	api := &fuzzAPI{}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx := context.Background()

	// A pool that never connects: every dial is counted and refused at once.
	cfg, err := pgxpool.ParseConfig("postgres://fuzz@127.0.0.1:1/fuzz?sslmode=disable&connect_timeout=1")
	if err != nil {
		return nil, err
	}
	cfg.BeforeConnect = func(context.Context, *pgx.ConnConfig) error {
		api.backend.Add(1)
		return errFuzzNoDatabase
	}
	cfg.MinConns = 0
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	rdb := redis.NewClient(&redis.Options{
		Addr: "127.0.0.1:1", MaxRetries: -1, DialTimeout: 50 * time.Millisecond,
		DialerRetries: 1, DialerRetryTimeout: time.Millisecond,
		// Not counted as reaching a store: go-redis may retry a failed dial in the
		// background, after the call that caused it has returned. The login limiter fails
		// open, so a login that gets this far reaches PostgreSQL, which is counted.
		Dialer: func(context.Context, string, string) (net.Conn, error) {
			return nil, errFuzzNoDatabase
		},
	})

	keys, err := authn.GenerateKeys()
	if err != nil {
		return nil, err
	}
	api.token, _, err = authn.NewIssuer(keys.Private, "podium", "podium-admin", 24*time.Hour).Issue("fuzzer", time.Now())
	if err != nil {
		return nil, err
	}
	policy := authn.Policy{}
	for _, p := range []authn.Policy{authsvc.Policy, competitionsvc.Policy, resultssvc.Policy} {
		for k, v := range p {
			policy[k] = v
		}
	}
	callers := svcauth.Callers{}
	for _, c := range []svcauth.Callers{authsvc.Callers, competitionsvc.Callers, resultssvc.Callers} {
		for k, v := range c {
			callers[k] = v
		}
	}
	// Every token the fuzzer signs stands for an admin session; sessions are auth-svc's, which
	// this harness runs on the unreachable database.
	fuzzAdmin := authn.SessionsFunc(func(_ context.Context, id string) (authn.Caller, bool, error) {
		return fuzzCaller, true, nil
	})
	serviceKey := svcauth.Key("fuzz-tests-service-key-0123456789abcdef")
	srv, _ := grpcx.NewServer(quiet, svcauth.NewVerifier(serviceKey).Accepting(callers), authn.NewVerifier(keys.Public, "podium", "podium-admin").WithSessions(fuzzAdmin), policy)
	lis := bufconn.Listen(1 << 20)
	dial := func(lis *bufconn.Listener, caller string) (*grpc.ClientConn, error) {
		conn, err := grpc.NewClient("passthrough:///podium-fuzz",
			grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
			grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithPerRPCCredentials(svcauth.NewCredentials(serviceKey, caller)))
		if err == nil {
			t.Cleanup(func() { conn.Close() })
		}
		return conn, err
	}
	conn, err := dial(lis, svcauth.Gateway)
	if err != nil {
		return nil, err
	}

	// The real competition-svc on a real database, served as the process serves it: results-svc
	// asks it about the fuzz event.
	compPool := pgtest.NewPool(t, competitionsvc.Migrations)
	asCompetition, err := dial(lis, "competition")
	if err != nil {
		return nil, err
	}
	comp := competitionsvc.New(competitionsvc.Deps{Pool: compPool, Results: resultsv1.NewResultsServiceClient(asCompetition), Log: quiet})
	if api.event, err = createFuzzEvent(comp); err != nil {
		return nil, err
	}
	compLis := bufconn.Listen(1 << 20)
	compSrv, _ := grpcx.NewServer(quiet, svcauth.NewVerifier(serviceKey).Accepting(competitionsvc.Callers), authn.NewVerifier(keys.Public, "podium", "podium-admin"), competitionsvc.Policy)
	competitionv1.RegisterCompetitionServiceServer(compSrv, comp)
	go compSrv.Serve(compLis) //nolint:errcheck // ends with Stop
	t.Cleanup(compSrv.Stop)
	compConn, err := dial(compLis, "results")
	if err != nil {
		return nil, err
	}
	authv1.RegisterAuthServiceServer(srv, authsvc.New(authsvc.Deps{
		Pool: pool, Redis: rdb, Log: quiet,
		LoginLimits:  authsvc.LoginLimits{PerPair: 5, PerAddress: 20, PerUsername: 50, Lockout: time.Minute, Global: 600, GlobalWindow: time.Minute},
		SignUpLimits: authsvc.LoginLimits{PerPair: 5, PerAddress: 20, PerUsername: 50, Lockout: time.Minute, Global: 600, GlobalWindow: time.Minute},
		Issuer:       authn.NewIssuer(keys.Private, "podium", "podium-admin", time.Hour),
	}))
	// The gateway's competition-svc writes go to one on the unreachable database, so that the
	// fuzzer explores their validation.
	competitionv1.RegisterCompetitionServiceServer(srv, competitionsvc.New(competitionsvc.Deps{
		Pool: pool, Results: resultsv1.NewResultsServiceClient(conn), Log: quiet,
	}))
	results, err := resultssvc.New(resultssvc.Deps{
		Pool: pool, Competition: competitionv1.NewCompetitionServiceClient(compConn), Grants: competitionsvc.NewGrants(pool), Log: quiet,
	})
	if err != nil {
		return nil, err
	}
	resultsv1.RegisterResultsServiceServer(srv, results)
	go srv.Serve(lis) //nolint:errcheck // ends with Stop
	t.Cleanup(srv.Stop)

	api.handler, err = gateway.New(ctx, gateway.Options{
		Backends:       gateway.Backends{Auth: conn, Competition: conn, Results: conn, Public: conn},
		BackendTimeout: 10 * time.Second, MaxBodyBytes: 64 << 10, Log: quiet,
	})
	return api, err
}

// answer is what the gateway said, and whether the input reached a backend store.
type answer struct {
	status  int
	body    string
	reached bool
}

func (api *fuzzAPI) call(method, path, body string) answer {
	before := api.backend.Load()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+api.token)
	rec := httptest.NewRecorder()
	api.handler.ServeHTTP(rec, req)
	return answer{status: rec.Code, body: rec.Body.String(), reached: api.backend.Load() > before}
}

// checkAnswer holds for every answer: a known status, and a JSON error a person can read for
// every failure. A 500 is only acceptable as the unreachable database's answer. An input that
// keeps a service busy past the gateway's backend deadline ends as a 504, which is refused here
// (the unreachable stores refuse at once; speed itself is for benchmarks, not tests).
func checkAnswer(t *testing.T, route, body string, a answer) {
	t.Helper()
	switch a.status {
	case http.StatusOK, http.StatusBadRequest, http.StatusNotFound, http.StatusConflict, http.StatusRequestEntityTooLarge:
	case http.StatusInternalServerError, http.StatusServiceUnavailable:
		if !a.reached {
			t.Fatalf("%s %q: %d without reaching the database (a panic or an unmapped error): %s", route, body, a.status, a.body)
		}
	default:
		t.Fatalf("%s %q: unexpected status %d: %s", route, body, a.status, a.body)
	}
	if a.status == http.StatusOK {
		return
	}
	var e struct {
		Code    *int   `json:"code"`
		Message string `json:"message"`
		Field   string `json:"field"`
	}
	if err := json.Unmarshal([]byte(a.body), &e); err != nil || e.Code == nil || strings.TrimSpace(e.Message) == "" {
		t.Fatalf("%s %q: %d with a body that is not a JSON error with a message: %q", route, body, a.status, a.body)
	}
	if len(e.Message) > 1000 {
		t.Fatalf("%s: the message echoes %d bytes of input: %.200q…", route, len(e.Message), e.Message)
	}
	if !utf8.ValidString(e.Message) {
		t.Fatalf("%s: the message is not UTF-8: %q", route, e.Message)
	}
	for _, leak := range []string{"SQLSTATE", "pgx", "pgconn", "fuzz: no database", "goroutine", "panic", "runtime error", "127.0.0.1"} {
		if strings.Contains(e.Message, leak) {
			t.Fatalf("%s %q: the message leaks %q: %s", route, body, leak, e.Message)
		}
	}
}

var unmarshal = protojson.UnmarshalOptions{DiscardUnknown: true}

// ---- results-svc ----------------------------------------------------------------------------

type fzRoute struct{ method, path string }

var resultRoutes = []fzRoute{
	{"POST", "/api/results/batch"},
	{"POST", "/api/results"},
	{"PUT", "/api/results/" + fzOther},
	{"POST", "/api/results/publication/publish"},
	{"POST", "/api/results/publication/toggle"},
}

// FuzzResultWriteBodies fuzzes the bodies of result entry and publication.
func FuzzResultWriteBodies(f *testing.F) {
	api := newFuzzAPI(f)
	ev := api.event
	row := func(team, workout, rest string) string {
		return `{"teamId":"` + team + `","workoutId":"` + workout + `"` + rest + `}`
	}
	batch := func(rows ...string) string { return `{"results":[` + strings.Join(rows, ",") + `]}` }
	for _, b := range []string{
		batch(row(ev.team1, ev.timeCap, `,"resultValue":330`)),
		batch(row(ev.team1, ev.timeCap, `,"resultValue":600,"cappedReps":12`)),
		batch(row(ev.team1, ev.timeCap, `,"status":"capped","cappedReps":0`)),
		batch(row(ev.team1, ev.timeCap, `,"status":" CAPPED ","cappedReps":-1`)),
		batch(row(ev.team1, ev.timeCap, `,"resultValue":600.0001`)),
		batch(row(ev.team1, ev.timeNoCap, `,"status":"capped","cappedReps":3`)),
		batch(row(ev.team1, ev.reps, `,"resultValue":12.5`)),
		batch(row(ev.team1, ev.reps, `,"resultValue":0`)),
		batch(row(ev.team2, ev.weight, `,"resultValue":102.5,"tiebreakValue":"NaN"`)),
		batch(row(ev.team2, ev.points, `,"resultValue":"-Infinity"`)),
		batch(row(ev.team2, ev.points, `,"resultValue":1e308`)),
		batch(row(ev.team3, ev.timeCap, `,"status":"wd"`), row(ev.team2, ev.timeCap, `,"status":"dnf","resultValue":-1`)),
		batch(row(ev.team1, ev.reps, `,"resultValue":1`), row(ev.team1, ev.reps, `,"resultValue":2`)),
		batch(row(ev.team1, ev.reps, `,"resultValue":1`), row(fzOther, ev.reps, `,"resultValue":2`)),
		batch(row(ev.team1, fzOther, `,"resultValue":1`)),
		batch(row(strings.ToUpper(ev.team1), " "+ev.reps+" ", `,"resultValue":"7"`)),
		batch(row("x' OR '1'='1", ev.reps, `,"resultValue":1`)),
		batch(row(ev.team1, ev.reps, `,"resultValue":{"$gt":0}`)),
		batch(row(ev.team1, ev.reps, `,"resultValue":1,"cappedReps":2147483648`)),
		batch(row(ev.team1, ev.reps, `,"resultValue":1,"status":"completed\u0000"`)),
		batch(),
		`{"results":null}`,
		`{"results":[null]}`,
		`{"results":{}}`,
		`[]`,
		`{"results":[{}]}`,
		row(ev.team1, ev.timeCap, `,"resultValue":59.99`),
		row(ev.team1, ev.timeCap, `,"status":"capped"`),
		`{"status":"dns","resultValue":3}`,
		`{"resultIds":["` + fzOther + `"]}`,
		`{"resultIds":["not-a-uuid"]}`,
		`{"resultIds":[]}`,
		`{"resultIds":"` + fzOther + `"}`,
		"{\"results\":[{\"teamId\":\"\xff\"}]}",
		`{"results":[` + strings.Repeat(row(ev.team1, ev.reps, `,"resultValue":1`)+",", 50) + `{}]}`,
	} {
		for i := range resultRoutes {
			f.Add(uint8(i), b)
		}
	}
	f.Fuzz(func(t *testing.T, route uint8, body string) {
		rt := resultRoutes[int(route)%len(resultRoutes)]
		a := api.call(rt.method, rt.path, body)
		checkAnswer(t, rt.method+" "+rt.path, body, a)
		if !a.reached {
			return
		}
		// Validation let it through: the documented rules must agree.
		switch rt.path {
		case "/api/results/batch":
			var req resultsv1.BatchSaveResultsRequest
			if err := unmarshal.Unmarshal([]byte(body), &req); err != nil {
				t.Fatalf("the service accepted a body the gateway could not decode?! %v", err)
			}
			checkAcceptedResults(t, ev.es, body, req.GetResults())
		case "/api/results":
			var in resultsv1.ResultInput
			if err := unmarshal.Unmarshal([]byte(body), &in); err != nil {
				t.Fatalf("accepted undecodable body: %v", err)
			}
			checkAcceptedResults(t, ev.es, body, []*resultsv1.ResultInput{&in})
		}
	})
}

// FuzzResultValues fuzzes the numbers of one result in every kind of workout (the values the
// web app's MM:SS, seconds, CAP +reps and decimal parsing produce), through the batch call.
func FuzzResultValues(f *testing.F) {
	api := newFuzzAPI(f)
	ev := api.event
	f.Add(uint8(0), "", 330.0, int32(0), 0.0, uint8(1))
	f.Add(uint8(0), "", 600.0, int32(12), 0.0, uint8(3))
	f.Add(uint8(0), "", 600.0, int32(0), 0.0, uint8(1))
	f.Add(uint8(0), "", 600.5, int32(0), 0.0, uint8(1))
	f.Add(uint8(0), "capped", 0.0, int32(-1), 0.0, uint8(2))
	f.Add(uint8(0), "CAP", 0.0, int32(5), 0.0, uint8(2))
	f.Add(uint8(1), "capped", 0.0, int32(5), 0.0, uint8(2))
	f.Add(uint8(1), "", 0.001, int32(0), 0.0, uint8(1))
	f.Add(uint8(1), "", 0.0, int32(0), 0.0, uint8(1))
	f.Add(uint8(1), "", 359999.99, int32(0), 1.5, uint8(5))
	f.Add(uint8(2), "", 12.5, int32(0), 0.0, uint8(1))
	f.Add(uint8(2), "", math.Copysign(0, -1), int32(0), 0.0, uint8(1))
	f.Add(uint8(2), "completed", 1e15, int32(0), -1.0, uint8(5))
	f.Add(uint8(3), "", 102.25, int32(0), math.Inf(1), uint8(5))
	f.Add(uint8(3), "dnf", math.NaN(), int32(0), 0.0, uint8(1))
	f.Add(uint8(4), "", math.MaxFloat64, int32(0), 0.0, uint8(1))
	f.Add(uint8(4), "withdrawn", -5.0, int32(-5), -5.0, uint8(7))
	f.Add(uint8(4), "", math.SmallestNonzeroFloat64, int32(0), 0.0, uint8(0))
	f.Fuzz(func(t *testing.T, workout uint8, st string, value float64, reps int32, tiebreak float64, set uint8) {
		in := &resultsv1.ResultInput{TeamId: ev.team1, WorkoutId: ev.workouts[int(workout)%len(ev.workouts)], Status: st}
		if set&1 != 0 {
			in.ResultValue = wrapperspb.Double(value)
		}
		if set&2 != 0 {
			in.CappedReps = wrapperspb.Int32(reps)
		}
		if set&4 != 0 {
			in.TiebreakValue = wrapperspb.Double(tiebreak)
		}
		raw, err := protojson.Marshal(&resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{in}})
		if err != nil {
			return // not valid UTF-8: the gateway could not receive it either
		}
		a := api.call("POST", "/api/results/batch", string(raw))
		checkAnswer(t, "POST /api/results/batch", string(raw), a)
		if a.reached {
			checkAcceptedResults(t, ev.es, string(raw), []*resultsv1.ResultInput{in})
		}
	})
}

// checkAcceptedResults is the oracle: rows that results-svc accepted must be valid results:
// known team and workout of one event, each pair once, a
// finite value within the workout's rules, reps only for a capped TIME workout with a cap.
func checkAcceptedResults(t *testing.T, es *competitionv1.EventStructure, body string, rows []*resultsv1.ResultInput) {
	t.Helper()
	workouts := map[string]*competitionv1.Workout{}
	for _, w := range es.GetEvent().GetWorkouts() {
		workouts[w.GetId()] = w
	}
	teams := map[string]bool{}
	for _, tm := range es.GetTeams() {
		teams[tm.GetId()] = true
	}
	bad := func(i int, why string) { t.Fatalf("accepted an invalid result (row %d: %s): %s", i, why, body) }
	seen := map[string]bool{}
	for i, r := range rows {
		teamID, workoutID := strings.ToLower(strings.TrimSpace(r.GetTeamId())), strings.ToLower(strings.TrimSpace(r.GetWorkoutId()))
		w := workouts[workoutID]
		if !teams[teamID] || w == nil {
			bad(i, "unknown team or workout")
		}
		if seen[teamID+workoutID] {
			bad(i, "team and workout twice in one batch")
		}
		seen[teamID+workoutID] = true
		st := strings.ToLower(strings.TrimSpace(r.GetStatus()))
		switch st {
		case "":
			st = "completed"
		case "wd", "withdrawn":
			st = "dns"
		}
		isTime, hasCap := w.GetScoreType() == typesv1.ScoreType_TIME, w.GetTimeCapSeconds() != nil
		capSeconds := float64(w.GetTimeCapSeconds().GetValue())
		if st == "completed" && isTime && hasCap && r.ResultValue != nil && r.CappedReps != nil && r.GetResultValue().GetValue() == capSeconds {
			st = "capped"
		}
		v := r.GetResultValue().GetValue()
		switch st {
		case "completed":
			switch {
			case r.ResultValue == nil:
				bad(i, "completed without a value")
			case math.IsNaN(v) || math.IsInf(v, 0):
				bad(i, "value not finite")
			case v < 0:
				bad(i, "negative value")
			case isTime && v == 0:
				bad(i, "a time of 0")
			case isTime && hasCap && v > capSeconds:
				bad(i, "time over the cap")
			case w.GetScoreType() == typesv1.ScoreType_REPS && v != math.Trunc(v):
				bad(i, "fractional reps")
			}
		case "capped":
			switch {
			case !isTime || !hasCap:
				bad(i, "capped result without a TIME cap")
			case r.CappedReps == nil || r.GetCappedReps().GetValue() < 0:
				bad(i, "capped without reps ≥ 0")
			}
		case "dnf", "dns":
		default:
			bad(i, "status "+st)
		}
		if tb := r.TiebreakValue; tb != nil && (st == "completed" || st == "capped") {
			if x := tb.GetValue(); math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
				bad(i, "tiebreak not a number ≥ 0")
			}
		}
	}
}

// ---- competition-svc ------------------------------------------------------------------------

const (
	fzCompEvent = "c0000000-0000-4000-8000-000000000001"
	fzCompDiv   = "c0000000-0000-4000-8000-0000000000d1"
	fzCompTeam  = "c0000000-0000-4000-8000-0000000000a1"
	fzCompWod   = "c0000000-0000-4000-8000-0000000000b1"
)

var competitionRoutes = []fzRoute{
	{"POST", "/api/events"},
	{"PUT", "/api/events/" + fzCompEvent},
	{"POST", "/api/divisions"},
	{"PUT", "/api/divisions/" + fzCompDiv},
	{"POST", "/api/teams"},
	{"POST", "/api/teams/bulk"},
	{"PUT", "/api/teams/" + fzCompTeam},
	{"POST", "/api/events/" + fzCompEvent + "/workouts"},
	{"PUT", "/api/events/" + fzCompEvent + "/workouts/" + fzCompWod},
	{"POST", "/api/events/" + fzCompEvent + "/workouts/reorder"},
	{"POST", "/api/divisions/events/" + fzCompEvent + "/divisions"},
}

// FuzzCompetitionWriteBodies fuzzes the bodies of every event, division, team and workout
// write.
func FuzzCompetitionWriteBodies(f *testing.F) {
	long := strings.Repeat("x", 256)
	for _, b := range []string{
		`{"name":"Summer Games","dateFrom":"2026-06-01","dateTo":"2026-06-02","location":"Hall 1","detailsVisible":true}`,
		`{"name":"  ","dateFrom":"2026-06-01","dateTo":"2026-06-02"}`,
		`{"name":"` + long + `","dateFrom":"2026-06-01","dateTo":"2026-06-02"}`,
		`{"name":"Games","dateFrom":"2026-06-03","dateTo":"2026-06-02"}`,
		`{"name":"Games","dateFrom":"2026-02-30","dateTo":"2026-03-02"}`,
		`{"name":"Games","dateFrom":" 2026-06-01 ","dateTo":"2026-6-2"}`,
		`{"name":"Games","dateFrom":"2026-06-01","dateTo":"2026-06-02","status":"in_progress","scoringTable":"CUSTOM","customPoints":[100,"NaN",-1]}`,
		`{"name":"Games","dateFrom":"2026-06-01","dateTo":"2026-06-02","scoringTable":"custom","customPoints":[]}`,
		`{"name":"Games","dateFrom":"2026-06-01","dateTo":"2026-06-02","scoringTable":"ranksum","description":"` + strings.Repeat("d", 5001) + `"}`,
		`{"name":"Open","eventId":"` + fzCompEvent + `","description":"` + strings.Repeat("d", 501) + `"}`,
		`{"name":"O","eventId":"` + fzCompEvent + `"}`,
		`{"name":"Open","eventId":"1 OR 1=1"}`,
		`{"name":"Open","eventId":""}`,
		`{"name":"Team A","divisionId":"` + fzCompDiv + `","athlete1Name":"` + long + `"}`,
		`{"name":"Team A","divisionId":"` + fzCompDiv + `","eventId":"` + fzCompEvent + `","athlete2Name":"Zoë"}`,
		`{"eventId":"` + fzCompEvent + `","divisionId":"` + fzCompDiv + `","teams":[{"name":"Good Team"},{"name":"B"}]}`,
		`{"eventId":"` + fzCompEvent + `","divisionId":"` + fzCompDiv + `","teams":[]}`,
		`{"name":"Fran","scoreType":"TIME","timeCapSeconds":600}`,
		`{"name":"Fran","scoreType":"time","timeCapSeconds":59}`,
		`{"name":"Fran","scoreType":"TIME","timeCapSeconds":3601}`,
		`{"name":"Fran","scoreType":"TIME","timeCapSeconds":"600"}`,
		`{"name":"Fran","scoreType":"TIME","timeCapSeconds":600.5}`,
		`{"name":"Fran","scoreType":"TIME","timeCapSeconds":99999999999}`,
		`{"name":"Grace","scoreType":"REPS","workoutOrder":0}`,
		`{"name":"Grace","scoreType":"FASTEST"}`,
		`{"name":"Grace","scoreType":" max_weight ","workoutOrder":2147483647,"description":"# Heading"}`,
		`{"workoutIds":["` + fzCompWod + `","` + fzCompWod + `"]}`,
		`{"workoutIds":["nope"]}`,
		`{"name":"Games\u0000","dateFrom":"2026-06-01","dateTo":"2026-06-02"}`,
		"{\"name\":\"Games \xff\xfe\",\"dateFrom\":\"2026-06-01\",\"dateTo\":\"2026-06-02\"}",
		`{"name":42}`,
		`{"name":"Games"`,
		`[1,2,3]`,
		`null`,
		``,
	} {
		for i := range competitionRoutes {
			f.Add(uint8(i), b)
		}
	}
	api := newFuzzAPI(f)
	f.Fuzz(func(t *testing.T, route uint8, body string) {
		rt := competitionRoutes[int(route)%len(competitionRoutes)]
		a := api.call(rt.method, rt.path, body)
		checkAnswer(t, rt.method+" "+rt.path, body, a)
		if !a.reached {
			return
		}
		switch {
		case rt.method == "POST" && rt.path == "/api/events":
			var req competitionv1.CreateEventRequest
			mustDecode(t, body, &req)
			checkAcceptedEvent(t, body, &req)
		case rt.method == "POST" && strings.HasSuffix(rt.path, "/workouts"):
			var req competitionv1.CreateWorkoutRequest
			mustDecode(t, body, &req)
			checkAcceptedWorkout(t, body, req.GetName(), req.GetDescription(), req.GetScoreType(), req.GetTimeCapSeconds(), req.GetWorkoutOrder())
		case rt.path == "/api/divisions" || strings.HasSuffix(rt.path, "/divisions"):
			var req competitionv1.CreateDivisionRequest
			mustDecode(t, body, &req)
			checkName(t, body, "division name", req.GetName(), 2, 255)
			if n := utf8.RuneCountInString(req.GetDescription()); n > 500 {
				t.Fatalf("accepted a division description of %d characters: %.200s", n, body)
			}
		case rt.method == "POST" && rt.path == "/api/teams":
			var req competitionv1.CreateTeamRequest
			mustDecode(t, body, &req)
			checkName(t, body, "team name", req.GetName(), 2, 255)
			checkName(t, body, "athlete 1 name", req.GetAthlete1Name(), 0, 255)
			checkName(t, body, "athlete 2 name", req.GetAthlete2Name(), 0, 255)
		}
	})
}

func mustDecode(t *testing.T, body string, m proto.Message) {
	t.Helper()
	if err := unmarshal.Unmarshal([]byte(body), m); err != nil {
		t.Fatalf("the service accepted a body the gateway cannot decode? %v: %q", err, body)
	}
}

func checkName(t *testing.T, body, what, v string, lo, hi int) {
	t.Helper()
	if n := utf8.RuneCountInString(strings.TrimSpace(v)); n < lo || n > hi {
		t.Fatalf("accepted a %s of %d characters (allowed %d–%d): %.300q", what, n, lo, hi, body)
	}
}

func checkAcceptedEvent(t *testing.T, body string, req *competitionv1.CreateEventRequest) {
	t.Helper()
	checkName(t, body, "event name", req.GetName(), 1, 255)
	checkName(t, body, "location", req.GetLocation(), 0, 255)
	from, err1 := time.Parse("2006-01-02", strings.TrimSpace(req.GetDateFrom()))
	to, err2 := time.Parse("2006-01-02", strings.TrimSpace(req.GetDateTo()))
	if err1 != nil || err2 != nil || from.After(to) || from.Year() < 1970 || to.Year() > 2100 {
		t.Fatalf("accepted dates %q – %q: %s", req.GetDateFrom(), req.GetDateTo(), body)
	}
	if n := utf8.RuneCountInString(req.GetDescription()); n > 5000 {
		t.Fatalf("accepted a description of %d characters", n)
	}
	if req.Status != nil {
		switch strings.ToUpper(strings.TrimSpace(req.GetStatus())) {
		case "DRAFT", "PUBLISHED", "IN_PROGRESS", "ARCHIVED", "UNLISTED":
		default:
			t.Fatalf("accepted status %q", req.GetStatus())
		}
	}
	table := "podium100"
	if req.ScoringTable != nil {
		table = strings.ToLower(strings.TrimSpace(req.GetScoringTable()))
	}
	switch table {
	case "podium100", "games2012", "ranksum":
	case "custom":
		pts := req.GetCustomPoints()
		if len(pts) == 0 || len(pts) > 1000 {
			t.Fatalf("accepted %d custom points", len(pts))
		}
		for _, p := range pts {
			if math.IsNaN(p) || math.IsInf(p, 0) || p < 0 {
				t.Fatalf("accepted custom points %v", pts)
			}
		}
	default:
		t.Fatalf("accepted scoring table %q", req.GetScoringTable())
	}
}

func checkAcceptedWorkout(t *testing.T, body, name, description, scoreType string, timeCap, order *wrapperspb.Int32Value) {
	t.Helper()
	checkName(t, body, "workout name", name, 2, 255)
	if n := utf8.RuneCountInString(description); n > 5000 {
		t.Fatalf("accepted a workout description of %d characters", n)
	}
	switch strings.ToUpper(strings.TrimSpace(scoreType)) {
	case "TIME", "REPS", "MAX_WEIGHT", "POINTS":
	default:
		t.Fatalf("accepted score type %q: %s", scoreType, body)
	}
	if timeCap != nil && (timeCap.GetValue() < 60 || timeCap.GetValue() > 3600) {
		t.Fatalf("accepted a time cap of %d s (allowed 01:00–60:00): %s", timeCap.GetValue(), body)
	}
	if order != nil && (order.GetValue() < 1 || order.GetValue() > 1000) {
		t.Fatalf("accepted workout order %d: %s", order.GetValue(), body)
	}
}

// ---- auth-svc -------------------------------------------------------------------------------

// FuzzLoginBody fuzzes the sign-in body: never a 5xx before the stores, never a message that
// echoes the password.
func FuzzLoginBody(f *testing.F) {
	for _, b := range []string{
		`{"username":"admin","password":"correct horse battery"}`,
		`{"username":"","password":"x"}`,
		`{"username":"admin","password":""}`,
		`{"username":"   ","password":"   "}`,
		`{"username":"admin' --","password":"' OR '1'='1"}`,
		`{"username":"` + strings.Repeat("a", 10000) + `","password":"x"}`,
		`{"username":"admin","password":"` + strings.Repeat("p", 100) + `"}`,
		`{"username":["admin"],"password":{"$ne":null}}`,
		`{"username":"admin\u0000","password":"x"}`,
		`{"username":"admin"}`,
		`{}`,
		`null`,
	} {
		f.Add(b)
	}
	api := newFuzzAPI(f)
	f.Fuzz(func(t *testing.T, body string) {
		a := api.call("POST", "/api/auth/login", body)
		checkAnswer(t, "POST /api/auth/login", body, a)
		if a.status == http.StatusOK {
			t.Fatalf("signed in without a database: %q → %s", body, a.body)
		}
		var req authv1.LoginRequest
		if unmarshal.Unmarshal([]byte(body), &req) == nil && len(req.GetPassword()) >= 6 && strings.Contains(a.body, req.GetPassword()) {
			t.Fatalf("the answer echoes the password: %s", a.body)
		}
		if a.reached && (strings.TrimSpace(req.GetUsername()) == "" || req.GetPassword() == "") {
			t.Fatalf("an empty username or password reached the stores: %q", body)
		}
	})
}

// TestFuzzHarnessReachesTheStores guards the fuzz oracle itself: a valid body must get past
// validation (and be counted), an invalid one must not.
func TestFuzzHarnessReachesTheStores(t *testing.T) {
	t.Parallel()
	api := newFuzzAPI(t)
	ev := api.event
	valid := api.call("POST", "/api/results/batch", fmt.Sprintf(`{"results":[{"teamId":%q,"workoutId":%q,"resultValue":42}]}`, ev.team1, ev.reps))
	if !valid.reached || valid.status != http.StatusInternalServerError {
		t.Fatalf("a valid batch should reach the (unreachable) database: %+v", valid)
	}
	invalid := api.call("POST", "/api/results/batch", fmt.Sprintf(`{"results":[{"teamId":%q,"workoutId":%q,"resultValue":-1}]}`, ev.team1, ev.reps))
	if invalid.reached || invalid.status != http.StatusBadRequest {
		t.Fatalf("a negative value must stop at validation: %+v", invalid)
	}
	event := api.call("POST", "/api/events", `{"name":"Games","dateFrom":"2026-06-01","dateTo":"2026-06-02"}`)
	if !event.reached {
		t.Fatalf("a valid event should reach the database: %+v", event)
	}
	unauth := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/api/events", strings.NewReader(`{"name":"Games","dateFrom":"2026-06-01","dateTo":"2026-06-02"}`))
	api.handler.ServeHTTP(unauth, req)
	if unauth.Code != http.StatusUnauthorized {
		t.Fatalf("without a token: %d", unauth.Code)
	}
}
