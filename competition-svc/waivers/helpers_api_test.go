package waivers_test

import (
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/mailtest"
)

// The API tests run the whole stack in-process (cmd/podium/targets/stacktest), speak HTTP to
// the gateway and read the mails on a real SMTP server (Mailpit).

type jsonObj = map[string]any

func decode(t *testing.T, r *stacktest.Response) jsonObj {
	t.Helper()
	return r.Object(t)
}

func wantError(t *testing.T, r *stacktest.Response, status int, field, message string) {
	t.Helper()
	r.WantError(t, status, field, message)
}

func query[T any](t *testing.T, s *stacktest.Stack, sql string, args ...any) T {
	t.Helper()
	return stacktest.QueryRow[T](t, s, sql, args...)
}

// mailStack starts a stack that sends its mails to a Mailpit, on a clock the test moves.
func mailStack(t *testing.T) (*stacktest.Stack, *mailtest.Mailpit, *stacktest.Clock) {
	t.Helper()
	mailpit := mailtest.Start(t)
	clock := stacktest.NewClock(time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC))
	s := stacktest.StartWith(t, stacktest.Options{Now: clock.Now, Env: map[string]string{
		"PODIUM_SMTP_URL": mailpit.SMTPURL, "PODIUM_MAIL_FROM": "Podium <no-reply@podium.test>", "PODIUM_PUBLIC_URL": "https://podium.test",
	}})
	return s, mailpit, clock
}

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
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", jsonObj{
		"opensAt": "2026-11-01T00:00:00Z", "closesAt": "2026-12-04T00:00:00Z", "capacity": 10, "currency": "EUR",
	}).MustStatus(t, http.StatusOK)
	other := s.Events(t).Event(eventtest.Fields{"name": "Other Games", "dateFrom": "2026-12-05", "dateTo": "2026-12-05"})
	return waiverEvent{s: s, ID: ev.ID, DivisionID: d.GetId(), Organiser: staff(t, s, ev.ID, "org", "organiser"),
		Scorer: staff(t, s, ev.ID, "door", "scorer"), OtherEventOrganiser: staff(t, s, other.ID, "else", "organiser")}
}

// staff is the token of a new user holding role's grant on the event.
func staff(t *testing.T, s *stacktest.Stack, eventID, prefix, role string) string {
	t.Helper()
	name := prefix + "-" + eventID[:8]
	var u struct{ ID string }
	s.Admin(http.MethodPost, "/api/users", jsonObj{"username": name, "password": name + "-passphrase", "role": role}).
		MustStatus(t, http.StatusOK).Decode(t, &u)
	s.Admin(http.MethodPut, "/api/events/"+eventID+"/access/"+u.ID, jsonObj{"role": role}).MustStatus(t, http.StatusOK)
	return s.Login(name, name+"-passphrase")
}

// athlete signs an athlete up with a birth year (0: none in the profile).
func athlete(t *testing.T, s *stacktest.Stack, first, last string, birthYear int) stacktest.Athlete {
	t.Helper()
	a := s.SignUpAthlete(first, last)
	if birthYear != 0 {
		s.Do(http.MethodPut, "/api/athlete/profile", jsonObj{"firstName": first, "lastName": last, "birthYear": birthYear}, a.Token).
			MustStatus(t, http.StatusOK)
	}
	return a
}

// pair registers captain's team and the partner accepts: a confirmed registration.
func (e waiverEvent) pair(t *testing.T, team string, captain, partner stacktest.Athlete) string {
	t.Helper()
	reg := decode(t, e.s.Do(http.MethodPost, "/api/registration/events/"+e.ID+"/registrations",
		jsonObj{"divisionId": e.DivisionID, "teamName": team}, captain.Token).MustStatus(t, http.StatusOK))
	got := decode(t, e.s.Do(http.MethodPost, "/api/registration/accept", jsonObj{"code": reg["shareCode"]}, partner.Token).MustStatus(t, http.StatusOK))
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
