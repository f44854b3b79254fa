package security

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
)

// TestDeletedAthleteLeavesNoEmailOrNameBehind: an athlete with a registration, an invitation
// to their address, a qualifier submission with its review and history, and mails waiting in
// every outbox deletes their account. Then no route a scorer, organiser or admin can call,
// no column of any table, no outbox and no search holds their address or name
// (docs/access.md, "Athletes").
func TestDeletedAthleteLeavesNoEmailOrNameBehind(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	db := connect(t, s)
	defer db.Close(context.Background())
	ev := s.Events(t).Event(eventtest.Fields{"name": "Erasure Online", "dateFrom": "2026-03-01", "dateTo": "2026-03-31"})
	div := ev.Division("RX Pairs", "").GetId()
	other := ev.Division("Scaled Pairs", "").GetId()
	workout := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1)).GetId()
	ev.Transition("publish")
	for _, d := range []string{div, other} {
		s.Admin(http.MethodPut, "/api/divisions/"+d+"/registration", map[string]any{
			"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339), "closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339),
			"capacity": 20}).MustStatus(t, http.StatusOK)
	}
	s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/online", map[string]any{"format": "online", "timeZone": "Europe/Paris",
		"workouts": []map[string]any{{"workoutId": workout, "releaseAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339),
			"submissionDeadline": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339), "videoRequired": true}}}).MustStatus(t, http.StatusOK)

	zelda, ben, cleo := s.SignUpAthlete("Zelda", "Quaxley"), s.SignUpAthlete("Ben", "Berg"), s.SignUpAthlete("Cleo", "Cole")
	const name = "Zelda Quaxley"
	// Zelda's own team, confirmed with Ben.
	var reg struct{ ShareCode string }
	s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations", map[string]any{"divisionId": div, "teamName": "Team Q"},
		zelda.Token).MustStatus(t, http.StatusOK).Decode(t, &reg)
	s.Do(http.MethodPost, "/api/registration/accept", map[string]any{"code": reg.ShareCode}, ben.Token).MustStatus(t, http.StatusOK)
	// Cleo invites Zelda's address to her team in the other division.
	s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations", map[string]any{"divisionId": other, "teamName": "Team C",
		"partnerEmail": zelda.Email}, cleo.Token).MustStatus(t, http.StatusOK)
	// Zelda submits her team's score; the judge accepts it.
	sub := &resultsv1.Submission{}
	s.Do(http.MethodPut, "/api/submissions/workouts/"+workout, map[string]any{"resultValue": 245, "videoUrl": "https://www.youtube.com/watch?v=abc123"},
		zelda.Token).MustStatus(t, http.StatusOK).Decode(t, sub)
	queuePath := "/api/events/" + ev.ID + "/workouts/" + workout + "/submissions"
	// The review queue names the submitter, never by address.
	queue := s.Admin(http.MethodGet, queuePath, nil).MustStatus(t, http.StatusOK)
	if body := string(queue.Body); strings.Contains(strings.ToLower(body), strings.ToLower(zelda.Email)) || !strings.Contains(body, name) {
		t.Errorf("the review queue names the submitter by address, or not at all: %s", body)
	}
	s.Admin(http.MethodPost, "/api/submissions/workouts/"+workout+"/teams/"+sub.GetTeamId()+"/review", map[string]any{"action": "accept"}).
		MustStatus(t, http.StatusOK)
	// Zelda appeals the published result (docs/competition-day.md): the appeal names her.
	s.Admin(http.MethodPost, "/api/results/publication/publish", map[string]any{"resultIds": []string{sub.GetResultId()}}).MustStatus(t, http.StatusOK)
	s.Do(http.MethodPost, "/api/appeals/results/"+sub.GetResultId(), map[string]any{"reason": "The judge missed reps"}, zelda.Token).
		MustStatus(t, http.StatusOK)
	if leaks := columnsHolding(t, db, zelda.Email, name); len(leaks) < 5 {
		t.Fatalf("the fixture holds the athlete in too few places to prove anything: %v", leaks)
	} else {
		t.Logf("before the deletion: %v", leaks)
	}

	s.Do(http.MethodPost, "/api/athlete/account/delete", map[string]any{"password": stacktest.AthletePassword}, zelda.Token).MustStatus(t, http.StatusOK)
	poll.Until(t, 30*time.Second, "the erasure done", func() bool {
		var n int
		if err := db.QueryRow(context.Background(), `SELECT count(*) FROM auth.athlete_erasures WHERE done_at IS NOT NULL`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n == 1
	})

	if leaks := columnsHolding(t, db, zelda.Email, name); len(leaks) != 0 {
		t.Errorf("the database still holds the deleted athlete: %v", leaks)
	}
	// Her team's roster place held her account (docs/rosters.md); it holds none now.
	var places int
	if err := db.QueryRow(context.Background(), `SELECT count(*) FROM competition.team_athletes WHERE athlete_id = $1`, zelda.ID).Scan(&places); err != nil {
		t.Fatal(err)
	} else if places != 0 {
		t.Errorf("%d roster places still hold the deleted athlete's account", places)
	}
	// The team's row comes back on its board under the name competition-svc now gives
	// (docs/boards.md, "Erasure").
	board := "/api/public/events/" + ev.ID + "/divisions/" + div + "/board"
	poll.Until(t, 30*time.Second, "the board ranked again", func() bool {
		return strings.Contains(string(s.Do(http.MethodGet, board, nil, "").Body), "Former athlete")
	})
	// What staff and the public can read.
	scorer := staffOfEvent(t, s, ev.ID, "scorer")
	organiser := staffOfEvent(t, s, ev.ID, "organiser")
	reads := []struct{ path, token string }{
		{queuePath, scorer},
		{"/api/results/" + sub.GetResultId() + "/history", scorer},
		{"/api/events/" + ev.ID + "/activity", organiser},
		{"/api/events/" + ev.ID + "/appeals", scorer},
		{"/api/events/" + ev.ID + "/registrations", organiser},
		{"/api/teams/by-division/" + div, scorer},
		{"/api/mail-outbox/auth", s.Token},
		{"/api/mail-outbox/competition", s.Token},
		{"/api/mail-outbox/results", s.Token},
		{"/api/public/search?q=" + url.QueryEscape("Quaxley"), ""},
		{board, ""},
		{"/api/public/search?q=" + url.QueryEscape(zelda.Email), ""},
	}
	for _, r := range reads {
		got := s.Do(http.MethodGet, r.path, nil, r.token)
		body := strings.ToLower(string(got.Body))
		if got.Status != http.StatusOK && got.Status != http.StatusBadRequest {
			t.Errorf("GET %s: %d %s", r.path, got.Status, got.Body)
		}
		if strings.Contains(body, strings.ToLower(zelda.Email)) || strings.Contains(body, strings.ToLower(name)) || strings.Contains(body, "quaxley") {
			t.Errorf("GET %s still names the deleted athlete: %s", r.path, got.Body)
		}
	}
	// The histories say "Former athlete".
	if body := string(s.Do(http.MethodGet, queuePath, nil, scorer).Body); !strings.Contains(body, "Former athlete") {
		t.Errorf("the review queue after the deletion: %s", body)
	}
	if body := string(s.Do(http.MethodGet, "/api/results/"+sub.GetResultId()+"/history", nil, scorer).Body); !strings.Contains(body, "Former athlete") {
		t.Errorf("the result's history after the deletion: %s", body)
	}
}

// staffOfEvent creates a user with role on the event and signs them in.
func staffOfEvent(t *testing.T, s *stacktest.Stack, eventID, role string) string {
	t.Helper()
	username := "erasure-" + role
	var u struct{ ID string }
	s.Admin(http.MethodPost, "/api/users", map[string]any{"username": username, "password": username + "-passphrase", "role": role}).
		MustStatus(t, http.StatusOK).Decode(t, &u)
	s.Admin(http.MethodPut, "/api/events/"+eventID+"/access/"+u.ID, map[string]any{"role": role}).MustStatus(t, http.StatusOK)
	return s.Login(username, username+"-passphrase")
}

// columnsHolding lists the columns (schema.table.column: rows) of the services' schemas whose
// text holds the address or the name, whatever their case: a database dump without pg_dump.
func columnsHolding(t *testing.T, conn *pgx.Conn, email, name string) []string {
	t.Helper()
	ctx := context.Background()
	rows, err := conn.Query(ctx, `SELECT table_schema, table_name, column_name FROM information_schema.columns
		WHERE table_schema IN ('auth', 'competition', 'results')
		AND data_type IN ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY', 'bytea')
		AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema = columns.table_schema)
		ORDER BY 1, 2, 3`)
	if err != nil {
		t.Fatal(err)
	}
	type column struct{ schema, table, name string }
	cols, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (column, error) {
		var c column
		return c, r.Scan(&c.schema, &c.table, &c.name)
	})
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, c := range cols {
		q := fmt.Sprintf(`SELECT count(*) FROM %s.%s WHERE strpos(lower(%s::text), lower($1)) > 0 OR strpos(lower(%s::text), lower($2)) > 0`,
			pgx.Identifier{c.schema}.Sanitize(), pgx.Identifier{c.table}.Sanitize(), pgx.Identifier{c.name}.Sanitize(), pgx.Identifier{c.name}.Sanitize())
		var n int
		if err := conn.QueryRow(ctx, q, email, name).Scan(&n); err != nil {
			t.Fatalf("%s.%s.%s: %v", c.schema, c.table, c.name, err)
		}
		if n > 0 {
			found = append(found, fmt.Sprintf("%s.%s.%s: %d", c.schema, c.table, c.name, n))
		}
	}
	return found
}
