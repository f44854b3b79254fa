package setup_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// A division's whole roster comes in one CSV through the gateway (docs/boards.md, "Team
// imports"): 100,000 rows, about 3 MB, past the 1 MiB every other request keeps. A wrong line
// deep in the file is named and nothing is created; mended, the file creates every team in
// one transaction.
func TestTeamImportOfAWholeDivision(t *testing.T) {
	t.Parallel()
	// The client waits as long as the gateway gives an import (gateway/largebodies.go).
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_BACKEND_TIMEOUT": "3m"}})
	ev := apitest.Decode(t, s.Admin(http.MethodPost, "/api/events", apitest.Obj{"name": "Open Qualifier", "dateFrom": "2026-03-01", "dateTo": "2026-03-21"}).MustStatus(t, http.StatusOK))
	open := apitest.Decode(t, s.Admin(http.MethodPost, "/api/divisions", apitest.Obj{"name": "Open", "eventId": ev["id"]}).MustStatus(t, http.StatusOK))["id"].(string)
	const rows, wrong = 100000, 99990 // wrong: the row index of the wrong line (line wrong+2)
	file := func(bad bool) string {
		var b strings.Builder
		b.Grow(rows * 40)
		b.WriteString("Team Name,Athlete 1,Athlete 2\n")
		for i := range rows {
			if bad && i == wrong {
				b.WriteString("X,Ann,Bea\n")
				continue
			}
			fmt.Fprintf(&b, "Team %06d,Ann %06d,Bea %06d\n", i, i, i)
		}
		return b.String()
	}
	teams := func() int { return s.Rows(t, "competition.teams", "division_id = $1", open) }

	out := apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams/import", apitest.Obj{"eventId": ev["id"], "divisionId": open, "csv": file(true)}).MustStatus(t, http.StatusOK))
	errs := out["errors"].([]any)
	if len(errs) != 1 {
		t.Fatalf("%d wrong lines, want 1: %v", len(errs), errs)
	}
	if e := errs[0].(map[string]any); e["line"] != float64(wrong+2) || e["message"] != "Team name must be at least 2 characters" || out["errorCount"] != float64(1) {
		t.Errorf("wrong line: %v (of %v), want line %d and the name's rule", e, out["errorCount"], wrong+2)
	}
	if out["createdCount"] != float64(rows-1) || len(out["created"].([]any)) != 100 {
		t.Errorf("a refused file's answer counts %v teams that would be and lists %d, want %d and 100", out["createdCount"], len(out["created"].([]any)), rows-1)
	}
	if n := teams(); n != 0 {
		t.Fatalf("%d teams created by a file with a wrong line, want none", n)
	}

	out = apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams/import", apitest.Obj{"eventId": ev["id"], "divisionId": open, "csv": file(false)}).MustStatus(t, http.StatusOK))
	// The answer stays small: the count, and the first 100 teams in the file's order.
	if created := out["created"].([]any); out["createdCount"] != float64(rows) || out["createdTruncated"] != true ||
		len(created) != 100 || created[99].(map[string]any)["name"] != "Team 000099" || created[0].(map[string]any)["id"] == "" {
		t.Errorf("the answer counts %v teams (truncated %v) and lists %d, want %d and the first 100", out["createdCount"], out["createdTruncated"], len(created), rows)
	}
	if n := teams(); n != rows {
		t.Errorf("%d teams in the division, want %d", n, rows)
	}
	athletes := s.Rows(t, "competition.team_athletes", "team_id IN (SELECT id FROM competition.teams WHERE division_id = $1)", open)
	if athletes != 2*rows {
		t.Errorf("%d athletes on the rosters, want %d", athletes, 2*rows)
	}
	// One more team is past the division's limit: refused, naming the division.
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/teams/import", apitest.Obj{"eventId": ev["id"], "divisionId": open, "csv": "Team Name\nOne Too Many\n"}),
		http.StatusBadRequest, "divisionId", "A division can have at most 100,000 teams")
}
