package messages_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The API tests run the whole stack in-process and read the mails on a real SMTP server
// (Mailpit), through competition-svc's test fixture (internal/apitest).

// today is the stack's clock: registration is open, the event on 2026-12-05 ahead.
var today = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// messageEvent is a published event on 2026-12-05 with a pairs division open for registration
// without a fee (a team is confirmed once the partner accepts), a scaled division with a fee
// (a complete team waits for its payment) and a masters division no one registered for.
type messageEvent struct {
	s                         *stacktest.Stack
	ID, RX, Scaled, Masters   string
	Workout                   string
	Organiser, Scorer, Other  string
	OtherEventID, OtherHeatID string
}

func newMessageEvent(t *testing.T, s *stacktest.Stack) messageEvent {
	t.Helper()
	ev := s.Events(t).Event(eventtest.Fields{"name": "Message Games", "dateFrom": "2026-12-05", "dateTo": "2026-12-05"})
	rx, scaled, masters := ev.Division("RX Pairs", ""), ev.Division("Scaled Pairs", ""), ev.Division("Masters Pairs", "")
	w := ev.Workout(eventtest.Fields{"name": "Fran", "scoreType": "TIME", "timeCapSeconds": 600, "workoutOrder": 1})
	ev.Transition("publish")
	for d, fee := range map[string]int{rx.GetId(): 0, scaled.GetId(): 2000} {
		s.Admin(http.MethodPut, "/api/divisions/"+d+"/registration", apitest.Obj{
			"opensAt": "2026-11-01T00:00:00Z", "closesAt": "2026-12-04T00:00:00Z", "capacity": 10, "currency": "EUR", "feeCents": fee,
		}).MustStatus(t, http.StatusOK)
	}
	other := s.Events(t).Event(eventtest.Fields{"name": "Other Games", "dateFrom": "2026-12-05", "dateTo": "2026-12-05"})
	od := other.Division("Open", "", &competitionv1.NewTeam{Name: "Elsewhere", Athlete1Name: "Ola", Athlete2Name: "Per"})
	ow := other.Workout(eventtest.Fields{"name": "Cindy", "scoreType": "REPS", "workoutOrder": 1})
	e := messageEvent{s: s, ID: ev.ID, RX: rx.GetId(), Scaled: scaled.GetId(), Masters: masters.GetId(), Workout: w.GetId(),
		Organiser: apitest.Staff(t, s, ev.ID, "org", "organiser"), Scorer: apitest.Staff(t, s, ev.ID, "door", "scorer"),
		Other: apitest.Staff(t, s, other.ID, "else", "organiser"), OtherEventID: other.ID}
	e.OtherHeatID = generateHeats(t, s, other.ID, ow.GetId(), od.GetId(), 10)[0]
	return e
}

// generateHeats seats a division's teams in heats of lanes teams, by name, and returns the
// heats' ids.
func generateHeats(t *testing.T, s *stacktest.Stack, eventID, workoutID, divisionID string, lanes int) []string {
	t.Helper()
	var heats []struct{ ID string }
	s.Admin(http.MethodPost, "/api/events/"+eventID+"/workouts/"+workoutID+"/heats/generate", apitest.Obj{
		"divisionIds": []string{divisionID}, "lanesPerHeat": lanes, "order": "name", "firstStart": "2026-12-05T09:00:00Z",
	}).MustStatus(t, http.StatusOK).Decode(t, &heats)
	out := make([]string, len(heats))
	for i, h := range heats {
		out[i] = h.ID
	}
	return out
}

// pair registers captain's team in a division and the partner accepts; it returns the
// registration.
func (e messageEvent) pair(t *testing.T, division, team string, captain, partner stacktest.Athlete) apitest.Obj {
	t.Helper()
	return apitest.Pair(t, e.s, e.ID, division, team, captain, partner)
}

// volunteer signs a volunteer up for the event's day with roles (a judge's credential with them).
func (e messageEvent) volunteer(t *testing.T, name, email string, roles ...string) {
	t.Helper()
	e.s.Do(http.MethodPost, "/api/crew/events/"+e.ID+"/volunteers", apitest.Obj{"name": name, "email": email, "roles": roles,
		"credential":   apitest.Obj{"course": "Judges Course", "level": 1, "number": "JC-1", "validUntil": "2027-01-01"},
		"availability": []apitest.Obj{{"startsAt": "2026-12-05T08:00:00Z", "endsAt": "2026-12-05T12:00:00Z"}}}, "").MustStatus(t, http.StatusOK)
}

// send is the organiser's (or token's) message to a group.
func (e messageEvent) send(token string, body apitest.Obj) *stacktest.Response {
	return e.s.Do(http.MethodPost, "/api/events/"+e.ID+"/messages", body, token)
}

// outboxTo are the addresses the outbox holds a mail with subject for, sorted.
func outboxTo(t *testing.T, s *stacktest.Stack, subject string) []string {
	t.Helper()
	return stacktest.QueryRow[[]string](t, s, `SELECT coalesce(array_agg(lower(to_address) ORDER BY lower(to_address)), '{}')
		FROM competition.mail_outbox WHERE subject = $1`, subject)
}
