package resultssvc_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// TestDeletesFinishAfterResultsSvcFails: while results-svc cannot delete (a trigger in the
// database refuses its deletes), team and division deletes still succeed and leave result rows
// behind; once results-svc can delete again, the queued purges are retried and nothing is left.
func TestDeletesFinishAfterResultsSvcFails(t *testing.T) {
	s := stacktest.Start(t)
	requireWired(t, s)
	x := newSetup(t, s, "Orphan Open")
	x.Division("Rx", "", eventtest.Named("Alpha", "Bravo", "Charlie")...)
	x.Division("Scaled", "", eventtest.Named("Delta", "Echo")...)
	fran := x.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1)).GetId()
	var rows []map[string]any
	for i, team := range []string{"Rx/Alpha", "Rx/Bravo", "Rx/Charlie", "Scaled/Delta", "Scaled/Echo"} {
		rows = append(rows, map[string]any{"teamId": x.TeamID(team), "workoutId": fran, "resultValue": 300 + i})
	}
	s.Admin(http.MethodPost, "/api/results/batch", map[string]any{"results": rows}).MustStatus(t, http.StatusOK)

	ctx := context.Background()
	db, err := pgx.Connect(ctx, s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(ctx)
	exec := func(sql string) {
		t.Helper()
		if _, err := db.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	count := func(sql string) int {
		t.Helper()
		var n int
		if err := db.QueryRow(ctx, sql).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	exec(`CREATE FUNCTION public.refuse_results_delete() RETURNS trigger LANGUAGE plpgsql AS
		$$ BEGIN RAISE EXCEPTION 'results-svc cannot delete right now'; END $$`)
	exec(`CREATE TRIGGER refuse_delete BEFORE DELETE ON results.results FOR EACH ROW EXECUTE FUNCTION public.refuse_results_delete()`)

	s.Admin(http.MethodDelete, "/api/teams/"+x.TeamID("Rx/Alpha"), nil).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodDelete, "/api/divisions/"+x.DivisionID("Scaled"), nil).MustStatus(t, http.StatusOK)
	if n := count(stacktest.OrphanedResults); n != 3 {
		t.Fatalf("%d orphaned result rows while results-svc fails, want 3", n)
	}
	// Each delete tries its purge before it answers, unless the background delivery holds the
	// queued row at that moment (it skips locked rows): then that attempt ends a little later.
	failedPurges := `SELECT count(*) FROM competition.purge_outbox WHERE attempts > 0`
	for until := time.Now().Add(20 * time.Second); count(failedPurges) != 2; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(until) {
			t.Fatalf("%d failed purges queued, want 2", count(failedPurges))
		}
	}

	exec(`DROP TRIGGER refuse_delete ON results.results`)
	deadline := time.Now().Add(90 * time.Second) // retries back off up to a minute
	for count(stacktest.OrphanedResults)+count(`SELECT count(*) FROM competition.purge_outbox`) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("orphans left after results-svc recovered: %d rows, %d queued purges",
				count(stacktest.OrphanedResults), count(`SELECT count(*) FROM competition.purge_outbox`))
		}
		time.Sleep(200 * time.Millisecond)
	}
	if g := x.grid(t, "Fran", "Rx"); len(g.Rows) != 2 || g.Rows[0].TeamName != "Bravo" || g.Rows[1].TeamName != "Charlie" {
		t.Fatalf("grid after the purge: %s", gridRanks(g))
	}
}
