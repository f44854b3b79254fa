package eligibility_test

import (
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The API tests run the whole stack in-process and speak HTTP to the gateway, through
// competition-svc's test fixture (internal/apitest).

// openWindow is a registration window around the server's clock, with no fee.
var openWindow = apitest.Obj{"opensAt": "2020-01-01T00:00:00Z", "closesAt": "2036-01-01T00:00:00Z", "capacity": 10, "currency": "EUR"}

// published creates a published event on day with one division open for registration
// (roster: nil for pairs) and returns the event's builder and the division's id.
func published(t *testing.T, s *stacktest.Stack, name, day, division string, roster eventtest.Fields) (*eventtest.Event, string) {
	t.Helper()
	ev := s.Events(t).Event(eventtest.Fields{"name": name, "dateFrom": day, "dateTo": day})
	d := ev.DivisionOf(division, "", roster)
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", openWindow).MustStatus(t, http.StatusOK)
	return ev, d.GetId()
}

// register is the captain's registration request in a division.
func register(s *stacktest.Stack, eventID, divisionID, team string, captain stacktest.Athlete, extra apitest.Obj) *stacktest.Response {
	body := apitest.Obj{"divisionId": divisionID, "teamName": team}
	for k, v := range extra {
		body[k] = v
	}
	return s.Do(http.MethodPost, "/api/registration/events/"+eventID+"/registrations", body, captain.Token)
}

// accept is the partner's acceptance of a share code.
func accept(s *stacktest.Stack, code any, partner stacktest.Athlete, extra apitest.Obj) *stacktest.Response {
	body := apitest.Obj{"code": code}
	for k, v := range extra {
		body[k] = v
	}
	return s.Do(http.MethodPost, "/api/registration/accept", body, partner.Token)
}

// registrations counts the division's registrations.
func registrations(t *testing.T, s *stacktest.Stack, divisionID string) int {
	t.Helper()
	return stacktest.QueryRow[int](t, s, `SELECT count(*)::int FROM competition.registrations WHERE division_id = $1`, divisionID)
}
