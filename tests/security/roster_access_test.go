package security

import (
	"net/http"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// TestRosterChangesAreTheCaptainsAndTheOrganisers: on a team of three (docs/rosters.md,
// "Registration by size") only the captain changes the roster and withdraws the team, a member
// only leaves, another athlete does not find the registration, and the organiser's roster
// routes answer the event's organiser alone: not a member, the event's scorer or another
// event's organiser.
func TestRosterChangesAreTheCaptainsAndTheOrganisers(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev := s.Events(t).Event(eventtest.Fields{"name": "Trio Games", "dateFrom": "2026-12-01", "dateTo": "2026-12-02"})
	d := ev.DivisionOf("Trios", "", eventtest.Fields{"teamSize": 3})
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", map[string]any{"capacity": 5, "currency": "EUR",
		"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339), "closesAt": time.Now().Add(time.Hour).UTC().Format(time.RFC3339)}).
		MustStatus(t, http.StatusOK)
	captain, member, other := s.SignUpAthlete("Cap", "Trio"), s.SignUpAthlete("Mem", "Trio"), s.SignUpAthlete("Oth", "Trio")
	var reg struct{ ID, ShareCode string }
	s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations", map[string]any{"divisionId": d.GetId(), "teamName": "Trio"},
		captain.Token).MustStatus(t, http.StatusOK).Decode(t, &reg)
	s.AcceptInvitation(member, reg.ShareCode).MustStatus(t, http.StatusOK)
	rename := map[string]any{"teamName": "Renamed"}
	mine := "/api/registration/registrations/" + reg.ID
	// Staff without the organiser's grant on this event: its scorer, another event's organiser.
	elsewhere := s.Events(t).Event(eventtest.Fields{"name": "Other Games", "dateFrom": "2026-12-01", "dateTo": "2026-12-02"})
	scorer, otherOrganiser := staffOfEvent(t, s, ev.ID, "scorer"), staffOfEvent(t, s, elsewhere.ID, "organiser")

	for _, c := range []struct {
		who    string
		token  string
		path   string
		body   any
		status int
	}{
		{"member", member.Token, mine + "/roster", rename, http.StatusForbidden},
		{"member", member.Token, mine + "/withdraw", nil, http.StatusForbidden},
		{"another athlete", other.Token, mine + "/roster", rename, http.StatusNotFound},
		{"another athlete", other.Token, mine + "/leave", nil, http.StatusNotFound},
		{"the organiser", s.Token, mine + "/roster", rename, http.StatusForbidden},                               // the athlete's route: no staff
		{"the captain", captain.Token, "/api/registrations/" + reg.ID + "/roster", rename, http.StatusForbidden}, // the organiser's route
		{"the captain", captain.Token, "/api/registrations/" + reg.ID + "/confirm-roster", nil, http.StatusForbidden},
		{"member", member.Token, "/api/registrations/" + reg.ID + "/roster", rename, http.StatusForbidden},
		{"member", member.Token, "/api/registrations/" + reg.ID + "/confirm-roster", nil, http.StatusForbidden},
		{"the event's scorer", scorer, "/api/registrations/" + reg.ID + "/roster", rename, http.StatusForbidden},
		{"the event's scorer", scorer, "/api/registrations/" + reg.ID + "/confirm-roster", nil, http.StatusForbidden},
		// Another event's registration is not theirs to find.
		{"another event's organiser", otherOrganiser, "/api/registrations/" + reg.ID + "/roster", rename, http.StatusNotFound},
		{"another event's organiser", otherOrganiser, "/api/registrations/" + reg.ID + "/confirm-roster", nil, http.StatusNotFound},
		{"the captain", captain.Token, mine + "/roster", rename, http.StatusOK},
		{"the organiser", s.Token, "/api/registrations/" + reg.ID + "/roster", map[string]any{"teamName": "Organised"}, http.StatusOK},
		{"member", member.Token, mine + "/leave", nil, http.StatusOK},
	} {
		if got := s.Do(http.MethodPost, c.path, c.body, c.token); got.Status != c.status {
			t.Errorf("%s POST %s: %d %s, want %d", c.who, c.path, got.Status, got.Body, c.status)
		}
	}
}
