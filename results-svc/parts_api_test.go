package resultssvc_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// Multi-part workouts through the API (docs/scoring.md, "Multi-part workouts"): parts placed
// one by one under one header, parts combined by sum and then by best (a rescore, each changed
// score in the history), the refusals by field, and the export → import round trip.
func TestMultiPartWorkoutsThroughAPI(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	requireWired(t, s)
	x := newSetup(t, s, "Parts Open")
	x.Division("Rx", "", eventtest.Named("Alpha", "Bravo", "Charlie")...)
	part := func(name, scoreType string, order int, of string) eventtest.Fields {
		f := eventtest.WorkoutFields(name, scoreType, 0, order)
		f["partOf"] = x.WorkoutID(of)
		return f
	}
	w2 := eventtest.WorkoutFields("Workout 2", "TIME", 0, 2)
	w2["parts"] = "separate"
	x.Workout(w2)
	w3 := eventtest.WorkoutFields("Workout 3", "TIME", 0, 5)
	w3["parts"] = "SUM" // any case, as score types
	x.Workout(w3)
	x.Workout(part("2a", "TIME", 3, "Workout 2"))
	x.Workout(part("2b", "MAX_WEIGHT", 4, "Workout 2"))
	x.Workout(part("3a", "TIME", 6, "Workout 3"))
	x.Workout(part("3b", "TIME", 7, "Workout 3"))
	team := func(n string) string { return x.TeamID("Rx/" + n) }
	row := func(tm, w string, v float64) eventtest.Fields {
		return eventtest.Fields{"teamId": team(tm), "workoutId": x.WorkoutID(w), "resultValue": v}
	}
	saved := x.Results(
		row("Alpha", "2a", 300), row("Bravo", "2a", 200), row("Charlie", "2a", 400),
		row("Alpha", "2b", 100), row("Bravo", "2b", 80), row("Charlie", "2b", 90),
		row("Alpha", "3a", 60), row("Bravo", "3a", 50), row("Charlie", "3a", 70),
		row("Alpha", "3b", 60), row("Bravo", "3b", 80), row("Charlie", "3b", 40),
	)

	// The event's workouts: each part right after its workout.
	var ev struct {
		Workouts []struct{ Name, PartOf, Parts string }
	}
	s.Admin(http.MethodGet, "/api/events/"+x.ID, nil).MustStatus(t, http.StatusOK).Decode(t, &ev)
	var order []string
	for _, w := range ev.Workouts {
		order = append(order, w.Name+"("+w.Parts+")")
	}
	if got := fmt.Sprint(order); got != "[Workout 2(separate) 2a() 2b() Workout 3(sum) 3a() 3b()]" {
		t.Errorf("workouts in order: %s", got)
	}

	// Separate: each part its own places and points; combined (sum): 3a + 3b placed once,
	// Alpha 120 s, Bravo 130 s, Charlie 110 s, each part's result carrying the combined place.
	if got := gridRanks(x.grid(t, "2a", "Rx")); got != "Alpha:2/95 Bravo:1/100 Charlie:3/90" {
		t.Errorf("2a grid: %s", got)
	}
	if got := gridRanks(x.grid(t, "2b", "Rx")); got != "Alpha:1/100 Bravo:3/90 Charlie:2/95" {
		t.Errorf("2b grid: %s", got)
	}
	for _, p := range []string{"3a", "3b"} {
		if got := gridRanks(x.grid(t, p, "Rx")); got != "Alpha:2/95 Bravo:3/90 Charlie:1/100" {
			t.Errorf("%s grid (sum): %s", p, got)
		}
	}
	// The matrix has a cell for each workout that takes results: the parts, never a header, so
	// the division's "Published n/m" counts only places where a result can be.
	cells := map[string]string{}
	for _, c := range x.grid(t, "2a", "Rx").GetCells() {
		cells[c.GetWorkoutId()] = fmt.Sprintf("%d/%d", c.GetEntered(), c.GetTotalTeams())
	}
	if len(cells) != 4 || cells[x.WorkoutID("Workout 2")] != "" || cells[x.WorkoutID("Workout 3")] != "" || cells[x.WorkoutID("3b")] != "3/3" {
		t.Errorf("matrix cells by workout (entered/teams): %v", cells)
	}

	want := map[string]string{
		// 95 + 100 + 95, 100 + 90 + 90, 90 + 95 + 100
		"Rx/Alpha": "value:1 value:290", "Rx/Bravo": "value:3 value:280", "Rx/Charlie": "value:2 value:285",
		"Rx/Alpha/Workout 3": "completed value:120 value:2 value:95",
		"Rx/Alpha/3a":        "completed value:60 <nil> <nil>",
		"Rx/Alpha/2a":        "completed value:300 value:2 value:95",
	}
	got := standingsByName(t, s, x.ID, true)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("standings %s: %q, want %q", k, got[k], v)
		}
	}
	if _, ok := got["Rx/Alpha/Workout 2"]; ok {
		t.Error("a separate workout's header has a placing of its own")
	}

	// Refusals name their field and change nothing.
	refuse := func(what string, resp *stacktest.Response, status int, field string) {
		t.Helper()
		var body struct{ Field, Message string }
		resp.Decode(t, &body)
		if resp.Status != status || body.Field != field || body.Message == "" {
			t.Errorf("%s: %d %s, want %d on %s", what, resp.Status, resp.Body, status, field)
		}
	}
	refuse("a result on a header", s.Admin(http.MethodPost, "/api/results", row("Alpha", "Workout 3", 100)), http.StatusBadRequest, "workoutId")
	refuse("a REPS part of a TIME sum", s.Admin(http.MethodPost, "/api/events/"+x.ID+"/workouts", part("3c", "REPS", 8, "Workout 3")),
		http.StatusBadRequest, "scoreType")
	w2["parts"] = "sum"
	refuse("a time and a load summed", s.Admin(http.MethodPut, "/api/events/"+x.ID+"/workouts/"+x.WorkoutID("Workout 2"), w2),
		http.StatusBadRequest, "parts")
	w2["parts"] = "bogus"
	refuse("an unknown word", s.Admin(http.MethodPut, "/api/events/"+x.ID+"/workouts/"+x.WorkoutID("Workout 2"), w2),
		http.StatusBadRequest, "parts")
	refuse("a part of a part", s.Admin(http.MethodPost, "/api/events/"+x.ID+"/workouts", part("3a-i", "TIME", 9, "3a")),
		http.StatusBadRequest, "partOf")
	refuse("a part with results as a header", s.Admin(http.MethodPut, "/api/events/"+x.ID+"/workouts/"+x.WorkoutID("3a"),
		eventtest.Fields{"name": "3a", "scoreType": "TIME", "workoutOrder": 6, "parts": "separate"}), http.StatusConflict, "parts")
	if r := s.Admin(http.MethodDelete, "/api/events/"+x.ID+"/workouts/"+x.WorkoutID("Workout 3"), nil); r.Status != http.StatusConflict {
		t.Errorf("deleting a workout with parts: %d %s", r.Status, r.Body)
	}
	if got := gridRanks(x.grid(t, "2a", "Rx")); got != "Alpha:2/95 Bravo:1/100 Charlie:3/90" {
		t.Errorf("2a grid after the refusals: %s", got)
	}

	// Sum → best: Alpha's best 60, Bravo's 50, Charlie's 40; a rescore, in the history.
	w3["parts"] = "best"
	s.Admin(http.MethodPut, "/api/events/"+x.ID+"/workouts/"+x.WorkoutID("Workout 3"), w3).MustStatus(t, http.StatusOK)
	if got := gridRanks(x.grid(t, "3b", "Rx")); got != "Alpha:3/90 Bravo:2/95 Charlie:1/100" {
		t.Errorf("3b grid (best): %s", got)
	}
	history := &resultsv1.ResultHistory{}
	s.Admin(http.MethodGet, "/api/results/"+saved[6].GetId().GetValue()+"/history", nil).MustStatus(t, http.StatusOK).Decode(t, history)
	last := history.Entries[len(history.Entries)-1]
	if last.Action != "rescored" || last.GetAfter().GetScore().GetValue() != 90 || last.GetBefore().GetScore().GetValue() != 95 {
		t.Errorf("Alpha's 3a history after sum → best: %+v", last)
	}
	before := standingsByName(t, s, x.ID, true)
	if before["Rx/Alpha/Workout 3"] != "completed value:60 value:3 value:90" || before["Rx/Alpha"] != "value:1 value:285" { // 95 + 100 + 90, ahead on countback
		t.Errorf("Alpha under best: %q, %q", before["Rx/Alpha/Workout 3"], before["Rx/Alpha"])
	}

	// The export carries the parts; the import restores them, standings equal.
	exported := s.Admin(http.MethodGet, "/api/events/"+x.ID+"/export", nil).MustStatus(t, http.StatusOK)
	var imported struct{ ID string }
	s.Admin(http.MethodPost, "/api/events/import", json.RawMessage(exported.Body)).MustStatus(t, http.StatusOK).Decode(t, &imported)
	if d := diff(before, standingsByName(t, s, imported.ID, true)); d != "" {
		t.Errorf("imported standings differ:\n%s", d)
	}
}

// An imported document's parts are checked by the console's rules, each refusal naming its field.
func TestEventImportChecksParts(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	doc := func(change func(ws []any, results []any)) map[string]any {
		ws := []any{
			map[string]any{"id": "w1", "name": "Workout 1", "scoreType": "TIME", "workoutOrder": 1, "parts": "sum"},
			map[string]any{"id": "w1a", "name": "1a", "scoreType": "TIME", "workoutOrder": 2, "partOf": "w1"},
			map[string]any{"id": "w1b", "name": "1b", "scoreType": "TIME", "workoutOrder": 3, "partOf": "w1"},
		}
		results := []any{map[string]any{"teamId": "t1", "workoutId": "w1a", "status": "completed", "resultValue": 300}}
		change(ws, results)
		return map[string]any{
			"format":    "podium.event/v1",
			"event":     map[string]any{"name": "Parts Import", "dateFrom": "2026-06-01", "dateTo": "2026-06-02", "scoringTable": "podium100"},
			"divisions": []any{map[string]any{"id": "d1", "name": "Elite"}},
			"teams":     []any{map[string]any{"id": "t1", "divisionId": "d1", "name": "Alpha"}},
			"workouts":  ws,
			"results":   results,
		}
	}
	for _, c := range []struct {
		name, field string
		change      func(ws []any, results []any)
	}{
		{"a load summed with times", "workouts[2].scoreType", func(ws []any, _ []any) { ws[2].(map[string]any)["scoreType"] = "MAX_WEIGHT" }},
		{"an unknown way", "workouts[0].parts", func(ws []any, _ []any) { ws[0].(map[string]any)["parts"] = "average" }},
		{"a part of a workout without parts", "workouts[1].partOf", func(ws []any, _ []any) { delete(ws[0].(map[string]any), "parts") }},
		{"a result on the header", "results[0].workoutId", func(_ []any, rs []any) { rs[0].(map[string]any)["workoutId"] = "w1" }},
		{"a heat on the header", "heats[0].workoutId", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := doc(func([]any, []any) {})
			if c.change != nil {
				d = doc(c.change)
			} else { // teams race a workout's parts, never the workout itself
				d["heats"] = []any{map[string]any{"workoutId": "w1", "number": 1, "startTime": "2026-06-01T09:00:00Z",
					"lanes": []any{map[string]any{"lane": 1, "teamId": "t1"}}}}
			}
			resp := s.Admin(http.MethodPost, "/api/events/import", d)
			var body struct{ Field, Message string }
			resp.Decode(t, &body)
			if resp.Status != http.StatusBadRequest || body.Field != c.field {
				t.Errorf("%d %s, want 400 on %s", resp.Status, resp.Body, c.field)
			}
		})
	}
	s.Admin(http.MethodPost, "/api/events/import", doc(func([]any, []any) {})).MustStatus(t, http.StatusOK)
}
