package store

import (
	"context"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/results-svc/scoring/fixture"
	resultsstore "github.com/podium-dev/podium/results-svc/store"
)

// The roster migration over a copy of real data, both replayed championships with every
// result, plus pairs made from registrations (one partner erased): every team keeps its names
// in the roster's places 1 and 2, with the registration's accounts; no result changes; and a
// write of the previous release (the two name columns only) still reaches the roster.
func TestRosterMigrationKeepsEveryNameAndResult(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.NewPool(t, migrationsBefore(t, "0940"), resultsstore.Migrations)
	q := func(query string, args ...any) string {
		t.Helper()
		var id string
		if err := pool.QueryRow(ctx, query, args...).Scan(&id); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		return id
	}
	newEvent := func(name string) string {
		return q(`INSERT INTO competition.events (name, date_from, date_to) VALUES ($1, '2023-10-01', '2023-10-03') RETURNING id::text`, name)
	}
	division := func(eventID, name string) string {
		return q(`INSERT INTO competition.divisions (event_id, name) VALUES ($1, $2) RETURNING id::text`, eventID, name)
	}
	team := func(eventID, divisionID, name, a1, a2 string) string {
		return q(`INSERT INTO competition.teams (event_id, division_id, name, athlete1_name, athlete2_name)
			VALUES ($1, $2, $3, $4, $5) RETURNING id::text`, eventID, divisionID, name, a1, a2)
	}

	// The iF3 championship: individuals, their names in the first place, every result.
	if3, err := fixture.Load()
	if err != nil {
		t.Fatal(err)
	}
	e := newEvent("iF3 Masters World Championships 2023")
	workouts := map[string]string{}
	results := 0
	for _, d := range if3 {
		div := division(e, d.Meta.Division)
		for _, w := range d.Workouts {
			if _, ok := workouts[w.ID]; !ok {
				workouts[w.ID] = q(`INSERT INTO competition.workouts (event_id, name, score_type, workout_order)
					VALUES ($1, $2, $3, $4) RETURNING id::text`, e, w.Name+" "+w.ID, w.ScoreType, w.Order)
			}
		}
		teams := map[string]string{}
		for _, tm := range d.Teams {
			teams[tm.ID] = team(e, div, tm.Name, tm.Name, "")
		}
		for _, r := range d.Results {
			var value *float64
			var reps *int
			switch {
			case r.Status == "capped":
				n := int(*r.Reps)
				reps = &n
			case r.Status != "completed":
			case r.TimeSeconds != nil:
				value = r.TimeSeconds
			case r.Reps != nil:
				value = r.Reps
			default:
				value = r.WeightLb
			}
			q(`INSERT INTO results.results (event_id, division_id, team_id, workout_id, status, value, capped_reps, place, points, is_published)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true) RETURNING id::text`,
				e, div, teams[r.TeamID], workouts[r.WorkoutID], r.Status, value, reps, r.Published.Rank, r.Published.Points)
			results++
		}
	}
	// The 2016 Regional, as pairs of the same athletes (first and second name), to cover both places.
	regionals, err := fixture.LoadRegionals2016()
	if err != nil {
		t.Fatal(err)
	}
	r := newEvent("2016 California Regional")
	men := division(r, "Men")
	for i := 0; i+1 < len(regionals); i += 2 {
		team(r, men, fmt.Sprintf("Pair %d", i/2+1), regionals[i].Name, regionals[i+1].Name)
	}
	team(r, men, "Second only", "", "Late Partner")

	// Pairs from registrations: accounts kept, an erased partner's account left out.
	captain, partner := "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"
	for i, p := range []struct{ partnerName, partnerID string }{{"Pat Partner", partner}, {FormerAthlete, "33333333-3333-4333-8333-333333333333"}} {
		name := fmt.Sprintf("Registered %d", i+1)
		tm := team(r, men, name, "Cat Captain", p.partnerName)
		q(`INSERT INTO competition.registrations (event_id, division_id, team_name, state, holds_place, captain_id,
			captain_name, captain_email, partner_id, partner_name, invite_code, invite_expires_at, team_id)
			VALUES ($1, $2, $3, 'confirmed', true, $4, 'Cat Captain', 'cat@example.com', $5, $6, $7, now(), $8) RETURNING id::text`,
			r, men, name, captain, p.partnerID, p.partnerName, fmt.Sprintf("CODE%d", i), tm)
	}

	before := snapshot(ctx, t, pool)
	if err := pg.Migrate(ctx, pool, Migrations); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	if after := snapshot(ctx, t, pool); after != before {
		t.Errorf("results changed by the migration:\n before %s\n after  %s", before, after)
	}

	// Every team: the roster's places 1 and 2 are the two names, nothing more.
	type old struct{ id, name, a1, a2 string }
	rows, err := pool.Query(ctx, `SELECT id::text, name, athlete1_name, athlete2_name FROM competition.teams`)
	if err != nil {
		t.Fatal(err)
	}
	var teams []old
	var ids []string
	for rows.Next() {
		var o old
		if err := rows.Scan(&o.id, &o.name, &o.a1, &o.a2); err != nil {
			t.Fatal(err)
		}
		teams = append(teams, o)
		ids = append(ids, o.id)
	}
	rows.Close()
	s := New(pool)
	rosters, err := s.Rosters(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	compared, expected := 0, 0
	for _, o := range teams {
		want := map[int]string{}
		if o.a1 != "" {
			want[1] = o.a1
		}
		if o.a2 != "" {
			want[2] = o.a2
		}
		expected += len(want)
		got := rosters[o.id]
		if len(got) != len(want) {
			t.Errorf("%s: roster %v, want %v", o.name, got, want)
			continue
		}
		for _, a := range got {
			if want[a.Position] != a.Name {
				t.Errorf("%s place %d: %q, want %q", o.name, a.Position, a.Name, want[a.Position])
			}
			compared++
		}
		if got[0].Captain != true {
			t.Errorf("%s: the first athlete is not the captain: %v", o.name, got)
		}
	}
	if compared != expected || len(regionals) != 38 || results < 1000 {
		t.Errorf("%d names compared of %d (%d athletes of the Regional, %d results)", compared, expected, len(regionals), results)
	}

	reg, err := s.ListDivisionTeams(ctx, men)
	if err != nil {
		t.Fatal(err)
	}
	for _, tm := range reg {
		roster := rosters[tm.ID]
		switch tm.Name {
		case "Registered 1":
			if roster[0].AthleteID != captain || roster[1].AthleteID != partner {
				t.Errorf("registered pair's accounts: %+v", roster)
			}
		case "Registered 2":
			if roster[0].AthleteID != captain || roster[1].AthleteID != "" {
				t.Errorf("an erased partner keeps an account: %+v", roster)
			}
		}
	}

	// The previous release writes only the two columns: the roster follows.
	rules, err := s.DivisionRosterRules(ctx, men)
	if err != nil || rules.TeamSize != 2 || rules.Substitutes != 0 {
		t.Errorf("a division from before: %+v, %v; want pairs without substitutes", rules, err)
	}
	old1 := team(r, men, "Written by the previous release", "Ann", "Bea")
	if _, err := pool.Exec(ctx, `UPDATE competition.teams SET athlete1_name = 'Ann B', athlete2_name = '' WHERE id = $1`, old1); err != nil {
		t.Fatal(err)
	}
	after, err := s.Rosters(ctx, []string{old1})
	if err != nil {
		t.Fatal(err)
	}
	if got := after[old1]; len(got) != 1 || got[0].Name != "Ann B" || !got[0].Captain {
		t.Errorf("roster after the previous release's write: %+v", got)
	}
}

// snapshot is a digest of every result row.
func snapshot(ctx context.Context, t *testing.T, pool *pgxpool.Pool) string {
	t.Helper()
	var n int
	var digest string
	if err := pool.QueryRow(ctx, `SELECT count(*), coalesce(md5(string_agg(
		concat_ws('|', id, team_id, workout_id, status, value, capped_reps, place, points, is_published), ',' ORDER BY id)), '')
		FROM results.results`).Scan(&n, &digest); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d rows %s", n, digest)
}
