package publicsvc_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionsvc "github.com/podium-dev/podium/competition-svc"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/internal/platform/telemetry/telemetrytest"
	publicsvc "github.com/podium-dev/podium/public-svc"
	"github.com/podium-dev/podium/tests/bench"
)

// BenchmarkRebuildDivisionLeaderboard measures a division leaderboard miss (100 teams,
// 8 workouts, every result published) against the real stack:
//
//   - full: new public versions and a published result changed, so the event's structure
//     (competition-svc) and standings (results-svc, scored from the raw results) are fetched
//     again and the view is built and stored in Redis;
//   - view: the sources are cached in Redis, only the view is built and stored (a replica that
//     has decoded nothing yet);
//   - http: full, seen from a client: through the gateway, JSON-encoded, tagged and gzipped
//     (the stack's gateway keeps nothing in memory here).
//
// Run: go test -run '^$' -bench RebuildDivisionLeaderboard ./public-svc/
func BenchmarkRebuildDivisionLeaderboard(b *testing.B) {
	s := stacktest.StartWith(b, stacktest.Options{Env: map[string]string{"PODIUM_PUBLIC_CACHE_TTL": "1ns"}})
	ctx := context.Background()
	seeded := bench.Seed(b, s.API(), 100, 8)
	pool, err := pg.Connect(ctx, s.DatabaseURL)
	if err != nil {
		b.Fatal(err)
	}
	defer pool.Close()
	// bump stands for a change of the event in both services: a new competition version, and a
	// published result changed (a second slower each time: a value never seen before), which
	// raises the results version and changes the standings, so the views built from them are
	// new too.
	bump := func(b *testing.B) {
		for _, sql := range []string{
			`UPDATE competition.public_versions SET version = version + 1 WHERE event_id = $1`,
			`UPDATE results.results SET value = value + 1
			 WHERE id = (SELECT id FROM results.results WHERE event_id = $1 AND is_published AND status = 'completed' ORDER BY id LIMIT 1)`,
		} {
			if _, err := pool.Exec(ctx, sql, seeded.EventID); err != nil {
				b.Fatal(err)
			}
		}
	}
	comp := s.DialService("public", "competition-svc", s.Cfg.CompetitionAddr)
	res := s.DialService("public", "results-svc", s.Cfg.ResultsAddr)
	rdb := pgtest.NewRedis(b)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ns := cache.Namespace(s.DatabaseURL, rdb) // another replica of the stack's deployment
	compClient := competitionv1.NewCompetitionServiceClient(comp)
	replica := func(b *testing.B) *publicsvc.Server {
		srv, err := publicsvc.New(publicsvc.Deps{
			Redis: rdb, Competition: compClient, Results: resultsv1.NewResultsServiceClient(res),
			Grants: competitionsvc.RemoteGrants(compClient), Log: log, Namespace: ns, BuildWait: s.Cfg.PublicBuildWait,
		})
		if err != nil {
			b.Fatal(err)
		}
		return srv
	}
	srv := replica(b)
	req := &publicv1.DivisionLeaderboardRequest{EventId: seeded.EventID, DivisionId: seeded.DivisionID}
	read := func(b *testing.B) *publicv1.DivisionLeaderboard {
		lb, err := srv.GetDivisionLeaderboard(ctx, req)
		if err != nil {
			b.Fatal(err)
		}
		return lb
	}
	if lb := read(b); len(lb.GetStandings()) != 100 || len(lb.GetWorkouts()) != 8 {
		b.Fatalf("seeded leaderboard has %d teams, %d workouts", len(lb.GetStandings()), len(lb.GetWorkouts()))
	}

	b.Run("full", func(b *testing.B) {
		var took []time.Duration
		for b.Loop() {
			b.StopTimer()
			bump(b)
			before := telemetrytest.ViewRebuilds("")
			b.StartTimer()
			start := time.Now()
			read(b)
			took = append(took, time.Since(start))
			if telemetrytest.ViewRebuilds("")-before != 4 { // structure, heats, standings, view
				b.Fatalf("%d builds, want 4", telemetrytest.ViewRebuilds("")-before)
			}
		}
		report(b, took)
	})
	b.Run("view", func(b *testing.B) {
		read(b)
		views := "podium:" + ns + ":view*:" + seeded.EventID + ":*:division:" + seeded.DivisionID
		var took []time.Duration
		for b.Loop() {
			b.StopTimer()
			keys := rdb.Keys(ctx, views).Val()
			if len(keys) == 0 {
				b.Fatalf("no view under %s", views)
			}
			rdb.Del(ctx, keys...)
			srv = replica(b) // a replica that has decoded nothing: the sources come from Redis
			before := telemetrytest.ViewRebuilds("")
			b.StartTimer()
			start := time.Now()
			read(b)
			took = append(took, time.Since(start))
			if telemetrytest.ViewRebuilds("")-before != 1 {
				b.Fatalf("%d builds, want 1", telemetrytest.ViewRebuilds("")-before)
			}
		}
		report(b, took)
	})
	b.Run("http", func(b *testing.B) {
		var took []time.Duration
		for b.Loop() {
			b.StopTimer()
			bump(b)
			b.StartTimer()
			start := time.Now()
			r := s.DoWithHeaders(http.MethodGet, seeded.LeaderboardPath(), nil, "", map[string]string{"Accept-Encoding": "gzip"})
			took = append(took, time.Since(start))
			if r.Status != http.StatusOK {
				b.Fatalf("status %d", r.Status)
			}
		}
		report(b, took)
	})
}

// report adds the median rebuild time (ms/rebuild; robust to a busy machine) and the 90th
// percentile (p90-ms) to the benchmark's line.
func report(b *testing.B, took []time.Duration) {
	if len(took) == 0 {
		return
	}
	slices.Sort(took)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(took[len(took)/2]), "ms/rebuild")
	b.ReportMetric(ms(took[len(took)*9/10]), "p90-ms")
}
