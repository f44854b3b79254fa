package crew_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// The organiser defines shifts; more volunteers than places, overlapping shifts for one
// person, a role not offered and a time outside their availability are refused with a clear
// message and change nothing; the no-reply list empties as volunteers confirm.
func TestShiftsRefuseOverbookingAndOverlaps(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev, org := crewEvent(t, s)
	shifts := "/api/events/" + ev.ID + "/crew/shifts"
	for _, c := range []struct {
		body           apitest.Obj
		field, message string
	}{
		{apitest.Obj{"role": "cook", "startsAt": "2026-06-01T09:00:00Z", "endsAt": "2026-06-01T11:00:00Z", "needed": 1}, "role",
			"Role must be one of judge, head_judge, scorer, check_in, equipment, medical"},
		{apitest.Obj{"role": "check_in", "startsAt": "2026-06-01T11:00:00Z", "endsAt": "2026-06-01T09:00:00Z", "needed": 1}, "endsAt",
			"A shift needs a start before its end, like 2026-06-01T09:00:00Z"},
		{apitest.Obj{"role": "check_in", "startsAt": "2026-06-01T09:00:00Z", "endsAt": "2026-06-01T11:00:00Z", "needed": 0}, "needed",
			"Needed must be between 1 and 500"},
	} {
		apitest.WantError(t, s.Do(http.MethodPost, shifts, c.body, org), http.StatusBadRequest, c.field, c.message)
	}
	shift := func(role, from, to string, needed int) string {
		return apitest.Decode(t, s.Do(http.MethodPost, shifts, apitest.Obj{"role": role, "startsAt": "2026-06-01T" + from + ":00Z",
			"endsAt": "2026-06-01T" + to + ":00Z", "needed": needed}, org).MustStatus(t, http.StatusOK))["id"].(string)
	}
	morning, late := shift("check_in", "09:00", "11:00", 1), shift("check_in", "10:00", "12:00", 2)
	medic := shift("medical", "09:00", "17:00", 1)
	afternoon := shift("check_in", "14:00", "16:00", 1)

	volunteer := func(name, email string, availability ...apitest.Obj) (id, key string) {
		id = signUp(t, s, ev.ID, apitest.Obj{"name": name, "email": email, "roles": []string{"check_in"}, "availability": availability})["id"].(string)
		return id, keyMailedTo(t, s, email)
	}
	ann, annKey := volunteer("Ann", "ann@example.com")
	bob, _ := volunteer("Bob", "bob@example.com", apitest.Obj{"startsAt": "2026-06-01T08:00:00Z", "endsAt": "2026-06-01T12:00:00Z"})
	assign := func(shiftID, volunteerID string) *stacktest.Response {
		return s.Do(http.MethodPut, shifts+"/"+shiftID+"/volunteers/"+volunteerID, nil, org)
	}
	assign(morning, ann).MustStatus(t, http.StatusOK)
	apitest.WantError(t, assign(morning, bob), http.StatusBadRequest, "volunteerId", "This shift is full: 1 of 1 places are taken")
	apitest.WantError(t, assign(late, ann), http.StatusBadRequest, "volunteerId", "Ann already works Check-in 09:00–11:00 at that time")
	apitest.WantError(t, assign(medic, bob), http.StatusBadRequest, "volunteerId", "Bob did not offer Medical")
	apitest.WantError(t, assign(afternoon, bob), http.StatusBadRequest, "volunteerId", "Bob is not available 14:00–16:00")
	got := apitest.Decode(t, assign(late, bob).MustStatus(t, http.StatusOK))
	if vs := got["volunteers"].([]any); len(vs) != 1 || vs[0].(apitest.Obj)["name"] != "Bob" || got["roleLabel"] != "Check-in" {
		t.Errorf("the late shift: %v", got)
	}
	if n := stacktest.QueryRow[int](t, s, `SELECT count(*) FROM competition.crew_assignments`); n != 2 {
		t.Errorf("%d assignments, want 2", n)
	}

	// The no-reply list: both until they confirm; a volunteer confirms only their own shifts.
	noReply := func() []any {
		return apitest.Decode(t, s.Do(http.MethodGet, "/api/events/"+ev.ID+"/crew/volunteers", nil, org).MustStatus(t, http.StatusOK))["unconfirmedIds"].([]any)
	}
	if l := noReply(); len(l) != 2 {
		t.Errorf("no-reply list: %v", l)
	}
	apitest.WantError(t, s.Do(http.MethodPost, "/api/crew/volunteers/"+annKey+"/shifts/"+late+"/confirm", nil, ""), http.StatusNotFound, "",
		"This volunteer does not work this shift")
	mine := apitest.Decode(t, s.Do(http.MethodPost, "/api/crew/volunteers/"+annKey+"/shifts/"+morning+"/confirm", nil, "").MustStatus(t, http.StatusOK))
	if sh := mine["volunteer"].(apitest.Obj)["shifts"].([]any); len(sh) != 1 || sh[0].(apitest.Obj)["confirmed"] != true {
		t.Errorf("Ann's shifts: %v", mine)
	}
	if l := noReply(); len(l) != 1 || !slices.Contains(l, any(bob)) {
		t.Errorf("no-reply list after Ann confirmed: %v", l)
	}

	// Taken off, the place is free again.
	s.Do(http.MethodDelete, shifts+"/"+morning+"/volunteers/"+ann, nil, org).MustStatus(t, http.StatusOK)
	apitest.WantError(t, assign(morning, bob), http.StatusBadRequest, "volunteerId", "Bob already works Check-in 10:00–12:00 at that time")
	s.Do(http.MethodDelete, shifts+"/"+late, nil, org).MustStatus(t, http.StatusOK)
	assign(morning, bob).MustStatus(t, http.StatusOK)
}
