package publicsvc_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
)

// A board's rows carry every starting athlete of a roster of four, as the whole board does, and
// its search finds the team by any of them; a substitute is neither shown nor found.
func TestBoardRowsCarryTheWholeRoster(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newWorld(t, s, eventtest.Fields{"name": "Roster Open", "dateFrom": "2026-06-01", "dateTo": "2026-06-03"})
	place := func(name string, sub bool) *competitionv1.RosterPlace {
		return &competitionv1.RosterPlace{Name: name, Substitute: sub}
	}
	d := w.DivisionOf("Fours", "", eventtest.Fields{"teamSize": 4, "substitutes": 1},
		&competitionv1.NewTeam{Name: "Quad Squad", Athletes: []*competitionv1.RosterPlace{
			place("Ana Alpha", false), place("Ben Beta", false), place("Cleo Gamma", false), place("Dev Delta", false), place("Sam Spare", true)}},
		&competitionv1.NewTeam{Name: "Other Four", Athletes: []*competitionv1.RosterPlace{
			place("Eve Epsilon", false), place("Finn Zeta", false), place("Gus Eta", false), place("Hal Theta", false)}})
	w.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	w.save("Quad Squad", "Fran", eventtest.Fields{"resultValue": 200}, true)
	w.save("Other Four", "Fran", eventtest.Fields{"resultValue": 300}, true)
	s.Admin(http.MethodPost, "/api/events/"+w.ID+"/start", nil).MustStatus(t, http.StatusOK)
	path := "/api/public/events/" + w.ID + "/divisions/" + d.GetId()

	// As in TestBoardFiltersMatchTheCaptainsClubAndCountry: wait for the ranked board.
	poll.Until(t, 10*time.Second, "the board is ranked", func() bool {
		return s.Do(http.MethodGet, path+"/board", nil, "").Status == http.StatusOK
	})
	var whole publicv1.DivisionLeaderboard
	w.get(path+"/leaderboard", &whole)
	var page publicv1.BoardPage
	w.get(path+"/board", &page)
	if len(page.GetRows()) != 2 || len(whole.GetStandings()) != 2 {
		t.Fatalf("board: %d rows, whole board %d standings", len(page.GetRows()), len(whole.GetStandings()))
	}
	quad := page.GetRows()[0].GetStanding()
	if want := []string{"Ana Alpha", "Ben Beta", "Cleo Gamma", "Dev Delta"}; !slices.Equal(quad.GetAthleteNames(), want) {
		t.Errorf("Quad Squad's row names %q, want %q", quad.GetAthleteNames(), want)
	}
	for i, r := range page.GetRows() {
		if !proto.Equal(r.GetStanding(), whole.GetStandings()[i]) {
			t.Errorf("row %d:\n page  %v\n whole %v", i, r.GetStanding(), whole.GetStandings()[i])
		}
	}

	var hits publicv1.BoardSearchResult
	for _, q := range []string{"cleo%20gamma", "DELTA"} {
		w.get(path+"/board/search?q="+q, &hits)
		if hits.GetMatches() != 1 || hits.GetEntries()[0].GetRow().GetStanding().GetTeamName() != "Quad Squad" {
			t.Errorf("search %q: %v", q, &hits)
		}
	}
	w.get(path+"/board/search?q=spare", &hits)
	if hits.GetMatches() != 0 {
		t.Errorf("search for the substitute: %d matches, want 0", hits.GetMatches())
	}
}
