package waivers_test

import (
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/mailtest"
)

// The API tests run the whole stack in-process and read the mails on a real SMTP server
// (Mailpit), through competition-svc's test fixture (internal/apitest).

// today is the stack's clock: registration is open, the event on 2026-12-05 ahead.
var today = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// waiverEvent is a published event on 2026-12-05 with one pairs division open for
// registration (no fee, no approval: a team is confirmed once the partner accepts).
type waiverEvent struct {
	s                   *stacktest.Stack
	ID, DivisionID      string
	Organiser, Scorer   string
	OtherEventOrganiser string
}

func newWaiverEvent(t *testing.T, s *stacktest.Stack) waiverEvent {
	t.Helper()
	ev := s.Events(t).Event(eventtest.Fields{"name": "Waiver Games", "dateFrom": "2026-12-05", "dateTo": "2026-12-05"})
	d := ev.Division("RX Pairs", "")
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", apitest.Obj{
		"opensAt": "2026-11-01T00:00:00Z", "closesAt": "2026-12-04T00:00:00Z", "capacity": 10, "currency": "EUR",
	}).MustStatus(t, http.StatusOK)
	other := s.Events(t).Event(eventtest.Fields{"name": "Other Games", "dateFrom": "2026-12-05", "dateTo": "2026-12-05"})
	return waiverEvent{s: s, ID: ev.ID, DivisionID: d.GetId(), Organiser: apitest.Staff(t, s, ev.ID, "org", "organiser"),
		Scorer: apitest.Staff(t, s, ev.ID, "door", "scorer"), OtherEventOrganiser: apitest.Staff(t, s, other.ID, "else", "organiser")}
}

// pair registers captain's team and the partner accepts: a confirmed registration.
func (e waiverEvent) pair(t *testing.T, team string, captain, partner stacktest.Athlete) string {
	t.Helper()
	got := apitest.Pair(t, e.s, e.ID, e.DivisionID, team, captain, partner)
	if got["state"] != "confirmed" {
		t.Fatalf("%s: %v", team, got)
	}
	return got["teamId"].(string)
}

var guardianLink = regexp.MustCompile(`https://podium\.test/public/waiver/guardian/([A-Za-z0-9_-]+)`)

// guardianKey is the secret of the newest guardian link Mailpit received for address.
func guardianKey(t *testing.T, m *mailtest.Mailpit, address string) string {
	t.Helper()
	mail := m.WaitFor(address, "Waiver for", 10*time.Second)
	k := guardianLink.FindStringSubmatch(mail.Text)
	if k == nil {
		t.Fatalf("no guardian link in %q", mail.Text)
	}
	return k[1]
}
