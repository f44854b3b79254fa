package publicsvc_test

import (
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
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
}
