package observability_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// One public leaderboard request, answered after a cache miss, leaves one trace that runs from
// the gateway through public-svc and results-svc down to PostgreSQL, and its request id is
// that trace's id.
func TestOneLeaderboardRequestIsOneTrace(t *testing.T) {
	t.Parallel()
	spans := tracetest.NewInMemoryExporter()
	tel := telemetry.New(spans)
	s := stacktest.StartWith(t, stacktest.Options{Telemetry: tel})
	eventID, divisionID := seed(t, s)

	ctx := context.Background()
	if err := tel.ForceFlush(ctx); err != nil {
		t.Fatal(err)
	}
	spans.Reset()
	resp := s.Do(http.MethodGet, "/api/public/events/"+eventID+"/divisions/"+divisionID+"/leaderboard", nil, "").
		MustStatus(t, http.StatusOK)
	if err := tel.ForceFlush(ctx); err != nil {
		t.Fatal(err)
	}

	requestID := resp.Header.Get("X-Request-Id")
	var root string
	byTrace := map[string][]string{}
	for _, sp := range spans.GetSpans() {
		id := sp.SpanContext.TraceID().String()
		byTrace[id] = append(byTrace[id], sp.Name)
		if !sp.Parent.IsValid() {
			root = id
		}
	}
	if len(byTrace) != 1 {
		t.Fatalf("want one trace, got %d: %v", len(byTrace), byTrace)
	}
	if requestID != root {
		t.Errorf("X-Request-Id %q is not the trace id %q", requestID, root)
	}
	names := strings.Join(byTrace[root], "\n")
	for _, want := range []string{
		"/api/public/events/{event_id}/divisions/{division_id}/leaderboard", // the gateway's server span
		"podium.public.v1.PublicService/",
		"podium.results.v1.ResultsService/",
		"podium.competition.v1.CompetitionService/",
		"query", // pgx: a statement against PostgreSQL
	} {
		if !strings.Contains(names, want) {
			t.Errorf("no span %q in the trace:\n%s", want, names)
		}
	}
}
