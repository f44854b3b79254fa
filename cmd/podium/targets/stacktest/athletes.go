package stacktest

import (
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"
)

// AthletePassword is the password of every athlete SignUpAthlete creates.
const AthletePassword = "athlete-test-passphrase"

// Athlete is a signed-in athlete account.
type Athlete struct {
	ID, Email, Token string
}

// SignUpAthlete signs an athlete up through /api, confirms the sign-up through /api with a
// link whose token it gives the pending sign-up directly in the database (the confirmation
// mail's own path is tested in auth-svc) and signs in. Each call makes a new account; the
// stack's sign-up limits allow 20 per test (PODIUM_SIGNUP_MAX_PER_ADDRESS).
func (s *Stack) SignUpAthlete(firstName, lastName string) Athlete {
	s.t.Helper()
	email := strings.ToLower(fmt.Sprintf("%s.%s-%s@example.com", firstName, lastName, randomSuffix()))
	email = strings.ReplaceAll(email, " ", "-")
	s.Do(http.MethodPost, "/api/athlete/sign-up", map[string]string{
		"email": email, "password": AthletePassword, "firstName": firstName, "lastName": lastName,
	}, "").MustStatus(s.t, http.StatusOK)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.DatabaseURL)
	if err != nil {
		s.t.Fatalf("stacktest: %v", err)
	}
	defer conn.Close(ctx)
	token := "stacktest-" + randomSuffix() + randomSuffix()
	hash := sha256.Sum256([]byte(token))
	if _, err := conn.Exec(ctx, `UPDATE auth.pending_signups SET token_hash = $2 WHERE lower(email) = $1`, email, hash[:]); err != nil {
		s.t.Fatalf("stacktest: link for %s: %v", email, err)
	}
	s.Do(http.MethodPost, "/api/athlete/verify-email", map[string]string{"token": token}, "").MustStatus(s.t, http.StatusOK)
	var id string
	if err := conn.QueryRow(ctx, `SELECT id::text FROM auth.users WHERE lower(email) = $1`, email).Scan(&id); err != nil {
		s.t.Fatalf("stacktest: confirm %s: %v", email, err)
	}
	return Athlete{ID: id, Email: email, Token: s.SignInAthlete(email, AthletePassword)}
}

// SignInAthlete signs an athlete in and returns the token.
func (s *Stack) SignInAthlete(email, password string) string {
	s.t.Helper()
	resp := s.Do(http.MethodPost, "/api/athlete/sign-in", map[string]string{"email": email, "password": password}, "")
	if resp.Status != http.StatusOK {
		s.t.Fatalf("stacktest: athlete sign-in %s: %d %s", email, resp.Status, resp.Body)
	}
	var out struct{ Token string }
	resp.Decode(s.t, &out)
	return out.Token
}
