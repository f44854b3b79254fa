package messages_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// TestMessageReachesWholeRoster: a message to a heat, a division or all athletes reaches every
// athlete who took a place on a team of four (places 3 and 4 included), not only its captain
// and partner; each of them sees it on their banner.
func TestMessageReachesWholeRoster(t *testing.T) {
	t.Parallel()
	s, _, _ := apitest.MailStackAt(t, today)
	ev := s.Events(t).Event(eventtest.Fields{"name": "Quad Games", "dateFrom": "2026-12-05", "dateTo": "2026-12-05"})
	d := ev.DivisionOf("Teams of Four", "", eventtest.Fields{"teamSize": 4})
	w := ev.Workout(eventtest.Fields{"name": "Fran", "scoreType": "TIME", "timeCapSeconds": 600, "workoutOrder": 1})
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", apitest.Obj{
		"opensAt": "2026-11-01T00:00:00Z", "closesAt": "2026-12-04T00:00:00Z", "capacity": 10, "currency": "EUR",
	}).MustStatus(t, http.StatusOK)
	team := []stacktest.Athlete{apitest.Athlete(t, s, "Ann", "Quad", 1990), apitest.Athlete(t, s, "Bo", "Quad", 1990),
		apitest.Athlete(t, s, "Cy", "Quad", 1990), apitest.Athlete(t, s, "Di", "Quad", 1990)}
	reg := apitest.Decode(t, s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations",
		apitest.Obj{"divisionId": d.GetId(), "teamName": "Quad Squad"}, team[0].Token).MustStatus(t, http.StatusOK))
	for _, a := range team[1:] {
		s.Do(http.MethodPost, "/api/registration/accept", apitest.Obj{"code": reg["shareCode"]}, a.Token).MustStatus(t, http.StatusOK)
	}
	heats := generateHeats(t, s, ev.ID, w.GetId(), d.GetId(), 4)

	for _, body := range []apitest.Obj{
		{"audience": "all", "subject": "To all", "body": "Warm-up area opens at 8."},
		{"audience": "division", "divisionId": d.GetId(), "subject": "To the division", "body": "Briefing at 8:30."},
		{"audience": "heat", "heatId": heats[0], "subject": "To heat 1", "body": "Heat 1 goes first."},
	} {
		m := apitest.Decode(t, s.Do(http.MethodPost, "/api/events/"+ev.ID+"/messages", body, s.Token).MustStatus(t, http.StatusOK))
		if m["recipientCount"] != float64(4) {
			t.Errorf("%s: %v recipients, want 4", body["subject"], m["recipientCount"])
		}
		if got, want := outboxTo(t, s, "Quad Games: "+body["subject"].(string)), addresses(team...); !slices.Equal(got, want) {
			t.Errorf("%s went to %v, want %v", body["subject"], got, want)
		}
	}
	for _, a := range team {
		var got []string
		for _, m := range apitest.Decode(t, s.Do(http.MethodGet, "/api/messages/mine/"+ev.ID, nil, a.Token).MustStatus(t, http.StatusOK))["messages"].([]any) {
			got = append(got, m.(apitest.Obj)["subject"].(string))
		}
		if want := []string{"To heat 1", "To the division", "To all"}; !slices.Equal(got, want) {
			t.Errorf("%s's banner: %v, want %v", a.Email, got, want)
		}
	}
}
