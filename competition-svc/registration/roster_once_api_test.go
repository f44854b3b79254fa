package registration_test

import (
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// TestAnAccountHoldsOnePlaceInADivision: an athlete on a team of three takes no place on another
// team of the division, neither with its share code nor by registering a team of their own;
// each refused, the other team's places as they were.
func TestAnAccountHoldsOnePlaceInADivision(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	e := openSizeDivision(t, s, "Trios", apitest.Obj{"teamSize": 3}, nil)
	ann, ben, cleo := s.SignUpAthlete("Ann", "Trio"), s.SignUpAthlete("Ben", "Trio"), s.SignUpAthlete("Cleo", "Trio")
	first := apitest.Decode(t, e.register(ann, apitest.Obj{"teamName": "First"}).MustStatus(t, http.StatusOK))
	acceptAs(s, ben, first["shareCode"].(string), "", "").MustStatus(t, http.StatusOK)
	second := apitest.Decode(t, e.register(cleo, apitest.Obj{"teamName": "Second"}).MustStatus(t, http.StatusOK))

	// Ben, a member of First, joins Second with its code; Ann, First's captain, registers again.
	apitest.WantError(t, acceptAs(s, ben, second["shareCode"].(string), "", ""), http.StatusConflict, "code",
		"You are already in a team of Trios (team First)")
	apitest.WantError(t, e.register(ann, apitest.Obj{"teamName": "Third"}), http.StatusConflict, "divisionId",
		"You are already registered in Trios (team First)")
	mine := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, cleo.Token).MustStatus(t, http.StatusOK))
	if len(mine) != 1 || placeNames(mine[0]) != "Cleo Trio, -, -" {
		t.Fatalf("second's places after the refusals: %v", mine)
	}
	if n := s.Rows(t, "competition.registrations", "division_id = $1", e.divisionID); n != 2 {
		t.Fatalf("registrations in the division: %d, want 2", n)
	}
}
