package publicsvc_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
)

// A multi-part workout in the spreadsheet (docs/scoring.md, "Multi-part workouts") stays one
// row a team: a column a part, named with its workout; parts placed one by one carry their own
// place and points, parts combined into one score their results alone, beside the workout's
// column with the combined place and points. A workout whose parts count one by one has no
// column of its own, nor counts in the division's progress.
func TestDivisionLeaderboardCsvGroupsParts(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newWorld(t, s, map[string]any{"name": "Parts Open", "status": "PUBLISHED", "dateFrom": "2026-05-01", "dateTo": "2026-05-01"})
	division := w.division("Elite", "Alpha", "Bravo")
	part := func(name, scoreType string, order int, of string) eventtest.Fields {
		return eventtest.Fields{"name": name, "scoreType": scoreType, "workoutOrder": order, "partOf": w.WorkoutID(of)}
	}
	w.Workout(eventtest.Fields{"name": "Workout 2", "scoreType": "TIME", "workoutOrder": 1, "parts": "separate"})
	w.Workout(eventtest.Fields{"name": "Workout 3", "scoreType": "TIME", "workoutOrder": 4, "parts": "sum"})
	w.Workout(part("2a", "TIME", 2, "Workout 2"))
	w.Workout(part("2b", "MAX_WEIGHT", 3, "Workout 2"))
	w.Workout(part("3a", "TIME", 5, "Workout 3"))
	w.Workout(part("3b", "TIME", 6, "Workout 3"))
	for _, r := range []struct {
		team, workout string
		value         float64
	}{{"Alpha", "2a", 300}, {"Bravo", "2a", 200}, {"Alpha", "2b", 100}, {"Bravo", "2b", 80},
		{"Alpha", "3a", 60}, {"Bravo", "3a", 50}, {"Alpha", "3b", 60}, {"Bravo", "3b", 80}} {
		w.save(r.team, r.workout, eventtest.Fields{"status": "completed", "resultValue": r.value}, true)
	}

	body := string(w.get("/api/public/events/"+w.ID+"/divisions/"+division+"/leaderboard.csv", nil).Body)
	want := "\ufeffRank,Team,Athlete 1,Athlete 2,Total Points,Workout 2 — 2a,Workout 2 — 2b,Workout 3,Workout 3 — 3a,Workout 3 — 3b\r\n" +
		"1,Alpha,Alpha One,Alpha Two,295,\"5:00 (#2, 95 pts)\",\"100 (#1, 100 pts)\",\"2:00 (#1, 100 pts)\",1:00,1:00\r\n" +
		"2,Bravo,Bravo One,Bravo Two,290,\"3:20 (#1, 100 pts)\",\"80 (#2, 95 pts)\",\"2:10 (#2, 95 pts)\",0:50,1:20\r\n"
	if body != want {
		t.Fatalf("csv:\n%q\nwant:\n%q", body, want)
	}

	// Every result is in: the separate workout holds none of its own, so it does not keep the
	// division from completing.
	lb := &publicv1.EventLeaderboard{}
	w.get("/api/public/events/"+w.ID+"/leaderboard", lb)
	if d := lb.GetDivisions()[0]; d.GetStatus() != publicv1.DivisionProgress_completed || d.GetOverallCompletionPercentage() != 100 {
		t.Errorf("division progress %v %v%%, want completed 100%%", d.GetStatus(), d.GetOverallCompletionPercentage())
	}

	// A team's page: the parts named with their workout, no card for the separate workout.
	team := &publicv1.TeamDetails{}
	w.get("/api/public/teams/"+w.TeamID("Alpha"), team)
	var cards []string
	for _, r := range team.GetWorkoutResults() {
		cards = append(cards, r.GetWorkout().GetName()+" "+r.GetResult())
	}
	if got := strings.Join(cards, ", "); got != "Workout 2 — 2a 5:00, Workout 2 — 2b 100, Workout 3 2:00, Workout 3 — 3a 1:00, Workout 3 — 3b 1:00" {
		t.Errorf("team page cards: %s", got)
	}
	if c := team.GetCompletionStats(); c.GetWorkoutsCompleted() != 5 || c.GetTotalWorkouts() != 5 {
		t.Errorf("team completion %+v", c)
	}

	// Where a part stands alone it is named with its workout: the overview's links (none to the
	// separate workout, which has no board), the part's own board and its heats.
	var links []string
	for _, wp := range lb.GetDivisions()[0].GetWorkouts() {
		links = append(links, wp.GetName())
	}
	if got := strings.Join(links, ", "); got != "Workout 2 — 2a, Workout 2 — 2b, Workout 3, Workout 3 — 3a, Workout 3 — 3b" {
		t.Errorf("overview's workouts: %s", got)
	}
	board := &publicv1.WorkoutLeaderboard{}
	w.get("/api/public/events/"+w.ID+"/divisions/"+division+"/workouts/"+w.WorkoutID("2a")+"/leaderboard", board)
	if got := board.GetWorkout().GetName(); got != "Workout 2 — 2a" {
		t.Errorf("the part's board is named %q", got)
	}
	w.s.Admin(http.MethodPost, "/api/events/"+w.ID+"/workouts/"+w.WorkoutID("2a")+"/heats", map[string]any{"startTime": "2026-05-01T09:00:00Z",
		"lanes": []map[string]any{{"lane": 1, "teamId": w.TeamID("Alpha")}}}).MustStatus(t, http.StatusOK)
	poll.Until(t, 30*time.Second, "the part's heat on the schedule", func() bool {
		schedule := &publicv1.Schedule{}
		w.get("/api/public/events/"+w.ID+"/schedule", schedule)
		return len(schedule.GetWorkouts()) == 1 && schedule.GetWorkouts()[0].GetName() == "Workout 2 — 2a"
	})
}
