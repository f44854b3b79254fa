package resultssvc_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The organisers' results spreadsheet: every result, drafts too, with status, value, points,
// rank, the published flag and what the public sees (a pending change beside its published
// value); named by what it holds and the day; only with a token.
func TestResultsCsvExport(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	x := newSetup(t, s, "Summer Games")
	x.Division("Elite", "", eventtest.Named("Alpha", "Bravo")...)
	x.Division("Scaled", "", eventtest.Named("Charlie")...)
	x.Workout(eventtest.WorkoutFields("Grace", "TIME", 900, 1))
	x.Workout(eventtest.WorkoutFields("Deadlift", "MAX_WEIGHT", 0, 2))
	published := x.Result("Elite/Alpha", "Grace", eventtest.Fields{"status": "completed", "resultValue": 754})
	x.Result("Elite/Bravo", "Grace", eventtest.Fields{"status": "capped", "cappedReps": 15})
	x.Result("Scaled/Charlie", "Deadlift", eventtest.Fields{"status": "completed", "resultValue": 102.5})
	x.Publish(published)
	// A second published result with a change pending: the spreadsheet shows both values.
	pending := x.Result("Scaled/Charlie", "Grace", eventtest.Fields{"status": "completed", "resultValue": 800})
	x.Publish(pending)
	x.Results(eventtest.Fields{"teamId": x.TeamID("Scaled/Charlie"), "workoutId": x.WorkoutID("Grace"), "resultValue": 790})

	path := "/api/events/" + x.ID + "/results.csv"
	today := time.Now().UTC().Format(time.DateOnly) // the file is named by the day it is made
	if got := s.Do(http.MethodGet, path, nil, "").Status; got != http.StatusUnauthorized {
		t.Errorf("without a token: %d, want 401", got)
	}
	resp := s.Admin(http.MethodGet, path, nil).MustStatus(t, http.StatusOK)
	if ct := resp.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	if cd := resp.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="Summer Games - all results with drafts - `+today+`.csv"`) {
		t.Errorf("Content-Disposition %q", cd)
	}
	want := "\ufeffDivision,Workout,Team,Status,Result,Tiebreak,Points,Rank,Published,Public result,Scaled,Penalty\r\n" +
		"Elite,Grace,Alpha,completed,12:34,,100,1,yes,12:34,no,\r\n" +
		"Elite,Grace,Bravo,capped,CAP +15,,95,2,no,,no,\r\n" +
		"Scaled,Grace,Charlie,completed,13:10,,100,1,no,13:20 (change pending),no,\r\n" +
		"Scaled,Deadlift,Charlie,completed,102.5,,100,1,no,,no,\r\n"
	if string(resp.Body) != want {
		t.Errorf("csv:\n%q\nwant:\n%q", resp.Body, want)
	}

	onlyScaled := s.Admin(http.MethodGet, path+"?divisionId="+x.DivisionID("Scaled")+"&workoutId="+x.WorkoutID("Deadlift"), nil).MustStatus(t, http.StatusOK)
	if lines := strings.Count(string(onlyScaled.Body), "\r\n"); lines != 2 || !strings.Contains(string(onlyScaled.Body), "Charlie") {
		t.Errorf("division and workout filter: %q", onlyScaled.Body)
	}
	if cd := onlyScaled.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="Summer Games - Scaled - Deadlift - results with drafts - `+today+`.csv"`) {
		t.Errorf("Content-Disposition %q", cd)
	}
	s.Admin(http.MethodGet, path+"?workoutId=nope", nil).MustStatus(t, http.StatusBadRequest)
}
