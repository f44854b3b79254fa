//go:build bench

// Package registrationrush is the registration rush benchmark (scripts/bench.sh,
// docs/registration.md "Capacity"): 500 athletes, in teams of two, go for the 100 places of
// one division within 10 seconds on the whole stack (real gateway, services and PostgreSQL).
// Each captain registers and the partner accepts the share code right after; it reports the
// latency of all 500 requests (p50, p99, max), errors, and how the division filled. It fails
// only when the division is filled wrong (not exactly 100 confirmed, the rest waitlisted) or
// a request failed, never on a number.
package registrationrush

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
)

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// serial: it measures how fast a rush of registrations is served, which tests beside it would slow
func TestRegistrationRush(t *testing.T) {
	athletes, places := envInt("BENCH_RUSH_ATHLETES", 500), envInt("BENCH_RUSH_PLACES", 100)
	window := time.Duration(envInt("BENCH_RUSH_SECONDS", 10)) * time.Second
	s := stacktest.Start(t)
	ev := s.Events(t).Event(eventtest.Fields{"name": "Rush Games", "dateFrom": "2026-12-01", "dateTo": "2026-12-02"})
	d := ev.Division("Open Pairs", "")
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", map[string]any{
		"opensAt": time.Now().Add(-time.Minute).UTC().Format(time.RFC3339), "closesAt": time.Now().Add(time.Hour).UTC().Format(time.RFC3339),
		"capacity": places, "waitlist": true,
	}).MustStatus(t, http.StatusOK)
	people := s.AthletesForLoad(athletes)
	teams := athletes / 2

	// Each team's captain registers at a random instant of the window; the partner accepts
	// 50–500 ms later.
	latencies := make([]time.Duration, athletes)
	failures := make([]string, athletes)
	var wg sync.WaitGroup
	start := time.Now()
	timed := func(i int, call func() *stacktest.Response) *stacktest.Response {
		t0 := time.Now()
		resp := call()
		latencies[i] = time.Since(t0)
		if resp.Status != http.StatusOK {
			failures[i] = fmt.Sprintf("%d %s", resp.Status, resp.Body)
		}
		return resp
	}
	for team := range teams {
		wg.Add(1)
		go func() {
			defer wg.Done()
			captain, partner := 2*team, 2*team+1
			time.Sleep(time.Until(start.Add(time.Duration(rand.Int64N(int64(window) * 9 / 10)))))
			resp := timed(captain, func() *stacktest.Response {
				return s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations",
					map[string]any{"divisionId": d.GetId(), "teamName": fmt.Sprintf("Rush %03d", team)}, people[captain].Token)
			})
			var reg struct{ ShareCode string }
			if resp.Status != http.StatusOK {
				return
			}
			resp.Decode(t, &reg)
			time.Sleep(time.Duration(50+rand.IntN(450)) * time.Millisecond)
			timed(partner, func() *stacktest.Response {
				return s.Do(http.MethodPost, "/api/registration/accept", map[string]any{"code": reg.ShareCode}, people[partner].Token)
			})
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)

	var view struct {
		Divisions []struct{ Confirmed, WaitlistLength, PlacesLeft int }
	}
	s.Admin(http.MethodGet, "/api/events/"+ev.ID+"/registrations", nil).MustStatus(t, http.StatusOK).Decode(t, &view)
	errors := 0
	for _, f := range failures {
		if f != "" {
			errors++
			if errors <= 5 {
				t.Errorf("request failed: %s", f)
			}
		}
	}
	sorted := slices.Clone(latencies)
	slices.Sort(sorted)
	q := func(p float64) time.Duration { return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))] }
	got := view.Divisions[0]
	fmt.Printf("registration rush: %d athletes (%d teams) for %d places in %.1f s; requests p50 %v, p99 %v, max %v; %d errors\n",
		athletes, teams, places, elapsed.Seconds(), q(0.50).Round(time.Millisecond), q(0.99).Round(time.Millisecond),
		sorted[len(sorted)-1].Round(time.Millisecond), errors)
	fmt.Printf("registration rush: %d confirmed, %d waitlisted, %d places left (goal: %d confirmed, %d waitlisted, p99 <= 300 ms, 0 errors)\n",
		got.Confirmed, got.WaitlistLength, got.PlacesLeft, places, teams-places)
	if got.Confirmed != places || got.WaitlistLength != teams-places {
		t.Fatalf("division filled wrong: %+v", got)
	}
}
