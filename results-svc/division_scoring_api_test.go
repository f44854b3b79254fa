package resultssvc_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// A division with its own table and workout ties: refused by its field when it cannot be one,
// previewed, saved with the event's scoring (rescored before the answer, only that division's
// scores change) and carried by the event's export to an import.
func TestDivisionScoringOverrides(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	requireWired(t, s)
	x := newSetup(t, s, "Override Games")
	x.Division("Rx", "", eventtest.Named("Alpha", "Bravo", "Charlie")...)
	x.Division("Scaled", "", eventtest.Named("Delta", "Echo", "Foxtrot")...)
	x.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	fran := x.WorkoutID("Fran")
	x.Results(
		eventtest.Fields{"teamId": x.TeamID("Rx/Alpha"), "workoutId": fran, "resultValue": 300},
		eventtest.Fields{"teamId": x.TeamID("Rx/Bravo"), "workoutId": fran, "resultValue": 400},
		eventtest.Fields{"teamId": x.TeamID("Rx/Charlie"), "workoutId": fran, "resultValue": 400},
		eventtest.Fields{"teamId": x.TeamID("Scaled/Delta"), "workoutId": fran, "resultValue": 300},
		eventtest.Fields{"teamId": x.TeamID("Scaled/Echo"), "workoutId": fran, "resultValue": 400},
		eventtest.Fields{"teamId": x.TeamID("Scaled/Foxtrot"), "workoutId": fran, "resultValue": 400},
	)
	settings := func(overrides ...map[string]any) map[string]any {
		return map[string]any{"scoringTable": "podium100", "divisionOverrides": overrides}
	}
	scaled := func(table, ties string) map[string]any {
		return map[string]any{"divisionId": x.DivisionID("Scaled"), "scoringTable": table, "workoutTies": ties}
	}

	for _, c := range []struct {
		override map[string]any
		field    string
	}{
		{scaled("custom", ""), "divisionOverrides[0].scoringTable"},
		{scaled("olympic", ""), "divisionOverrides[0].scoringTable"},
		{scaled("", "coin_toss"), "divisionOverrides[0].workoutTies"},
		{map[string]any{"divisionId": "00000000-0000-4000-8000-000000000001", "scoringTable": "ranksum"}, "divisionOverrides[0].divisionId"},
	} {
		refused := s.Admin(http.MethodPut, "/api/events/"+x.ID+"/scoring", settings(c.override)).MustStatus(t, http.StatusBadRequest)
		if !strings.Contains(string(refused.Body), `"field":"`+c.field+`"`) {
			t.Errorf("override %v: %s, want field %s", c.override, refused.Body, c.field)
		}
	}
	preview := s.Admin(http.MethodPost, "/api/events/"+x.ID+"/scoring/preview", settings(scaled("custom", ""))).MustStatus(t, http.StatusBadRequest)
	if !strings.Contains(string(preview.Body), `"field":"divisionOverrides[0].scoringTable"`) {
		t.Errorf("preview of a custom override: %s", preview.Body)
	}

	// Scaled by rank sum with tie stand: 1, 2, 2 points. Rx keeps podium100, ties sharing.
	p := &resultsv1.ScoringPreview{}
	s.Admin(http.MethodPost, "/api/events/"+x.ID+"/scoring/preview", settings(scaled("ranksum", "tie_stand"))).
		MustStatus(t, http.StatusOK).Decode(t, p)
	if p.GetChangedScores() != 3 {
		t.Errorf("preview: %d changed scores, want Scaled's 3", p.GetChangedScores())
	}
	ev := &competitionv1.Event{}
	s.Admin(http.MethodPut, "/api/events/"+x.ID+"/scoring", settings(scaled("ranksum", "tie_stand"))).MustStatus(t, http.StatusOK).Decode(t, ev)
	for _, d := range ev.GetDivisions() {
		if want := map[string]string{"Rx": "", "Scaled": "ranksum"}[d.GetName()]; d.GetScoringTable() != want {
			t.Errorf("division %s table %q, want %q", d.GetName(), d.GetScoringTable(), want)
		}
	}
	if got := summary(x.grid(t, "Fran", "Scaled").Rows); got != "Delta:5:00/1/1 Echo:6:40/2/2 Foxtrot:6:40/2/2" {
		t.Errorf("Scaled after the save: %q", got)
	}
	if got := summary(x.grid(t, "Fran", "Rx").Rows); got != "Alpha:5:00/100/1 Bravo:6:40/95/2 Charlie:6:40/95/2" {
		t.Errorf("Rx after the save: %q", got)
	}

	doc := s.Admin(http.MethodGet, "/api/events/"+x.ID+"/export", nil).MustStatus(t, http.StatusOK)
	copied := &competitionv1.Event{}
	s.Admin(http.MethodPost, "/api/events/import", doc.Body).MustStatus(t, http.StatusOK).Decode(t, copied)
	var scaledID string
	for _, d := range copied.GetDivisions() {
		if d.GetName() == "Scaled" {
			scaledID = d.GetId()
			if d.GetScoringTable() != "ranksum" || d.GetWorkoutTies() != "tie_stand" {
				t.Errorf("imported Scaled override %q/%q", d.GetScoringTable(), d.GetWorkoutTies())
			}
		}
	}
	q := url.Values{"workoutId": {copied.GetWorkouts()[0].GetId()}, "divisionId": {scaledID}}
	g := &resultsv1.ResultGrid{}
	s.Admin(http.MethodGet, "/api/events/"+copied.GetId()+"/results?"+q.Encode(), nil).MustStatus(t, http.StatusOK).Decode(t, g)
	if got := summary(g.GetRows()); got != "Delta:5:00/1/1 Echo:6:40/2/2 Foxtrot:6:40/2/2" {
		t.Errorf("imported Scaled grid: %q", got)
	}

	// Without the override the division is the event's again.
	s.Admin(http.MethodPut, "/api/events/"+x.ID+"/scoring", settings()).MustStatus(t, http.StatusOK)
	if got := summary(x.grid(t, "Fran", "Scaled").Rows); got != "Delta:5:00/100/1 Echo:6:40/95/2 Foxtrot:6:40/95/2" {
		t.Errorf("Scaled without its override: %q", got)
	}
}
