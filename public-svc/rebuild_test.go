package publicsvc_test

import (
	"context"
	"log/slog"
	"net"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionsvc "github.com/podium-dev/podium/competition-svc"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/grpcx"
	"github.com/podium-dev/podium/internal/platform/svcauth"
	publicsvc "github.com/podium-dev/podium/public-svc"
	resultssvc "github.com/podium-dev/podium/results-svc"
)

// A public rebuild reads each source once (docs/architecture.md, "Reading the public site"):
// public-svc and results-svc are wired here as the targets wire them, to the stack's real
// competition-svc, through connections that count every GetEventStructure call they make.
func TestARebuildFetchesTheStructureOnce(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := springThrowdown(t, s)
	w.publishEvent()

	var structureCalls atomic.Int64
	count := grpc.WithChainUnaryInterceptor(func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		if method == competitionv1.CompetitionService_GetEventStructure_FullMethodName {
			structureCalls.Add(1)
		}
		return invoker(ctx, method, req, reply, cc, opts...)
	})
	competitionFor := func(caller string) competitionv1.CompetitionServiceClient {
		conn, err := grpcx.Dial(slog.Default(), s.Cfg.CompetitionAddr, "competition-svc", svcauth.NewCredentials(s.ServiceKey, caller), count)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		return competitionv1.NewCompetitionServiceClient(conn)
	}

	pool, err := pgxpool.New(context.Background(), s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	results := grpc.NewServer()
	resultsSrv, err := resultssvc.New(resultssvc.Deps{Pool: pool, Competition: competitionFor("results"),
		Grants: competitionsvc.RemoteGrants(competitionFor("results"))})
	if err != nil {
		t.Fatal(err)
	}
	resultsv1.RegisterResultsServiceServer(results, resultsSrv)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go results.Serve(lis) //nolint:errcheck // ends with Stop
	t.Cleanup(results.Stop)
	resultsConn, err := grpcx.Dial(slog.Default(), lis.Addr().String(), "results-svc", svcauth.NewCredentials(s.ServiceKey, "public"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resultsConn.Close() })

	// Without Redis every call is a cold rebuild.
	public, err := publicsvc.New(publicsvc.Deps{Competition: competitionFor("public"), Results: resultsv1.NewResultsServiceClient(resultsConn),
		Grants: competitionsvc.RemoteGrants(competitionFor("public")), BuildWait: s.Cfg.PublicBuildWait})
	if err != nil {
		t.Fatal(err)
	}
	for _, preview := range []bool{false, true} {
		before := structureCalls.Load()
		lb, err := public.GetAdminDivisionLeaderboard(context.Background(), &publicv1.DivisionLeaderboardRequest{
			EventId: w.ID, DivisionId: w.DivisionID("Rx"), IncludeUnpublished: preview})
		if err != nil {
			t.Fatal(err)
		}
		if len(lb.GetStandings()) != 4 {
			t.Fatalf("preview %v: %d standings", preview, len(lb.GetStandings()))
		}
		if n := structureCalls.Load() - before; n != 1 {
			t.Errorf("preview %v: a rebuild fetched the event structure %d times, want 1", preview, n)
		}
	}
}
