package authsvc_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/crypto/bcrypt"

	authsvc "github.com/podium-dev/podium/auth-svc"
	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/internal/poll"
)

// What an attacker can learn from time and make the server spend (docs/access.md, "Athletes").

// useCases is auth-svc on a fresh database, without its workers, with bcrypt's default cost.
func useCases(t *testing.T) (*authsvc.Server, *pgxpool.Pool) {
	t.Helper()
	pool := pgtest.NewPool(t, authsvc.Migrations)
	limits := authsvc.LoginLimits{PerPair: 5, PerAddress: 20, PerUsername: 50, Lockout: time.Minute, Global: 600, GlobalWindow: time.Minute}
	rdb := pgtest.NewRedis(t)
	return authsvc.New(authsvc.Deps{
		Pool: pool, Redis: rdb, Namespace: pgtest.Namespace(t, rdb), LoginLimits: limits, SignUpLimits: limits,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), PublicURL: "https://podium.test",
	}), pool
}

func count(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestALinkRequestDoesTheSameWorkForEveryAddress: asking for a reset or a confirmation link
// does exactly the same for an athlete's address and an unknown one (it queues the request),
// so no answer takes longer for either; the link worker then mails the athlete alone.
func TestALinkRequestDoesTheSameWorkForEveryAddress(t *testing.T) {
	t.Parallel()
	srv, pool := useCases(t)
	ctx := context.Background()
	const known, unknown = "known.athlete@example.com", "nobody.here@example.com"
	if _, err := pool.Exec(ctx, `WITH u AS (INSERT INTO auth.users (email, email_verified_at, password_hash, role)
		VALUES ($1, now(), 'x', 'athlete') RETURNING id) INSERT INTO auth.athletes (user_id, first_name, last_name) SELECT id, 'Kim', 'Known' FROM u`, known); err != nil {
		t.Fatal(err)
	}
	type effects struct{ requests, tokens, mails int }
	now := func() effects {
		return effects{count(t, pool, `SELECT count(*) FROM auth.link_requests`), count(t, pool, `SELECT count(*) FROM auth.email_tokens`),
			count(t, pool, `SELECT count(*) FROM auth.mail_outbox`)}
	}
	for _, ask := range []struct {
		name string
		call func(email string) error
	}{
		{"reset", func(email string) error {
			_, err := srv.RequestPasswordReset(ctx, &authv1.RequestPasswordResetRequest{Email: email})
			return err
		}},
		{"confirmation", func(email string) error {
			_, err := srv.ResendVerification(ctx, &authv1.ResendVerificationRequest{Email: email})
			return err
		}},
	} {
		var deltas []effects
		for _, email := range []string{known, unknown} {
			before := now()
			if err := ask.call(email); err != nil {
				t.Fatalf("%s for %s: %v", ask.name, email, err)
			}
			after := now()
			deltas = append(deltas, effects{after.requests - before.requests, after.tokens - before.tokens, after.mails - before.mails})
		}
		if deltas[0] != deltas[1] || deltas[0] != (effects{requests: 1}) {
			t.Fatalf("%s: an athlete's address did %+v, an unknown one %+v; both must only queue the request", ask.name, deltas[0], deltas[1])
		}
	}

	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	go srv.RunLinkRequests(runCtx)
	poll.Until(t, 10*time.Second, "the queued requests answered", func() bool {
		return count(t, pool, `SELECT count(*) FROM auth.link_requests`) == 0
	})
	if n := count(t, pool, `SELECT count(*) FROM auth.mail_outbox WHERE to_address = $1 AND subject = 'Reset your Podium password'`, known); n != 1 {
		t.Fatalf("%d reset mails to the athlete", n)
	}
	if n := count(t, pool, `SELECT count(*) FROM auth.mail_outbox`); n != 1 {
		t.Fatalf("%d mails, want the one reset mail", n)
	}
}

// TestAJunkResetLinkCostsNoHashing: a made-up reset link is refused before the new password
// is hashed, so a flood of them costs a lookup each, not a bcrypt hash.
func TestAJunkResetLinkCostsNoHashing(t *testing.T) {
	t.Parallel()
	srv, _ := useCases(t)
	ctx := context.Background()
	hashing := time.Hour
	for range 3 {
		start := time.Now()
		if _, err := bcrypt.GenerateFromPassword([]byte("a-long-new-passphrase"), bcrypt.DefaultCost); err != nil {
			t.Fatal(err)
		}
		hashing = min(hashing, time.Since(start))
	}
	junk := time.Hour
	for i := range 5 {
		start := time.Now()
		_, err := srv.ResetPassword(ctx, &authv1.ResetPasswordRequest{Token: "made-up-token-" + string(rune('a'+i)), Password: "a-long-new-passphrase"})
		if err == nil {
			t.Fatal("a made-up link was accepted")
		}
		junk = min(junk, time.Since(start))
	}
	if junk > hashing/3 {
		t.Fatalf("a made-up link took %v at best; one hash takes %v: it was hashed", junk, hashing)
	}
}

// TestLinkUsesAreLimited: made-up links from one client address are refused with 429 once
// they pass the sign-in limits (per address; per link and address).
func TestLinkUsesAreLimited(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	confirm := func(token string) int {
		return s.Do(http.MethodPost, "/api/athlete/password-reset/confirm", map[string]string{"token": token, "password": "a-long-new-passphrase"}, "").Status
	}
	for i := range s.Cfg.LoginMaxFailures {
		if st := confirm("the-same-junk"); st != http.StatusBadRequest {
			t.Fatalf("junk link %d: %d", i, st)
		}
	}
	if st := confirm("the-same-junk"); st != http.StatusTooManyRequests {
		t.Fatalf("a link tried past the limit: %d", st)
	}
	limited := false
	for i := range s.Cfg.LoginMaxAddressFailures {
		if confirm("other-junk-"+string(rune('a'+i))) == http.StatusTooManyRequests {
			limited = true
		}
	}
	if !limited {
		t.Fatalf("%d made-up links from one address, none refused", s.Cfg.LoginMaxAddressFailures+s.Cfg.LoginMaxFailures)
	}
	if st := s.Do(http.MethodPost, "/api/athlete/verify-email", map[string]string{"token": "yet-another-junk"}, "").Status; st != http.StatusTooManyRequests {
		t.Fatalf("a confirmation link from the limited address: %d", st)
	}
}

// TestPasswordChecksBehindASessionHaveTheSignInLimits: deleting an account and changing a
// password check the password like signing in, in the same counters, athletes and staff.
func TestPasswordChecksBehindASessionHaveTheSignInLimits(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)

	t.Run("athlete deleting their account", func(t *testing.T) {
		a := s.SignUpAthlete("Gus", "Guesser")
		del := func(password string) *stacktest.Response {
			return s.Do(http.MethodPost, "/api/athlete/account/delete", map[string]string{"password": password}, a.Token)
		}
		for range s.Cfg.LoginMaxFailures {
			del("wrong-guess-here").MustStatus(t, http.StatusBadRequest)
		}
		del(stacktest.AthletePassword).MustStatus(t, http.StatusTooManyRequests)
		// The same counters as signing in.
		s.Do(http.MethodPost, "/api/athlete/sign-in", map[string]string{"email": a.Email, "password": stacktest.AthletePassword}, "").
			MustStatus(t, http.StatusTooManyRequests)
		s.Do(http.MethodGet, "/api/athlete/profile", nil, a.Token).MustStatus(t, http.StatusOK)
	})

	t.Run("staff changing their password", func(t *testing.T) {
		s.Admin(http.MethodPost, "/api/users", map[string]string{"username": "guessing.scorer", "password": "scorer-passphrase-1", "role": "scorer"}).
			MustStatus(t, http.StatusOK)
		var login struct{ Token string }
		s.Do(http.MethodPost, "/api/auth/login", map[string]string{"username": "guessing.scorer", "password": "scorer-passphrase-1"}, "").
			MustStatus(t, http.StatusOK).Decode(t, &login)
		change := func(current string) *stacktest.Response {
			return s.Do(http.MethodPost, "/api/auth/password", map[string]string{"currentPassword": current, "newPassword": "scorer-passphrase-2"}, login.Token)
		}
		for range s.Cfg.LoginMaxFailures {
			if r := change("wrong-guess-here"); r.Status != http.StatusBadRequest || field(t, r) != "currentPassword" {
				t.Fatalf("wrong current password: %d %s", r.Status, r.Body)
			}
		}
		change("scorer-passphrase-1").MustStatus(t, http.StatusTooManyRequests)
		s.Do(http.MethodPost, "/api/auth/login", map[string]string{"username": "guessing.scorer", "password": "scorer-passphrase-1"}, "").
			MustStatus(t, http.StatusTooManyRequests)
	})
}
