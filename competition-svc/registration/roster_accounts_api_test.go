package registration_test

import (
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// TestRegisteredTeamsPlacesCarryTheAccounts: the team a registration makes has the captain's
// and the partner's accounts on its roster's places 1 and 2 (docs/rosters.md), for the console
// and for the public team page's profile links.
func TestRegisteredTeamsPlacesCarryTheAccounts(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r := openRegistration(t, s, nil)
	cat, pia := s.SignUpAthlete("Cat", "Captain"), s.SignUpAthlete("Pia", "Partner")
	reg := apitest.Decode(t, r.register(cat, "Captain & Partner", "").MustStatus(t, http.StatusOK))
	reg = apitest.Decode(t, accept(s, pia, reg["shareCode"].(string)).MustStatus(t, http.StatusOK))
	teamID, _ := reg["teamId"].(string)
	if reg["state"] != "confirmed" || teamID == "" {
		t.Fatalf("accepted: %v", reg)
	}
	places := func(path, token string, field string) []any {
		t.Helper()
		body := apitest.Decode(t, s.Do(http.MethodGet, path, nil, token).MustStatus(t, http.StatusOK))
		if field != "" {
			body = body[field].(apitest.Obj)
		}
		athletes, _ := body["athletes"].([]any)
		return athletes
	}
	for _, read := range []struct{ path, token, field string }{
		{"/api/teams/" + teamID, s.Token, ""},
		{"/api/public/teams/" + teamID, "", "team"},
	} {
		athletes := places(read.path, read.token, read.field)
		want := []struct{ name, id string }{{"Cat Captain", cat.ID}, {"Pia Partner", pia.ID}}
		if len(athletes) != len(want) {
			t.Fatalf("GET %s: athletes %v", read.path, athletes)
		}
		for i, w := range want {
			a := athletes[i].(apitest.Obj)
			if a["name"] != w.name || a["athleteId"] != w.id {
				t.Errorf("GET %s place %d: %v, want %s with account %s", read.path, i+1, a, w.name, w.id)
			}
		}
	}
}
