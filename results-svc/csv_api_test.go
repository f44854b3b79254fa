package resultssvc_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/podium-dev/podium/internal/stacktest"
)

// The organisers' results spreadsheet: every result, drafts too, with status, value, points,
// rank and the published flag; only with a token.
func TestResultsCsvExport(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	x := &setup{s: s}
	x.createEvent(t, "Summer Games")
	x.addDivision(t, "Elite", "Alpha", "Bravo")
	x.addDivision(t, "Scaled", "Charlie")
	x.addWorkout(t, "Grace", "TIME", 900, 1)
	x.addWorkout(t, "Deadlift", "MAX_WEIGHT", 0, 2)
	save := func(team, workout string, body map[string]any) string {
		body["teamId"], body["workoutId"] = x.team[team], x.workout[workout]
		var r ids
		s.Admin(http.MethodPost, "/api/results", body).MustStatus(t, http.StatusOK).Decode(t, &r)
		return r.ID
	}
	published := save("Elite/Alpha", "Grace", map[string]any{"status": "completed", "resultValue": 754})
	save("Elite/Bravo", "Grace", map[string]any{"status": "capped", "cappedReps": 15})
	save("Scaled/Charlie", "Deadlift", map[string]any{"status": "completed", "resultValue": 102.5})
	s.Admin(http.MethodPost, "/api/results/publication/publish", map[string]any{"resultIds": []string{published}}).MustStatus(t, http.StatusOK)

	path := "/api/events/" + x.event + "/results.csv"
	if got := s.Do(http.MethodGet, path, nil, "").Status; got != http.StatusUnauthorized {
		t.Errorf("without a token: %d, want 401", got)
	}
	resp := s.Admin(http.MethodGet, path, nil).MustStatus(t, http.StatusOK)
	if ct := resp.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	if cd := resp.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="Summer Games - results.csv"`) {
		t.Errorf("Content-Disposition %q", cd)
	}
	want := "\ufeffDivision,Workout,Team,Status,Result,Tiebreak,Points,Rank,Published\r\n" +
		"Elite,Grace,Alpha,completed,12:34,,100,1,yes\r\n" +
		"Elite,Grace,Bravo,capped,CAP +15,,95,2,no\r\n" +
		"Scaled,Deadlift,Charlie,completed,102.5,,100,1,no\r\n"
	if string(resp.Body) != want {
		t.Errorf("csv:\n%q\nwant:\n%q", resp.Body, want)
	}

	onlyScaled := s.Admin(http.MethodGet, path+"?divisionId="+x.division["Scaled"], nil).MustStatus(t, http.StatusOK)
	if lines := strings.Count(string(onlyScaled.Body), "\r\n"); lines != 2 || !strings.Contains(string(onlyScaled.Body), "Charlie") {
		t.Errorf("division filter: %q", onlyScaled.Body)
	}
	s.Admin(http.MethodGet, path+"?workoutId=nope", nil).MustStatus(t, http.StatusBadRequest)
}
