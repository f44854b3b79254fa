package registration_test

import (
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// TestTeamsAddedByHandKeepTheCapacity: a division open for registration counts the teams an
// organiser adds (one, in bulk, by CSV, or moved in) in its places; adding beyond them is
// refused on beyondCapacity, naming the division and its places, until the organiser sets it,
// and the registrations board never shows more places left than there are.
func TestTeamsAddedByHandKeepTheCapacity(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r := openRegistration(t, s, apitest.Obj{"capacity": 2})
	other := r.event.Division("Scaled Pairs", "")
	placesLeft := func() float64 {
		t.Helper()
		board := apitest.Decode(t, s.Admin(http.MethodGet, "/api/events/"+r.eventID+"/registrations", nil).MustStatus(t, http.StatusOK))
		for _, d := range board["divisions"].([]any) {
			if d := d.(apitest.Obj); d["divisionId"] == r.divisionID {
				left, _ := d["placesLeft"].(float64)
				return left
			}
		}
		t.Fatal("the division is not on the board")
		return 0
	}
	a1 := s.SignUpAthlete("Reg", "One")
	r.register(a1, "Registered", "").MustStatus(t, http.StatusOK) // holds 1 of 2
	s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"divisionId": r.divisionID, "name": "Hand 1"}).MustStatus(t, http.StatusOK)
	if left := placesLeft(); left != 0 {
		t.Fatalf("places left after a registration and a team by hand: %v, want 0", left)
	}

	const full = "RX Pairs has 0 of 2 places left: adding 1 team goes beyond its capacity. Raise its capacity on the division's page, or add beyond the capacity"
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"divisionId": r.divisionID, "name": "Hand 2"}), http.StatusConflict, "beyondCapacity", full)
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/teams/bulk", apitest.Obj{"eventId": r.eventID, "divisionId": r.divisionID,
		"teams": []apitest.Obj{{"name": "Bulk 1"}, {"name": "Bulk 2"}}}), http.StatusConflict, "beyondCapacity",
		"RX Pairs has 0 of 2 places left: adding 2 teams goes beyond its capacity. Raise its capacity on the division's page, or add beyond the capacity")
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/teams/import", apitest.Obj{"eventId": r.eventID, "divisionId": r.divisionID,
		"csv": "Team Name,Athlete 1,Athlete 2\nCSV 1,Ann,Bob\n"}), http.StatusConflict, "beyondCapacity", full)
	moved := apitest.Decode(t, s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"divisionId": other.GetId(), "name": "Mover"}).MustStatus(t, http.StatusOK))
	apitest.WantError(t, s.Admin(http.MethodPut, "/api/teams/"+moved["id"].(string), apitest.Obj{"name": "Mover", "divisionId": r.divisionID}),
		http.StatusConflict, "beyondCapacity", full)
	if n := s.Rows(t, "competition.teams", "division_id = $1", r.divisionID); n != 1 {
		t.Fatalf("%d teams in the division after the refusals, want 1 (the registration is not confirmed yet)", n)
	}

	// The organiser means it: beyond the capacity, on purpose; the board says no place is left.
	s.Admin(http.MethodPost, "/api/teams", apitest.Obj{"divisionId": r.divisionID, "name": "Hand 2", "beyondCapacity": true}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPut, "/api/teams/"+moved["id"].(string), apitest.Obj{"name": "Mover", "divisionId": r.divisionID, "beyondCapacity": true}).MustStatus(t, http.StatusOK)
	if left := placesLeft(); left != 0 {
		t.Fatalf("places left beyond the capacity: %v, want 0", left)
	}
	// And an athlete registering now goes on the waiting list.
	if got := apitest.Decode(t, r.register(s.SignUpAthlete("Late", "One"), "Late", "").MustStatus(t, http.StatusOK)); got["state"] != "waitlisted" {
		t.Fatalf("a registration in a division beyond its capacity: %v", got["state"])
	}
}
