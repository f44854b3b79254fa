package observability_test

import (
	"encoding/json"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
)

var (
	metricName = regexp.MustCompile(`\b(?:podium|grpc|process|go)_[a-z0-9_]+\b`)
	// labelParts are the parts of a query that name labels, not metrics: {selectors} and
	// by (…) / without (…) groupings.
	labelParts = regexp.MustCompile(`\{[^}]*\}|\b(?:by|without)\s*\([^)]*\)`)
)

// Every panel of the competition-day dashboard queries metrics that /metrics really exposes.
func TestDashboardQueriesNameExposedMetrics(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../../k8s/components/monitoring/podium-dashboard.json")
	if err != nil {
		t.Fatal(err)
	}
	var dashboard struct {
		Panels []struct {
			Title   string
			Targets []struct{ Expr string }
		}
	}
	if err := json.Unmarshal(raw, &dashboard); err != nil {
		t.Fatalf("dashboard JSON: %v", err)
	}
	if len(dashboard.Panels) == 0 {
		t.Fatal("the dashboard has no panels")
	}

	s := stacktest.Start(t)
	eventID, divisionID := seed(t, s)
	s.Do(http.MethodGet, "/api/public/events/"+eventID+"/divisions/"+divisionID+"/leaderboard", nil, "").MustStatus(t, http.StatusOK)
	exposed := scrape(t, s)

	for _, p := range dashboard.Panels {
		var names []string
		for _, target := range p.Targets {
			names = append(names, metricName.FindAllString(labelParts.ReplaceAllString(target.Expr, ""), -1)...)
		}
		if len(names) == 0 {
			t.Errorf("panel %q queries no Podium metric", p.Title)
		}
		for _, name := range names {
			if !strings.Contains(exposed, "\n"+name+"{") && !strings.Contains(exposed, "\n"+name+" ") {
				t.Errorf("panel %q: %s is not exposed", p.Title, name)
			}
		}
	}
}
