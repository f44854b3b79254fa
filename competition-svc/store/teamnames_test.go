package store

import (
	"context"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/pgtest"
)

// migrationsBefore are the migrations named before prefix: the schema as it was.
func migrationsBefore(t *testing.T, prefix string) pg.Migrations {
	t.Helper()
	names, err := fs.Glob(Migrations.FS, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	old := fstest.MapFS{}
	for _, n := range names {
		if n < prefix {
			body, err := fs.ReadFile(Migrations.FS, n)
			if err != nil {
				t.Fatal(err)
			}
			old[n] = &fstest.MapFile{Data: body}
		}
	}
	return pg.Migrations{Schema: Migrations.Schema, FS: old}
}

// Teams that shared a name before names were unique keep it with a number, oldest first, and
// the event's activity says so; the migration does not fail on them.
func TestUniqueNamesMigrationRenumbersExistingTwins(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.NewPool(t, migrationsBefore(t, "0320"))
	f := &fx{ctx: ctx, s: New(pool), t: t}
	// The rows are written as SQL of that schema: the store's queries follow the newest one.
	insert := func(query string, args ...any) string {
		t.Helper()
		var id string
		if err := pool.QueryRow(ctx, query, args...).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	eventID := insert(`INSERT INTO competition.events (name, date_from, date_to) VALUES ('Open', '2026-01-01', '2026-01-02') RETURNING id::text`)
	elite := insert(`INSERT INTO competition.divisions (event_id, name) VALUES ($1, 'Elite') RETURNING id::text`, eventID)
	scaled := insert(`INSERT INTO competition.divisions (event_id, name) VALUES ($1, 'Scaled') RETURNING id::text`, eventID)
	for _, name := range []string{"Dup Team", "dup team", "Dup Team (2)", "Dûp  Team"} {
		insert(`INSERT INTO competition.teams (event_id, division_id, name) VALUES ($1, $2, $3) RETURNING id::text`, eventID, elite, name)
	}
	insert(`INSERT INTO competition.teams (event_id, division_id, name) VALUES ($1, $2, 'Dup Team') RETURNING id::text`, eventID, scaled)

	if err := pg.Migrate(ctx, pool, Migrations); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	var names []string
	for _, d := range []string{elite, scaled} {
		teams, err := f.s.ListDivisionTeams(ctx, d)
		if err != nil {
			t.Fatal(err)
		}
		for _, tm := range teams {
			names = append(names, tm.Name)
		}
	}
	if got, want := strings.Join(names, " | "), "Dup Team | Dup Team (2) | dup team (3) | Dûp  Team (4) | Dup Team"; got != want {
		t.Errorf("teams: %s, want %s", got, want)
	}
	var renames int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM competition.activity WHERE actor = 'system' AND summary LIKE 'Team % renamed to %: another team in Elite has the same name'`).Scan(&renames); err != nil {
		t.Fatal(err)
	}
	if renames != 2 {
		t.Errorf("%d renames in the activity, want 2", renames)
	}
	if _, err := f.s.CreateTeam(ctx, Team{EventID: eventID, DivisionID: elite, Name: "DUP TEAM"}); !IsTeamNameTaken(err) {
		t.Errorf("a twin after the migration: %v, want the unique index's refusal", err)
	}
}
