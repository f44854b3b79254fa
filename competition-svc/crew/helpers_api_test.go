package crew_test

import (
	"net/http"
	"regexp"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The API tests run the whole stack in-process (cmd/podium/targets/stacktest) and speak HTTP
// to the gateway.

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

var volunteerLink = regexp.MustCompile(`/public/volunteer/([A-Za-z0-9_-]+)`)

// keyMailedTo is the secret of the volunteer link last mailed to email (the outbox keeps the
// text until the mail is sent).
func keyMailedTo(t *testing.T, s *stacktest.Stack, email string) string {
	t.Helper()
	body := query[string](t, s, `SELECT body_text FROM competition.mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`, email)
	m := volunteerLink.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no volunteer link in the mail to %s: %q", email, body)
	}
	return m[1]
}

// crewEvent is a published event on 2026-06-01 and an organiser holding its grant.
func crewEvent(t *testing.T, s *stacktest.Stack) (*eventtest.Event, string) {
	t.Helper()
	ev := s.Events(t).Event(eventtest.Fields{"name": "Crew Games", "dateFrom": "2026-06-01", "dateTo": "2026-06-01", "status": "PUBLISHED"})
	name := "org-" + ev.ID[:8]
	var u struct{ ID string }
	s.Admin(http.MethodPost, "/api/users", jsonObj{"username": name, "password": name + "-passphrase", "role": "organiser"}).
		MustStatus(t, http.StatusOK).Decode(t, &u)
	s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/access/"+u.ID, jsonObj{"role": "organiser"}).MustStatus(t, http.StatusOK)
	return ev, s.Login(name, name+"-passphrase")
}

func signUp(t *testing.T, s *stacktest.Stack, eventID string, body jsonObj) jsonObj {
	t.Helper()
	return decode(t, s.Do(http.MethodPost, "/api/crew/events/"+eventID+"/volunteers", body, "").MustStatus(t, http.StatusOK))
}

func judgeCred(level int) jsonObj {
	return jsonObj{"course": "Judges Course", "level": level, "number": "JC-1", "validUntil": "2027-01-01"}
}
