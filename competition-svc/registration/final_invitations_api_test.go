package registration_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/zonetime"
	"github.com/podium-dev/podium/internal/poll"
)

// Invitations from an online qualifier to its final through the gateway (docs/qualifiers.md,
// "Invitations to the final"), with the deadlines on a clock the test moves and the mails
// read from Mailpit.

// qualifierTeam is a confirmed team of the qualifier with its athletes.
type qualifierTeam struct {
	id               string
	captain, partner stacktest.Athlete
}

// finalFixture is an online qualifier with five confirmed teams and one added by hand, their
// results published (Team 1 best), and an in-person final whose division takes 3 teams.
type finalFixture struct {
	s                    *stacktest.Stack
	qualifier, final     *eventtest.Event
	qDivision, fDivision string
	teams                []qualifierTeam
	handTeam             string
}

func newFinalFixture(t *testing.T, s *stacktest.Stack) finalFixture {
	t.Helper()
	open := apitest.Obj{"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339),
		"closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339), "capacity": 20}
	q := s.Events(t).Event(eventtest.Fields{"name": "Online Open", "dateFrom": "2026-03-01", "dateTo": "2026-03-31"})
	qd := q.Division("RX Pairs", "", eventtest.Named("Hand Team")...)
	q.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	q.Transition("publish")
	s.Admin(http.MethodPut, "/api/divisions/"+qd.GetId()+"/registration", open).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPut, "/api/events/"+q.ID+"/online", apitest.Obj{"format": "online"}).MustStatus(t, http.StatusOK)
	fx := finalFixture{s: s, qualifier: q, qDivision: qd.GetId(), handTeam: q.TeamID("Hand Team")}
	rows := []eventtest.Fields{{"teamId": fx.handTeam, "workoutId": q.WorkoutID("Fran"), "resultValue": 90}}
	for i := 1; i <= 5; i++ {
		name := "Team " + string(rune('0'+i))
		captain, partner := s.SignUpAthlete("Cap"+string(rune('0'+i)), "Final"), s.SignUpAthlete("Par"+string(rune('0'+i)), "Final")
		reg := apitest.Decode(t, s.Do(http.MethodPost, "/api/registration/events/"+q.ID+"/registrations",
			apitest.Obj{"divisionId": qd.GetId(), "teamName": name}, captain.Token).MustStatus(t, http.StatusOK))
		done := apitest.Decode(t, accept(s, partner, reg["shareCode"].(string)).MustStatus(t, http.StatusOK))
		fx.teams = append(fx.teams, qualifierTeam{id: done["teamId"].(string), captain: captain, partner: partner})
		rows = append(rows, eventtest.Fields{"teamId": done["teamId"], "workoutId": q.WorkoutID("Fran"), "resultValue": 100 * i})
	}
	q.Publish(q.Results(rows...)...)

	f := s.Events(t).Event(eventtest.Fields{"name": "The Final", "dateFrom": "2026-06-01", "dateTo": "2026-06-02"})
	s.Admin(http.MethodPut, "/api/events/"+f.ID+"/online", apitest.Obj{"format": "in_person", "timeZone": "Europe/Paris"}).MustStatus(t, http.StatusOK)
	fd := f.Division("rx pairs", "")
	f.Transition("publish")
	s.Admin(http.MethodPut, "/api/divisions/"+fd.GetId()+"/registration", apitest.Obj{"opensAt": open["opensAt"],
		"closesAt": open["closesAt"], "capacity": 3, "feeCents": 5000, "waitlist": false}).MustStatus(t, http.StatusOK)
	fx.final, fx.fDivision = f, fd.GetId()
	return fx
}

// invitations reads the qualifier's Invitations page: team name → invitation state ("" for
// none), and the places taken in the final's division.
func (fx finalFixture) invitations(t *testing.T) (map[string]string, float64) {
	t.Helper()
	page := apitest.Decode(t, fx.s.Admin(http.MethodGet, "/api/events/"+fx.qualifier.ID+"/final", nil).MustStatus(t, http.StatusOK))
	out := map[string]string{}
	d := page["divisions"].([]any)[0].(apitest.Obj)
	for _, r := range d["standings"].([]any) {
		row := r.(apitest.Obj)
		state := ""
		if inv, ok := row["invitation"].(apitest.Obj); ok {
			state = inv["state"].(string)
		}
		out[row["teamName"].(string)] = state
	}
	taken, _ := d["placesTaken"].(float64)
	return out, taken
}

// invitationOf is the open or last invitation of an athlete's team.
func invitationOf(t *testing.T, s *stacktest.Stack, a stacktest.Athlete) apitest.Obj {
	t.Helper()
	list := apitest.Decode(t, s.Do(http.MethodGet, "/api/registration/final-invitations", nil, a.Token).MustStatus(t, http.StatusOK))
	invs, _ := list["invitations"].([]any)
	if len(invs) == 0 {
		t.Fatalf("%s has no invitation", a.Email)
	}
	return invs[0].(apitest.Obj)
}

// TestFinalInvitations: the organiser links the qualifier to the final and invites the top
// 3; the first accepts (a registration in the final, waiting for its fee), the second
// declines and the fourth is offered the place; the third misses its deadline (the second
// before it still counts) and the fifth is offered it. Places never exceed the capacity.
func TestFinalInvitations(t *testing.T) {
	t.Parallel()
	s, mailpit, clock := apitest.MailStack(t)
	start := clock.Now()
	fx := newFinalFixture(t, s)
	base := "/api/events/" + fx.qualifier.ID + "/final"

	// The link's refusals name their field and change nothing.
	apitest.WantError(t, s.Admin(http.MethodPut, base, apitest.Obj{"finalEventId": fx.qualifier.ID}), http.StatusBadRequest,
		"finalEventId", "The final must be another event than the qualifier")
	apitest.WantError(t, s.Admin(http.MethodPut, "/api/events/"+fx.final.ID+"/final", apitest.Obj{"finalEventId": fx.qualifier.ID}),
		http.StatusBadRequest, "eventId", "The Final is not an online event: only an online qualifier invites teams to a final")
	apitest.WantError(t, s.Admin(http.MethodPut, base, apitest.Obj{"finalEventId": fx.final.ID, "acceptDays": 61}), http.StatusBadRequest,
		"acceptDays", "Days to accept must be between 1 and 60")
	apitest.WantError(t, s.Admin(http.MethodPost, base+"/invitations", apitest.Obj{"divisionId": fx.qDivision, "top": 3}),
		http.StatusConflict, "finalEventId", "Link this qualifier to its final first")

	// Linked: divisions matched by name, case ignored.
	linked := apitest.Decode(t, s.Admin(http.MethodPut, base, apitest.Obj{"finalEventId": fx.final.ID}).MustStatus(t, http.StatusOK))
	if d := linked["divisions"].([]any)[0].(apitest.Obj); d["finalDivisionId"] != fx.fDivision || linked["acceptDays"] != float64(7) {
		t.Fatalf("link: %v", linked)
	}

	// The top 3: the team added by hand (best, but without athletes' accounts) is skipped.
	s.Admin(http.MethodPost, base+"/invitations", apitest.Obj{"divisionId": fx.qDivision, "top": 3}).MustStatus(t, http.StatusOK)
	states, taken := fx.invitations(t)
	if states["Team 1"] != "invited" || states["Team 2"] != "invited" || states["Team 3"] != "invited" ||
		states["Team 4"] != "" || states["Hand Team"] != "" || taken != 3 {
		t.Fatalf("after top 3: %v, %v places taken", states, taken)
	}
	// The final's division is full: a pick by hand is refused, nothing written.
	apitest.WantError(t, s.Admin(http.MethodPost, base+"/invitations", apitest.Obj{"divisionId": fx.qDivision, "teamIds": []string{fx.teams[3].id}}),
		http.StatusConflict, "teamIds", "rx pairs in The Final has 0 places left: invite fewer teams or raise its capacity")
	apitest.WantError(t, s.Admin(http.MethodPost, base+"/invitations", apitest.Obj{"divisionId": fx.qDivision, "teamIds": []string{fx.teams[0].id}}),
		http.StatusConflict, "teamIds[0]", "Team Team 1 was invited already (invited)")
	// Registration for the final's division counts the reserved places too.
	outsider := s.SignUpAthlete("Olga", "Outsider")
	apitest.WantError(t, s.Do(http.MethodPost, "/api/registration/events/"+fx.final.ID+"/registrations",
		apitest.Obj{"divisionId": fx.fDivision, "teamName": "Walk In"}, outsider.Token), http.StatusConflict, "divisionId",
		"rx pairs is full: no places left and no waiting list")
	mail := mailpit.WaitFor(fx.teams[0].captain.Email, "Team Team 1 is invited to The Final", 10*time.Second)
	// The deadline in the final's own time zone, named.
	if !strings.Contains(mail.Text, "https://podium.test/public/me/registrations") || !strings.Contains(mail.Text, "(rank 2)") ||
		!regexp.MustCompile(`reserved for you until \d{1,2} \w{3} \d{4}, \d\d:\d\d \(Europe/Paris\)`).MatchString(mail.Text) {
		t.Fatalf("invitation mail: %q", mail.Text)
	}
	mailpit.WaitFor(fx.teams[0].partner.Email, "Team Team 1 is invited to The Final", 10*time.Second)

	// Another athlete's invitation is not found.
	first := invitationOf(t, s, fx.teams[0].partner)
	apitest.WantError(t, s.Do(http.MethodPost, "/api/registration/final-invitations/"+first["id"].(string)+"/accept", nil, outsider.Token),
		http.StatusNotFound, "", "Invitation not found")

	// The first accepts (the partner may): a registration in the final, waiting for its fee.
	accepted := apitest.Decode(t, s.Do(http.MethodPost, "/api/registration/final-invitations/"+first["id"].(string)+"/accept", nil,
		fx.teams[0].partner.Token).MustStatus(t, http.StatusOK))
	if accepted["state"] != "accepted" || accepted["registrationId"] == "" {
		t.Fatalf("accepted: %v", accepted)
	}
	mine := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, fx.teams[0].captain.Token).MustStatus(t, http.StatusOK))
	if len(mine) != 2 || mine[1]["eventId"] != fx.final.ID || mine[1]["state"] != "waiting_payment" {
		t.Fatalf("captain's registrations: %v", mine)
	}
	// Accepting again is the same answer.
	s.Do(http.MethodPost, "/api/registration/final-invitations/"+first["id"].(string)+"/accept", nil, fx.teams[0].captain.Token).MustStatus(t, http.StatusOK)

	// Declining gives up the team's place: the captain's alone. The partner is told who may,
	// and nothing changes.
	second := invitationOf(t, s, fx.teams[1].captain)
	if second["mayDecline"] != true || invitationOf(t, s, fx.teams[1].partner)["mayDecline"] == true {
		t.Fatalf("mayDecline: captain %v, partner %v", second["mayDecline"], invitationOf(t, s, fx.teams[1].partner)["mayDecline"])
	}
	apitest.WantError(t, s.Do(http.MethodPost, "/api/registration/final-invitations/"+second["id"].(string)+"/decline", nil, fx.teams[1].partner.Token),
		http.StatusForbidden, "", "Only "+second["captainName"].(string)+", the team's captain, can decline: declining gives up the team's place")
	if states, _ := fx.invitations(t); states["Team 2"] != "invited" {
		t.Fatalf("after the partner's refused decline: %v", states)
	}

	// The second's captain declines: the fourth is offered the place.
	declined := apitest.Decode(t, s.Do(http.MethodPost, "/api/registration/final-invitations/"+second["id"].(string)+"/decline", nil,
		fx.teams[1].captain.Token).MustStatus(t, http.StatusOK))
	if declined["state"] != "declined" {
		t.Fatalf("declined: %v", declined)
	}
	apitest.WantError(t, s.Do(http.MethodPost, "/api/registration/final-invitations/"+second["id"].(string)+"/accept", nil, fx.teams[1].partner.Token),
		http.StatusConflict, "id", "This invitation is declined")
	states, taken = fx.invitations(t)
	if states["Team 2"] != "declined" || states["Team 4"] != "invited" || states["Team 5"] != "" || taken != 3 {
		t.Fatalf("after the decline: %v, %v places taken", states, taken)
	}
	mailpit.WaitFor(fx.teams[3].captain.Email, "Team Team 4 is invited to The Final", 10*time.Second)

	// A day before the deadline, the third and the fourth are reminded once.
	deadline := start.Add(7 * 24 * time.Hour)
	clock.Set(deadline.Add(-23 * time.Hour))
	mailpit.WaitFor(fx.teams[2].partner.Email, "Invitation about to expire: team Team 3, The Final", 10*time.Second)
	mailpit.WaitFor(fx.teams[3].captain.Email, "Invitation about to expire: team Team 4, The Final", 10*time.Second)

	// The second before the deadline the fourth still accepts; at the deadline the third
	// cannot, and the worker offers its place to the fifth.
	clock.Set(deadline.Add(-time.Second))
	fourth := invitationOf(t, s, fx.teams[3].captain)
	s.Do(http.MethodPost, "/api/registration/final-invitations/"+fourth["id"].(string)+"/accept", nil, fx.teams[3].captain.Token).MustStatus(t, http.StatusOK)
	clock.Set(deadline)
	third := invitationOf(t, s, fx.teams[2].captain)
	if third["state"] != "expired" {
		t.Fatalf("third at its deadline: %v", third)
	}
	apitest.WantError(t, s.Do(http.MethodPost, "/api/registration/final-invitations/"+third["id"].(string)+"/accept", nil, fx.teams[2].captain.Token),
		http.StatusConflict, "id", "The deadline to accept passed on "+zonetime.Format(deadline, "Europe/Paris"))
	poll.Until(t, 10*time.Second, "the fifth team invited after the third's deadline", func() bool {
		states, _ := fx.invitations(t)
		return states["Team 5"] == "invited"
	})
	// The worker has recorded the expiry now: the answer is the same.
	apitest.WantError(t, s.Do(http.MethodPost, "/api/registration/final-invitations/"+third["id"].(string)+"/accept", nil, fx.teams[2].captain.Token),
		http.StatusConflict, "id", "The deadline to accept passed on "+zonetime.Format(deadline, "Europe/Paris"))
	mailpit.WaitFor(fx.teams[2].captain.Email, "Team Team 3: invitation to The Final expired", 10*time.Second)
	fifth := invitationOf(t, s, fx.teams[4].captain)
	if fifth["deadline"] != deadline.Add(7*24*time.Hour).Format(time.RFC3339) {
		t.Fatalf("fifth: %v", fifth)
	}
	states, taken = fx.invitations(t)
	if taken != 3 || states["Team 1"] != "accepted" || states["Team 3"] != "expired" || states["Team 4"] != "accepted" {
		t.Fatalf("at the end: %v, %v places taken", states, taken)
	}
	// Each step is in the qualifier's activity, with who, as an invitation's.
	for _, want := range []string{"invited to The Final", "Par1 Final accepted team Team 1's invitation",
		"Team Team 2 declined its invitation to The Final, rx pairs (Cap2 Final)", "Team Team 3's invitation to The Final, rx pairs expired"} {
		if n := s.Rows(t, "competition.activity", "event_id = $1 AND entity = 'invitation' AND summary LIKE '%' || $2 || '%'", fx.qualifier.ID, want); n == 0 {
			t.Errorf("no invitation activity %q", want)
		}
	}
	// The reminder went once.
	reminders := 0
	for _, m := range mailpit.MailsTo(fx.teams[2].partner.Email) {
		if strings.Contains(m.Subject, "Invitation about to expire") {
			reminders++
		}
	}
	if reminders != 1 {
		t.Errorf("%d reminders", reminders)
	}
}
