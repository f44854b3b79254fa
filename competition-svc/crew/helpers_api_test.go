package crew_test

import (
	"net/http"
	"regexp"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The API tests run the whole stack in-process and speak HTTP to the gateway, through
// competition-svc's test fixture (internal/apitest).

var volunteerLink = regexp.MustCompile(`/public/volunteer/([A-Za-z0-9_-]+)`)

// keyMailedTo is the secret of the volunteer link last mailed to email (the outbox keeps the
// text until the mail is sent).
func keyMailedTo(t *testing.T, s *stacktest.Stack, email string) string {
	t.Helper()
	body := stacktest.QueryRow[string](t, s, `SELECT body_text FROM competition.mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`, email)
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
	return ev, apitest.Staff(t, s, ev.ID, "org", "organiser")
}

func signUp(t *testing.T, s *stacktest.Stack, eventID string, body apitest.Obj) apitest.Obj {
	t.Helper()
	return apitest.Decode(t, s.Do(http.MethodPost, "/api/crew/events/"+eventID+"/volunteers", body, "").MustStatus(t, http.StatusOK))
}

func judgeCred(level int) apitest.Obj {
	return apitest.Obj{"course": "Judges Course", "level": level, "number": "JC-1", "validUntil": "2027-01-01"}
}
