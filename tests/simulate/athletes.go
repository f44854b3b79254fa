package main

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"golang.org/x/crypto/bcrypt"
)

// athletePassword is every simulated athlete's password.
const athletePassword = "simulated-athlete-passphrase"

// seedAthletes makes n confirmed athlete accounts directly in auth-svc's tables: sign-up's
// confirmation mails are not the day's load, and n sign-ups would meet the per-address limit.
// Their passwords are real bcrypt hashes of auth-svc's cost, so signing in costs what it does.
func seedAthletes(dbURL string, n int, run int64) []string {
	if n == 0 {
		return nil
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(athletePassword), bcrypt.DefaultCost)
	if err != nil {
		fatalf("athletes: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		fatalf("athletes: %v", err)
	}
	defer conn.Close(ctx)
	emails := make([]string, n)
	for i := range emails {
		emails[i] = fmt.Sprintf("athlete-%d-%04d@example.com", run, i)
	}
	_, err = conn.Exec(ctx, `WITH u AS (
			INSERT INTO auth.users (email, email_verified_at, password_hash, role)
			SELECT e, now(), $2, 'athlete' FROM unnest($1::text[]) AS e RETURNING id, email)
		INSERT INTO auth.athletes (user_id, first_name, last_name) SELECT id, 'Sim', email FROM u`, emails, string(hash))
	if err != nil {
		fatalf("athletes: %v", err)
	}
	return emails
}

// registrationLedger is every registration Podium acknowledged, to be found stored at the end.
type registrationLedger struct {
	mu       sync.Mutex
	created  map[string]string // registration id → division id
	accepted map[string]bool   // registration id → the partner's acceptance was acknowledged
}

// registering is the day's other door: athletes on their phones, in pairs, registering teams
// for the events' open division at a steady pace (-athlete-sign-ins). The captain signs in and
// registers; the partner signs in and accepts the share code.
type registering struct {
	url          string
	events       []*simEvent
	emails       []string
	firstClient  int
	signIns, reg *latencies
	ledger       *registrationLedger
}

// run registers a pair every 2/rate seconds (rate: athlete sign-ins a second), whatever the
// day's length, until the athletes run out or the day ends.
func (r *registering) run(ctx context.Context, rate float64, wg *sync.WaitGroup) {
	pairs := len(r.emails) / 2
	if pairs == 0 || rate <= 0 {
		return
	}
	every := time.Duration(2 / rate * float64(time.Second))
	wg.Add(1)
	go func() {
		defer wg.Done()
		var pairsWG sync.WaitGroup
		defer pairsWG.Wait()
		tick := time.NewTicker(every)
		defer tick.Stop()
		for k := range pairs {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			pairsWG.Add(1)
			go func() {
				defer pairsWG.Done()
				r.pair(ctx, k)
			}()
		}
	}()
}

// pair is one team's registration: two phones, two sign-ins, a registration and an acceptance.
func (r *registering) pair(ctx context.Context, k int) {
	e := r.events[k%len(r.events)]
	captain := r.signIn(ctx, 2*k)
	partner := r.signIn(ctx, 2*k+1)
	if captain.token == "" || partner.token == "" {
		return
	}
	var reg struct{ ID, ShareCode string }
	_, took, err := captain.call(ctx, http.MethodPost, "/api/registration/events/"+e.id+"/registrations", captain.token,
		map[string]any{"divisionId": e.registration, "teamName": fmt.Sprintf("Registered %04d", k)}, &reg)
	if !r.record(ctx, r.reg, took, err) {
		return
	}
	r.ledger.mu.Lock()
	r.ledger.created[reg.ID] = e.registration
	r.ledger.mu.Unlock()
	_, took, err = partner.call(ctx, http.MethodPost, "/api/registration/accept", partner.token, map[string]any{"code": reg.ShareCode}, nil)
	if r.record(ctx, r.reg, took, err) {
		r.ledger.mu.Lock()
		r.ledger.accepted[reg.ID] = true
		r.ledger.mu.Unlock()
	}
}

// signIn signs athlete i in from an address of its own; the zero judge (no token) on failure.
func (r *registering) signIn(ctx context.Context, i int) judge {
	c := api{url: r.url, client: newClient(r.firstClient+i, 1, 30*time.Second)}
	var out struct{ Token string }
	_, took, err := c.call(ctx, http.MethodPost, "/api/athlete/sign-in", "", map[string]string{"email": r.emails[i], "password": athletePassword}, &out)
	if !r.record(ctx, r.signIns, took, err) {
		return judge{}
	}
	return judge{api: c, token: out.Token}
}

// record files one request's latency; false when it failed (or the day ended under it).
func (r *registering) record(ctx context.Context, l *latencies, took time.Duration, err error) bool {
	switch {
	case ctx.Err() != nil:
		return false
	case err != nil:
		l.fail(took, shortErr(err))
		return false
	}
	l.ok(took)
	return true
}

// verifyRegistrations reads the day's registrations from PostgreSQL: every acknowledged one is
// stored, every acknowledged acceptance has its partner, and no division holds more places
// than it has.
func verifyRegistrations(dbURL string, events []*simEvent, capacity int, l *registrationLedger) (checked int, lost []string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		fatalf("verify: %v", err)
	}
	defer conn.Close(ctx)
	l.mu.Lock()
	defer l.mu.Unlock()
	divisions := make([]string, len(events))
	for i, e := range events {
		divisions[i] = e.registration
	}
	rows, err := conn.Query(ctx, `SELECT id::text, division_id::text, partner_id IS NOT NULL, holds_place
		FROM competition.registrations WHERE division_id::text = ANY($1)`, divisions)
	if err != nil {
		fatalf("verify: %v", err)
	}
	type stored struct{ partner, holds bool }
	found := map[string]stored{}
	held := map[string]int{}
	for rows.Next() {
		var id, division string
		var s stored
		if err := rows.Scan(&id, &division, &s.partner, &s.holds); err != nil {
			fatalf("verify: %v", err)
		}
		found[id] = s
		if s.holds {
			held[division]++
		}
	}
	if err := rows.Err(); err != nil {
		fatalf("verify: %v", err)
	}
	for id := range l.created {
		checked++
		s, ok := found[id]
		switch {
		case !ok:
			lost = append(lost, fmt.Sprintf("registration %s: acknowledged, not stored", id))
		case l.accepted[id] && !s.partner:
			lost = append(lost, fmt.Sprintf("registration %s: acceptance acknowledged, no partner stored", id))
		}
	}
	for division, n := range held {
		if n > capacity {
			lost = append(lost, fmt.Sprintf("division %s: %d places held of %d", division, n, capacity))
		}
	}
	return checked, lost
}
