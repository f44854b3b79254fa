package authsvc_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/stacktest"
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
	// The count lives in Redis: a second replica sees it too.
	key := "podium:login:failures:" + s.AdminUsername + "|127.0.0.1"
	if n, err := s.Redis.Get(t.Context(), key).Int(); err != nil || n <= s.Cfg.LoginMaxFailures {
		t.Fatalf("attempts in redis = %d, %v", n, err)
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
