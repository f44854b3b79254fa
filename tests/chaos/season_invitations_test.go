//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"net/http"
	"syscall"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/eventtest"
)

// TestChaosInvitationDeadlineWorkerKilled: an online qualifier's top 3 of 6 teams are invited
// to a final of 3 places; their deadlines are moved to the next seconds (the database is the
// clock the worker reads), and competition-svc, whose worker expires a passed invitation and
// offers the place to the next team (docs/qualifiers.md), is killed (SIGKILL) in the middle of
// those deadlines and started again. Each freed place must be offered once: 3 expired, teams 4
// to 6 invited once each, never more invitations open than places, one invitation mail per
// athlete of each invited team.
// serial: it kills the deadline worker between deadlines a second apart, timing a neighbour's load would move
func TestChaosInvitationDeadlineWorkerKilled(t *testing.T) {
	sc := newScenario(t, "final-deadline")
	s := newStack(t, "final", stackOptions{env: map[string]string{"PODIUM_SIGNUP_MAX_PER_ADDRESS": "1000"}})
	setup := newClient(nil)
	open := map[string]any{"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339),
		"closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339), "capacity": 20}
	api := eventtest.New(t, eventtest.API{URL: s.URL, Token: s.token})
	q := api.Event(eventtest.Fields{"name": "Online Open", "dateFrom": "2026-03-01", "dateTo": "2026-03-31"})
	qd := q.Division("RX Pairs", "")
	q.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	q.Transition("publish")
	setup.must(t, http.MethodPut, s.URL+"/api/divisions/"+qd.GetId()+"/registration", s.token, open)
	setup.must(t, http.MethodPut, s.URL+"/api/events/"+q.ID+"/online", s.token, map[string]string{"format": "online"})
	people := signUpAthletes(t, s, setup, "finalist", 12)
	var rows []eventtest.Fields
	teams := make([]string, 6)
	for i := range teams {
		var reg struct{ ShareCode, TeamID string }
		setup.must(t, http.MethodPost, s.URL+"/api/registration/events/"+q.ID+"/registrations", people[2*i].Token,
			map[string]any{"divisionId": qd.GetId(), "teamName": fmt.Sprintf("Team %d", i+1)}).decode(t, &reg)
		setup.must(t, http.MethodPost, s.URL+"/api/registration/accept", people[2*i+1].Token, map[string]string{"code": reg.ShareCode}).decode(t, &reg)
		teams[i] = reg.TeamID
		rows = append(rows, eventtest.Fields{"teamId": reg.TeamID, "workoutId": q.WorkoutID("Fran"), "resultValue": 100 * (i + 1)})
	}
	q.Publish(q.Results(rows...)...)
	f := api.Event(eventtest.Fields{"name": "The Final", "dateFrom": "2026-06-01", "dateTo": "2026-06-02"})
	fd := f.Division("rx pairs", "")
	f.Transition("publish")
	setup.must(t, http.MethodPut, s.URL+"/api/divisions/"+fd.GetId()+"/registration", s.token, map[string]any{
		"opensAt": open["opensAt"], "closesAt": open["closesAt"], "capacity": 3, "feeCents": 5000, "waitlist": false})
	base := s.URL + "/api/events/" + q.ID + "/final"
	setup.must(t, http.MethodPut, base, s.token, map[string]string{"finalEventId": f.ID})
	setup.must(t, http.MethodPost, base+"/invitations", s.token, map[string]any{"divisionId": qd.GetId(), "top": 3})

	ctx := context.Background()
	count := func(sql string, args ...any) int {
		var n int
		for attempt := 0; ; attempt++ {
			err := s.db.QueryRow(ctx, sql, args...).Scan(&n)
			if err == nil {
				return n
			}
			if attempt == 20 {
				t.Fatalf("%s: %v", sql, err)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	if n := count(`SELECT count(*) FROM competition.final_invitations WHERE state = 'invited'`); n != 3 {
		t.Fatalf("%d invitations open after the top 3", n)
	}

	// The deadlines: the next 1, 2 and 3 seconds, in rank order; the kill between the 2nd and 3rd sweeps.
	if _, err := s.db.Exec(ctx, `UPDATE competition.final_invitations SET deadline = now() + rank_order * interval '1 second'
		FROM (SELECT id, row_number() OVER (ORDER BY rank) AS rank_order FROM competition.final_invitations) r
		WHERE r.id = final_invitations.id`); err != nil {
		t.Fatal(err)
	}
	// Open invitations never exceed the places while the worker runs, dies and comes back.
	maxOpen := 0
	watch := func(d time.Duration) {
		for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
			maxOpen = max(maxOpen, count(`SELECT count(*) FROM competition.final_invitations WHERE state = 'invited'`))
		}
	}
	watch(2300 * time.Millisecond)
	worker := s.procs["competition"]
	worker.signal(syscall.SIGKILL)
	worker.wait(10 * time.Second)
	expiredAtKill := count(`SELECT count(*) FROM competition.final_invitations WHERE state = 'expired'`)
	watch(1500 * time.Millisecond) // the last deadline passes while no worker runs
	s.restart("competition")
	s.waitReady("gateway", 60*time.Second)
	sc.fault("competition-svc (the deadline worker) killed (SIGKILL) with %d of 3 deadlines handled, restarted after the last one passed", expiredAtKill)
	deadline := time.Now().Add(30 * time.Second)
	for count(`SELECT count(*) FROM competition.final_invitations WHERE state = 'expired'`) < 3 && time.Now().Before(deadline) {
		watch(200 * time.Millisecond)
	}
	watch(3 * time.Second) // a second offer of a place would come now

	var lost []string
	offered := 0
	for i, team := range teams {
		n := count(`SELECT count(*) FROM competition.final_invitations WHERE team_id = $1`, team)
		state := ""
		if n == 1 {
			if err := s.db.QueryRow(ctx, `SELECT state FROM competition.final_invitations WHERE team_id = $1`, team).Scan(&state); err != nil {
				t.Fatal(err)
			}
		}
		want := "expired"
		if i >= 3 {
			want = "invited"
		}
		mails := count(`SELECT count(*) FROM competition.mail_outbox WHERE subject LIKE $1`, fmt.Sprintf("Team Team %d is invited to The Final%%", i+1))
		if n != 1 || state != want || mails != 2 {
			lost = append(lost, fmt.Sprintf("Team %d: %d invitations (%s, want %s), %d invitation mails (want 2)", i+1, n, state, want, mails))
		} else if i >= 3 {
			offered++
		}
	}
	if maxOpen > 3 {
		lost = append(lost, fmt.Sprintf("%d invitations open at once for 3 places", maxOpen))
	}
	sc.writes(3, offered, 0, lost)
	for _, l := range lost {
		t.Error(l)
	}
	sc.setNote("3 deadlines 1 s apart, the worker killed with %d handled: 3 places freed, %d offered once each, at most %d invitations open at once",
		expiredAtKill, offered, maxOpen)
}
