package resultssvc

import (
	"context"
	"testing"
	"time"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/poll"
)

// A deleted team and a team's move rescore only the cells the teams' results are in
// (docs/boards.md, "Saves at any size"): unplaced results elsewhere stay unplaced, where a
// rescore of the event (as before) placed every one of them.
func TestTeamDeletesAndMovesRescoreOnlyTheirCells(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	rx, scaled := h.f.d["Rx"].GetId(), h.f.d["Scaled"].GetId()
	fran, cindy := h.f.w["Fran"].GetId(), h.f.w["Cindy"].GetId()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := h.pool.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	count := func(sql string, args ...any) int {
		t.Helper()
		var n int
		if err := h.pool.QueryRow(ctx, sql, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	unplaced := func(workout, division string) int {
		return count(`SELECT count(*) FROM results.results WHERE workout_id = $1 AND division_id = $2 AND place IS NULL`, workout, division)
	}
	due := func(workout, division string) bool {
		return count(`SELECT count(*) FROM results.cells_due WHERE workout_id = $1 AND division_id = $2 AND due_since IS NOT NULL`, workout, division) == 1
	}
	// Fillers keep Rx larger than a save rescores itself, through the deletes and moves below,
	// each with an unplaced result in Fran.
	fillers := cellScoredInSaveMax + 5
	exec(`INSERT INTO competition.teams (event_id, division_id, name)
		SELECT $1, $2, 'Filler ' || g FROM generate_series(1, $3) g`, h.f.eventID(), rx, fillers)
	exec(`INSERT INTO results.results (event_id, division_id, team_id, workout_id, status, value)
		SELECT event_id, division_id, id, $2, 'completed', 200 + row_number() OVER (ORDER BY name)
		FROM competition.teams WHERE division_id = $1 AND name LIKE 'Filler %'`, rx, fran)
	if _, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{
		input(h, "Alpha", "Fran", 100), input(h, "Bravo", "Fran", 110), input(h, "Charlie", "Fran", 120),
	}}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{
		input(h, "Echo", "Fran", 100), input(h, "Foxtrot", "Fran", 110),
	}}); err != nil {
		t.Fatal(err)
	}
	// Foxtrot's Cindy is a cell no delete or move below touches: left unplaced on purpose.
	exec(`INSERT INTO results.results (event_id, division_id, team_id, workout_id, status, value)
		VALUES ($1, $2, $3, $4, 'completed', 50)`, h.f.eventID(), scaled, h.f.t["Foxtrot"].GetId(), cindy)
	exec(`DELETE FROM results.cells_due`)
	rxUnplaced := fillers + 3 // the fillers, Alpha, Bravo, Charlie: a save in Rx leaves places to the scorer
	if n := unplaced(fran, rx); n != rxUnplaced {
		t.Fatalf("%d unplaced in Fran Rx before, want %d", n, rxUnplaced)
	}
	untouched := func(step string, wantRx int) {
		t.Helper()
		if n := unplaced(fran, rx); n != wantRx {
			t.Errorf("%s: %d unplaced in Fran Rx, want %d: the large cell was rewritten in the change", step, n, wantRx)
		}
		if n := unplaced(cindy, scaled); n != 1 {
			t.Errorf("%s: Foxtrot's Cindy placed: a cell the change does not touch was rescored", step)
		}
		if n := count(`SELECT count(*) FROM competition.purge_outbox`); n != 0 {
			t.Errorf("%s: %d purges still queued", step, n)
		}
	}
	entries := h.historyCount()

	// Bravo (Rx, above the limit) is deleted: its result goes, the cell is left to the scorer.
	if _, err := h.comp.competition.DeleteTeam(testAdmin, &competitionv1.TeamRequest{Id: h.f.t["Bravo"].GetId()}); err != nil {
		t.Fatal(err)
	}
	untouched("Bravo deleted", rxUnplaced-1)
	if !due(fran, rx) {
		t.Error("Bravo deleted: Fran Rx not marked for the cell scorer")
	}
	if n := h.historyCount() - entries; n != 1 {
		t.Errorf("Bravo deleted: %d history entries, want the deletion's alone", n)
	}

	// Echo (Scaled, small) is deleted: its cell is rescored at once, Foxtrot first now.
	if _, err := h.comp.competition.DeleteTeam(testAdmin, &competitionv1.TeamRequest{Id: h.f.t["Echo"].GetId()}); err != nil {
		t.Fatal(err)
	}
	untouched("Echo deleted", rxUnplaced-1)
	if got := count(`SELECT coalesce(place, 0) FROM results.results WHERE workout_id = $1 AND team_id = $2`, fran, h.f.t["Foxtrot"].GetId()); got != 1 {
		t.Errorf("Echo deleted: Foxtrot's place in Fran %d, want 1", got)
	}
	if due(fran, scaled) {
		t.Error("Echo deleted: Fran Scaled left to the scorer, want it rescored in the change")
	}

	// Delta (no results) moves to Scaled: nothing to rescore.
	entries = h.historyCount()
	if _, err := h.comp.competition.UpdateTeam(testAdmin, &competitionv1.UpdateTeamRequest{
		Id: h.f.t["Delta"].GetId(), Name: "Delta", DivisionId: scaled}); err != nil {
		t.Fatal(err)
	}
	untouched("Delta moved", rxUnplaced-1)
	if n := h.historyCount() - entries; n != 0 {
		t.Errorf("Delta moved: %d history entries, want none", n)
	}

	// Charlie moves with its results deleted first: Charlie's row goes, nothing else is written.
	if _, err := h.comp.competition.UpdateTeam(testAdmin, &competitionv1.UpdateTeamRequest{
		Id: h.f.t["Charlie"].GetId(), Name: "Charlie", DivisionId: scaled, DeleteResults: true}); err != nil {
		t.Fatal(err)
	}
	untouched("Charlie moved", rxUnplaced-2)

	// A team that moved with a result (saved between the move's check and the move) takes it
	// along: both cells are marked, and the scorer brings the result to its new division.
	alpha := h.f.t["Alpha"].GetId()
	exec(`DELETE FROM results.cells_due`)
	exec(`UPDATE competition.teams SET division_id = $2 WHERE id = $1`, alpha, scaled)
	if _, err := h.srv.PurgeResults(ctx, &resultsv1.PurgeResultsRequest{EventId: h.f.eventID(), MovedTeamIds: []string{alpha}}); err != nil {
		t.Fatal(err)
	}
	if n := unplaced(fran, rx); n != rxUnplaced-2 {
		t.Errorf("Alpha moved: %d unplaced in Fran Rx, want %d", n, rxUnplaced-2)
	}
	if !due(fran, rx) || !due(fran, scaled) {
		t.Errorf("Alpha moved: Fran Rx due %v, Fran Scaled due %v; want both", due(fran, rx), due(fran, scaled))
	}
	exec(`DELETE FROM competition.purge_outbox`) // the move's own queued purge, delivered above by hand
	runCtx, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	go h.srv.svc.runCellScores(runCtx)
	poll.Until(t, 30*time.Second, "the scorer brings Alpha's result to Scaled", func() bool {
		return count(`SELECT count(*) FROM results.results WHERE team_id = $1 AND division_id = $2 AND place = 1`, alpha, scaled) == 1
	})
}
