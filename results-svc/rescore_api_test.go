package resultssvc_test

import (
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// A new scoring table rescores the stored results before the event update answers, through
// competition-svc's rescore outbox, with the system as the actor: nobody has to read the grid
// first (reads never write).
func TestScoringTableChangeRescoresStoredResults(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	x := newSetup(t, s, "Rescore Games")
	x.Division("Rx", "", eventtest.Named("Alpha", "Bravo")...)
	x.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	saved := x.Results(
		eventtest.Fields{"teamId": x.TeamID("Rx/Alpha"), "workoutId": x.WorkoutID("Fran"), "resultValue": 300},
		eventtest.Fields{"teamId": x.TeamID("Rx/Bravo"), "workoutId": x.WorkoutID("Fran"), "resultValue": 400},
	)

	s.Admin(http.MethodPut, "/api/events/"+x.ID, map[string]any{
		"name": "Rescore Games", "dateFrom": "2023-08-10", "dateTo": "2023-08-13", "scoringTable": "ranksum",
	}).MustStatus(t, http.StatusOK)

	history := &resultsv1.ResultHistory{}
	s.Admin(http.MethodGet, "/api/results/"+saved[1].GetId().GetValue()+"/history", nil).MustStatus(t, http.StatusOK).Decode(t, history)
	last := history.Entries[len(history.Entries)-1]
	if last.Action != "rescored" || last.Actor != "system" || last.GetAfter().GetScore() == nil || last.GetAfter().GetScore().GetValue() != 2 {
		t.Fatalf("Bravo's last history entry: %+v, want rescored by system to 2 points (ranksum)", last)
	}
}
