// Package observability_test checks what operators see: the metrics every target exposes and
// the traces one request leaves (docs/operations.md, "Observability").
package observability_test

import (
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// seed creates a listed event with a division, a team, a workout and a published result, and
// returns the event and division ids.
func seed(t *testing.T, s *stacktest.Stack) (eventID, divisionID string) {
	t.Helper()
	ev := s.Events(t).Event(eventtest.Fields{"name": "Metrics Open", "status": "PUBLISHED", "dateFrom": "2026-05-01", "dateTo": "2026-05-01"})
	d := ev.Division("Elite", "", &competitionv1.NewTeam{Name: "Alpha", Athlete1Name: "A One", Athlete2Name: "A Two"})
	ev.Workout(eventtest.WorkoutFields("Grace", "TIME", 600, 1))
	ev.Publish(ev.Result("Alpha", "Grace", eventtest.Fields{"status": "COMPLETED", "resultValue": 300}))
	return ev.ID, d.GetId()
}

// scrape reads the stack's /metrics from its own listener.
func scrape(t *testing.T, s *stacktest.Stack) string {
	t.Helper()
	resp, err := http.Get("http://" + s.Cfg.MetricsAddr + "/metrics")
	if err != nil {
		t.Fatalf("scrape: %v", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("scrape: %d %s", resp.StatusCode, body)
	}
	return string(body)
}

// value is the sum of the samples of metric whose labels include every given pair.
func value(exposition, metric string, labels ...string) float64 {
	var sum float64
	for _, line := range strings.Split(exposition, "\n") {
		name, rest, ok := strings.Cut(line, "{")
		if !ok || name != metric {
			if n, v, ok := strings.Cut(line, " "); ok && n == metric && len(labels) == 0 {
				f, _ := strconv.ParseFloat(v, 64)
				sum += f
			}
			continue
		}
		labelText, v, _ := strings.Cut(rest, "} ")
		match := true
		for i := 0; i+1 < len(labels); i += 2 {
			if !strings.Contains(labelText, labels[i]+`="`+labels[i+1]+`"`) {
				match = false
			}
		}
		if match {
			f, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			sum += f
		}
	}
	return sum
}

var uuidPattern = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

func TestMetricsMoveWithRouteTemplatesAndCodes(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	before := scrape(t, s)
	eventID, divisionID := seed(t, s)

	leaderboard := "/api/public/events/" + eventID + "/divisions/" + divisionID + "/leaderboard"
	for range 3 {
		s.Do(http.MethodGet, leaderboard, nil, "").MustStatus(t, http.StatusOK)
	}
	s.Do(http.MethodPost, "/api/auth/login", map[string]string{"username": s.AdminUsername, "password": "wrong password"}, "").
		MustStatus(t, http.StatusUnauthorized)
	s.Admin(http.MethodGet, "/api/events/00000000-0000-4000-8000-000000000000", nil).MustStatus(t, http.StatusNotFound)
	stream, err := http.Get(s.URL + "/api/public/events/" + eventID + "/stream")
	if err != nil || stream.StatusCode != http.StatusOK {
		t.Fatalf("open a live stream: %v %v", stream, err)
	}
	defer stream.Body.Close()

	after := scrape(t, s)
	if uuidPattern.MatchString(after) {
		t.Errorf("an id reached a label: %s", uuidPattern.FindString(after))
	}
	moved := func(metric string, labels ...string) float64 {
		return value(after, metric, labels...) - value(before, metric, labels...)
	}
	checks := []struct {
		what string
		got  float64
		min  float64
	}{
		{"HTTP requests on the leaderboard route template", moved("podium_http_requests_total",
			"route", "/api/public/events/{event_id}/divisions/{division_id}/leaderboard", "method", "GET", "status", "200"), 3},
		{"HTTP 404 on the event route template", moved("podium_http_requests_total",
			"route", "/api/events/{id}", "status", "404"), 1},
		{"HTTP latency observations", moved("podium_http_request_duration_seconds_count", "method", "POST"), 5},
		{"response bytes", moved("podium_http_response_bytes_total"), 1},
		{"gRPC server calls of Login, OK and Unauthenticated", moved("grpc_server_handled_total",
			"grpc_method", "Login", "grpc_code", "OK") + moved("grpc_server_handled_total", "grpc_method", "Login", "grpc_code", "Unauthenticated"), 1},
		{"gRPC NotFound answered by competition-svc", moved("grpc_server_handled_total",
			"grpc_service", "podium.competition.v1.CompetitionService", "grpc_code", "NotFound"), 1},
		{"gRPC client calls from the gateway and services", moved("grpc_client_handled_total", "grpc_code", "OK"), 5},
		{"gRPC latency histograms", moved("grpc_server_handling_seconds_count"), 5},
		{"result saves", moved("podium_result_saves_total"), 1},
		{"login failures", moved("podium_logins_total", "outcome", "failure"), 1},
		{"public cache lookups", moved("podium_public_cache_requests_total"), 3},
		{"leaderboard rebuilds", moved("podium_public_view_rebuild_seconds_count"), 1},
		{"open live streams", moved("podium_live_streams_open"), 1},
	}
	for _, c := range checks {
		if c.got < c.min {
			t.Errorf("%s: moved by %v, want at least %v", c.what, c.got, c.min)
		}
	}
	for _, metric := range []string{"podium_db_pool_connections_max", "podium_redis_pool_connections_total",
		"go_goroutines", "process_resident_memory_bytes", "podium_http_requests_in_flight"} {
		if !strings.Contains(after, "\n"+metric+" ") {
			t.Errorf("%s is not exposed", metric)
		}
	}
}

func TestMetricsAreNotOnThePublicPort(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	if got := s.Do(http.MethodGet, "/metrics", nil, "").Status; got == http.StatusOK {
		t.Fatalf("GET /metrics on the gateway's port answered %d", got)
	}
}
