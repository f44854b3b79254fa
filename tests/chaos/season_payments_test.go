//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/platform/stripetest"
)

// TestChaosStripeWebhookRetriedWhileCompetitionDown: 8 teams wait for their payment; Stripe's
// checkout.session.completed webhooks (signed with the webhook secret, as Stripe does) arrive
// while competition-svc is down and are refused, so Stripe retries them: once it is back each
// event is delivered twice, the copies at the same moment, the events in shuffled order. Each
// payment is applied once: every team confirmed, one "paid" in the activity, one team, one
// stored Stripe event.
// serial: it kills its competition-svc while webhooks arrive and times their retries
func TestChaosStripeWebhookRetriedWhileCompetitionDown(t *testing.T) {
	sc := newScenario(t, "stripe-webhook")
	mock := stripetest.Start(t)
	env := mock.Env()
	env["PODIUM_SIGNUP_MAX_PER_ADDRESS"] = "1000"
	s := newStack(t, "stripe", stackOptions{env: env})
	const teams = 8
	setup := newClient(nil)
	built, div := openEvent(t, s, setup, "Paid Open", map[string]any{"capacity": teams, "feeCents": 4000})
	people := signUpAthletes(t, s, setup, "payer", 2*teams)
	regs := make([]string, teams)
	for i := range regs {
		captain, partner := people[2*i], people[2*i+1]
		var reg struct{ ID, ShareCode, State string }
		setup.must(t, http.MethodPost, s.URL+"/api/registration/events/"+built.ID+"/registrations", captain.Token,
			map[string]any{"divisionId": div.GetId(), "teamName": fmt.Sprintf("Payers %02d", i+1), "partnerEmail": partner.Email}).decode(t, &reg)
		setup.must(t, http.MethodPost, s.URL+"/api/registration/accept", partner.Token, map[string]string{"code": reg.ShareCode}).decode(t, &reg)
		if reg.State != "waiting_payment" {
			t.Fatalf("registration %d: state %q, want waiting_payment", i, reg.State)
		}
		regs[i] = reg.ID
	}

	c := newClient(sc)
	deliver := func(i int) reply {
		payload := stripetest.CheckoutCompleted(fmt.Sprintf("evt_chaos_%02d", i), regs[i], 4000, "eur", time.Now())
		return c.do(http.MethodPost, s.URL+"/api/payments/stripe/webhook", "", payload,
			map[string]string{"Stripe-Signature": stripetest.Sign(payload, stripetest.WebhookSecret, time.Now())})
	}

	// competition-svc down: every delivery refused, so Stripe will retry it.
	competition := s.procs["competition"]
	competition.signal(syscall.SIGKILL)
	competition.wait(10 * time.Second)
	refused := 0
	for i := range regs {
		r := deliver(i)
		if r.err != nil || r.status < 500 {
			t.Errorf("a webhook delivered while competition-svc is down was answered %s: Stripe would not retry it", r)
			continue
		}
		if err := r.jsonError(); err != nil {
			t.Error(err)
		}
		refused++
	}
	s.restart("competition")
	s.waitReady("gateway", 60*time.Second)
	sc.fault("competition-svc killed (SIGKILL) while %d webhooks arrived (all refused with 5xx), then started again", refused)

	// Stripe's retries: each event twice at once, the events shuffled.
	order := rand.Perm(teams)
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		applied = map[int]int{}
		answers []string
	)
	for _, i := range order {
		for copyN := 0; copyN < 2; copyN++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var r reply
				for attempt := 0; attempt < 20; attempt++ { // Stripe retries until it gets a 2xx
					if r = deliver(i); r.err == nil && r.status < 500 {
						break
					}
					time.Sleep(250 * time.Millisecond)
				}
				mu.Lock()
				defer mu.Unlock()
				var out struct{ Applied bool }
				if r.status != http.StatusOK {
					answers = append(answers, r.String())
					return
				}
				r.decode(t, &out)
				if out.Applied {
					applied[i]++
				}
			}()
		}
		time.Sleep(30 * time.Millisecond)
	}
	wg.Wait()
	sc.faultN(teams, "%d events each delivered twice at once, in shuffled order", teams)
	for _, a := range answers {
		t.Errorf("a retried webhook was not acknowledged: %s", a)
	}

	// Each payment applied once.
	ctx := context.Background()
	count := func(sql string, args ...any) int {
		var n int
		if err := s.db.QueryRow(ctx, sql, args...).Scan(&n); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return n
	}
	var lost []string
	once := 0
	for i, id := range regs {
		state := ""
		if err := s.db.QueryRow(ctx, `SELECT state FROM competition.registrations WHERE id = $1`, id).Scan(&state); err != nil {
			t.Fatal(err)
		}
		paid := count(`SELECT count(*) FROM competition.activity WHERE entity_id = $1 AND action = 'paid'`, id)
		switch {
		case state != "confirmed":
			lost = append(lost, fmt.Sprintf("registration %d: %s after its payment", i, state))
		case paid != 1 || applied[i] != 1:
			lost = append(lost, fmt.Sprintf("registration %d: paid %d times in the activity, %d deliveries answered applied", i, paid, applied[i]))
		default:
			once++
		}
	}
	if n := count(`SELECT count(*) FROM competition.teams WHERE division_id = $1`, div.GetId()); n != teams {
		lost = append(lost, fmt.Sprintf("%d teams for %d payments", n, teams))
	}
	if n := count(`SELECT count(*) FROM competition.stripe_events`); n != teams {
		lost = append(lost, fmt.Sprintf("%d Stripe events stored for %d", n, teams))
	}
	sc.writes(teams, once, 0, lost)
	for _, l := range lost {
		t.Error(l)
	}
	sc.setNote("%d webhooks refused while competition-svc was down; then %d deliveries (each event twice at once, shuffled): %d payments applied once each",
		refused, 2*teams, once)
}
