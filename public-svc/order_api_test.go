package publicsvc_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The orders of an event's parts have one owner, competition-svc (docs/architecture.md, "Where
// each rule lives"): names compare naturally, workouts go by their order. Every view,
// the console's and the public's, shows them in that order, whatever order they were created
// in.
func TestEveryViewKeepsCompetitionsOrder(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newWorld(t, s, eventtest.Fields{"name": "Order Open", "dateFrom": "2026-06-01", "dateTo": "2026-06-01", "detailsVisible": true})
	w.division("Division 10", "Zulu")
	w.division("division 3", "Yankee")
	w.division("Division 2", "Team 10", "team 3", "Team 2")
	for _, f := range []eventtest.Fields{
		eventtest.WorkoutFields("WOD 10", "REPS", 0, 3),
		eventtest.WorkoutFields("WOD 2", "REPS", 0, 2),
		eventtest.WorkoutFields("Opener", "REPS", 0, 1),
	} {
		w.Workout(f)
	}
	w.publishEvent()
	wantDivisions := []string{"Division 2", "division 3", "Division 10"}
	wantWorkouts := []string{"Opener", "WOD 2", "WOD 10"}
	wantTeams := []string{"Team 2", "team 3", "Team 10"}
	check := func(what string, got, want []string) {
		t.Helper()
		if !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", what, got, want)
		}
	}

	admin := &competitionv1.Event{}
	s.Admin(http.MethodGet, "/api/events/"+w.ID, nil).MustStatus(t, http.StatusOK).Decode(t, admin)
	check("console event divisions", names(admin.GetDivisions()), wantDivisions)
	check("console event workouts", names(admin.GetWorkouts()), wantWorkouts)

	d2 := w.DivisionID("Division 2")
	grid := &resultsv1.ResultGrid{}
	s.Admin(http.MethodGet, "/api/events/"+w.ID+"/results?workoutId="+w.WorkoutID("Opener")+"&divisionId="+d2, nil).
		MustStatus(t, http.StatusOK).Decode(t, grid)
	var gridTeams, matrixDivisions []string
	for _, r := range grid.GetRows() {
		gridTeams = append(gridTeams, r.GetTeamName())
	}
	check("result grid teams", gridTeams, wantTeams)
	for _, c := range grid.GetCells() {
		if !slices.Contains(matrixDivisions, c.GetDivisionId()) {
			matrixDivisions = append(matrixDivisions, c.GetDivisionId())
		}
	}
	check("result grid matrix divisions", matrixDivisions, []string{d2, w.DivisionID("division 3"), w.DivisionID("Division 10")})

	pub := &publicv1.PublicEvent{}
	w.get("/api/public/events/"+w.ID, pub)
	check("public event workouts", names(pub.GetWorkouts()), wantWorkouts)

	board := &publicv1.EventLeaderboard{}
	w.get("/api/public/events/"+w.ID+"/leaderboard", board)
	check("public event leaderboard divisions", names(board.GetDivisions()), wantDivisions)
	var boardTeams []string
	for _, team := range board.GetTeams() {
		if team.GetDivisionId() == d2 {
			boardTeams = append(boardTeams, team.GetName())
		}
	}
	check("public event leaderboard teams", boardTeams, wantTeams)

	div := &publicv1.DivisionLeaderboard{}
	w.get("/api/public/events/"+w.ID+"/divisions/"+d2+"/leaderboard", div)
	check("division leaderboard workouts", names(div.GetWorkouts()), wantWorkouts)
	var standings []string
	for _, st := range div.GetStandings() {
		standings = append(standings, st.GetTeamName())
	}
	check("division leaderboard teams", standings, wantTeams)

	wl := &publicv1.WorkoutLeaderboard{}
	w.get("/api/public/events/"+w.ID+"/divisions/"+d2+"/workouts/"+w.WorkoutID("WOD 2")+"/leaderboard", wl)
	var rows []string
	for _, r := range wl.GetResults() {
		rows = append(rows, r.GetTeamName())
	}
	check("workout leaderboard teams", rows, wantTeams)
}

func names[M interface{ GetName() string }](list []M) []string {
	out := make([]string, len(list))
	for i, m := range list {
		out[i] = m.GetName()
	}
	return out
}
