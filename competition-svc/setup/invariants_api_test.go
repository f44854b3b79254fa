package setup_test

import (
	"slices"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// docs/result-invariants.md and the team order: the rules results depend on, through the gateway on
// the real stack. Every refusal is a 409 naming the field and changes nothing.

func TestAPIWorkoutOrderIsUniqueAndFrozenOnceResultsExist(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev := s.Events(t).Event(eventtest.Fields{"name": "Order Open", "dateFrom": "2026-06-01", "dateTo": "2026-06-02"})
	eventID := ev.ID
	workouts := "/api/events/" + eventID + "/workouts"
	fran := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1)).GetId()
	grace := ev.Workout(eventtest.WorkoutFields("Grace", "REPS", 0, 2)).GetId()

	apitest.WantError(t, s.Admin("POST", workouts, apitest.Obj{"name": "Helen", "scoreType": "REPS", "workoutOrder": 2}), 409, "workoutOrder",
		"Workout order 2 is already used by Grace in this event")
	apitest.WantError(t, s.Admin("PUT", workouts+"/"+fran, apitest.Obj{"name": "Fran", "scoreType": "TIME", "timeCapSeconds": 600, "workoutOrder": 2}), 409, "workoutOrder",
		"Workout order 2 is already used by Grace in this event")
	if got := names(apitest.DecodeList(t, s.Admin("GET", workouts, nil).MustStatus(t, 200)), "name"); !slices.Equal(got, []string{"Fran", "Grace"}) {
		t.Errorf("a refused workout was saved: %v", got)
	}
	// A free number is fine before any result exists.
	if w := apitest.Decode(t, s.Admin("PUT", workouts+"/"+grace, apitest.Obj{"name": "Grace", "scoreType": "REPS", "workoutOrder": 5}).MustStatus(t, 200)); w["workoutOrder"] != float64(5) {
		t.Errorf("order change before results: %v", w)
	}

	divisionID := ev.Division("Elite", "").GetId()
	teamID := apitest.Decode(t, s.Admin("POST", "/api/teams", apitest.Obj{"name": "Alpha", "divisionId": divisionID}).MustStatus(t, 200))["id"].(string)
	s.Admin("POST", "/api/results", apitest.Obj{"teamId": teamID, "workoutId": fran, "resultValue": 300}).MustStatus(t, 200)

	// Results exist in the event: no workout's order moves, and other edits still save.
	apitest.WantError(t, s.Admin("PUT", workouts+"/"+grace, apitest.Obj{"name": "Grace", "scoreType": "REPS", "workoutOrder": 3}), 409, "workoutOrder",
		"Workout order cannot be changed because results have already been entered for this event.")
	apitest.WantError(t, s.Admin("PUT", workouts+"/"+fran, apitest.Obj{"name": "Fran", "scoreType": "TIME", "timeCapSeconds": 600, "workoutOrder": 4}), 409, "workoutOrder",
		"Workout order cannot be changed because results have already been entered for this event.")
	if w := apitest.Decode(t, s.Admin("GET", workouts+"/"+grace, nil).MustStatus(t, 200)); w["workoutOrder"] != float64(5) {
		t.Errorf("refused order change was saved: %v", w)
	}
	if w := apitest.Decode(t, s.Admin("PUT", workouts+"/"+fran, apitest.Obj{"name": "Fran RX", "scoreType": "TIME", "timeCapSeconds": 600, "workoutOrder": 1}).MustStatus(t, 200)); w["name"] != "Fran RX" || w["workoutOrder"] != float64(1) {
		t.Errorf("edit keeping the order: %v", w)
	}
	if w := apitest.Decode(t, s.Admin("PUT", workouts+"/"+grace, apitest.Obj{"name": "Grace RX", "scoreType": "REPS"}).MustStatus(t, 200)); w["workoutOrder"] != float64(5) {
		t.Errorf("edit without an order keeps it: %v", w)
	}
}

func TestAPITimeCapNeverBelowACompletedTime(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev := s.Events(t).Event(eventtest.Fields{"name": "Cap Open", "dateFrom": "2026-06-01", "dateTo": "2026-06-02"})
	eventID := ev.ID
	divisionID := ev.Division("Elite", "", eventtest.Named("Team 10", "Team 2", "Team 1")...).GetId()
	id := map[string]string{"Team 1": ev.TeamID("Team 1"), "Team 2": ev.TeamID("Team 2"), "Team 10": ev.TeamID("Team 10")}
	workout := "/api/events/" + eventID + "/workouts"
	fran := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 0)).GetId()

	// Entry: a completed time above the cap is refused, naming the row's field; nothing saved.
	apitest.WantError(t, s.Admin("POST", "/api/results/batch", apitest.Obj{"results": []apitest.Obj{
		{"teamId": id["Team 1"], "workoutId": fran, "resultValue": 300},
		{"teamId": id["Team 2"], "workoutId": fran, "resultValue": 601},
	}}), 400, "results[1].resultValue", `Invalid time for team "Team 2": Time must not exceed the time cap of 10:00; enter a capped result (CAP +reps) instead`)
	grid := apitest.Decode(t, s.Admin("GET", "/api/events/"+eventID+"/results?workoutId="+fran+"&divisionId="+divisionID, nil).MustStatus(t, 200))
	for _, r := range grid["rows"].([]any) {
		if row := r.(apitest.Obj); row["resultValue"] != nil {
			t.Errorf("a refused batch saved %v", row)
		}
	}

	s.Admin("POST", "/api/results/batch", apitest.Obj{"results": []apitest.Obj{
		{"teamId": id["Team 1"], "workoutId": fran, "resultValue": 300},
		{"teamId": id["Team 2"], "workoutId": fran, "resultValue": 590},
		{"teamId": id["Team 10"], "workoutId": fran, "resultValue": 545},
	}}).MustStatus(t, 200)

	// Lowering the cap below completed times names those teams (natural order) and changes nothing.
	apitest.WantError(t, s.Admin("PUT", workout+"/"+fran, apitest.Obj{"name": "Fran", "scoreType": "TIME", "timeCapSeconds": 540}), 409, "timeCapSeconds",
		"The time cap cannot be lower than the completed times of Team 2 (9:50), Team 10 (9:05). Change those results to CAP first.")
	if w := apitest.Decode(t, s.Admin("GET", workout+"/"+fran, nil).MustStatus(t, 200)); w["timeCapSeconds"] != float64(600) {
		t.Errorf("refused cap was saved: %v", w)
	}
	// Down to the slowest completed time is fine.
	if w := apitest.Decode(t, s.Admin("PUT", workout+"/"+fran, apitest.Obj{"name": "Fran", "scoreType": "TIME", "timeCapSeconds": 590}).MustStatus(t, 200)); w["timeCapSeconds"] != float64(590) {
		t.Errorf("cap at the slowest time: %v", w)
	}

	// Team order is natural everywhere the server lists teams.
	if got := names(apitest.DecodeList(t, s.Admin("GET", "/api/teams/by-division/"+divisionID, nil).MustStatus(t, 200)), "name"); !slices.Equal(got, []string{"Team 1", "Team 2", "Team 10"}) {
		t.Errorf("teams by division: %v", got)
	}
	grid = apitest.Decode(t, s.Admin("GET", "/api/events/"+eventID+"/results?workoutId="+fran+"&divisionId="+divisionID, nil).MustStatus(t, 200))
	var rows []string
	for _, r := range grid["rows"].([]any) {
		rows = append(rows, r.(apitest.Obj)["teamName"].(string))
	}
	if !slices.Equal(rows, []string{"Team 1", "Team 2", "Team 10"}) {
		t.Errorf("result grid rows: %v", rows)
	}
}

func TestAPITeamWithResultsMovesOnlyWithoutThem(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev := s.Events(t).Event(eventtest.Fields{"name": "Move Open", "dateFrom": "2026-06-01", "dateTo": "2026-06-02"})
	eventID := ev.ID
	elite := ev.Division("Elite", "", eventtest.Named("Alpha")...).GetId()
	scaled := ev.Division("Scaled", "").GetId()
	teamID := ev.TeamID("Alpha")
	fran := ev.Workout(eventtest.WorkoutFields("Fran", "REPS", 0, 0)).GetId()
	grace := ev.Workout(eventtest.WorkoutFields("Grace", "REPS", 0, 0)).GetId()
	s.Admin("POST", "/api/results/batch", apitest.Obj{"results": []apitest.Obj{
		{"teamId": teamID, "workoutId": fran, "resultValue": 30}, {"teamId": teamID, "workoutId": grace, "resultValue": 40},
	}}).MustStatus(t, 200)
	if tm := apitest.Decode(t, s.Admin("GET", "/api/teams/"+teamID, nil).MustStatus(t, 200)); tm["resultsCount"] != float64(2) || tm["finalResultsCount"] != float64(0) {
		t.Errorf("counts: %v", tm)
	}

	// A rename in place needs nothing; a move without deleteResults is refused.
	s.Admin("PUT", "/api/teams/"+teamID, apitest.Obj{"name": "Alpha One", "divisionId": elite}).MustStatus(t, 200)
	apitest.WantError(t, s.Admin("PUT", "/api/teams/"+teamID, apitest.Obj{"name": "Alpha Two", "divisionId": scaled}), 409, "divisionId",
		"Team Alpha One has 2 results in its division. Delete them to move the team to another division.")
	if tm := apitest.Decode(t, s.Admin("GET", "/api/teams/"+teamID, nil).MustStatus(t, 200)); tm["divisionId"] != elite || tm["name"] != "Alpha One" || tm["resultsCount"] != float64(2) {
		t.Errorf("a refused move changed the team: %v", tm)
	}

	// With deleteResults the results go first, then the team moves.
	moved := apitest.Decode(t, s.Admin("PUT", "/api/teams/"+teamID, apitest.Obj{"name": "Alpha Two", "divisionId": scaled, "deleteResults": true}).MustStatus(t, 200))
	if moved["divisionId"] != scaled || moved["name"] != "Alpha Two" {
		t.Errorf("moved: %v", moved)
	}
	if tm := apitest.Decode(t, s.Admin("GET", "/api/teams/"+teamID, nil).MustStatus(t, 200)); tm["resultsCount"] != float64(0) {
		t.Errorf("results left after the move: %v", tm)
	}
	grid := apitest.Decode(t, s.Admin("GET", "/api/events/"+eventID+"/results?workoutId="+fran+"&divisionId="+scaled, nil).MustStatus(t, 200))
	for _, r := range grid["rows"].([]any) {
		if row := r.(apitest.Obj); row["resultValue"] != nil {
			t.Errorf("a result moved with the team: %v", row)
		}
	}
}
