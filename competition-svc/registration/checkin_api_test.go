package registration_test

import (
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// TestCheckInAndHeatsOfPresentTeams: the door marks teams present or absent (by tap or by the
// QR code of a confirmed registration), counts follow per division, and heats generated from
// checked-in teams seat only the present ones.
func TestCheckInAndHeatsOfPresentTeams(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r := openRegistration(t, s, apitest.Obj{"capacity": 5})
	r.event.AddTeams(r.event.Divisions[0], eventtest.Named("Hand Alpha", "Hand Bravo", "Hand Charlie")...)
	workout := r.event.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1)).GetId()
	anna, ben, cleo := s.SignUpAthlete("Anna", "Door"), s.SignUpAthlete("Ben", "Door"), s.SignUpAthlete("Cleo", "Door")
	reg := apitest.Decode(t, r.register(anna, "Scanned Pair", "").MustStatus(t, http.StatusOK))
	apitest.Decode(t, accept(s, ben, reg["shareCode"].(string)).MustStatus(t, http.StatusOK))
	pending := apitest.Decode(t, r.register(cleo, "Pending Pair", "").MustStatus(t, http.StatusOK))

	list := apitest.Decode(t, s.Admin(http.MethodGet, "/api/events/"+r.eventID+"/check-in", nil).MustStatus(t, http.StatusOK))
	ids := map[string]string{}
	for _, tm := range list["teams"].([]any) {
		ids[tm.(apitest.Obj)["teamName"].(string)] = tm.(apitest.Obj)["teamId"].(string)
	}
	if len(ids) != 4 {
		t.Fatalf("check-in list: %v", ids)
	}
	set := func(team string, present bool) apitest.Obj {
		return apitest.Decode(t, s.Admin(http.MethodPut, "/api/events/"+r.eventID+"/check-in/"+ids[team], apitest.Obj{"present": present}).MustStatus(t, http.StatusOK))
	}
	if got := set("Hand Alpha", true); got["present"] != true || got["by"] != s.AdminUsername {
		t.Fatalf("present: %v", got)
	}
	set("Hand Bravo", false)
	scan := func(code string) *stacktest.Response {
		return s.Admin(http.MethodPost, "/api/events/"+r.eventID+"/check-in/scan", apitest.Obj{"code": code})
	}
	if got := apitest.Decode(t, scan("podium-check-in:"+reg["id"].(string)).MustStatus(t, http.StatusOK)); got["teamName"] != "Scanned Pair" || got["present"] != true {
		t.Fatalf("scanned: %v", got)
	}
	apitest.WantError(t, scan("podium-check-in:"+pending["id"].(string)), http.StatusConflict, "", "Team Pending Pair is not confirmed yet: it has no team to check in (waiting for partner)")
	// Another event's registration answers as an unknown one, naming nothing of that event.
	other := openRegistration(t, s, apitest.Obj{})
	elsewhere := apitest.Decode(t, other.register(s.SignUpAthlete("Olga", "Elsewhere"), "Elsewhere Pair", "").MustStatus(t, http.StatusOK))
	unknown := scan("podium-check-in:" + "00000000-0000-4000-8000-000000000000")
	apitest.WantError(t, unknown, http.StatusNotFound, "", "Registration not found")
	if r := scan("podium-check-in:" + elsewhere["id"].(string)); r.Status != unknown.Status || string(r.Body) != string(unknown.Body) {
		t.Errorf("another event's registration: %d %s, want the unknown one's %d %s", r.Status, r.Body, unknown.Status, unknown.Body)
	}
	apitest.WantError(t, scan("https://example.com"), http.StatusBadRequest, "code", "This QR code is not a Podium check-in code")

	list = apitest.Decode(t, s.Admin(http.MethodGet, "/api/events/"+r.eventID+"/check-in", nil).MustStatus(t, http.StatusOK))
	counts := list["divisions"].([]any)[0].(apitest.Obj)
	if counts["teams"] != float64(4) || counts["present"] != float64(2) || counts["absent"] != float64(1) {
		t.Fatalf("counts: %v", counts)
	}

	heats := apitest.DecodeList(t, s.Admin(http.MethodPost, "/api/events/"+r.eventID+"/workouts/"+workout+"/heats/generate", apitest.Obj{
		"divisionIds": []string{r.divisionID}, "lanesPerHeat": 10, "order": "name", "firstStart": "2026-12-01T09:00:00Z", "checkedInOnly": true,
	}).MustStatus(t, http.StatusOK))
	var seated []string
	for _, h := range heats {
		for _, l := range h["lanes"].([]any) {
			seated = append(seated, l.(apitest.Obj)["teamName"].(string))
		}
	}
	if len(seated) != 2 || seated[0] != "Hand Alpha" || seated[1] != "Scanned Pair" {
		t.Fatalf("seated %v, want the two present teams", seated)
	}
	// The athletes see their heat and lane on their own page.
	mine := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, ben.Token).MustStatus(t, http.StatusOK))
	slots, _ := mine[0]["heats"].([]any)
	if len(slots) != 1 || slots[0].(apitest.Obj)["workoutName"] != "Fran" || slots[0].(apitest.Obj)["lane"] != float64(2) ||
		slots[0].(apitest.Obj)["startTime"] != "2026-12-01T09:00:00Z" {
		t.Fatalf("ben's heats: %v", mine[0]["heats"])
	}
}
