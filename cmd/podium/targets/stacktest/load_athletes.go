package stacktest

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/authn"
)

// AthletesForLoad makes n signed-in athletes directly in the database (a verified address, a
// profile and one session each) for concurrency tests: n sign-ups through /api would cost n
// password hashes and meet the sign-up limits. Their accounts have no usable password; their
// tokens are real and go through the same session check as any other.
func (s *Stack) AthletesForLoad(n int) []Athlete {
	s.t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.DatabaseURL)
	if err != nil {
		s.t.Fatalf("stacktest: %v", err)
	}
	defer conn.Close(ctx)
	issuer := authn.NewIssuer(s.Keys.Private, s.Cfg.JWTIssuer, s.Cfg.JWTAudience, time.Hour)
	suffix := strings.ToLower(randomSuffix())
	out := make([]Athlete, n)
	for i := range out {
		email := fmt.Sprintf("load-%d-%s@example.com", i, suffix)
		var id, session string
		err := conn.QueryRow(ctx, `WITH u AS (INSERT INTO auth.users (email, email_verified_at, password_hash, role)
				VALUES ($1, now(), '!', 'athlete') RETURNING id),
			a AS (INSERT INTO auth.athletes (user_id, first_name, last_name) SELECT id, 'Load', $2 FROM u)
			INSERT INTO auth.sessions (user_id, expires_at) SELECT id, now() + interval '1 hour' FROM u
			RETURNING user_id::text, id::text`, email, fmt.Sprint("Athlete ", i)).Scan(&id, &session)
		if err != nil {
			s.t.Fatalf("stacktest: load athlete %d: %v", i, err)
		}
		token, _, err := issuer.Issue(session, time.Now())
		if err != nil {
			s.t.Fatalf("stacktest: token: %v", err)
		}
		out[i] = Athlete{ID: id, Email: email, Token: token}
	}
	return out
}
