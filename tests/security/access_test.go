package security

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// TestEveryAdminRouteRefusesBadTokens walks every admin route of the contract with no token,
// an expired token, a token signed by another key and one for another audience: each is 401,
// and the database is unchanged afterwards.
func TestEveryAdminRouteRefusesBadTokens(t *testing.T) {
	t.Parallel()
	routes, err := Routes()
	if err != nil {
		t.Fatal(err)
	}
	s := stacktest.Start(t)
	// Real ids, so a route that skipped the check would find something to change.
	ev := s.Events(t).Event(eventtest.Fields{"name": "Guarded Games", "dateFrom": "2026-06-01", "dateTo": "2026-06-02"})
	before := snapshot(t, s)

	other, _ := authn.GenerateKeys()
	now := time.Now()
	expired, _, _ := authn.NewIssuer(s.Keys.Private, s.Cfg.JWTIssuer, s.Cfg.JWTAudience, time.Minute).Issue(s.AdminUsername, now.Add(-time.Hour))
	foreignKey, _, _ := authn.NewIssuer(other.Private, s.Cfg.JWTIssuer, s.Cfg.JWTAudience, time.Hour).Issue(s.AdminUsername, now)
	wrongAudience, _, _ := authn.NewIssuer(s.Keys.Private, s.Cfg.JWTIssuer, "another-app", time.Hour).Issue(s.AdminUsername, now)
	tokens := map[string]string{"no token": "", "expired": expired, "another key": foreignKey, "wrong audience": wrongAudience}

	admin := 0
	for _, r := range routes {
		if r.Public() {
			continue
		}
		admin++
		for _, id := range []string{ev.ID, uuid.NewString()} {
			path := r.WithIDs(id)
			for name, token := range tokens {
				body := any(nil)
				if r.Method == http.MethodPost || r.Method == http.MethodPut {
					body = map[string]any{"name": "Hijacked", "eventId": ev.ID, "resultIds": []string{id}}
				}
				resp := s.Do(r.Method, path, body, token)
				if resp.Status != http.StatusUnauthorized {
					t.Errorf("%s %s with %s: status %d, want 401: %s", r.Method, path, name, resp.Status, resp.Body)
				}
			}
		}
	}
	if admin < 40 {
		t.Fatalf("only %d admin routes found in proto/http.yaml", admin)
	}
	t.Logf("%d admin routes × 2 ids × %d bad tokens refused", admin, len(tokens))
	if after := snapshot(t, s); after != before {
		t.Fatalf("database changed:\nbefore %s\nafter  %s", before, after)
	}
}

// connect opens a connection to the stack's database; the caller closes it (the machine's
// connections are few: a test calling this in a loop must not hold them all).
func connect(t *testing.T, s *stacktest.Stack) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	return conn
}

// snapshot summarises every table the admin API can change.
func snapshot(t *testing.T, s *stacktest.Stack) string {
	t.Helper()
	ctx := context.Background()
	conn := connect(t, s)
	defer conn.Close(ctx)
	var out string
	// Every row of every table a call could change, hashed per table.
	tables := []string{"competition.events", "competition.divisions", "competition.teams", "competition.workouts",
		"competition.event_grants", "competition.heats", "competition.heat_lanes", "competition.registration_settings",
		"competition.registrations", "competition.registration_athletes", "competition.team_checkins",
		"competition.series", "competition.series_divisions", "competition.series_events", "competition.series_division_map",
		"competition.series_grants", "results.results", "results.submissions", "results.submission_reviews", "results.appeals", "results.appeal_windows", "auth.users", "auth.sessions", "auth.athletes", "auth.email_tokens",
		"auth.pending_signups", "auth.link_requests", "auth.mail_link_readings", "competition.mail_link_readings"}
	parts := make([]string, len(tables))
	for i, table := range tables {
		parts[i] = `(SELECT count(*) || ':' || md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM ` + table + ` t)`
	}
	err := conn.QueryRow(ctx, `SELECT concat_ws(' ', `+strings.Join(parts, ", ")+`)`).Scan(&out)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
