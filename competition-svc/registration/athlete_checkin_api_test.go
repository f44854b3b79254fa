package registration_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// TestCheckInPerAthlete: the door lists a team's athletes and marks each present or absent;
// an athlete without the current waiver is refused by name and nothing is written; the team is
// present once all its starting athletes are, and no longer when one is marked absent; the
// team's one tap works as before.
func TestCheckInPerAthlete(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r := openRegistration(t, s, nil)
	anna, ben := s.SignUpAthlete("Anna", "Door"), s.SignUpAthlete("Ben", "Door")
	reg := apitest.Decode(t, r.register(anna, "Door Pair", "").MustStatus(t, http.StatusOK))
	team := apitest.Decode(t, accept(s, ben, reg["shareCode"].(string)).MustStatus(t, http.StatusOK))["teamId"].(string)
	s.Admin(http.MethodPut, "/api/events/"+r.eventID+"/waiver", apitest.Obj{"body": "At my own risk."}).MustStatus(t, http.StatusOK)

	list := apitest.Decode(t, s.Admin(http.MethodGet, "/api/events/"+r.eventID+"/check-in", nil).MustStatus(t, http.StatusOK))
	athletes := list["teams"].([]any)[0].(apitest.Obj)["athletes"].([]any)
	if len(athletes) != 2 || athletes[0].(apitest.Obj)["name"] != "Anna Door" || athletes[0].(apitest.Obj)["athleteId"] != anna.ID ||
		athletes[1].(apitest.Obj)["name"] != "Ben Door" || athletes[0].(apitest.Obj)["checked"] == true {
		t.Fatalf("the team's athletes at the door: %v", athletes)
	}
	mark := func(position string, present bool) *stacktest.Response {
		return s.Admin(http.MethodPut, "/api/events/"+r.eventID+"/check-in/"+team+"/athletes/"+position, apitest.Obj{"present": present})
	}
	place := func(got apitest.Obj, i int) apitest.Obj { return got["athletes"].([]any)[i].(apitest.Obj) }
	signWaiver := func(a stacktest.Athlete, name string) {
		s.Do(http.MethodPost, "/api/waivers/mine/"+r.eventID+"/accept", apitest.Obj{"version": 1, "fullName": name, "birthDate": "1990-01-01"},
			a.Token).MustStatus(t, http.StatusOK)
	}

	// Without the waiver: refused by name, nothing written.
	apitest.WantError(t, mark("1", true), http.StatusConflict, "", "Not marked present: Anna Door has not accepted the waiver yet. Sign it on the kiosk first.")
	apitest.WantError(t, mark("5", true), http.StatusBadRequest, "position", "Team Door Pair has no athlete at place 5")
	if n := s.Rows(t, "competition.athlete_checkins", "team_id = $1", team); n != 0 {
		t.Fatalf("refused marks left %d rows", n)
	}

	signWaiver(anna, "Anna Door")
	got := apitest.Decode(t, mark("1", true).MustStatus(t, http.StatusOK))
	if a := place(got, 0); a["checked"] != true || a["present"] != true || a["by"] != s.AdminUsername || got["checked"] == true {
		t.Fatalf("anna present, the team not yet: %v", got)
	}
	signWaiver(ben, "Ben Door")
	got = apitest.Decode(t, mark("2", true).MustStatus(t, http.StatusOK))
	if got["checked"] != true || got["present"] != true || place(got, 1)["present"] != true {
		t.Fatalf("both starting athletes present, so is the team: %v", got)
	}
	got = apitest.Decode(t, mark("2", false).MustStatus(t, http.StatusOK))
	if got["checked"] != true || got["present"] == true || place(got, 1)["present"] == true || place(got, 0)["present"] != true {
		t.Fatalf("ben absent: the team is no longer present: %v", got)
	}
	// The team's one tap, as before: the whole team present, the athletes' own marks kept.
	got = apitest.Decode(t, s.Admin(http.MethodPut, "/api/events/"+r.eventID+"/check-in/"+team, apitest.Obj{"present": true}).MustStatus(t, http.StatusOK))
	if got["present"] != true || place(got, 1)["checked"] != true || place(got, 1)["present"] == true {
		t.Fatalf("the team's tap: %v", got)
	}

	activity := string(s.Admin(http.MethodGet, "/api/events/"+r.eventID+"/activity", nil).MustStatus(t, http.StatusOK).Body)
	for _, want := range []string{"Anna Door of team Door Pair (RX Pairs) checked in: present", "Ben Door of team Door Pair (RX Pairs) checked in: absent",
		"Team Door Pair (RX Pairs) checked in: absent"} {
		if !strings.Contains(activity, want) {
			t.Errorf("activity without %q", want)
		}
	}
}
