package apitest

import (
	"context"
	"io"
	"log/slog"
	"net"
	"path"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"

	competitionsvc "github.com/podium-dev/podium/competition-svc"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/platform/grpcx"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/internal/platform/svcauth"
	resultssvc "github.com/podium-dev/podium/results-svc"
)

// ServiceKey signs the service credentials of the use-case tests' gRPC calls.
var ServiceKey = svcauth.Key("competition-svc-tests-service-key-0123456789")

// Admin is the caller of the use-case tests: an admin, who may do everything.
var Admin = authn.Caller{UserID: "00000000-0000-4000-8000-00000000ad01", Username: "admin", Role: authn.RoleAdmin}

// Services is competition-svc's Server with the real results-svc: both on one fresh
// database, each on a loopback gRPC listener built as the process builds it (grpcx), calling
// the other with service credentials as in production. Results are entered and published
// through results-svc itself (SaveResults), so the 409 rules are checked against what
// results-svc really counts and purges.
type Services struct {
	Srv     *competitionsvc.Server
	Results *resultssvc.Server
	Pool    *pgxpool.Pool
	Changes *changes.Signal
	// Ctx carries Admin as the caller.
	Ctx   context.Context
	Deps  competitionsvc.Deps
	Quiet *slog.Logger
	// Calls counts competition-svc's calls to results-svc by method name (e.g. "PurgeResults").
	Calls *RPCCounter
}

// RPCCounter counts a client's calls by method name.
type RPCCounter struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *RPCCounter) intercept(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	c.mu.Lock()
	c.n[path.Base(method)]++
	c.mu.Unlock()
	return invoker(ctx, method, req, reply, cc, opts...)
}

// Total is how many calls the client made, of every method.
func (c *RPCCounter) Total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, k := range c.n {
		n += k
	}
	return n
}

// Count is how many calls of method the client made.
func (c *RPCCounter) Count(method string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[method]
}

// NewServices starts competition-svc and results-svc for the test, on a database and a
// Redis namespace of its own; both stop with the test.
func NewServices(t *testing.T) *Services {
	t.Helper()
	pool := pgtest.NewPool(t, competitionsvc.Migrations, resultssvc.Migrations)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	rdb := pgtest.NewRedis(t)
	gens := changes.NewSignal(changes.NewChannel(rdb, pgtest.Namespace(t, rdb)), log)
	keys, err := authn.GenerateKeys()
	if err != nil {
		t.Fatal(err)
	}
	tokens := authn.NewVerifier(keys.Public, "podium", "podium-admin")
	compLis, compSrv := listen(t, log, tokens, competitionsvc.Policy, competitionsvc.Callers)
	resLis, resSrv := listen(t, log, tokens, resultssvc.Policy, resultssvc.Callers)
	calls := &RPCCounter{n: map[string]int{}}
	resultsClient := resultsv1.NewResultsServiceClient(Dial(t, resLis.Addr().String(), "results-svc", "competition", grpc.WithChainUnaryInterceptor(calls.intercept)))
	compClient := competitionv1.NewCompetitionServiceClient(Dial(t, compLis.Addr().String(), "competition-svc", "results"))

	deps := competitionsvc.Deps{Pool: pool, Results: resultsClient, Changes: gens, Log: log}
	f := &Services{Srv: competitionsvc.New(deps), Pool: pool, Changes: gens, Ctx: authn.WithCaller(context.Background(), Admin), Deps: deps, Quiet: log, Calls: calls}
	f.Results, err = resultssvc.New(resultssvc.Deps{Pool: pool, Competition: compClient, Changes: gens, Grants: competitionsvc.NewGrants(pool), Log: log})
	if err != nil {
		t.Fatal(err)
	}
	competitionv1.RegisterCompetitionServiceServer(compSrv, f.Srv)
	resultsv1.RegisterResultsServiceServer(resSrv, f.Results)
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
	srv, _ := grpcx.NewServer(log, svcauth.NewVerifier(ServiceKey).Accepting(callers), tokens, policy)
	return lis, srv
}

// Dial is a client of the service target at addr, calling as caller with ServiceKey's
// credentials; it closes with the test.
func Dial(t *testing.T, addr, target, caller string, opts ...grpc.DialOption) *grpc.ClientConn {
	t.Helper()
	conn, err := grpcx.Dial(slog.Default(), addr, target, svcauth.NewCredentials(ServiceKey, caller), opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}
