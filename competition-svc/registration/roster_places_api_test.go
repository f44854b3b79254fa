package registration_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// TestPlacesBeyondTwoSeeTheirTeam: an athlete in place 3 or 4 of a team of four finds the team
// as the captain does (docs/rosters.md): in their public profile, their heats calendar and
// their data download, which names their role, their category and the roster's names, and
// no other athlete's address.
func TestPlacesBeyondTwoSeeTheirTeam(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	e := openSizeDivision(t, s, "Mixed Four", mixedFour, nil)
	reg, athletes := fullFour(t, s, e)
	ann, ben, cleo, dan := athletes[0], athletes[1], athletes[2], athletes[3]
	teamID := reg["teamId"].(string)

	// Cleo took place 3 with the share code, Dan place 4.
	for _, who := range []struct {
		name, token, place string
	}{{"cleo", cleo.Token, "Athlete 3,Cleo Four"}, {"dan", dan.Token, "Athlete 4,Dan Four"}} {
		body := string(s.Do(http.MethodGet, "/api/registration/my-data.csv", nil, who.token).MustStatus(t, http.StatusOK).Body)
		for _, want := range []string{"Registration 1,Team,Four Square", "Registration 1,Your role,athlete",
			"Registration 1,Captain,Ann Four", "Registration 1,Athlete 2,Ben Four", "Registration 1,Athlete 3,Cleo Four",
			"Registration 1,Athlete 4,Dan Four", "Registration 1,State,Confirmed"} {
			if !strings.Contains(body, want) {
				t.Errorf("%s's download lacks %q:\n%s", who.name, want, body)
			}
		}
		if strings.Contains(body, ann.Email) || strings.Contains(body, ben.Email) || strings.Contains(body, "Partner") {
			t.Errorf("%s's download holds another's address or a partner line:\n%s", who.name, body)
		}
	}
	danFile := string(s.Do(http.MethodGet, "/api/registration/my-data.csv", nil, dan.Token).MustStatus(t, http.StatusOK).Body)
	if !strings.Contains(danFile, "Registration 1,Your category,men") {
		t.Errorf("dan's download lacks his category:\n%s", danFile)
	}
	annFile := string(s.Do(http.MethodGet, "/api/registration/my-data.csv", nil, ann.Token).MustStatus(t, http.StatusOK).Body)
	if !strings.Contains(annFile, "Registration 1,Your role,captain") || !strings.Contains(annFile, "Registration 1,Your category,women") {
		t.Errorf("ann's download:\n%s", annFile)
	}

	// The public profile lists the team for every athlete of the roster.
	for _, a := range athletes {
		body := string(s.Do(http.MethodGet, "/api/public/athletes/"+a.ID, nil, "").MustStatus(t, http.StatusOK).Body)
		if !strings.Contains(body, teamID) {
			t.Errorf("%s's profile lacks the team:\n%s", a.Email, body)
		}
	}

	// The heats calendar holds the team's heat for places 3 and 4 as for the captain.
	workout := e.event.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1)).GetId()
	s.Admin(http.MethodPost, "/api/events/"+e.event.ID+"/workouts/"+workout+"/heats/generate", apitest.Obj{
		"divisionIds": []string{e.divisionID}, "lanesPerHeat": 1, "order": "name", "firstStart": "2026-12-01T09:00:00Z",
	}).MustStatus(t, http.StatusOK)
	for _, a := range athletes {
		body := string(s.Do(http.MethodGet, "/api/calendar/mine/heats.ics", nil, a.Token).MustStatus(t, http.StatusOK).Body)
		if strings.Count(body, "BEGIN:VEVENT") != 1 || !strings.Contains(body, "Four Square") {
			t.Errorf("%s's calendar:\n%s", a.Email, body)
		}
	}
	stranger := s.SignUpAthlete("Sam", "Stranger")
	if body := string(s.Do(http.MethodGet, "/api/calendar/mine/heats.ics", nil, stranger.Token).MustStatus(t, http.StatusOK).Body); strings.Contains(body, "BEGIN:VEVENT") {
		t.Errorf("a stranger's calendar:\n%s", body)
	}
}
