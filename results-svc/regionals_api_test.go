package resultssvc_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/results-svc/scoring/fixture"
)

// TestReplayRegionals2016ThroughAPI enters the second published championship (the 2016 CrossFit
// California Regional, men: fixture.LoadRegionals2016) through the API, as an organiser would:
// an event on the games2012 table, seven events for time, every result, published. The public
// division board must then give every published number: each event's place and points, each
// athlete's final place and total, the two withdrawn athletes last without either.
//
// CrossFit broke equal results (the same CAP+N) by a tie-break time the source does not hold;
// the test enters each result's published place as its tiebreak, which orders only results
// that are otherwise equal (the engine-only replay, scoring/regionals_test.go, asserts what the
// results alone determine).
func TestReplayRegionals2016ThroughAPI(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	requireWired(t, s)
	athletes, err := fixture.LoadRegionals2016()
	if err != nil {
		t.Fatal(err)
	}
	x := s.Events(t).Event(eventtest.Fields{
		"name": "2016 California Regional", "dateFrom": "2016-05-20", "dateTo": "2016-05-22",
		"location": "Del Mar", "detailsVisible": true, "scoringTable": "games2012",
	})
	for w := range athletes[0].Events {
		// One hour caps every time of the data; the capped results say only how many reps short.
		x.Workout(eventtest.WorkoutFields(fmt.Sprintf("Event %d", w+1), "TIME", 3600, w+1))
	}
	names := make([]string, len(athletes))
	for i, a := range athletes {
		names[i] = a.Name
	}
	x.Division("Men", "", eventtest.Named(names...)...)

	var batch []eventtest.Fields
	for _, a := range athletes {
		for w, r := range a.Events {
			row := eventtest.Fields{"teamId": x.TeamID("Men/" + a.Name), "workoutId": x.WorkoutID(fmt.Sprintf("Event %d", w+1)), "status": r.Status}
			switch r.Status {
			case "completed":
				row["resultValue"] = r.Seconds
			case "capped":
				row["cappedReps"] = 1000 - r.RepsShort // every event has fewer than 1,000 reps
			}
			if r.Status != "dns" {
				row["tiebreakValue"] = r.Place
			}
			batch = append(batch, row)
		}
	}
	saved := x.Results(batch...)
	if n := x.Publish(saved...); int(n) != len(saved) {
		t.Fatalf("published %d of %d", n, len(saved))
	}
	s.Admin(http.MethodPost, "/api/events/"+x.ID+"/start", nil).MustStatus(t, http.StatusOK)

	lb := &publicv1.DivisionLeaderboard{}
	s.Do(http.MethodGet, "/api/public/events/"+x.ID+"/divisions/"+x.DivisionID("Men")+"/leaderboard", nil, "").
		MustStatus(t, http.StatusOK).Decode(t, lb)
	if len(lb.Standings) != len(athletes) {
		t.Fatalf("%d lines on the board for %d athletes", len(lb.Standings), len(athletes))
	}
	compared := 0
	for line, st := range lb.Standings {
		a := athletes[line] // the data is in published order, withdrawn athletes last
		if st.TeamName != a.Name {
			t.Errorf("line %d is %s, published %s", line+1, st.TeamName, a.Name)
			continue
		}
		for w, wr := range st.WorkoutResults {
			r := a.Events[w]
			if r.Status == "dns" {
				if wr.Rank != nil || wr.Points.GetValue() != 0 {
					t.Errorf("%s, event %d: WD got place %v, %v points", a.Name, w+1, optI(wr.Rank), wr.Points.GetValue())
				}
				continue
			}
			if wr.Rank.GetValue() != int32(r.Place) || wr.Points.GetValue() != r.Points {
				t.Errorf("%s, event %d (%s): place %d, %v points; published %v points",
					a.Name, w+1, r.Text, wr.Rank.GetValue(), wr.Points.GetValue(), r.Points)
			}
			compared += 2
		}
		withdrew := a.Events[len(a.Events)-1].Status == "dns"
		if st.Withdrawn != withdrew {
			t.Errorf("%s: withdrawn %v, published WD %v", a.Name, st.Withdrawn, withdrew)
			continue
		}
		if withdrew {
			continue
		}
		if st.Rank.GetValue() != int32(a.Place) || st.TotalPoints.GetValue() != a.Total {
			t.Errorf("%s: place %d, total %v; published %d, %v", a.Name, st.Rank.GetValue(), st.TotalPoints.GetValue(), a.Place, a.Total)
		}
		compared += 2
	}
	t.Logf("public board: %d published numbers match", compared)
	if want := (38*7-7)*2 + 36*2; compared != want { // 7 WD results, 2 withdrawn athletes
		t.Errorf("compared %d published numbers, want %d", compared, want)
	}
}
