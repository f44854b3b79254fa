package resultssvc_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The console shows the server's texts as they come (docs/architecture.md): a result's
// resultText on grid rows, saved results and history snapshots, and a workout's timeCapText,
// null when it has no cap.
func TestResultAndTimeCapTextsThroughAPI(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	requireWired(t, s)
	x := newSetup(t, s, "Text Throwdown")
	x.Division("Rx", "", eventtest.Named("Alpha", "Bravo", "Charlie", "Delta")...)
	x.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	x.Workout(eventtest.WorkoutFields("Cindy", "REPS", 0, 2))
	team := func(n string) string { return x.TeamID("Rx/" + n) }

	// Workouts: the cap as shown, null without one.
	list := s.Admin(http.MethodGet, "/api/events/"+x.ID+"/workouts", nil).MustStatus(t, http.StatusOK)
	var items []json.RawMessage
	list.Decode(t, &items)
	caps := map[string]string{}
	for _, item := range items {
		w := &competitionv1.Workout{}
		eventtest.Decode(t, item, w)
		caps[w.GetName()] = w.GetTimeCapText().GetValue()
	}
	if caps["Fran"] != "10:00" || caps["Cindy"] != "" || !strings.Contains(string(list.Body), `"timeCapText":null`) {
		t.Fatalf("workout cap texts %v in %s", caps, list.Body)
	}

	saved := &resultsv1.BatchSaveResultsResponse{}
	s.Admin(http.MethodPost, "/api/results/batch", map[string]any{"results": []map[string]any{
		{"teamId": team("Alpha"), "workoutId": x.WorkoutID("Fran"), "resultValue": 522},
		{"teamId": team("Bravo"), "workoutId": x.WorkoutID("Fran"), "status": "capped", "cappedReps": 15},
		{"teamId": team("Charlie"), "workoutId": x.WorkoutID("Fran"), "status": "dnf"},
	}}).MustStatus(t, http.StatusOK).Decode(t, saved)
	if got := texts(saved.Results); got != "Alpha:8:42 Bravo:CAP +15 Charlie:DNF" {
		t.Errorf("saved result texts %q", got)
	}

	// The grid: every row has the cap text, the row without a result an empty text.
	g := x.grid(t, "Fran", "Rx")
	if got := texts(g.Rows); got != "Alpha:8:42 Bravo:CAP +15 Charlie:DNF Delta:" {
		t.Errorf("grid result texts %q", got)
	}
	for _, r := range g.Rows {
		if r.GetTimeCapText().GetValue() != "10:00" {
			t.Errorf("%s: timeCapText %v, want 10:00", r.GetTeamName(), r.GetTimeCapText())
		}
	}
	if g := x.grid(t, "Cindy", "Rx"); g.Rows[0].GetTimeCapText() != nil {
		t.Errorf("a workout without a cap has timeCapText %v", g.Rows[0].GetTimeCapText())
	}

	// History snapshots carry the text before and after.
	id := saved.Results[0].GetId().GetValue()
	updated := &resultsv1.Result{}
	s.Admin(http.MethodPut, "/api/results/"+id, map[string]any{"resultValue": 462}).MustStatus(t, http.StatusOK).Decode(t, updated)
	if updated.GetResultText() != "7:42" {
		t.Errorf("updated resultText %q, want 7:42", updated.GetResultText())
	}
	h := &resultsv1.ResultHistory{}
	s.Admin(http.MethodGet, "/api/results/"+id+"/history", nil).MustStatus(t, http.StatusOK).Decode(t, h)
	var steps []string
	for _, e := range h.GetEntries() {
		steps = append(steps, e.GetAction()+" "+e.GetBefore().GetResultText()+"→"+e.GetAfter().GetResultText())
	}
	if got := strings.Join(steps, ", "); !strings.HasPrefix(got, "created →8:42") || !strings.Contains(got, "updated 8:42→7:42") {
		t.Errorf("history texts %q", got)
	}
}

func texts(rows []*resultsv1.Result) string {
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = r.GetTeamName() + ":" + r.GetResultText()
	}
	return strings.Join(parts, " ")
}
