package resultssvc

import (
	"context"
	"testing"
	"time"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/poll"
	"github.com/podium-dev/podium/results-svc/store"
)

// A save in a division above cellScoredInSaveMax teams writes and journals its own row alone:
// no other result of the cell is read into its answer or rewritten, and its history holds its
// own entry and no rescores. The cell scorer then places the whole cell as a rescore in the
// save would have, without marking the division's board for ranking.
func TestASaveInALargeDivisionTouchesOnlyItsRow(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	rx, fran := h.f.d["Rx"].GetId(), h.f.w["Fran"].GetId()
	// Fillers make Rx one team larger than a save rescores itself, each with a result in Fran
	// (200 s and slower) that no scoring has placed yet.
	if _, err := h.pool.Exec(ctx, `INSERT INTO competition.teams (event_id, division_id, name)
		SELECT $1, $2, 'Filler ' || g FROM generate_series(1, $3) g`, h.f.eventID(), rx, cellScoredInSaveMax-3); err != nil {
		t.Fatal(err)
	}
	if _, err := h.pool.Exec(ctx, `INSERT INTO results.results (event_id, division_id, team_id, workout_id, status, value)
		SELECT event_id, division_id, id, $2, 'completed', 200 + row_number() OVER (ORDER BY name)
		FROM competition.teams WHERE division_id = $1 AND name LIKE 'Filler %'`, rx, fran); err != nil {
		t.Fatal(err)
	}
	unplaced := func() int {
		var n int
		if err := h.pool.QueryRow(ctx, `SELECT count(*) FROM results.results WHERE workout_id = $1 AND place IS NULL`, fran).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	out, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{input(h, "Alpha", "Fran", 100)}})
	if err != nil {
		t.Fatal(err)
	}
	alpha := out.GetResults()[0]
	if alpha.GetRank() != nil {
		t.Errorf("the save's answer: rank %v, want none until the cell is scored", alpha.GetRank())
	}
	if n := unplaced(); n != cellScoredInSaveMax-2 {
		t.Errorf("%d results of the cell unplaced after the save, want all %d: the save rewrote others", n, cellScoredInSaveMax-2)
	}
	var entries, rescored int
	if err := h.pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE action = 'rescored')
		FROM results.result_history WHERE workout_id = $1`, fran).Scan(&entries, &rescored); err != nil {
		t.Fatal(err)
	}
	if entries != 1 || rescored != 0 {
		t.Errorf("history after the save: %d entries, %d rescored; want the save's own entry alone", entries, rescored)
	}

	boardGeneration := func() int64 {
		var g int64
		if err := h.pool.QueryRow(ctx, `SELECT generation FROM results.boards WHERE division_id = $1`, rx).Scan(&g); err != nil {
			t.Fatal(err)
		}
		return g
	}
	generation := boardGeneration()
	runCtx, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	go h.srv.svc.runCellScores(runCtx)
	poll.Until(t, 30*time.Second, "the cell scorer places the cell", func() bool { return unplaced() == 0 })
	got, err := h.srv.svc.store.Get(ctx, alpha.GetId().GetValue())
	if err != nil {
		t.Fatal(err)
	}
	// Places and points alone change no board (migrations/1002_boards_skip_scores.sql).
	if g := boardGeneration(); g != generation {
		t.Errorf("the scorer's passes marked Rx's board %d times, want none", g-generation)
	}
	if got.Place == nil || *got.Place != 1 {
		t.Errorf("Alpha's stored place %v, want 1 (fastest)", got.Place)
	}
	// What is stored is what a rescore of the whole cell gives.
	st, err := h.srv.svc.saveStructure(ctx, fran)
	if err != nil {
		t.Fatal(err)
	}
	scores, results, err := groupScores(ctx, h.srv.svc.store, st, store.Cell{WorkoutID: fran, DivisionID: rx})
	if err != nil {
		t.Fatal(err)
	}
	if placed, moved := movedScores(results, scores); len(placed)+len(moved) != 0 {
		t.Errorf("%d results stored with another place, points or division than the cell's scoring", len(placed)+len(moved))
	}
	poll.Until(t, 10*time.Second, "the cell is no longer due", func() bool {
		due, err := h.srv.svc.store.DueCells(ctx, 0, 10)
		return err == nil && len(due) == 0
	})
}
