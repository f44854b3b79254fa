package store

import (
	"context"
	"testing"

	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/pgtest"
)

// Places written before registration wrote accounts get their registration's captain and
// partner on places 1 and 2, except an erased athlete's; a team typed by hand keeps none.
func TestRosterAccountsMigrationBackfillsRegisteredTeams(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.NewPool(t, migrationsBefore(t, "1045"))
	q := func(query string, args ...any) string {
		t.Helper()
		var id string
		if err := pool.QueryRow(ctx, query, args...).Scan(&id); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		return id
	}
	ev := q(`INSERT INTO competition.events (name, date_from, date_to) VALUES ('Backfill Open', '2026-10-01', '2026-10-02') RETURNING id::text`)
	div := q(`INSERT INTO competition.divisions (event_id, name) VALUES ($1, 'RX Pairs') RETURNING id::text`, ev)
	team := func(name, a1, a2 string) string {
		return q(`INSERT INTO competition.teams (event_id, division_id, name, athlete1_name, athlete2_name)
			VALUES ($1, $2, $3, $4, $5) RETURNING id::text`, ev, div, name, a1, a2)
	}
	const captain, partner, other = "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222", "33333333-3333-4333-8333-333333333333"
	register := func(teamID, name, captainID, captainName, partnerID, partnerName, code string) {
		q(`INSERT INTO competition.registrations (event_id, division_id, team_name, state, holds_place, captain_id,
			captain_name, captain_email, partner_id, partner_name, invite_code, invite_expires_at, team_id)
			VALUES ($1, $2, $3, 'confirmed', true, $4, $5, 'c@example.com', $6, $7, $8, now(), $9) RETURNING id::text`,
			ev, div, name, captainID, captainName, partnerID, partnerName, code, teamID)
	}
	pair := team("Registered Pair", "Cat Captain", "Pia Partner")
	register(pair, "Registered Pair", captain, "Cat Captain", partner, "Pia Partner", "CODE1")
	erased := team("Erased Partner", "Oli Other", FormerAthlete)
	register(erased, "Erased Partner", other, "Oli Other", partner, FormerAthlete, "CODE2")
	byHand := team("Typed By Hand", "Ann", "Bea")
	// As the previous release left them: the trigger wrote the names, no account.
	if _, err := pool.Exec(ctx, `UPDATE competition.team_athletes SET athlete_id = NULL`); err != nil {
		t.Fatal(err)
	}

	if err := pg.Migrate(ctx, pool, Migrations); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	rosters, err := New(pool).Rosters(ctx, []string{pair, erased, byHand})
	if err != nil {
		t.Fatal(err)
	}
	accounts := func(team string) [2]string {
		var out [2]string
		for _, a := range rosters[team] {
			if a.Position <= 2 {
				out[a.Position-1] = a.AthleteID
			}
		}
		return out
	}
	for _, c := range []struct {
		team string
		want [2]string
	}{{pair, [2]string{captain, partner}}, {erased, [2]string{other, ""}}, {byHand, [2]string{"", ""}}} {
		if got := accounts(c.team); got != c.want {
			t.Errorf("team %s: accounts %v, want %v", c.team, got, c.want)
		}
	}
}
