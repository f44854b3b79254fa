package registration_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// A registration moves to a division of another size only when its roster fits there (size,
// substitutes, composition, age range; a complete roster stays complete): else 409 naming
// divisionId, and nothing is written. A fitting move lays the places out for the target's
// size: a pair waiting for its partner becomes a team of four with three open places.
func TestRegistrationMovesAcrossSizes(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	e := openSizeDivision(t, s, "Mixed Four", mixedFour, nil)
	division := func(name string, roster apitest.Obj) string {
		d := e.event.DivisionOf(name, "", roster)
		s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", apitest.Obj{"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339),
			"closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339), "capacity": 5, "currency": "EUR", "waitlist": true}).
			MustStatus(t, http.StatusOK)
		return d.GetId()
	}
	pairs, solo := division("RX Pairs", nil), division("Open Individual", apitest.Obj{"teamSize": 1})
	openFour := division("Open Four", apitest.Obj{"teamSize": 4, "substitutes": 1})
	masters := division("Masters Four", apitest.Obj{"teamSize": 4, "ageMin": 35, "ageOn": "2026-12-01"})
	move := func(id, division string) *stacktest.Response {
		return s.Admin(http.MethodPost, "/api/registrations/"+id+"/move", apitest.Obj{"divisionId": division})
	}
	get := func(id string) apitest.Obj {
		view := apitest.Decode(t, s.Admin(http.MethodGet, "/api/events/"+e.event.ID+"/registrations", nil).MustStatus(t, http.StatusOK))
		for _, r := range view["registrations"].([]any) {
			if r := r.(apitest.Obj); r["id"] == id {
				return r
			}
		}
		t.Fatalf("no registration %s", id)
		return nil
	}

	four, _ := fullFour(t, s, e)
	fourID := four["id"].(string)
	ivy, kim := s.SignUpAthlete("Ivy", "Pair"), s.SignUpAthlete("Kim", "Pair")
	pair := apitest.Decode(t, s.Do(http.MethodPost, "/api/registration/events/"+e.event.ID+"/registrations",
		apitest.Obj{"divisionId": pairs, "teamName": "Ivy and Kim"}, ivy.Token).MustStatus(t, http.StatusOK))
	pair = apitest.Decode(t, acceptAs(s, kim, pair["shareCode"].(string), "", "").MustStatus(t, http.StatusOK))
	lone := apitest.Decode(t, s.Do(http.MethodPost, "/api/registration/events/"+e.event.ID+"/registrations",
		apitest.Obj{"divisionId": pairs, "teamName": "Lone Wolf"}, s.SignUpAthlete("Lou", "Wolf").Token).MustStatus(t, http.StatusOK))

	for _, c := range []struct {
		what, id, division, msg string
	}{
		{"four to pairs", fourID, pairs, "A team in RX Pairs has at most 2 athletes"},
		{"four to masters", fourID, masters, "Birth date is required: this division is for ages 35 and over on 2026-12-01"},
		{"a pair to individuals", pair["id"].(string), solo, "A team in Open Individual has at most 1 athlete"},
		{"a complete pair to a team of four", pair["id"].(string), openFour, "Team Ivy and Kim has 2 athletes: a team in Open Four has 4 athletes"},
		{"a pair to a composition", lone["id"].(string), e.divisionID, "Category must be one of women, men"},
	} {
		before := get(c.id)
		apitest.WantError(t, move(c.id, c.division), http.StatusConflict, "divisionId", c.msg)
		after := get(c.id)
		if after["divisionId"] != before["divisionId"] || after["state"] != before["state"] || placesOf(after) != placesOf(before) {
			t.Errorf("%s: refused, yet %v became %v", c.what, before, after)
		}
	}

	// A complete team of four moves to another four, roster whole; its team with it.
	moved := apitest.Decode(t, move(fourID, openFour).MustStatus(t, http.StatusOK))
	if moved["divisionId"] != openFour || moved["state"] != "confirmed" || placeNames(moved) != placeNames(four) {
		t.Errorf("four to open four: %v", moved)
	}
	if got := teamRoster(t, s, openFour); got != "Ann Four, Ben Four, Cleo Four, Dan Four" {
		t.Errorf("the moved team's roster: %s", got)
	}
	// A pair waiting for its partner becomes a team of four with three open places, then an
	// individual, confirmed at once as one.
	moved = apitest.Decode(t, move(lone["id"].(string), openFour).MustStatus(t, http.StatusOK))
	if moved["divisionId"] != openFour || placeNames(moved) != "Lou Wolf, -, -, -" || moved["state"] == "confirmed" {
		t.Errorf("a waiting pair to a team of four: %v", moved)
	}
	moved = apitest.Decode(t, move(lone["id"].(string), solo).MustStatus(t, http.StatusOK))
	if moved["divisionId"] != solo || placeNames(moved) != "Lou Wolf" || moved["state"] != "confirmed" {
		t.Errorf("a team of four with open places to individuals: %v", moved)
	}
	// The complete pair moves between pairs as before.
	other := division("Scaled Pairs", nil)
	if moved = apitest.Decode(t, move(pair["id"].(string), other).MustStatus(t, http.StatusOK)); moved["divisionId"] != other || moved["state"] != "confirmed" {
		t.Errorf("a pair to pairs: %v", moved)
	}
}

// placesOf is a registration's places as a string ("" for a pair).
func placesOf(reg apitest.Obj) string {
	if _, ok := reg["places"].([]any); !ok {
		return ""
	}
	return placeNames(reg)
}
