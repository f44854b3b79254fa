package setup_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

// A division of fours imports 10,000 teams of four names (docs/boards.md, "Team imports"):
// their rosters are checked and written in bulk in the import's one transaction, every team
// with its four athletes in the file's order. The time is printed for
// docs/boards.md's figures; nothing here is timed against a bound.
func TestImportOfTenThousandFours(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Fours Open", "2026-01-01", "2026-01-02")
	d, err := f.Srv.CreateDivision(f.Ctx, &competitionv1.CreateDivisionRequest{EventId: e.GetId(), Name: "Fours",
		Roster: &competitionv1.DivisionRoster{TeamSize: 4}})
	if err != nil {
		t.Fatal(err)
	}
	const rows = 10000
	var b strings.Builder
	b.WriteString("Team Name,Athlete 1,Athlete 2,Athlete 3,Athlete 4\n")
	for i := range rows {
		fmt.Fprintf(&b, "Team %05d,Ann %05d,Bob %05d,Cat %05d,Dan %05d\n", i, i, i, i, i)
	}
	start := time.Now()
	resp := importTeams(t, f, &competitionv1.ImportTeamsRequest{EventId: e.GetId(), DivisionId: d.GetId(), Csv: b.String()})
	t.Logf("imported %d teams of 4 in %s", rows, time.Since(start).Round(time.Millisecond))
	if len(resp.GetErrors()) != 0 {
		t.Fatalf("errors: %v", resp.GetErrors()[:min(3, len(resp.GetErrors()))])
	}
	if n := teamCount(t, f); n != rows {
		t.Fatalf("%d teams, want %d", n, rows)
	}
	if resp.GetCreatedCount() != rows || len(resp.GetCreated()) != 100 || fmt.Sprint(rosterOf(resp.GetCreated()[7])) != "[Ann 00007 Bob 00007 Cat 00007 Dan 00007]" {
		t.Errorf("the answer counts %d teams and lists %d; the 8th: %v", resp.GetCreatedCount(), len(resp.GetCreated()), rosterOf(resp.GetCreated()[7]))
	}
	var athletes, misplaced int
	if err := f.Pool.QueryRow(f.Ctx, `SELECT count(*),
		count(*) FILTER (WHERE a.name <> (ARRAY['Ann','Bob','Cat','Dan'])[a.position] || ' ' || substr(t.name, 6)
			OR t.athlete1_name <> 'Ann ' || substr(t.name, 6) OR t.athlete2_name <> 'Bob ' || substr(t.name, 6))
		FROM competition.team_athletes a JOIN competition.teams t ON t.id = a.team_id WHERE t.division_id = $1`,
		d.GetId()).Scan(&athletes, &misplaced); err != nil {
		t.Fatal(err)
	}
	if athletes != 4*rows || misplaced != 0 {
		t.Errorf("%d athletes (%d out of place), want %d in the file's order", athletes, misplaced, 4*rows)
	}
}

func rosterOf(t *competitionv1.Team) []string {
	var names []string
	for _, a := range t.GetAthletes() {
		names = append(names, a.GetName())
	}
	return names
}
