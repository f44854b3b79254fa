package gateway

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/gateway/publiccache/cachetest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// The micro-benchmarks of the paths a federation day's profile names (docs/operations.md,
// "The hot path"), each with its allocations per operation: those are deterministic, so a
// regression shows in one number even on a loaded machine, where time per operation does not.
// BenchmarkHotPublicHit (observe_bench_test.go) is the hot read; streamhub.BenchmarkDeliver
// the delivery to open streams.

// benchLeaderboard is a division leaderboard as public-svc answers it: teams standings of
// workouts results each.
func benchLeaderboard(teams, workouts int) *publicv1.DivisionLeaderboard {
	lb := &publicv1.DivisionLeaderboard{
		Event:    &publicv1.LeaderboardEvent{Id: "0b7f5b2e-4a51-4c1e-9f3e-5d1d2c3b4a59", Name: "Federation Day"},
		Division: &publicv1.NamedRef{Id: "5c0d6f1a-2b3c-4d5e-8f70-8192a3b4c5d6", Name: "Rx Men"},
	}
	for w := range workouts {
		lb.Workouts = append(lb.Workouts, &publicv1.LeaderboardWorkout{
			Id: fmt.Sprintf("9a8b7c6d-0000-4000-8000-%012d", w), Name: fmt.Sprintf("Workout %d", w+1),
			OrderIndex: wrapperspb.Int32(int32(w)), Weight: 1,
		})
	}
	for t := range teams {
		s := &publicv1.Standing{
			TeamId: fmt.Sprintf("1f2e3d4c-0000-4000-8000-%012d", t), TeamName: fmt.Sprintf("Team %d", t+1),
			Athlete1Name: fmt.Sprintf("Athlete %d", 2*t), Athlete2Name: fmt.Sprintf("Athlete %d", 2*t+1),
			Rank: wrapperspb.Int32(int32(t + 1)), TotalPoints: wrapperspb.Double(float64(800 - 7*t)),
		}
		for w := range workouts {
			s.WorkoutResults = append(s.WorkoutResults, &publicv1.StandingWorkoutResult{
				WorkoutId: lb.Workouts[w].Id, Result: fmt.Sprintf("%d:%02d", 8+(t*7+w)%9, (t*13+w*7)%60),
				RawResult: wrapperspb.Double(float64(480 + (t*37+w*11)%300)), Points: wrapperspb.Double(float64(100 - (t+w)%100)),
				Rank: wrapperspb.Int32(int32(1 + (t+w)%teams)),
			})
		}
		lb.Standings = append(lb.Standings, s)
	}
	return lb
}

// BenchmarkPublicMiss is a public view the gateway does not hold: the request reduced, the
// view asked of the handler behind (here it encodes a 100-team, 8-workout division
// leaderboard with the gateway's JSON marshaler, as grpc-gateway does with public-svc's
// answer), recorded, tagged (ETag), gzipped, kept and written: everything of a miss but
// public-svc's own work and the network. The copies expire at once, so every request misses.
func BenchmarkPublicMiss(b *testing.B) {
	lb := benchLeaderboard(100, 8)
	m := newJSONMarshaler()
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		setRoute(w, r, hotRoute)
		a, _ := cachetest.Advise(r)
		pairs := a.Pairs()
		for i := 0; i+1 < len(pairs); i += 2 {
			w.Header().Add(pairs[i], pairs[i+1])
		}
		body, err := m.Marshal(lb)
		if err != nil {
			b.Fatal(err)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(body) //nolint:errcheck // to memory
	})
	cache := newPublicCache(api, Options{PublicCacheTTL: time.Nanosecond}) // every copy expired when the next request comes
	for _, enc := range []string{"identity", "gzip"} {
		b.Run(enc, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, "/api/public/events/e1/divisions/d1/leaderboard", nil)
			if enc == "gzip" {
				req.Header.Set("Accept-Encoding", "gzip, deflate, br")
			}
			w := &discardWriter{h: http.Header{}}
			cache.ServeHTTP(w, req) // learns the view's shape
			b.ReportAllocs()
			var written int
			for b.Loop() {
				w.h = make(http.Header)
				cache.ServeHTTP(w, req)
				written, _ = strconv.Atoi(w.h.Get("Content-Length"))
			}
			b.ReportMetric(float64(written), "body-bytes")
		})
	}
}
