package crew_test

import (
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// A volunteer signs up without an account (the mailed link confirms the address and opens
// their data) and with one (confirmed at once); bad input is refused naming the field, an
// expired credential with the dates; the organiser lists them; the volunteer downloads and
// deletes their data.
func TestVolunteerSignsUpAndOwnsTheirData(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev, org := crewEvent(t, s)
	path := "/api/crew/events/" + ev.ID + "/volunteers"
	valid := func(change apitest.Obj) apitest.Obj {
		body := apitest.Obj{"name": "Jo Judge", "email": "jo@example.com", "roles": []string{"judge"}, "credential": judgeCred(1),
			"availability": []apitest.Obj{{"startsAt": "2026-06-01T08:00:00Z", "endsAt": "2026-06-01T12:00:00Z"}}}
		for k, v := range change {
			body[k] = v
		}
		return body
	}
	for _, c := range []struct {
		change         apitest.Obj
		field, message string
	}{
		{apitest.Obj{"name": " "}, "name", "Name is required"},
		{apitest.Obj{"email": "jo@"}, "email", "Email must be a valid email address"},
		{apitest.Obj{"roles": []string{}}, "roles", "Choose at least one role"},
		{apitest.Obj{"roles": []string{"cook"}}, "roles", "Role must be one of judge, head_judge, scorer, check_in, equipment, medical"},
		{apitest.Obj{"credential": nil}, "credential", "Judges need a credential: course, level and valid until"},
		{apitest.Obj{"credential": apitest.Obj{"course": "L1", "level": 9, "validUntil": "2027-01-01"}}, "credential.level", "Credential level must be between 1 and 4"},
		{apitest.Obj{"credential": apitest.Obj{"course": "L1", "level": 1, "validUntil": "2026-05-31"}}, "credential.validUntil",
			"The judge credential is valid until 2026-05-31, before the event's last day (2026-06-01)"},
		{apitest.Obj{"availability": []apitest.Obj{{"startsAt": "2026-06-01T12:00:00Z", "endsAt": "2026-06-01T08:00:00Z"}}}, "availability",
			"Each availability window needs a start before its end, like 2026-06-01T09:00:00Z"},
	} {
		apitest.WantError(t, s.Do(http.MethodPost, path, valid(c.change), ""), http.StatusBadRequest, c.field, c.message)
	}
	draft := s.Events(t).Event(eventtest.Fields{"name": "Draft Games", "dateFrom": "2026-06-01", "dateTo": "2026-06-01"})
	apitest.WantError(t, s.Do(http.MethodPost, "/api/crew/events/"+draft.ID+"/volunteers", valid(nil), ""), http.StatusNotFound, "", "Event not found")
	if n := stacktest.QueryRow[int](t, s, `SELECT count(*) FROM competition.volunteers`); n != 0 {
		t.Fatalf("refused sign-ups left %d volunteers", n)
	}

	// Without an account: the link mailed (through the outbox) confirms the address.
	got := signUp(t, s, ev.ID, valid(nil))
	if got["confirmed"] == true || got["message"] != "Thank you! Confirm your address with the link we mailed to jo@example.com." {
		t.Errorf("sign-up: %v", got)
	}
	apitest.WantError(t, s.Do(http.MethodPost, path, valid(apitest.Obj{"name": "Jo Again"}), ""), http.StatusBadRequest, "email",
		"This email address has already signed up for this event")
	key := keyMailedTo(t, s, "jo@example.com")
	mine := apitest.Decode(t, s.Do(http.MethodGet, "/api/crew/volunteers/"+key, nil, "").MustStatus(t, http.StatusOK))
	v := mine["volunteer"].(apitest.Obj)
	if v["confirmed"] == true || v["name"] != "Jo Judge" || mine["eventName"] != "Crew Games" ||
		v["credential"].(apitest.Obj)["validUntil"] != "2027-01-01" || len(v["availability"].([]any)) != 1 {
		t.Errorf("the volunteer's own page: %v", mine)
	}
	mine = apitest.Decode(t, s.Do(http.MethodPost, "/api/crew/volunteers/"+key+"/confirm", nil, "").MustStatus(t, http.StatusOK))
	if mine["volunteer"].(apitest.Obj)["confirmed"] != true {
		t.Errorf("confirmed: %v", mine)
	}
	apitest.WantError(t, s.Do(http.MethodGet, "/api/crew/volunteers/not-a-key", nil, ""), http.StatusNotFound, "", "This volunteer link is not valid (any more)")

	// With an athlete account: the account's name and address, confirmed at once.
	ann := s.SignUpAthlete("Ann", "Athlete")
	got = apitest.Decode(t, s.Do(http.MethodPost, path, apitest.Obj{"roles": []string{"check_in", "medical"}, "notes": "Nurse"}, ann.Token).MustStatus(t, http.StatusOK))
	if got["confirmed"] != true {
		t.Errorf("an athlete's sign-up: %v", got)
	}

	// The organiser's list; nobody else's.
	s.Do(http.MethodGet, "/api/events/"+ev.ID+"/crew/volunteers", nil, "").MustStatus(t, http.StatusUnauthorized)
	s.Do(http.MethodGet, "/api/events/"+ev.ID+"/crew/volunteers", nil, ann.Token).MustStatus(t, http.StatusForbidden)
	list := apitest.Decode(t, s.Do(http.MethodGet, "/api/events/"+ev.ID+"/crew/volunteers", nil, org).MustStatus(t, http.StatusOK))
	vols := list["volunteers"].([]any)
	if len(vols) != 2 || vols[0].(apitest.Obj)["name"] != "Ann Athlete" || vols[0].(apitest.Obj)["hasAccount"] != true ||
		vols[0].(apitest.Obj)["email"] != ann.Email || vols[1].(apitest.Obj)["name"] != "Jo Judge" {
		t.Errorf("the organiser's list: %v", list)
	}

	// Deleting their data erases the sign-up and its availability; the link opens nothing.
	s.Do(http.MethodDelete, "/api/crew/volunteers/"+key, nil, "").MustStatus(t, http.StatusOK)
	apitest.WantError(t, s.Do(http.MethodGet, "/api/crew/volunteers/"+key, nil, ""), http.StatusNotFound, "", "This volunteer link is not valid (any more)")
	if n := stacktest.QueryRow[int](t, s, `SELECT count(*) FROM competition.volunteers WHERE email = 'jo@example.com'`) +
		stacktest.QueryRow[int](t, s, `SELECT count(*) FROM competition.volunteer_windows`); n != 0 {
		t.Errorf("%d rows of the deleted volunteer left", n)
	}
}
