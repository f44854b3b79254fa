package calendar_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/mailtest"
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
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", apitest.Obj{"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339),
		"closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339), "capacity": 5, "currency": "EUR"}).MustStatus(t, http.StatusOK)
	fran := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1)).GetId()
	team := func(name string, athletes ...stacktest.Athlete) {
		var reg apitest.Obj
		if err := json.Unmarshal(s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations",
			apitest.Obj{"divisionId": d.GetId(), "teamName": name}, athletes[0].Token).MustStatus(t, http.StatusOK).Body, &reg); err != nil {
			t.Fatal(err)
		}
		for _, a := range athletes[1:] {
			s.Do(http.MethodPost, "/api/registration/accept", apitest.Obj{"code": reg["shareCode"]}, a.Token).MustStatus(t, http.StatusOK)
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
	if err := json.Unmarshal(s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/workouts/"+fran+"/heats/generate", apitest.Obj{
		"divisionIds": []string{d.GetId()}, "lanesPerHeat": 1, "order": "name", "firstStart": "2026-12-01T09:00:00Z", "minutesBetween": 10,
	}).MustStatus(t, http.StatusOK).Body, &heats); err != nil {
		t.Fatal(err)
	}
	s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/heats/shift", apitest.Obj{"fromHeatId": heats[1]["id"], "minutes": 12}).MustStatus(t, http.StatusOK)

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

// remindersTo is the heat reminders an athlete received, newest first.
func remindersTo(m *mailtest.Mailpit, a stacktest.Athlete) []mailtest.Mail {
	var out []mailtest.Mail
	for _, mail := range m.MailsTo(a.Email) {
		if strings.HasPrefix(mail.Subject, "Your heat in") {
			out = append(out, mail)
		}
	}
	return out
}

// TestHeatReminders: an athlete who allows reminders is mailed an hour before their heat's
// current start and ten minutes before, each once however often the worker runs; their
// partner, who did not allow them, is not; the choice is their own and shows on My heats.
func TestHeatReminders(t *testing.T) {
	t.Parallel()
	mailpit := mailtest.Start(t)
	now := time.Now().UTC().Truncate(time.Minute)
	clock := stacktest.NewClock(now)
	s := stacktest.StartWith(t, stacktest.Options{Now: clock.Now, Env: map[string]string{
		"PODIUM_SMTP_URL": mailpit.SMTPURL, "PODIUM_MAIL_FROM": "Podium <no-reply@podium.test>", "PODIUM_PUBLIC_URL": "https://podium.test"}})
	ev := s.Events(t).Event(eventtest.Fields{"name": "Reminder Games", "dateFrom": "2026-12-01", "dateTo": "2026-12-02"})
	d := ev.Division("RX Pairs", "")
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", apitest.Obj{"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339),
		"closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339), "capacity": 5, "currency": "EUR"}).MustStatus(t, http.StatusOK)
	fran := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1)).GetId()
	anna, ben := s.SignUpAthlete("Anna", "Remind"), s.SignUpAthlete("Ben", "Remind")
	var reg apitest.Obj
	if err := json.Unmarshal(s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations",
		apitest.Obj{"divisionId": d.GetId(), "teamName": "Remind Pair"}, anna.Token).MustStatus(t, http.StatusOK).Body, &reg); err != nil {
		t.Fatal(err)
	}
	s.Do(http.MethodPost, "/api/registration/accept", apitest.Obj{"code": reg["shareCode"]}, ben.Token).MustStatus(t, http.StatusOK)
	start := now.Add(3 * time.Hour)
	s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/workouts/"+fran+"/heats/generate", apitest.Obj{
		"divisionIds": []string{d.GetId()}, "lanesPerHeat": 2, "order": "name", "firstStart": start.Format(time.RFC3339),
	}).MustStatus(t, http.StatusOK)

	var choice competitionv1.MyHeatReminders
	s.Do(http.MethodPut, "/api/calendar/mine/reminders", apitest.Obj{"on": true}, anna.Token).MustStatus(t, http.StatusOK).Decode(t, &choice)
	var mine competitionv1.MyHeatsResponse
	s.Do(http.MethodGet, "/api/calendar/mine/heats", nil, anna.Token).MustStatus(t, http.StatusOK).Decode(t, &mine)
	var bens competitionv1.MyHeatsResponse
	s.Do(http.MethodGet, "/api/calendar/mine/heats", nil, ben.Token).MustStatus(t, http.StatusOK).Decode(t, &bens)
	if !choice.On || !mine.Reminders || bens.Reminders {
		t.Fatalf("choice %v, Anna's My heats %v, Ben's %v", choice.On, mine.Reminders, bens.Reminders)
	}
	if got := s.Do(http.MethodPut, "/api/calendar/mine/reminders", apitest.Obj{"on": true}, "").Status; got != http.StatusUnauthorized {
		t.Errorf("without a session: %d", got)
	}

	wait := func(n int) mailtest.Mail {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			got := remindersTo(mailpit, anna)
			if len(got) == n && n == 0 {
				return mailtest.Mail{}
			}
			if len(got) == n {
				return got[0]
			}
			if len(got) > n || time.Now().After(deadline) {
				t.Fatalf("Anna has %d reminders, want %d", len(got), n)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	// 61 minutes before: nothing yet (a worker round is 5 seconds).
	clock.Set(start.Add(-61 * time.Minute))
	time.Sleep(6 * time.Second)
	wait(0)
	clock.Set(start.Add(-59 * time.Minute))
	if m := wait(1); m.Subject != "Your heat in an hour: Fran, heat 1" || !strings.Contains(m.Text, "team Remind Pair races in an hour at Reminder Games: Fran, heat 1, lane 1") {
		t.Errorf("the hour's reminder: %q %q", m.Subject, m.Text)
	}
	time.Sleep(6 * time.Second)
	wait(1) // once
	clock.Set(start.Add(-9 * time.Minute))
	if m := wait(2); m.Subject != "Your heat in 10 minutes: Fran, heat 1" {
		t.Errorf("the ten minutes' reminder: %q", m.Subject)
	}
	clock.Set(start.Add(-5 * time.Minute))
	time.Sleep(6 * time.Second)
	wait(2)
	if got := remindersTo(mailpit, ben); len(got) != 0 {
		t.Errorf("Ben did not allow reminders and got %d", len(got))
	}
	// Ben chose Spanish, then allows reminders: the one still due is in his language
	// (docs/architecture.md, "Languages"), while Anna's stayed English.
	s.Do(http.MethodPut, "/api/auth/me/language", apitest.Obj{"language": "es"}, ben.Token).MustStatus(t, http.StatusOK)
	s.Do(http.MethodPut, "/api/calendar/mine/reminders", apitest.Obj{"on": true}, ben.Token).MustStatus(t, http.StatusOK)
	spanish := mailpit.WaitFor(ben.Email, "Tu serie en 10 minutos: Fran, serie 1", 20*time.Second)
	for _, want := range []string{"Hola, Ben Remind:", "el equipo Remind Pair compite en 10 minutos en Reminder Games: Fran, serie 1, calle 1",
		"Tus inscripciones: https://podium.test/public/me/registrations"} {
		if !strings.Contains(spanish.Text, want) {
			t.Errorf("Ben's Spanish reminder without %q:\n%s", want, spanish.Text)
		}
	}
	s.Do(http.MethodPut, "/api/calendar/mine/reminders", apitest.Obj{"on": false}, anna.Token).MustStatus(t, http.StatusOK).Decode(t, &choice)
	if choice.On {
		t.Errorf("still on after turning it off")
	}
}
