package publicsvc_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The public leaderboard as a spreadsheet shows what the public division leaderboard shows:
// published results only, for anyone, named after the event, the division and the day.
func TestDivisionLeaderboardCsv(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newWorld(t, s, map[string]any{"name": "Spring Throwdown", "status": "PUBLISHED", "dateFrom": "2026-05-01", "dateTo": "2026-05-02"})
	division := w.division("Männer Elite", "Alpha", "Bravo", "Charlie")
	w.Workout(eventtest.Fields{"name": "Grace", "scoreType": "TIME", "timeCapSeconds": 900, "workoutOrder": 1, "description": "# Grace"})
	w.Workout(eventtest.Fields{"name": "Total", "scoreType": "MAX_WEIGHT", "workoutOrder": 2, "description": "# Total"})
	w.save("Alpha", "Grace", eventtest.Fields{"status": "completed", "resultValue": 300}, true)
	w.save("Bravo", "Grace", eventtest.Fields{"status": "capped", "cappedReps": 12}, true)
	w.save("Alpha", "Total", eventtest.Fields{"status": "completed", "resultValue": 140.5}, true)
	w.save("Charlie", "Grace", eventtest.Fields{"status": "completed", "resultValue": 200}, false) // a draft

	path := "/api/public/events/" + w.ID + "/divisions/" + division + "/leaderboard.csv"
	today := time.Now().UTC().Format(time.DateOnly) // the file is named by the day it is made
	want := "\ufeffRank,Team,Athlete 1,Athlete 2,Total Points,Grace,Total\r\n" +
		"1,Alpha,Alpha One,Alpha Two,200,\"5:00 (#1, 100 pts)\",\"140.5 (#1, 100 pts)\"\r\n" +
		"2,Bravo,Bravo One,Bravo Two,95,\"CAP +12 (#2, 95 pts)\",\r\n" +
		",Charlie,Charlie One,Charlie Two,,,\r\n"
	for round := range 2 { // the second answer comes from the gateway's memory
		resp := w.get(path, nil)
		if string(resp.Body) != want {
			t.Fatalf("round %d csv:\n%q\nwant:\n%q", round, resp.Body, want)
		}
		if ct := resp.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
			t.Errorf("round %d Content-Type %q", round, ct)
		}
		cd := resp.Header.Get("Content-Disposition")
		if !strings.Contains(cd, `filename="Spring Throwdown - M_nner Elite - leaderboard - `+today+`.csv"`) ||
			!strings.Contains(cd, "filename*=UTF-8''Spring%20Throwdown%20-%20M%C3%A4nner%20Elite%20-%20leaderboard%20-%20"+today+".csv") {
			t.Errorf("round %d Content-Disposition %q", round, cd)
		}
	}
	// A draft event's leaderboard is not public, as a spreadsheet neither.
	draft := newWorld(t, s, map[string]any{"name": "Hidden", "status": "DRAFT", "dateFrom": "2026-05-01", "dateTo": "2026-05-01"})
	hidden := draft.division("Elite", "Delta")
	if got := s.Do(http.MethodGet, "/api/public/events/"+draft.ID+"/divisions/"+hidden+"/leaderboard.csv", nil, "").Status; got != http.StatusNotFound {
		t.Errorf("draft event: %d, want 404", got)
	}
}

// A name a spreadsheet would run as a formula, a team's or a workout's in the header, is
// written neutralised (a leading quote); a name that is a number stays a number.
func TestDivisionLeaderboardCsvNeutralisesFormulas(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newWorld(t, s, map[string]any{"name": "Open", "status": "PUBLISHED", "dateFrom": "2026-05-01", "dateTo": "2026-05-01"})
	division := w.division("Elite", `=HYPERLINK("http://evil","x")`, "-2")
	w.Workout(eventtest.Fields{"name": "@SUM(A1:A2)", "scoreType": "REPS", "workoutOrder": 1, "description": "x"})

	body := string(w.get("/api/public/events/"+w.ID+"/divisions/"+division+"/leaderboard.csv", nil).Body)
	for _, want := range []string{`'@SUM(A1:A2)`, `"'=HYPERLINK(""http://evil"",""x"")"`, `,-2,'-2 One,'-2 Two,`} {
		if !strings.Contains(body, want) {
			t.Errorf("csv lacks %s:\n%s", want, body)
		}
	}
	if strings.Contains(body, ",=") || strings.Contains(body, ",@") || strings.Contains(body, "\n=") {
		t.Errorf("a formula cell is left:\n%s", body)
	}
}

// A DNS has no points in the spreadsheet either (the scoring rules): its cell is "DNS" alone.
func TestDivisionLeaderboardCsvGivesDNSNoPoints(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newWorld(t, s, map[string]any{"name": "Open", "status": "PUBLISHED", "dateFrom": "2026-05-01", "dateTo": "2026-05-01"})
	division := w.division("Elite", "Alpha", "Bravo")
	w.Workout(eventtest.Fields{"name": "Cindy", "scoreType": "REPS", "workoutOrder": 1, "description": "x"})
	w.save("Alpha", "Cindy", eventtest.Fields{"status": "completed", "resultValue": 0}, true)
	w.save("Bravo", "Cindy", eventtest.Fields{"status": "dns"}, true)
	body := string(w.get("/api/public/events/"+w.ID+"/divisions/"+division+"/leaderboard.csv", nil).Body)
	if !strings.Contains(body, ",Bravo,Bravo One,Bravo Two,,DNS\r\n") || !strings.Contains(body, `"0 (#1, 100 pts)"`) {
		t.Errorf("csv:\n%q", body)
	}
}
