package calendar_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// myHeats is what an athlete's My heats lists, one "team workout heat lane current/planned
// division" a heat, clocks in UTC.
func myHeats(t *testing.T, s *stacktest.Stack, a stacktest.Athlete) string {
	t.Helper()
	var got competitionv1.MyHeatsResponse
	s.Do(http.MethodGet, "/api/calendar/mine/heats", nil, a.Token).MustStatus(t, http.StatusOK).Decode(t, &got)
	out := make([]string, len(got.Heats))
	for i, h := range got.Heats {
		start, _ := time.Parse(time.RFC3339, h.StartTime)
		planned, _ := time.Parse(time.RFC3339, h.PlannedStartTime)
		out[i] = fmt.Sprintf("%s %s %d %d %s/%s %s %s", h.TeamName, h.WorkoutName, h.HeatNumber, h.Lane,
			start.UTC().Format("15:04"), planned.UTC().Format("15:04"), h.DivisionName, h.TimeZone)
	}
	return strings.Join(out, "; ")
}

// TestMyHeats: every athlete of a team of three, place 3 included, lists the team's heats with
// the current and the planned start after a schedule shift, the division and the event's zone;
// an athlete of another team sees only their own; nobody without an athlete's session.
func TestMyHeats(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev := s.Events(t).Event(eventtest.Fields{"name": "Trio Games", "dateFrom": "2026-12-01", "dateTo": "2026-12-02"})
	d := ev.DivisionOf("Trios", "", eventtest.Fields{"teamSize": 3})
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/online", eventtest.Fields{"format": "in_person", "timeZone": "Europe/Paris"}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", obj{"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339),
		"closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339), "capacity": 5, "currency": "EUR"}).MustStatus(t, http.StatusOK)
	fran := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1)).GetId()
	team := func(name string, athletes ...stacktest.Athlete) {
		var reg obj
		if err := json.Unmarshal(s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations",
			obj{"divisionId": d.GetId(), "teamName": name}, athletes[0].Token).MustStatus(t, http.StatusOK).Body, &reg); err != nil {
			t.Fatal(err)
		}
		for _, a := range athletes[1:] {
			s.Do(http.MethodPost, "/api/registration/accept", obj{"code": reg["shareCode"]}, a.Token).MustStatus(t, http.StatusOK)
		}
	}
	ann, bo, cy := s.SignUpAthlete("Ann", "Trio"), s.SignUpAthlete("Bo", "Trio"), s.SignUpAthlete("Cy", "Trio")
	dee, eli, fay := s.SignUpAthlete("Dee", "Trio"), s.SignUpAthlete("Eli", "Trio"), s.SignUpAthlete("Fay", "Trio")
	team("Alpha Trio", ann, bo, cy)
	team("Bravo Trio", dee, eli, fay)
	if got := myHeats(t, s, cy); got != "" {
		t.Fatalf("before the heats: %s", got)
	}
	var heats []map[string]any
	if err := json.Unmarshal(s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/workouts/"+fran+"/heats/generate", obj{
		"divisionIds": []string{d.GetId()}, "lanesPerHeat": 1, "order": "name", "firstStart": "2026-12-01T09:00:00Z", "minutesBetween": 10,
	}).MustStatus(t, http.StatusOK).Body, &heats); err != nil {
		t.Fatal(err)
	}
	s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/heats/shift", obj{"fromHeatId": heats[1]["id"], "minutes": 12}).MustStatus(t, http.StatusOK)

	for _, a := range []stacktest.Athlete{ann, bo, cy} {
		if got, want := myHeats(t, s, a), "Alpha Trio Fran 1 1 09:00/09:00 Trios Europe/Paris"; got != want {
			t.Errorf("%s: %q, want %q", a.Email, got, want)
		}
	}
	if got, want := myHeats(t, s, fay), "Bravo Trio Fran 2 1 09:22/09:10 Trios Europe/Paris"; got != want {
		t.Errorf("place 3 of Bravo: %q, want %q", got, want)
	}
	if got := s.Do(http.MethodGet, "/api/calendar/mine/heats", nil, "").Status; got != http.StatusUnauthorized {
		t.Errorf("without a session: %d", got)
	}
	if got := s.Admin(http.MethodGet, "/api/calendar/mine/heats", nil).Status; got == http.StatusOK {
		t.Errorf("a console session: %d", got)
	}
}
