package resultssvc_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// summary is "team:text/points/rank" for each grid row, "-" for null.
func summary(rows []*resultsv1.Result) string {
	parts := make([]string, len(rows))
	for i, r := range rows {
		points, rank := "-", "-"
		if r.GetScore() != nil {
			points = fmt.Sprint(r.GetScore().GetValue())
		}
		if r.GetRank() != nil {
			rank = fmt.Sprint(r.GetRank().GetValue())
		}
		parts[i] = fmt.Sprintf("%s:%s/%s/%s", r.GetTeamName(), r.GetResultText(), points, rank)
	}
	return strings.Join(parts, " ")
}

// A DQ has no place and 0 points, reads "DQ" everywhere (grid, public board, CSV), and the
// team stays in the standings (a DNS would withdraw it).
func TestDisqualifiedResultThroughAPI(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	requireWired(t, s)
	x := newSetup(t, s, "DQ Games")
	x.Division("Rx", "", eventtest.Named("Alpha", "Bravo", "Charlie")...)
	x.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	x.Workout(eventtest.WorkoutFields("Cindy", "REPS", 0, 2))
	team := func(n string) string { return x.TeamID("Rx/" + n) }
	saved := x.Results(
		eventtest.Fields{"teamId": team("Alpha"), "workoutId": x.WorkoutID("Fran"), "resultValue": 300},
		eventtest.Fields{"teamId": team("Bravo"), "workoutId": x.WorkoutID("Fran"), "status": "DQ"},
		eventtest.Fields{"teamId": team("Charlie"), "workoutId": x.WorkoutID("Fran"), "resultValue": 400},
		eventtest.Fields{"teamId": team("Alpha"), "workoutId": x.WorkoutID("Cindy"), "resultValue": 10},
		eventtest.Fields{"teamId": team("Bravo"), "workoutId": x.WorkoutID("Cindy"), "resultValue": 20},
		eventtest.Fields{"teamId": team("Charlie"), "workoutId": x.WorkoutID("Cindy"), "resultValue": 5},
	)
	if got := summary(x.grid(t, "Fran", "Rx").Rows); got != "Alpha:5:00/100/1 Bravo:DQ/0/- Charlie:6:40/95/2" {
		t.Errorf("Fran grid %q", got)
	}
	// An unknown status word is refused with the words there are.
	refused := s.Admin(http.MethodPost, "/api/results", map[string]any{"teamId": team("Alpha"), "workoutId": x.WorkoutID("Fran"), "status": "nope"}).
		MustStatus(t, http.StatusBadRequest)
	if !strings.Contains(refused.Message(), "completed, capped, dnf, dns or dq") {
		t.Errorf("unknown status: %s", refused.Body)
	}

	x.Publish(saved...)
	x.Transition("publish")
	board := &publicv1.DivisionLeaderboard{}
	s.Do(http.MethodGet, "/api/public/events/"+x.ID+"/divisions/"+x.DivisionID("Rx")+"/leaderboard", nil, "").
		MustStatus(t, http.StatusOK).Decode(t, board)
	byName := map[string]*publicv1.Standing{}
	for _, st := range board.GetStandings() {
		byName[st.GetTeamName()] = st
	}
	bravo := byName["Bravo"]
	if bravo.GetWithdrawn() || bravo.GetRank() == nil || bravo.GetTotalPoints().GetValue() != 100 {
		t.Errorf("Bravo after a DQ: withdrawn %v rank %v total %v; want ranked on 100 (0 + 100)", bravo.GetWithdrawn(), bravo.GetRank(), bravo.GetTotalPoints())
	}
	dq := bravo.GetWorkoutResults()[0]
	if dq.GetStatus().String() != "dq" || dq.GetResult() != "DQ" || dq.GetRank() != nil || dq.GetPoints().GetValue() != 0 {
		t.Errorf("Bravo's Fran on the board: %v", dq)
	}
	if byName["Alpha"].GetRank().GetValue() != 1 || byName["Charlie"].GetRank().GetValue() != 2 || bravo.GetRank().GetValue() != 3 {
		t.Errorf("ranks: Alpha %v, Charlie %v, Bravo %v; want 1, 2, 3 (195, 185, 100)", byName["Alpha"].GetRank(), byName["Charlie"].GetRank(), bravo.GetRank())
	}

	csv := s.Admin(http.MethodGet, "/api/events/"+x.ID+"/results.csv?workoutId="+x.WorkoutID("Fran"), nil).MustStatus(t, http.StatusOK)
	if !strings.Contains(string(csv.Body), "Rx,Fran,Bravo,dq,DQ,,0,,yes,DQ,no,\r\n") {
		t.Errorf("results CSV has no DQ row:\n%s", csv.Body)
	}
}

// The scoring card: a preview changes nothing; a save stores the table, tie rules and weights,
// rescores every stored result before it answers (each changed score's history says
// rescored), the public board marks the weight, and the event's export carries it all to an
// import.
func TestScoringSettingsPreviewSaveAndTransfer(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	requireWired(t, s)
	x := newSetup(t, s, "Rulebook Games")
	x.Division("Rx", "", eventtest.Named("Alpha", "Bravo", "Charlie")...)
	x.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	x.Workout(eventtest.WorkoutFields("Cindy", "REPS", 0, 2))
	team := func(n string) string { return x.TeamID("Rx/" + n) }
	// Fran: Alpha 1st, Bravo and Charlie tied 2nd. Cindy: Charlie 1st, Alpha 2nd, Bravo 3rd.
	saved := x.Results(
		eventtest.Fields{"teamId": team("Alpha"), "workoutId": x.WorkoutID("Fran"), "resultValue": 300},
		eventtest.Fields{"teamId": team("Bravo"), "workoutId": x.WorkoutID("Fran"), "resultValue": 400},
		eventtest.Fields{"teamId": team("Charlie"), "workoutId": x.WorkoutID("Fran"), "resultValue": 400},
		eventtest.Fields{"teamId": team("Alpha"), "workoutId": x.WorkoutID("Cindy"), "resultValue": 20},
		eventtest.Fields{"teamId": team("Bravo"), "workoutId": x.WorkoutID("Cindy"), "resultValue": 10},
		eventtest.Fields{"teamId": team("Charlie"), "workoutId": x.WorkoutID("Cindy"), "resultValue": 30},
	)
	before := summary(x.grid(t, "Fran", "Rx").Rows)
	if before != "Alpha:5:00/100/1 Bravo:6:40/95/2 Charlie:6:40/95/2" {
		t.Fatalf("Fran before: %q", before)
	}
	settings := map[string]any{
		"scoringTable":   "podium100",
		"rules":          map[string]any{"workoutTies": "tie_stand", "overallTieBreak": "by_workout", "overallWorkoutId": x.WorkoutID("Cindy")},
		"workoutWeights": []map[string]any{{"workoutId": x.WorkoutID("Fran"), "weight": 2}},
	}

	preview := &resultsv1.ScoringPreview{}
	s.Admin(http.MethodPost, "/api/events/"+x.ID+"/scoring/preview", settings).MustStatus(t, http.StatusOK).Decode(t, preview)
	// Now: Alpha 100+95 = 195, Charlie 95+100 = 195, Bravo 95+90 = 185; countback puts Alpha
	// (1, 2) level with Charlie (1, 2): shared. Proposed: Fran ×2, Alpha 200+95 = 295, Bravo and
	// Charlie 190 each; Charlie 190+100 = 290, Bravo 190+90 = 280.
	var got []string
	for _, l := range preview.GetDivisions()[0].GetLines() {
		got = append(got, fmt.Sprintf("%s %d/%v→%d/%v", l.GetTeamName(), l.GetRankNow().GetValue(), l.GetTotalNow().GetValue(),
			l.GetRankProposed().GetValue(), l.GetTotalProposed().GetValue()))
	}
	if want := "Alpha 1/195→1/295 Charlie 1/195→2/290 Bravo 3/185→3/280"; strings.Join(got, " ") != want {
		t.Errorf("preview %q, want %q", strings.Join(got, " "), want)
	}
	if preview.GetChangedScores() != 3 {
		t.Errorf("preview: %d changed scores, want 3 (Fran's three)", preview.GetChangedScores())
	}
	if after := summary(x.grid(t, "Fran", "Rx").Rows); after != before {
		t.Errorf("a preview changed the stored scores: %q", after)
	}

	// A weight out of bounds is refused by its field, and nothing changes.
	bad := map[string]any{"scoringTable": "podium100", "workoutWeights": []map[string]any{{"workoutId": x.WorkoutID("Fran"), "weight": 5}}}
	refused := s.Admin(http.MethodPut, "/api/events/"+x.ID+"/scoring", bad).MustStatus(t, http.StatusBadRequest)
	if !strings.Contains(string(refused.Body), `"field":"workoutWeights[0].weight"`) {
		t.Errorf("weight 5: %s", refused.Body)
	}
	s.Admin(http.MethodPost, "/api/events/"+x.ID+"/scoring/preview", bad).MustStatus(t, http.StatusBadRequest)

	ev := &competitionv1.Event{}
	s.Admin(http.MethodPut, "/api/events/"+x.ID+"/scoring", settings).MustStatus(t, http.StatusOK).Decode(t, ev)
	if r := ev.GetScoringRules(); r.GetWorkoutTies() != "tie_stand" || r.GetOverallTieBreak() != "by_workout" || r.GetOverallWorkoutId() != x.WorkoutID("Cindy") {
		t.Errorf("saved rules %v", r)
	}
	if w := ev.GetWorkouts(); w[0].GetWeight() != 2 || w[1].GetWeight() != 1 {
		t.Errorf("weights %v, %v", w[0].GetWeight(), w[1].GetWeight())
	}
	// Rescored before the answer: tie stand gives Bravo and Charlie 2nd, ×2.
	if got := summary(x.grid(t, "Fran", "Rx").Rows); got != "Alpha:5:00/200/1 Bravo:6:40/190/2 Charlie:6:40/190/2" {
		t.Errorf("Fran after the save: %q", got)
	}
	history := &resultsv1.ResultHistory{}
	s.Admin(http.MethodGet, "/api/results/"+saved[1].GetId().GetValue()+"/history", nil).MustStatus(t, http.StatusOK).Decode(t, history)
	last := history.Entries[len(history.Entries)-1]
	if last.GetAction() != "rescored" || last.GetAfter().GetScore().GetValue() != 190 {
		t.Errorf("Bravo's Fran history ends with %+v, want rescored to 190", last)
	}

	x.Publish(saved...)
	x.Transition("publish")
	board := &publicv1.DivisionLeaderboard{}
	s.Do(http.MethodGet, "/api/public/events/"+x.ID+"/divisions/"+x.DivisionID("Rx")+"/leaderboard", nil, "").
		MustStatus(t, http.StatusOK).Decode(t, board)
	if w := board.GetWorkouts(); w[0].GetWeight() != 2 || w[1].GetWeight() != 1 {
		t.Errorf("board weights %v", w)
	}
	var ranks []string
	for _, st := range board.GetStandings() {
		ranks = append(ranks, fmt.Sprintf("%s#%d", st.GetTeamName(), st.GetRank().GetValue()))
	}
	if got := strings.Join(ranks, " "); got != "Alpha#1 Charlie#2 Bravo#3" {
		t.Errorf("board ranks %q", got)
	}

	// Export and import: the copy scores the same way.
	doc := s.Admin(http.MethodGet, "/api/events/"+x.ID+"/export", nil).MustStatus(t, http.StatusOK)
	copied := &competitionv1.Event{}
	s.Admin(http.MethodPost, "/api/events/import", doc.Body).MustStatus(t, http.StatusOK).Decode(t, copied)
	if r := copied.GetScoringRules(); r.GetWorkoutTies() != "tie_stand" || r.GetOverallTieBreak() != "by_workout" ||
		r.GetOverallWorkoutId() != copied.GetWorkouts()[1].GetId() {
		t.Errorf("imported rules %v (workouts %v)", r, copied.GetWorkouts())
	}
	if w := copied.GetWorkouts(); w[0].GetWeight() != 2 || w[1].GetWeight() != 1 {
		t.Errorf("imported weights %v, %v", w[0].GetWeight(), w[1].GetWeight())
	}

	// A change of the overall tie-break alone changes no stored score, so no result: the public
	// board still follows it (its standings are scored against the event's setup).
	boardRanks := func() string {
		t.Helper()
		b := &publicv1.DivisionLeaderboard{}
		s.Do(http.MethodGet, "/api/public/events/"+x.ID+"/divisions/"+x.DivisionID("Rx")+"/leaderboard", nil, "").
			MustStatus(t, http.StatusOK).Decode(t, b)
		var got []string
		for _, st := range b.GetStandings() {
			got = append(got, fmt.Sprintf("%s#%d", st.GetTeamName(), st.GetRank().GetValue()))
		}
		return strings.Join(got, " ")
	}
	plain := map[string]any{"scoringTable": "podium100", "rules": map[string]any{"workoutTies": "share_better", "overallTieBreak": "shared"}}
	s.Admin(http.MethodPut, "/api/events/"+x.ID+"/scoring", plain).MustStatus(t, http.StatusOK)
	if got := boardRanks(); got != "Alpha#1 Charlie#1 Bravo#3" {
		t.Errorf("board ranks with ties shared: %q", got)
	}
	plain["rules"] = map[string]any{"workoutTies": "share_better", "overallTieBreak": "by_workout", "overallWorkoutId": x.WorkoutID("Cindy")}
	s.Admin(http.MethodPut, "/api/events/"+x.ID+"/scoring", plain).MustStatus(t, http.StatusOK)
	if got := boardRanks(); got != "Charlie#1 Alpha#2 Bravo#3" {
		t.Errorf("board ranks after the tie-break changed alone: %q", got)
	}
}
