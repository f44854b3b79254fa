package stacktest

import (
	"net/http"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/eventtest"
)

// OpenRegistration is a published event with one division open for registration
// (docs/registration.md), for the tests that need registered teams.
type OpenRegistration struct {
	Event      *eventtest.Event
	DivisionID string
	s          *Stack
}

// OpenRegistration creates the event and opens its division's registration: open for a day,
// 2 places, a waiting list, in EUR; settings replace any of these.
func (s *Stack) OpenRegistration(t testing.TB, settings map[string]any) OpenRegistration {
	t.Helper()
	ev := s.Events(t).Event(eventtest.Fields{"name": "Open Games", "dateFrom": "2026-12-01", "dateTo": "2026-12-02"})
	d := ev.Division("RX Pairs", "")
	ev.Transition("publish")
	body := map[string]any{"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339),
		"closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339), "capacity": 2, "currency": "EUR", "waitlist": true}
	for k, v := range settings {
		body[k] = v
	}
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", body).MustStatus(t, http.StatusOK)
	return OpenRegistration{Event: ev, DivisionID: d.GetId(), s: s}
}

// Register registers the athlete's team, with the partner's address or "" for a share code.
func (r OpenRegistration) Register(athlete Athlete, team, partnerEmail string) *Response {
	return r.s.Do(http.MethodPost, "/api/registration/events/"+r.Event.ID+"/registrations",
		map[string]any{"divisionId": r.DivisionID, "teamName": team, "partnerEmail": partnerEmail}, athlete.Token)
}

// AcceptInvitation accepts a registration's invitation by its code, as the partner.
func (s *Stack) AcceptInvitation(athlete Athlete, code string) *Response {
	return s.Do(http.MethodPost, "/api/registration/accept", map[string]any{"code": code}, athlete.Token)
}
