package replicas

import (
	"net/http"
	"testing"

	"github.com/podium-dev/podium/internal/eventtest"
)

// TestEndedSessionsAnswer401OnEveryGateway: logout, a password change and disabling the user
// each make the token answer 401 through both gateways, and through the public-svc of each
// replica, on the very next request: auth-svc answers only once every process's session cache
// has forgotten the session (docs/access.md, "A request").
func TestEndedSessionsAnswer401OnEveryGateway(t *testing.T) {
	t.Parallel()
	a, b, admin := startPair(t)
	login := func(username, password string) string {
		var out struct{ Token string }
		a.must(t, "POST", "/api/auth/login", "", map[string]string{"username": username, "password": password}, &out)
		return out.Token
	}
	var user struct{ ID string }
	a.must(t, "POST", "/api/users", admin, map[string]string{"username": "judge.one", "password": "first-long-passphrase", "role": "organiser"}, &user)

	// An event of the organiser's own, so the admin preview (served by each replica's
	// public-svc) answers it.
	token := login("judge.one", "first-long-passphrase")
	ev := eventtest.New(t, eventtest.API{URL: a.url, Token: token}).
		Event(eventtest.Fields{"name": "Revocation Games", "dateFrom": "2026-07-01", "dateTo": "2026-07-02", "status": "PUBLISHED"})
	div := ev.Division("Open", "")
	paths := []string{"/api/auth/me", "/api/events", "/api/events/" + ev.ID + "/divisions/" + div.GetId() + "/leaderboard"}

	expect := func(t *testing.T, token string, want int) {
		t.Helper()
		for name, r := range map[string]*replica{"A": a, "B": b} {
			for _, p := range paths {
				if status, body := r.do(t, "GET", p, token, nil); status != want {
					t.Errorf("gateway %s GET %s: %d, want %d: %s", name, p, status, want, body)
				}
			}
		}
	}

	t.Run("logout", func(t *testing.T) {
		expect(t, token, http.StatusOK) // both replicas have the session cached now
		b.must(t, "POST", "/api/auth/logout", token, nil, nil)
		expect(t, token, http.StatusUnauthorized)
	})

	var fresh string
	t.Run("password change", func(t *testing.T) {
		older := login("judge.one", "first-long-passphrase")
		other := login("judge.one", "first-long-passphrase")
		expect(t, older, http.StatusOK)
		expect(t, other, http.StatusOK)
		var out struct{ Token string }
		a.must(t, "POST", "/api/auth/password", older, map[string]string{"currentPassword": "first-long-passphrase", "newPassword": "second-long-passphrase"}, &out)
		fresh = out.Token
		expect(t, older, http.StatusUnauthorized)
		expect(t, other, http.StatusUnauthorized)
		expect(t, fresh, http.StatusOK)
	})

	t.Run("disable", func(t *testing.T) {
		expect(t, fresh, http.StatusOK)
		a.must(t, "PUT", "/api/users/"+user.ID, admin, map[string]any{"role": "organiser", "disabled": true}, nil)
		expect(t, fresh, http.StatusUnauthorized)
		if status, _ := a.do(t, "POST", "/api/auth/login", "", map[string]string{"username": "judge.one", "password": "second-long-passphrase"}); status != http.StatusUnauthorized {
			t.Errorf("a disabled user signs in: %d", status)
		}
	})
}
