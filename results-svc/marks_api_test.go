package resultssvc_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// marks is "team:text/points/rank[S][P:penalty]" for each grid row.
func marks(rows []*resultsv1.Result) string {
	parts := strings.Split(summary(rows), " ")
	for i, r := range rows {
		if r.GetScaled() {
			parts[i] += "[S]"
		}
		if r.GetPenaltyText() != "" {
			parts[i] += "[P:" + r.GetPenaltyText() + "]"
		}
	}
	return strings.Join(parts, " ")
}

// Scaled results and penalties: entered with the result, applied by the engine (Rx above
// Scaled; time and reps before placing, points after), refused by their field when they do not
// fit (nothing saved), shown on the grid, the boards, the CSV and the history, and carried by
// the event's export to an import.
func TestScaledAndPenaltiesThroughAPI(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	requireWired(t, s)
	x := newSetup(t, s, "Marks Games")
	x.Division("Rx", "", eventtest.Named("Alpha", "Bravo", "Charlie", "Delta")...)
	x.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	x.Workout(eventtest.WorkoutFields("Cindy", "REPS", 0, 2))
	team := func(n string) string { return x.TeamID("Rx/" + n) }
	fran, cindy := x.WorkoutID("Fran"), x.WorkoutID("Cindy")
	penalty := func(kind string, amount float64, reason string) map[string]any {
		return map[string]any{"kind": kind, "amount": amount, "reason": reason}
	}

	// Refusals name their field and save nothing.
	for _, c := range []struct {
		name  string
		body  eventtest.Fields
		field string
	}{
		{"penalty on a DNS", eventtest.Fields{"teamId": team("Delta"), "workoutId": fran, "status": "dns",
			"penalty": penalty("time", 30, "late")}, "penalty.kind"},
		{"time on a REPS workout", eventtest.Fields{"teamId": team("Delta"), "workoutId": cindy, "resultValue": 10,
			"penalty": penalty("time", 30, "late")}, "penalty.kind"},
		{"unknown kind", eventtest.Fields{"teamId": team("Delta"), "workoutId": fran, "resultValue": 300,
			"penalty": penalty("seconds", 30, "late")}, "penalty.kind"},
		{"time out of range", eventtest.Fields{"teamId": team("Delta"), "workoutId": fran, "resultValue": 300,
			"penalty": penalty("time", 90000, "late")}, "penalty.amount"},
		{"no amount", eventtest.Fields{"teamId": team("Delta"), "workoutId": fran, "resultValue": 300,
			"penalty": map[string]any{"kind": "time", "reason": "late"}}, "penalty.amount"},
		{"reps not whole", eventtest.Fields{"teamId": team("Delta"), "workoutId": cindy, "resultValue": 10,
			"penalty": penalty("reps", 1.5, "no-rep")}, "penalty.amount"},
		{"no reason", eventtest.Fields{"teamId": team("Delta"), "workoutId": fran, "resultValue": 300,
			"penalty": penalty("time", 30, " ")}, "penalty.reason"},
	} {
		refused := s.Admin(http.MethodPost, "/api/results", c.body).MustStatus(t, http.StatusBadRequest)
		if !strings.Contains(string(refused.Body), `"field":"`+c.field+`"`) {
			t.Errorf("%s: %s, want field %s", c.name, refused.Body, c.field)
		}
		batch := s.Admin(http.MethodPost, "/api/results/batch", map[string]any{"results": []eventtest.Fields{c.body}}).
			MustStatus(t, http.StatusBadRequest)
		if !strings.Contains(string(batch.Body), `"field":"results[0].`+c.field+`"`) {
			t.Errorf("%s in a batch: %s", c.name, batch.Body)
		}
	}
	if got := marks(x.grid(t, "Fran", "Rx").Rows); got != "Alpha:/-/- Bravo:/-/- Charlie:/-/- Delta:/-/-" {
		t.Fatalf("refusals saved something: %q", got)
	}

	// Fran: Alpha fastest but Scaled; Charlie 5:50 + 1:00 = 6:50 behind Bravo's 6:40.
	// Cindy: Bravo most reps but 10 points off; Charlie's 25 − 10 reps = 15 behind Alpha's 20.
	saved := x.Results(
		eventtest.Fields{"teamId": team("Alpha"), "workoutId": fran, "resultValue": 300, "scaled": true},
		eventtest.Fields{"teamId": team("Bravo"), "workoutId": fran, "resultValue": 400},
		eventtest.Fields{"teamId": team("Charlie"), "workoutId": fran, "resultValue": 350, "penalty": penalty("time", 60, "no-rep on the thrusters")},
		eventtest.Fields{"teamId": team("Delta"), "workoutId": fran, "status": "dns"},
		eventtest.Fields{"teamId": team("Alpha"), "workoutId": cindy, "resultValue": 20},
		eventtest.Fields{"teamId": team("Bravo"), "workoutId": cindy, "resultValue": 30, "penalty": penalty("points", 10, "out of the lane")},
		eventtest.Fields{"teamId": team("Charlie"), "workoutId": cindy, "resultValue": 25, "penalty": penalty("reps", 10, "short squats")},
	)
	if got, want := marks(x.grid(t, "Fran", "Rx").Rows),
		"Alpha:5:00/90/3[S] Bravo:6:40/100/1 Charlie:5:50/95/2[P:+1:00: no-rep on the thrusters] Delta:DNS/-/-"; got != want {
		t.Errorf("Fran grid\n got %q\nwant %q", got, want)
	}
	if got, want := marks(x.grid(t, "Cindy", "Rx").Rows),
		"Alpha:20/95/2 Bravo:30/90/1[P:−10 pts: out of the lane] Charlie:25/90/3[P:−10 reps: short squats] Delta:/-/-"; got != want {
		t.Errorf("Cindy grid\n got %q\nwant %q", got, want)
	}

	// Rx again: the history records the change of class.
	alpha := saved[0].GetId().GetValue()
	s.Admin(http.MethodPut, "/api/results/"+alpha, map[string]any{"resultValue": 300}).MustStatus(t, http.StatusOK)
	history := &resultsv1.ResultHistory{}
	s.Admin(http.MethodGet, "/api/results/"+alpha+"/history", nil).MustStatus(t, http.StatusOK).Decode(t, history)
	var actions []string
	for _, e := range history.GetEntries() {
		actions = append(actions, fmt.Sprintf("%s %v→%v", e.GetAction(), e.GetBefore().GetScaled(), e.GetAfter().GetScaled()))
	}
	if got := strings.Join(actions, ", "); !strings.HasPrefix(got, "created false→true, updated true→false") {
		t.Errorf("Alpha's Fran history: %s", got)
	}
	charlie := &resultsv1.ResultHistory{}
	s.Admin(http.MethodGet, "/api/results/"+saved[2].GetId().GetValue()+"/history", nil).MustStatus(t, http.StatusOK).Decode(t, charlie)
	if got := charlie.GetEntries()[0].GetAfter().GetPenaltyText(); got != "+1:00: no-rep on the thrusters" {
		t.Errorf("Charlie's created entry: penalty %q", got)
	}
	s.Admin(http.MethodPut, "/api/results/"+alpha, map[string]any{"resultValue": 300, "scaled": true}).MustStatus(t, http.StatusOK)

	// The boards mark both.
	x.Publish(saved...)
	x.Transition("publish")
	board := &publicv1.DivisionLeaderboard{}
	s.Do(http.MethodGet, "/api/public/events/"+x.ID+"/divisions/"+x.DivisionID("Rx")+"/leaderboard", nil, "").
		MustStatus(t, http.StatusOK).Decode(t, board)
	byName := map[string]*publicv1.Standing{}
	for _, st := range board.GetStandings() {
		byName[st.GetTeamName()] = st
	}
	if r := byName["Alpha"].GetWorkoutResults()[0]; !r.GetScaled() || r.GetRank().GetValue() != 3 {
		t.Errorf("Alpha's Fran on the board: %v", r)
	}
	if r := byName["Bravo"].GetWorkoutResults()[1]; r.GetPenaltyText() != "−10 pts: out of the lane" || r.GetPoints().GetValue() != 90 {
		t.Errorf("Bravo's Cindy on the board: %v", r)
	}
	workoutBoard := &publicv1.WorkoutLeaderboard{}
	s.Do(http.MethodGet, "/api/public/events/"+x.ID+"/divisions/"+x.DivisionID("Rx")+"/workouts/"+fran+"/leaderboard", nil, "").
		MustStatus(t, http.StatusOK).Decode(t, workoutBoard)
	var rows []string
	for _, r := range workoutBoard.GetResults() {
		rows = append(rows, fmt.Sprintf("%s %v %q", r.GetTeamName(), r.GetScaled(), r.GetPenaltyText()))
	}
	if got, want := strings.Join(rows, ", "), `Bravo false "", Charlie false "+1:00: no-rep on the thrusters", Alpha true "", Delta false ""`; got != want {
		t.Errorf("Fran board\n got %s\nwant %s", got, want)
	}

	csv := s.Admin(http.MethodGet, "/api/events/"+x.ID+"/results.csv?workoutId="+fran, nil).MustStatus(t, http.StatusOK)
	for _, line := range []string{"Rx,Fran,Alpha,completed,5:00,,90,3,yes,5:00,yes,\r\n", "Rx,Fran,Charlie,completed,5:50,,95,2,yes,5:50,no,'+1:00: no-rep on the thrusters\r\n"} {
		if !strings.Contains(string(csv.Body), line) {
			t.Errorf("results CSV has no line %q:\n%s", line, csv.Body)
		}
	}

	// (A cell starting with + is written with a leading apostrophe: no spreadsheet formula.)

	// Export and import: the copy has the same marks and scores.
	doc := s.Admin(http.MethodGet, "/api/events/"+x.ID+"/export", nil).MustStatus(t, http.StatusOK)
	copied := &competitionv1.Event{}
	s.Admin(http.MethodPost, "/api/events/import", doc.Body).MustStatus(t, http.StatusOK).Decode(t, copied)
	q := url.Values{"workoutId": {copied.GetWorkouts()[0].GetId()}, "divisionId": {copied.GetDivisions()[0].GetId()}}
	g := &resultsv1.ResultGrid{}
	s.Admin(http.MethodGet, "/api/events/"+copied.GetId()+"/results?"+q.Encode(), nil).MustStatus(t, http.StatusOK).Decode(t, g)
	if got, want := marks(g.GetRows()), "Alpha:5:00/90/3[S] Bravo:6:40/100/1 Charlie:5:50/95/2[P:+1:00: no-rep on the thrusters] Delta:DNS/-/-"; got != want {
		t.Errorf("imported Fran grid\n got %q\nwant %q", got, want)
	}
}
