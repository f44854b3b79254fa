//go:build chaos

package chaos

import (
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// athlete is a signed-up, verified, signed-in athlete of a chaos stack.
type athlete struct {
	ID, Email, Token string
}

// openEvent is a published event with one division open for registration (no waiting list)
// with settings (capacity, feeCents …).
func openEvent(t *testing.T, s *stack, c *client, name string, settings map[string]any) (*eventtest.Event, *competitionv1.Division) {
	t.Helper()
	built := eventtest.New(t, eventtest.API{URL: s.URL, Token: s.token}).Event(eventtest.Fields{
		"name": name, "dateFrom": "2026-12-01", "dateTo": "2026-12-02", "location": "Loopback Arena"})
	div := built.Division("RX Pairs", "")
	built.Transition("publish")
	body := map[string]any{"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339),
		"closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339), "currency": "EUR", "waitlist": false}
	for k, v := range settings {
		body[k] = v
	}
	c.must(t, http.MethodPut, s.URL+"/api/divisions/"+div.GetId()+"/registration", s.token, body)
	return built, div
}

// signUpAthletes signs n athletes up through the gateway, confirms each sign-up through the
// gateway with a link whose token it gives the pending sign-up in the database (the mail's own
// path is tested in auth-svc) and signs them in.
func signUpAthletes(t *testing.T, s *stack, c *client, prefix string, n int) []athlete {
	t.Helper()
	out := make([]athlete, n)
	for i := range out {
		email := fmt.Sprintf("%s-%03d@example.com", prefix, i+1)
		c.must(t, http.MethodPost, s.URL+"/api/athlete/sign-up", "", map[string]string{
			"email": email, "password": "chaos-athlete-password", "firstName": "Rush", "lastName": fmt.Sprintf("Athlete %03d", i+1)})
		token := fmt.Sprintf("chaos-link-%s-%03d-%d", prefix, i+1, time.Now().UnixNano())
		hash := sha256.Sum256([]byte(token))
		if _, err := s.db.Exec(context.Background(), `UPDATE auth.pending_signups SET token_hash = $2 WHERE lower(email) = $1`, email, hash[:]); err != nil {
			t.Fatalf("link for %s: %v", email, err)
		}
		c.must(t, http.MethodPost, s.URL+"/api/athlete/verify-email", "", map[string]string{"token": token})
		var id string
		if err := s.db.QueryRow(context.Background(), `SELECT id::text FROM auth.users WHERE lower(email) = $1`, email).Scan(&id); err != nil {
			t.Fatalf("confirm %s: %v", email, err)
		}
		var tok struct{ Token string }
		c.must(t, http.MethodPost, s.URL+"/api/athlete/sign-in", "", map[string]string{"email": email, "password": "chaos-athlete-password"}).decode(t, &tok)
		out[i] = athlete{ID: id, Email: email, Token: tok.Token}
	}
	return out
}

// TestChaosRegistrationRushDuringPostgresRestart: 40 athletes register at once for a division
// of 15 places (no waiting list) while PostgreSQL restarts. Each athlete retries a save that
// failed (503) until it gets an answer that decides: 200 (registered) or 409 (full, or already
// registered by a try whose answer was lost). The division never holds more than 15 places,
// each acknowledged registration is stored, no athlete holds two and no place is given twice.
// serial: it restarts the chaos cluster's PostgreSQL, which every neighbour uses
func TestChaosRegistrationRushDuringPostgresRestart(t *testing.T) {
	sc := newScenario(t, "registration-rush")
	s := newStack(t, "rush", stackOptions{env: map[string]string{"PODIUM_SIGNUP_MAX_PER_ADDRESS": "1000"}})
	const capacity, athletes = 15, 40
	setup := newClient(nil)
	built, div := openEvent(t, s, setup, "Rush Open", map[string]any{"capacity": capacity})
	people := signUpAthletes(t, s, setup, "rush", athletes)

	c := newClient(sc)
	var (
		mu        sync.Mutex
		acked     = map[string]string{} // athlete → registration id acknowledged
		full      int
		retried   int
		problems  []string
		start     = make(chan struct{})
		wg        sync.WaitGroup
		restarted = make(chan time.Duration, 1)
	)
	for i, a := range people {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			time.Sleep(time.Duration(i%20) * 25 * time.Millisecond) // a rush over half a second, twice
			for attempt := 0; attempt < 60; attempt++ {
				r := c.do(http.MethodPost, s.URL+"/api/registration/events/"+built.ID+"/registrations", a.Token,
					map[string]any{"divisionId": div.GetId(), "teamName": fmt.Sprintf("Rush %03d", i+1), "partnerEmail": ""}, nil)
				mu.Lock()
				switch {
				case r.err == nil && r.status == http.StatusOK:
					var reg struct{ ID string }
					r.decode(t, &reg)
					acked[a.ID] = reg.ID
					mu.Unlock()
					return
				case r.err == nil && r.status == http.StatusConflict:
					// The deliberate refusals: full, or registered by a try whose answer was lost
					// (checked against the database below).
					if m := r.message(); !strings.Contains(m, "is full: no places left") && !strings.Contains(m, "You are already registered") {
						problems = append(problems, "a refusal that is neither full nor already registered: "+r.String())
					}
					full++
					mu.Unlock()
					return
				case r.err == nil && r.status >= 500:
					if err := r.jsonError(); err != nil {
						problems = append(problems, err.Error())
					}
					retried++
				default:
					problems = append(problems, "unexpected answer: "+r.String())
					mu.Unlock()
					return
				}
				mu.Unlock()
				time.Sleep(200 * time.Millisecond)
			}
		}()
	}
	close(start)
	go func() {
		time.Sleep(150 * time.Millisecond)
		down, err := s.w.pg.restartFast(1500 * time.Millisecond)
		if err != nil {
			t.Errorf("restart postgres: %v", err)
		}
		restarted <- down
	}()
	wg.Wait()
	down := <-restarted
	sc.fault("PostgreSQL restarted (fast shutdown, down %.1f s) during a rush of %d registrations for %d places", down.Seconds(), athletes, capacity)

	// What is stored.
	type stored struct{ id, captain, state string }
	var regs []stored
	rows, err := s.db.Query(context.Background(), `SELECT id::text, captain_id::text, state FROM competition.registrations WHERE division_id = $1 AND holds_place`, div.GetId())
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var r stored
		if err := rows.Scan(&r.id, &r.captain, &r.state); err != nil {
			t.Fatal(err)
		}
		regs = append(regs, r)
	}
	rows.Close()
	var lost []string
	byCaptain := map[string]int{}
	byID := map[string]bool{}
	for _, r := range regs {
		byCaptain[r.captain]++
		byID[r.id] = true
	}
	if len(regs) > capacity {
		lost = append(lost, fmt.Sprintf("%d places held, capacity %d", len(regs), capacity))
	}
	for captain, n := range byCaptain {
		if n > 1 {
			lost = append(lost, fmt.Sprintf("athlete %s holds %d places", captain, n))
		}
	}
	storedOK := 0
	for athleteID, id := range acked {
		if byID[id] {
			storedOK++
		} else {
			lost = append(lost, fmt.Sprintf("registration %s of athlete %s acknowledged, not stored holding a place", id, athleteID))
		}
	}
	// Places the clients never saw acknowledged (the answer lost with the restart) belong to an
	// athlete whose retry was told "already registered".
	ambiguous := len(regs) - storedOK
	if len(regs) != capacity {
		t.Errorf("%d places held after a rush of %d for %d: a place was lost", len(regs), athletes, capacity)
	}
	sc.writes(len(acked), storedOK, ambiguous, lost)
	for _, p := range append(problems, lost...) {
		t.Error(p)
	}
	sc.setNote("%d registered (acknowledged), %d refused (409: full or already registered), %d saves retried after a 503; %d of %d places held, %d by a registration whose answer was lost",
		len(acked), full, retried, len(regs), capacity, ambiguous)
	t.Logf("rush: %d acked, %d refused, %d retried, %d places", len(acked), full, retried, len(regs))
}
