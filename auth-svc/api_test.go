package authsvc_test

import (
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/cache"
)

func TestLoginThroughTheGateway(t *testing.T) {
	s := stacktest.Start(t)

	t.Run("success returns token, username and expiry", func(t *testing.T) {
		resp := s.Do(http.MethodPost, "/api/auth/login", map[string]string{"username": s.AdminUsername, "password": stacktest.AdminPassword}, "")
		resp.MustStatus(t, http.StatusOK)
		var body struct{ Token, Username, ExpiresAt string }
		resp.Decode(t, &body)
		if body.Username != s.AdminUsername || body.Token == "" {
			t.Fatalf("body = %s", resp.Body)
		}
		expires, err := time.Parse(time.RFC3339, body.ExpiresAt)
		if err != nil || time.Until(expires) < time.Hour {
			t.Fatalf("expiresAt %q: %v", body.ExpiresAt, err)
		}
		if _, err := authn.NewVerifier(s.Keys.Public, s.Cfg.JWTIssuer, s.Cfg.JWTAudience).Verify(body.Token); err != nil {
			t.Fatalf("token does not verify: %v", err)
		}
	})

	t.Run("wrong password is 401 with a message", func(t *testing.T) {
		resp := s.Do(http.MethodPost, "/api/auth/login", map[string]string{"username": s.AdminUsername, "password": "wrong-password"}, "")
		resp.MustStatus(t, http.StatusUnauthorized)
		if resp.Message() != "Invalid credentials. Please try again." {
			t.Fatalf("message = %q", resp.Message())
		}
	})

	t.Run("missing fields are 400", func(t *testing.T) {
		resp := s.Do(http.MethodPost, "/api/auth/login", map[string]string{"username": "  "}, "")
		resp.MustStatus(t, http.StatusBadRequest)
		if resp.Message() != "Please enter both username and password" {
			t.Fatalf("message = %q", resp.Message())
		}
	})
}

func TestRepeatedFailuresLockOutWith429(t *testing.T) {
	s := stacktest.Start(t)
	login := func(password string) *stacktest.Response {
		return s.Do(http.MethodPost, "/api/auth/login", map[string]string{"username": s.AdminUsername, "password": password}, "")
	}
	for i := 0; i < s.Cfg.LoginMaxFailures; i++ {
		login("wrong-password").MustStatus(t, http.StatusUnauthorized)
	}
	resp := login(stacktest.AdminPassword) // even the right password waits out the lockout
	resp.MustStatus(t, http.StatusTooManyRequests)
	if !strings.Contains(resp.Message(), "try again in 15 minutes") {
		t.Fatalf("message does not say when to retry: %q", resp.Message())
	}
	// The counts live in Redis (a second replica sees them too), under hashed keys of a fixed
	// size that never hold the username or the address.
	keys, err := s.Redis.Keys(t.Context(), limiterKeys(s)).Result()
	if err != nil {
		t.Fatal(err)
	}
	counted := false
	for _, k := range keys {
		if strings.Contains(k, s.AdminUsername) || strings.Contains(k, "127.0.0.1") || len(k) > 80 {
			t.Errorf("limiter key %q holds the input", k)
		}
		if n, _ := s.Redis.Get(t.Context(), k).Int(); n > s.Cfg.LoginMaxFailures {
			counted = true
		}
	}
	if !counted {
		t.Fatalf("no counter over the limit in Redis among %d keys", len(keys))
	}
}

func TestParallelGuessesCannotOutrunTheLimit(t *testing.T) {
	s := stacktest.Start(t)
	const guesses = 20
	statuses := make(chan int, guesses)
	var wg sync.WaitGroup
	for i := 0; i < guesses; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses <- s.Do(http.MethodPost, "/api/auth/login", map[string]string{"username": s.AdminUsername, "password": "guess"}, "").Status
		}()
	}
	wg.Wait()
	close(statuses)
	checked := 0
	for st := range statuses {
		if st == http.StatusUnauthorized {
			checked++
		}
	}
	if checked > s.Cfg.LoginMaxFailures {
		t.Fatalf("%d of %d parallel guesses were checked against the password; the limit is %d", checked, guesses, s.Cfg.LoginMaxFailures)
	}
}

func TestAdminRoutesRefuseBadTokens(t *testing.T) {
	s := stacktest.Start(t)
	other, _ := authn.GenerateKeys()
	now := time.Now()
	expired, _, _ := authn.NewIssuer(s.Keys.Private, s.Cfg.JWTIssuer, s.Cfg.JWTAudience, time.Minute).Issue(s.AdminUsername, now.Add(-2*time.Hour))
	foreign, _, _ := authn.NewIssuer(other.Private, s.Cfg.JWTIssuer, s.Cfg.JWTAudience, time.Hour).Issue(s.AdminUsername, now)
	wrongAudience, _, _ := authn.NewIssuer(s.Keys.Private, s.Cfg.JWTIssuer, "someone-else", time.Hour).Issue(s.AdminUsername, now)

	for name, token := range map[string]string{"no token": "", "expired": expired, "another key": foreign, "wrong audience": wrongAudience} {
		t.Run(name, func(t *testing.T) {
			resp := s.Do(http.MethodGet, "/api/events", nil, token)
			resp.MustStatus(t, http.StatusUnauthorized)
			if resp.Message() == "" {
				t.Fatal("401 without a message")
			}
		})
	}
}

func TestUnknownRoutesAnswerJSON(t *testing.T) {
	s := stacktest.Start(t)
	resp := s.Do(http.MethodGet, "/api/no-such-thing", nil, "")
	resp.MustStatus(t, http.StatusNotFound)
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" || resp.Message() == "" {
		t.Fatalf("404 body %q (%s)", resp.Body, ct)
	}
	resp = s.Do(http.MethodDelete, "/api/auth/login", nil, "")
	resp.MustStatus(t, http.StatusMethodNotAllowed)
	if resp.Message() == "" {
		t.Fatalf("405 body %q", resp.Body)
	}
}

// TestLockoutFollowsTheClientBehindTrustedProxies: behind the CDN or ingress every request
// comes from the proxy's address. With the proxy trusted, an attacker's failures lock only the
// attacker's own address, and the administrator signs in from another; a client that forges
// X-Forwarded-For without passing a trusted proxy is still counted by its own address.
func TestLockoutFollowsTheClientBehindTrustedProxies(t *testing.T) {
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_TRUSTED_PROXIES": "127.0.0.1/32"}})
	from := func(addr, password string) *stacktest.Response {
		return s.DoWithHeaders(http.MethodPost, "/api/auth/login", map[string]string{"username": s.AdminUsername, "password": password}, "",
			map[string]string{"X-Forwarded-For": addr})
	}
	for i := 0; i <= s.Cfg.LoginMaxFailures; i++ {
		from("203.0.113.66", "wrong-password")
	}
	from("203.0.113.66", stacktest.AdminPassword).MustStatus(t, http.StatusTooManyRequests)
	from("198.51.100.20", stacktest.AdminPassword).MustStatus(t, http.StatusOK)

	direct := stacktest.Start(t) // no trusted proxies: the header is the client's own text
	for i := 0; i <= direct.Cfg.LoginMaxFailures; i++ {
		direct.DoWithHeaders(http.MethodPost, "/api/auth/login", map[string]string{"username": direct.AdminUsername, "password": "wrong-password"}, "",
			map[string]string{"X-Forwarded-For": fmt.Sprintf("203.0.113.%d", i)})
	}
	direct.Do(http.MethodPost, "/api/auth/login", map[string]string{"username": direct.AdminUsername, "password": stacktest.AdminPassword}, "").
		MustStatus(t, http.StatusTooManyRequests)
}

func login(s *stacktest.Stack, username, password, from string) *stacktest.Response {
	return s.DoWithHeaders(http.MethodPost, "/api/auth/login", map[string]string{"username": username, "password": password}, "",
		map[string]string{"X-Forwarded-For": from})
}

// TestPasswordSprayingIsLimitedPerAddress: one address trying one password at many usernames
// is stopped after the per-address limit, with a message that says when
// to try again; another address is not affected.
func TestPasswordSprayingIsLimitedPerAddress(t *testing.T) {
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_TRUSTED_PROXIES": "127.0.0.1/32"}})
	limit := s.Cfg.LoginMaxAddressFailures
	for i := 0; i < limit; i++ {
		login(s, fmt.Sprintf("user%02d", i), "Summer2026!", "203.0.113.5").MustStatus(t, http.StatusUnauthorized)
	}
	resp := login(s, "user-next", "Summer2026!", "203.0.113.5").MustStatus(t, http.StatusTooManyRequests)
	if !strings.Contains(resp.Message(), "try again in 15 minutes") {
		t.Fatalf("message %q", resp.Message())
	}
	login(s, s.AdminUsername, stacktest.AdminPassword, "203.0.113.5").MustStatus(t, http.StatusTooManyRequests)
	login(s, s.AdminUsername, stacktest.AdminPassword, "198.51.100.5").MustStatus(t, http.StatusOK)
}

// TestGuessingFromManyAddressesIsLimitedPerUsername: a guessing run against one account spread
// over many addresses locks that account (for everyone, the right password included) after
// the per-username limit; other accounts sign in.
func TestGuessingFromManyAddressesIsLimitedPerUsername(t *testing.T) {
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{
		"PODIUM_TRUSTED_PROXIES": "127.0.0.1/32", "PODIUM_LOGIN_MAX_USERNAME_FAILURES": "8",
	}})
	for i := 0; i < 8; i++ {
		login(s, s.AdminUsername, "guess", fmt.Sprintf("203.0.113.%d", 10+i)).MustStatus(t, http.StatusUnauthorized)
	}
	login(s, s.AdminUsername, stacktest.AdminPassword, "198.51.100.9").MustStatus(t, http.StatusTooManyRequests)
	login(s, "someone-else", "guess", "198.51.100.9").MustStatus(t, http.StatusUnauthorized)
}

// TestGlobalLimitStopsAFloodFromEverywhere: failures from ever new addresses at ever new
// usernames pass every per-client limit; the global one stops them.
func TestGlobalLimitStopsAFloodFromEverywhere(t *testing.T) {
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{
		"PODIUM_TRUSTED_PROXIES": "127.0.0.1/32", "PODIUM_LOGIN_MAX_GLOBAL_FAILURES": "6",
	}})
	for i := 0; i < 6; i++ {
		login(s, fmt.Sprintf("user%02d", i), "guess", fmt.Sprintf("203.0.113.%d", 20+i)).MustStatus(t, http.StatusUnauthorized)
	}
	resp := login(s, "user-next", "guess", "203.0.113.99").MustStatus(t, http.StatusTooManyRequests)
	if !strings.Contains(resp.Message(), "try again in") {
		t.Fatalf("message %q", resp.Message())
	}
}

// TestOversizedSignInInputIsRefusedBeforeCounting: a long username or password
// is a 400 naming the field, and nothing is written to Redis for it.
func TestOversizedSignInInputIsRefusedBeforeCounting(t *testing.T) {
	s := stacktest.Start(t)
	before, _ := s.Redis.Keys(t.Context(), limiterKeys(s)).Result()
	for field, body := range map[string]map[string]string{
		"username": {"username": strings.Repeat("u", 10_000), "password": "x"},
		"password": {"username": s.AdminUsername, "password": strings.Repeat("p", 10_000)},
	} {
		resp := s.Do(http.MethodPost, "/api/auth/login", body, "").MustStatus(t, http.StatusBadRequest)
		if !strings.Contains(resp.Message(), "at most") || !strings.Contains(string(resp.Body), field) {
			t.Errorf("%s: %s", field, resp.Body)
		}
	}
	after, _ := s.Redis.Keys(t.Context(), limiterKeys(s)).Result()
	if len(after) != len(before) {
		t.Fatalf("limiter keys written for refused input: %d → %d", len(before), len(after))
	}
}

// TestLimitsHoldWhileRedisIsDown: with Redis unreachable the limiter counts in the process
// (it used to let every guess through): after the limit even the right
// password waits.
func TestLimitsHoldWhileRedisIsDown(t *testing.T) {
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_REDIS_URL": "redis://" + closedAddr(t) + "/0"}})
	for i := 0; i < s.Cfg.LoginMaxFailures; i++ {
		s.Do(http.MethodPost, "/api/auth/login", map[string]string{"username": s.AdminUsername, "password": "guess"}, "").
			MustStatus(t, http.StatusUnauthorized)
	}
	resp := s.Do(http.MethodPost, "/api/auth/login", map[string]string{"username": s.AdminUsername, "password": stacktest.AdminPassword}, "")
	resp.MustStatus(t, http.StatusTooManyRequests)
	if !strings.Contains(resp.Message(), "try again in 15 minutes") {
		t.Fatalf("message %q", resp.Message())
	}
}

// limiterKeys matches the sign-in counters of the stack's deployment.
func limiterKeys(s *stacktest.Stack) string {
	return "podium:login:" + cache.Namespace(s.DatabaseURL, s.Redis) + ":*"
}

// closedAddr is a loopback address nothing listens on.
func closedAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}
