//go:build chaos

package chaos

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/platform/porttest"
)

// TestChaosLoginAbuse runs two gateways, each in front of its own auth-svc replica, sharing
// Redis: failed sign-ins through gateway A count on gateway B, and after the limit both
// answer 429 with a message that says when to try again. Then a distributed guessing run from
// another address (127.0.0.2) against many usernames — including the real admin's, and with
// X-Forwarded-For headers claiming to be the admin's address — does not lock the real admin
// out: it signs in through both gateways.
// serial: the chaos scenarios run one at a time, so that each meets only its own fault and load
func TestChaosLoginAbuse(t *testing.T) {
	sc := newScenario(t, "login-abuse")
	s := newStack(t, "login", stackOptions{env: map[string]string{
		"PODIUM_LOGIN_MAX_FAILURES": "5",
		"PODIUM_LOGIN_LOCKOUT":      "15m",
	}})
	// A second auth-svc replica and a second gateway in front of it.
	authB := porttest.Addr(t)
	s.start("auth-b", "auth", map[string]string{"PODIUM_GRPC_LISTEN": authB})
	s.start("gateway-b", "gateway", map[string]string{"PODIUM_AUTH_ADDR": authB})
	s.waitReady("gateway-b", 60*time.Second)
	gwA, gwB := s.urls["gateway"], s.urls["gateway-b"]
	s.runOnce("admin-create-victim", map[string]string{"PODIUM_ADMIN_PASSWORD": "victim-password-123"}, "admin", "create", "--username", "chaos-victim")

	c := newClient(sc)
	login := func(c *client, gw, user, pass string, headers map[string]string) reply {
		return c.do(http.MethodPost, gw+"/api/auth/login", "", map[string]string{"username": user, "password": pass}, headers)
	}

	t.Run("limit shared across replicas", func(t *testing.T) {
		for i, gw := range []string{gwA, gwB, gwA, gwB, gwA} {
			r := login(c, gw, "chaos-victim", fmt.Sprintf("wrong-%d", i), nil)
			if r.status != http.StatusUnauthorized {
				t.Fatalf("failure %d: %s", i+1, r)
			}
		}
		sc.addHostile(5)
		for _, x := range []struct{ gw, name, pass string }{
			{gwB, "gateway B, wrong password", "wrong-6"},
			{gwA, "gateway A, wrong password", "wrong-7"},
			{gwB, "gateway B, right password", "victim-password-123"},
		} {
			r := login(c, x.gw, "chaos-victim", x.pass, nil)
			if r.status != http.StatusTooManyRequests {
				t.Errorf("%s after 5 failures: want 429, got %s", x.name, r)
				continue
			}
			if msg := strings.ToLower(r.message()); !strings.Contains(msg, "try again in") {
				t.Errorf("%s: 429 message %q does not say when to try again", x.name, r.message())
			}
		}
		sc.addHostile(3)
		sc.fault("5 failed sign-ins spread over 2 gateways/auth replicas → 429 on both")
	})

	t.Run("guessing run does not lock out the admin", func(t *testing.T) {
		attacker := newClientFrom(sc, "127.0.0.2")
		if r := login(attacker, gwA, "probe-user", "x", nil); r.err != nil {
			t.Skipf("cannot send from 127.0.0.2 on this machine: %v", r.err)
		}
		type guess struct {
			gw, user string
			headers  map[string]string
		}
		var guesses []guess
		for u := 0; u < 50; u++ {
			for k := 0; k < 2; k++ {
				gw := gwA
				if (u+k)%2 == 1 {
					gw = gwB
				}
				guesses = append(guesses, guess{gw, fmt.Sprintf("user%02d", u), nil})
			}
		}
		spoofs := []map[string]string{
			{"X-Forwarded-For": "127.0.0.1"},
			{"X-Forwarded-For": "127.0.0.1, 127.0.0.1"},
			{"X-Real-Ip": "127.0.0.1"},
			{"Forwarded": "for=127.0.0.1"},
		}
		for k := 0; k < 12; k++ { // the real admin's name, from the attacker's address
			gw := gwA
			if k%2 == 1 {
				gw = gwB
			}
			guesses = append(guesses, guess{gw, s.admin, spoofs[k%len(spoofs)]})
		}
		var mu sync.Mutex
		statuses := map[int]int{}
		var problems []string
		var wg sync.WaitGroup
		next := make(chan guess)
		for g := 0; g < 4; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for gs := range next {
					r := login(attacker, gs.gw, gs.user, "Password1!", gs.headers)
					mu.Lock()
					statuses[r.status]++
					if r.err != nil || (r.status != http.StatusUnauthorized && r.status != http.StatusTooManyRequests) {
						problems = append(problems, r.String())
					}
					mu.Unlock()
				}
			}()
		}
		for _, gs := range guesses {
			next <- gs
		}
		close(next)
		waitOrTimeout(t, &wg, 5*time.Minute, "guessing run")
		sc.addHostile(len(guesses) + 1)
		for _, p := range dedupe(problems, 10) {
			t.Error(p)
		}
		if statuses[http.StatusTooManyRequests] == 0 {
			t.Errorf("the attacker's 12 guesses at the admin's name were never limited: %v", statuses)
		}
		// The attacker stays locked for the admin's name …
		if r := login(attacker, gwB, s.admin, adminPassword, nil); r.status != http.StatusTooManyRequests {
			t.Errorf("attacker address with the right password after 12 failures: want 429, got %s", r)
		}
		// … while the admin, from its own address, signs in through both gateways.
		for _, gw := range []string{gwA, gwB} {
			if r := login(c, gw, s.admin, adminPassword, nil); r.status != http.StatusOK {
				t.Errorf("real admin locked out by the guessing run: %s", r)
			}
		}
		sc.fault("distributed guessing run: %d sign-ins against 51 usernames from 127.0.0.2 (%v); the admin still signs in", len(guesses), statuses)
	})

	t.Run("parallel burst against one username", func(t *testing.T) {
		// 30 guesses at once from one address, split over both gateways: the limit is 5
		// failures, so at most 5 may be checked against the password.
		burst := newClientFrom(sc, "127.0.0.3")
		if r := login(burst, gwA, "probe-user", "x", nil); r.err != nil {
			t.Skipf("cannot send from 127.0.0.3 on this machine: %v", r.err)
		}
		const n = 30
		start := make(chan struct{})
		var mu sync.Mutex
		statuses := map[int]int{}
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				gw := gwA
				if i%2 == 1 {
					gw = gwB
				}
				<-start
				r := login(burst, gw, "chaos-victim-burst", fmt.Sprintf("guess-%d", i), nil)
				mu.Lock()
				statuses[r.status]++
				mu.Unlock()
			}()
		}
		close(start)
		waitOrTimeout(t, &wg, 3*time.Minute, "burst")
		sc.addHostile(n)
		checked := statuses[http.StatusUnauthorized]
		sc.fault("%d parallel guesses at one username: %d checked against the password, %d refused with 429", n, checked, statuses[http.StatusTooManyRequests])
		if checked > 5 {
			t.Errorf("%d of %d parallel guesses were checked against the password (limit 5)", checked, n)
		}
	})
}
