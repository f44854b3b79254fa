//go:build chaos

package chaos

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestChaosLoginWhileRedisIsDown stops Redis and guesses passwords (the
// limiter once let 200 guesses through in 17 s while Redis was down). auth-svc counts in its own
// memory meanwhile: after the limit every guess is refused with 429, the right password
// included; a spraying run from another address is stopped after the per-address limit. With
// Redis back, the administrator signs in from an address that did not guess.
// serial: it stops the world's Redis, which every scenario uses
func TestChaosLoginWhileRedisIsDown(t *testing.T) {
	sc := newScenario(t, "login-redis-down")
	s := newStack(t, "loginredis", stackOptions{env: map[string]string{
		"PODIUM_LOGIN_MAX_FAILURES":         "5",
		"PODIUM_LOGIN_MAX_ADDRESS_FAILURES": "20",
	}})
	c := newClient(sc)
	login := func(c *client, user, pass string) reply {
		return c.do(http.MethodPost, s.URL+"/api/auth/login", "", map[string]string{"username": user, "password": pass}, nil)
	}
	s.w.redis.stop()
	restarted := false
	defer func() {
		if !restarted {
			s.w.redis.start() //nolint:errcheck // best effort for the scenarios after this one
		}
	}()

	statuses := map[int]int{}
	for i := 0; i < 40; i++ {
		r := login(c, s.admin, fmt.Sprintf("guess-%d", i))
		statuses[r.status]++
		if r.status != http.StatusUnauthorized && r.status != http.StatusTooManyRequests {
			t.Errorf("guess %d: %s", i, r)
		}
	}
	sc.addHostile(40)
	if checked := statuses[http.StatusUnauthorized]; checked > 5 {
		t.Errorf("%d of 40 guesses were checked against the password while Redis was down (limit 5)", checked)
	}
	r := login(c, s.admin, adminPassword)
	if r.status != http.StatusTooManyRequests || !strings.Contains(r.message(), "try again in") {
		t.Errorf("right password after the limit, Redis down: want 429 saying when to retry, got %s", r)
	}

	sprayed := map[int]int{}
	if sprayer := newClientFrom(sc, "127.0.0.4"); login(sprayer, "probe-user", "x").err == nil {
		for u := 0; u < 30; u++ {
			sprayed[login(sprayer, fmt.Sprintf("user%02d", u), "Summer2026!").status]++
		}
		sc.addHostile(31)
		if sprayed[http.StatusTooManyRequests] == 0 {
			t.Errorf("spraying 30 usernames from one address was never limited while Redis was down: %v", sprayed)
		}
	}

	if err := s.w.redis.start(); err != nil {
		t.Fatalf("start redis again: %v", err)
	}
	restarted = true
	// The guessed address stays locked for its window (the counts of this process); the
	// administrator from its own address signs in.
	if admin := newClientFrom(sc, "127.0.0.5"); login(admin, "probe-user", "x").err == nil {
		if r := login(admin, s.admin, adminPassword); r.status != http.StatusOK {
			t.Errorf("sign-in from another address with Redis back: %s", r)
		}
	}
	sc.fault("Redis stopped: 40 guesses at one account → %v; 30-username spray from another address → %v", statuses, sprayed)
}
