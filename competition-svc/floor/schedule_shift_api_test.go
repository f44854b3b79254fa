package floor_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The schedule as it runs (docs/competition-day.md): a shift from one heat on, the planned
// starts kept, the refusals, who may shift, and the mails of the athletes moved by more than 5
// minutes.

func shiftPath(event string) string { return "/api/events/" + event + "/heats/shift" }

// heatTimes writes heats as "number current/planned" in UTC clocks, e.g. "2 09:22/09:10".
func heatTimes(t *testing.T, hs []*competitionv1.Heat) string {
	t.Helper()
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = fmt.Sprintf("%d %s/%s", h.Number, clockOf(t, h.StartTime), clockOf(t, h.PlannedStartTime))
	}
	return strings.Join(out, ", ")
}

func clockOf(t *testing.T, rfc3339 string) string {
	t.Helper()
	at, err := time.Parse(time.RFC3339, rfc3339)
	if err != nil {
		t.Fatalf("not a time: %q", rfc3339)
	}
	return at.UTC().Format("15:04")
}

// TestScheduleShift: a shift from Fran's heat 2 moves it, the heats after it and the next
// workout's heats, never those before; each keeps its planned start, which the public schedule
// carries too; the activity names it. An edit of a shifted heat that keeps its time keeps the
// plan; a new time by hand is the new plan.
func TestScheduleShift(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newHeatWorld(t, s, map[string]int{"Open": 6}, []string{"Open"})
	gen := func(workout, first string) []*competitionv1.Heat {
		return w.generate(t, workout, apitest.Obj{"divisionIds": w.divisions, "lanesPerHeat": 2, "order": "name", "firstStart": first, "minutesBetween": 10})
	}
	fran := gen(w.first, "2026-06-01T09:00:00Z")
	gen(w.second, "2026-06-01T10:00:00Z")

	var got competitionv1.ShiftScheduleResponse
	s.Do(http.MethodPost, shiftPath(w.event), apitest.Obj{"fromHeatId": fran[1].Id, "minutes": 12}, w.organiser).MustStatus(t, http.StatusOK).Decode(t, &got)
	if got.ShiftedCount != 5 {
		t.Errorf("shifted %d heats, want 5", got.ShiftedCount)
	}
	if want := "1 09:00/09:00, 2 09:22/09:10, 3 09:32/09:20"; heatTimes(t, w.list(t, w.first)) != want {
		t.Errorf("Fran after +12 from heat 2: %s, want %s", heatTimes(t, w.list(t, w.first)), want)
	}
	if want := "1 10:12/10:00, 2 10:22/10:10, 3 10:32/10:20"; heatTimes(t, w.list(t, w.second)) != want {
		t.Errorf("Grace after +12: %s, want %s", heatTimes(t, w.list(t, w.second)), want)
	}

	// Early again by 5 from heat 2: the planned starts stay the first plan's.
	s.Do(http.MethodPost, shiftPath(w.event), apitest.Obj{"fromHeatId": fran[1].Id, "minutes": -5}, w.organiser).MustStatus(t, http.StatusOK)
	if want := "1 09:00/09:00, 2 09:17/09:10, 3 09:27/09:20"; heatTimes(t, w.list(t, w.first)) != want {
		t.Errorf("Fran after -5: %s, want %s", heatTimes(t, w.list(t, w.first)), want)
	}

	// The public schedule shows both.
	var sched publicv1.Schedule
	s.Do(http.MethodGet, "/api/public/events/"+w.event+"/schedule", nil, "").MustStatus(t, http.StatusOK).Decode(t, &sched)
	h2 := sched.GetWorkouts()[0].GetHeats()[1]
	if clockOf(t, h2.StartTime) != "09:17" || clockOf(t, h2.PlannedStartTime) != "09:10" {
		t.Errorf("public schedule's heat 2: %s planned %s", h2.StartTime, h2.PlannedStartTime)
	}

	// The activity says who shifted what.
	page := &activityv1.ActivityPage{}
	s.Do(http.MethodGet, "/api/events/"+w.event+"/activity", nil, w.organiser).MustStatus(t, http.StatusOK).Decode(t, page)
	var shifts []string
	for _, e := range page.Entries {
		if e.Action == "shifted" {
			shifts = append(shifts, e.Summary)
		}
	}
	if want := "[Schedule shifted by -5 min from heat 2 of Fran: 5 heats Schedule shifted by +12 min from heat 2 of Fran: 5 heats]"; fmt.Sprint(shifts) != want {
		t.Errorf("activity: %v, want %s", shifts, want)
	}

	// An edit that keeps the heat's time (its lanes) keeps the plan; a new time is the new plan.
	h := w.list(t, w.first)[1]
	lanes := []apitest.Obj{}
	for _, l := range h.Lanes {
		lanes = append(lanes, apitest.Obj{"lane": l.Lane, "teamId": l.TeamId})
	}
	s.Do(http.MethodPut, "/api/heats/"+h.Id, apitest.Obj{"number": 2, "startTime": h.StartTime, "lanes": lanes[:1]}, w.organiser).MustStatus(t, http.StatusOK)
	if want := "1 09:00/09:00, 2 09:17/09:10, 3 09:27/09:20"; heatTimes(t, w.list(t, w.first)) != want {
		t.Errorf("after a lane edit: %s, want %s", heatTimes(t, w.list(t, w.first)), want)
	}
	s.Do(http.MethodPut, "/api/heats/"+h.Id, apitest.Obj{"number": 2, "startTime": "2026-06-01T09:15:00Z", "lanes": lanes}, w.organiser).MustStatus(t, http.StatusOK)
	if want := "1 09:00/09:00, 2 09:15/09:15, 3 09:27/09:20"; heatTimes(t, w.list(t, w.first)) != want {
		t.Errorf("after a new time by hand: %s, want %s", heatTimes(t, w.list(t, w.first)), want)
	}
}

// TestScheduleShiftRefused: a heat of another event, minutes out of bounds, a fraction, 0, and
// an early shift that would start a heat before the one before it are refused on their field,
// and nothing moves; only the event's organisers shift.
func TestScheduleShiftRefused(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newHeatWorld(t, s, map[string]int{"Open": 4}, []string{"Open"})
	other := newHeatWorld(t, s, map[string]int{"Open": 1}, []string{"Open"})
	fran := w.generate(t, w.first, apitest.Obj{"divisionIds": w.divisions, "lanesPerHeat": 2, "order": "name", "firstStart": "2026-06-01T09:00:00Z", "minutesBetween": 10})
	theirs := other.generate(t, other.first, apitest.Obj{"divisionIds": other.divisions, "lanesPerHeat": 2, "order": "name", "firstStart": "2026-06-01T09:00:00Z"})
	before := heatTimes(t, w.list(t, w.first))
	const minutesMsg = "Minutes must be a whole number from -720 to 720, other than 0"
	for _, tc := range []struct {
		body          apitest.Obj
		field, prefix string
	}{
		{apitest.Obj{"fromHeatId": theirs[0].Id, "minutes": 10}, "fromHeatId", "Choose a heat of this event"},
		{apitest.Obj{"fromHeatId": apitest.Missing, "minutes": 10}, "fromHeatId", "Choose a heat of this event"},
		{apitest.Obj{"fromHeatId": "nope", "minutes": 10}, "fromHeatId", ""},
		{apitest.Obj{"fromHeatId": fran[1].Id, "minutes": 721}, "minutes", minutesMsg},
		{apitest.Obj{"fromHeatId": fran[1].Id, "minutes": -721}, "minutes", minutesMsg},
		{apitest.Obj{"fromHeatId": fran[1].Id, "minutes": 1.5}, "minutes", minutesMsg},
		{apitest.Obj{"fromHeatId": fran[1].Id, "minutes": 0}, "minutes", minutesMsg},
		{apitest.Obj{"fromHeatId": fran[1].Id, "minutes": -11}, "minutes",
			"Heat 2 of Fran would start at 1 Jun 2026, 08:59 (UTC), before heat 1 of Fran (1 Jun 2026, 09:00 (UTC)): move it back at most 10 minutes"},
	} {
		r := s.Do(http.MethodPost, shiftPath(w.event), tc.body, w.organiser)
		var e struct{ Field, Message string }
		r.Decode(t, &e)
		if r.Status != http.StatusBadRequest || e.Field != tc.field || !strings.HasPrefix(e.Message, tc.prefix) {
			t.Errorf("%v: %d %s", tc.body, r.Status, r.Body)
		}
	}
	if after := heatTimes(t, w.list(t, w.first)); after != before {
		t.Errorf("refused shifts moved heats:\n%s\n%s", before, after)
	}

	body := apitest.Obj{"fromHeatId": fran[0].Id, "minutes": 5}
	for _, tc := range []struct {
		who, token string
		want       int
	}{
		{"scorer", w.scorer, http.StatusForbidden},
		{"other organiser", other.organiser, http.StatusNotFound},
		{"nobody", "", http.StatusUnauthorized},
	} {
		if r := s.Do(http.MethodPost, shiftPath(w.event), body, tc.token); r.Status != tc.want {
			t.Errorf("%s: %d, want %d: %s", tc.who, r.Status, tc.want, r.Body)
		}
	}
	if after := heatTimes(t, w.list(t, w.first)); after != before {
		t.Errorf("refused callers moved heats:\n%s\n%s", before, after)
	}
	// Exactly back to the heat before: allowed (heats may start together).
	s.Do(http.MethodPost, shiftPath(w.event), apitest.Obj{"fromHeatId": fran[1].Id, "minutes": -10}, w.organiser).MustStatus(t, http.StatusOK)
	if got, want := heatTimes(t, w.list(t, w.first)), "1 09:00/09:00, 2 09:00/09:10"; got != want {
		t.Errorf("back to the heat before: %s, want %s", got, want)
	}
	// An athlete's token is refused too.
	athlete := s.SignUpAthlete("Shift", "Athlete")
	if r := s.Do(http.MethodPost, shiftPath(w.event), body, athlete.Token); r.Status < 400 {
		t.Errorf("athlete: %d", r.Status)
	}
}

// TestScheduleShiftMails: a shift of 5 minutes or less mails nobody; one of more tells the
// athletes of the moved teams only, once the quiet period passed, with the planned time.
func TestScheduleShiftMails(t *testing.T) {
	t.Parallel()
	s, mailpit, clock := apitest.MailStack(t)
	now := clock.Now()
	later := func() { now = now.Add(heatQuiet); clock.Set(now) }

	r := s.OpenRegistration(t, apitest.Obj{"capacity": 10})
	ev := r.Event
	s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/online", apitest.Obj{"format": "in_person", "timeZone": "Europe/Paris"}).MustStatus(t, http.StatusOK)
	fran := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1)).GetId()
	type pair struct{ captain, partner stacktest.Athlete }
	register := func(name string) pair {
		p := pair{captain: s.SignUpAthlete("Cap"+name, "Shift"), partner: s.SignUpAthlete("Par"+name, "Shift")}
		reg := apitest.Decode(t, r.Register(p.captain, name, "").MustStatus(t, http.StatusOK))
		s.AcceptInvitation(p.partner, reg["shareCode"].(string)).MustStatus(t, http.StatusOK)
		return p
	}
	alpha, bravo := register("Alpha"), register("Bravo")
	// One lane a heat, by name: Alpha in heat 1 (09:00 Paris), Bravo in heat 2 (09:15).
	heats := apitest.DecodeList(t, s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/workouts/"+fran+"/heats/generate", apitest.Obj{
		"divisionIds": []string{r.DivisionID}, "lanesPerHeat": 1, "order": "name", "firstStart": "2026-06-01T07:00:00Z", "minutesBetween": 15,
	}).MustStatus(t, http.StatusOK))
	later()
	waitHeatMails(t, mailpit, alpha.captain, 1)
	waitHeatMails(t, mailpit, bravo.captain, 1)

	// +5 from heat 2: nobody is told.
	s.Admin(http.MethodPost, shiftPath(ev.ID), apitest.Obj{"fromHeatId": heats[1]["id"], "minutes": 5}).MustStatus(t, http.StatusOK)
	later()
	time.Sleep(2500 * time.Millisecond)
	waitHeatMails(t, mailpit, bravo.captain, 1)

	// +7 more: Bravo's athletes are told the new time with the planned one; Alpha's nothing.
	s.Admin(http.MethodPost, shiftPath(ev.ID), apitest.Obj{"fromHeatId": heats[1]["id"], "minutes": 7}).MustStatus(t, http.StatusOK)
	later()
	mail := waitHeatMails(t, mailpit, bravo.captain, 2)
	if !strings.Contains(mail.Text, "- Fran: heat 2, lane 1, 1 Jun 2026, 09:27 (Europe/Paris) (planned 09:15)") {
		t.Errorf("Bravo's mail after the shift: %q", mail.Text)
	}
	waitHeatMails(t, mailpit, bravo.partner, 2)
	waitHeatMails(t, mailpit, alpha.captain, 1)
}
