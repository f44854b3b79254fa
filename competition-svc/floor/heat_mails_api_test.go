package floor_test

import (
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

// The athletes' heat mails (docs/heats.md, "Heat mails"), with the quiet period on a clock the
// test moves and the mails read from Mailpit.

const (
	heatSubject = "Your heats at Open Games"
	// heatQuiet is a step of the clock past the quiet period (2 minutes).
	heatQuiet = 2*time.Minute + time.Second
)

// heatMailsTo is the heat mails an athlete received, newest first.
func heatMailsTo(m *mailtest.Mailpit, a stacktest.Athlete) []mailtest.Mail {
	var out []mailtest.Mail
	for _, mail := range m.MailsTo(a.Email) {
		if strings.HasPrefix(mail.Subject, heatSubject) {
			out = append(out, mail)
		}
	}
	return out
}

// waitHeatMails waits until the athlete has n heat mails and returns the newest.
func waitHeatMails(t *testing.T, m *mailtest.Mailpit, a stacktest.Athlete, n int) mailtest.Mail {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		got := heatMailsTo(m, a)
		if len(got) == n {
			return got[0]
		}
		if len(got) > n || time.Now().After(deadline) {
			t.Fatalf("%s has %d heat mails, want %d", a.Email, len(got), n)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestHeatMails: generated heats are told to each athlete of the registered teams once the
// quiet period passed, times in the event's zone; two moves in a row make one mail with the
// final lane; moves that restore the heats, and changes while the event is a draft, send none;
// a team added by hand has no one to tell.
func TestHeatMails(t *testing.T) {
	t.Parallel()
	s, mailpit, clock := apitest.MailStack(t)
	now := clock.Now()
	later := func() { now = now.Add(heatQuiet); clock.Set(now) }

	r := s.OpenRegistration(t, apitest.Obj{"capacity": 10})
	ev := r.Event
	s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/online", apitest.Obj{"format": "in_person", "timeZone": "Europe/Paris"}).MustStatus(t, http.StatusOK)
	hand := ev.AddTeams(&competitionv1.Division{Id: r.DivisionID}, eventtest.Named("Hand Team")...)[0].GetId()
	fran := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1)).GetId()
	type pair struct {
		id               string
		captain, partner stacktest.Athlete
	}
	register := func(name string) pair {
		p := pair{captain: s.SignUpAthlete("Cap"+name, "Heats"), partner: s.SignUpAthlete("Par"+name, "Heats")}
		reg := apitest.Decode(t, r.Register(p.captain, name, "").MustStatus(t, http.StatusOK))
		p.id = apitest.Decode(t, s.AcceptInvitation(p.partner, reg["shareCode"].(string)).MustStatus(t, http.StatusOK))["teamId"].(string)
		return p
	}
	alpha, bravo := register("Alpha"), register("Bravo")
	// Alpha's partner chose German: each athlete's mail is in their own language
	// (docs/architecture.md, "Languages").
	s.Do(http.MethodPut, "/api/auth/me/language", apitest.Obj{"language": "de"}, alpha.partner.Token).MustStatus(t, http.StatusOK)

	// By name in 2 lanes: Alpha alone in heat 1 (07:00 UTC), Bravo and Hand Team in heat 2.
	heats := apitest.DecodeList(t, s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/workouts/"+fran+"/heats/generate", apitest.Obj{
		"divisionIds": []string{r.DivisionID}, "lanesPerHeat": 2, "order": "name", "firstStart": "2026-06-01T07:00:00Z", "minutesBetween": 15,
	}).MustStatus(t, http.StatusOK))
	heat2 := heats[1]["id"].(string)
	// Nothing before the quiet period passed.
	time.Sleep(2500 * time.Millisecond)
	if got := heatMailsTo(mailpit, alpha.captain); len(got) != 0 {
		t.Fatalf("heat mail before the quiet period: %v", got)
	}
	later()
	mail := waitHeatMails(t, mailpit, alpha.captain, 1)
	if !strings.Contains(mail.Text, "Hello CapAlpha") || !strings.Contains(mail.Text, "- Fran: heat 1, lane 1, 1 Jun 2026, 09:00 (Europe/Paris)") ||
		!strings.Contains(mail.Text, "https://podium.test/public/me/registrations") {
		t.Fatalf("Alpha's heat mail: %q", mail.Text)
	}
	german := mailpit.WaitFor(alpha.partner.Email, "Deine Läufe bei Open Games: Team Alpha", 10*time.Second)
	for _, want := range []string{"Hallo ParAlpha Heats,", "die Läufe von Team Alpha bei Open Games (", "- Fran: Lauf 1, Bahn 1, 1. Juni 2026, 09:00 (Europe/Paris)",
		"Deine Anmeldungen: https://podium.test/public/me/registrations"} {
		if !strings.Contains(german.Text, want) {
			t.Fatalf("Alpha's partner's German heat mail without %q:\n%s", want, german.Text)
		}
	}
	if got := heatMailsTo(mailpit, alpha.partner); len(got) != 0 {
		t.Fatalf("Alpha's partner also got English heat mails: %v", got)
	}
	if mail := waitHeatMails(t, mailpit, bravo.partner, 1); !strings.Contains(mail.Text, "- Fran: heat 2, lane 1, 1 Jun 2026, 09:15 (Europe/Paris)") {
		t.Fatalf("Bravo's heat mail: %q", mail.Text)
	}

	// Two moves in a row: one mail, with the final lane.
	move := func(bravoLane, handLane int) {
		t.Helper()
		s.Admin(http.MethodPut, "/api/heats/"+heat2, apitest.Obj{"startTime": "2026-06-01T07:15:00Z", "lanes": []apitest.Obj{
			{"lane": bravoLane, "teamId": bravo.id}, {"lane": handLane, "teamId": hand}}}).MustStatus(t, http.StatusOK)
	}
	move(3, 1)
	move(4, 2)
	later()
	if mail := waitHeatMails(t, mailpit, bravo.captain, 2); !strings.Contains(mail.Text, "- Fran: heat 2, lane 4, 1 Jun 2026, 09:15 (Europe/Paris)") {
		t.Fatalf("Bravo's mail after two moves: %q", mail.Text)
	}
	waitHeatMails(t, mailpit, bravo.partner, 2)

	// Moves that restore the heats send nothing; neither do changes of a draft event.
	move(5, 2)
	move(4, 2)
	later()
	time.Sleep(2500 * time.Millisecond)
	s.Admin(http.MethodPut, "/api/events/"+ev.ID, apitest.Obj{"id": ev.ID, "name": "Open Games", "dateFrom": "2026-12-01",
		"dateTo": "2026-12-02", "status": "DRAFT"}).MustStatus(t, http.StatusOK)
	move(6, 2)
	later()
	time.Sleep(2500 * time.Millisecond)
	waitHeatMails(t, mailpit, bravo.captain, 2)
	waitHeatMails(t, mailpit, bravo.partner, 2)
	waitHeatMails(t, mailpit, alpha.captain, 1)
}
