//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
)

// TestChaosDeletesWhileResultsRestarts deletes teams, divisions and a draft event while
// results-svc is killed and restarted (result rows used to stay behind). Every delete that
// answered 200 is committed; once results-svc is back, the queued purges are delivered and the
// reconcile check finds no result without its team, workout or event. Team and division
// deletes read whether a team holds published results from the counts results-svc records in
// competition-svc (docs/architecture.md, "Calls between services"), so they need no
// results-svc and go through while it is down, as a draft event's delete does.
// serial: it kills and restarts results-svc under load; the chaos scenarios run one at a time, so that each meets only its own fault
func TestChaosDeletesWhileResultsRestarts(t *testing.T) {
	sc := newScenario(t, "orphan-reconcile")
	s := newStack(t, "orphans", stackOptions{})
	setup := newClient(nil)
	ev := buildEvent(t, s, eventSpec{name: "Orphan Games", divisions: 4, teamsPerDiv: 6, workouts: 2, scoreType: "REPS"})
	draft := buildEvent(t, s, eventSpec{name: "Draft Games", divisions: 1, teamsPerDiv: 4, workouts: 1, scoreType: "REPS"})
	for _, e := range []event{ev, draft} {
		var rows []row
		for i, tm := range e.Teams {
			for _, w := range e.Workouts {
				rows = append(rows, row{TeamID: tm.ID, WorkoutID: w, Value: float64(10 + i)})
			}
		}
		setup.must(t, http.MethodPost, s.URL+"/api/results/batch", s.token, map[string]any{"results": rows})
	}

	ctx := context.Background()
	count := func(sql string) int {
		var n int
		if err := s.db.QueryRow(ctx, sql).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	c := newClient(sc)
	var mu sync.Mutex
	statuses := map[string]map[int]int{"team": {}, "division": {}, "event": {}}
	del := func(kind, path string) {
		r := c.do(http.MethodDelete, s.URL+path, s.token, nil, nil)
		mu.Lock()
		statuses[kind][r.status]++
		mu.Unlock()
		if r.status != http.StatusOK {
			t.Errorf("delete %s: %s", path, r)
		}
	}

	// Team deletes run through the whole fault (their lock check reads competition-svc's own
	// counts); a division and the draft event are deleted while it is down, another division
	// after it is back.
	results := s.procs["results"]
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for _, tm := range ev.Teams[:12] { // divisions 1 and 2
			del("team", "/api/teams/"+tm.ID)
			time.Sleep(400 * time.Millisecond)
		}
	}()
	time.Sleep(time.Second)
	results.signal(syscall.SIGKILL)
	if !results.wait(10 * time.Second) {
		t.Fatal("results-svc did not die from SIGKILL")
	}
	killedAt := time.Now()
	del("division", "/api/divisions/"+ev.Divisions[2])
	del("event", "/api/events/"+draft.ID)
	orphans := count(stacktest.OrphanedResults) // left behind while results-svc is down
	var keptDivision int
	if err := s.db.QueryRow(ctx, `SELECT count(*) FROM competition.divisions WHERE id = $1`, ev.Divisions[2]).Scan(&keptDivision); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	s.restart("results")
	s.waitReady("gateway", 30*time.Second)
	restartedAt := time.Now()
	del("division", "/api/divisions/"+ev.Divisions[3])
	waitOrTimeout(t, &wg, 2*time.Minute, "team deletes")

	var reconciled time.Duration
	for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(250 * time.Millisecond) {
		left, queued := count(stacktest.OrphanedResults), count(`SELECT count(*) FROM competition.purge_outbox`)
		if left == 0 && queued == 0 {
			reconciled = time.Since(restartedAt)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("reconcile: %d orphaned results and %d queued purges 90 s after results-svc came back", left, queued)
		}
	}
	sc.fault("results-svc SIGKILL for %s while deleting teams %v, divisions %v, a draft event %v; %d orphaned results while it was down, none %s after the restart",
		restartedAt.Sub(killedAt).Round(100*time.Millisecond), statuses["team"], statuses["division"], statuses["event"],
		orphans, reconciled.Round(100*time.Millisecond))
	if orphans == 0 {
		t.Errorf("no result rows were left behind while results-svc was down: the fault did not bite")
	}
	if statuses["event"][http.StatusOK] != 1 {
		t.Errorf("a draft event's delete needs no results-svc and must succeed while it is down: %v", statuses)
	}
	if statuses["team"][http.StatusOK] != 12 {
		t.Errorf("team deletes need no results-svc and must succeed while it is down: %v", statuses)
	}
	if statuses["division"][http.StatusOK] != 2 || keptDivision != 0 {
		t.Errorf("a division delete needs no results-svc and must succeed while it is down (kept: %d), and after: %v", keptDivision, statuses)
	}
	t.Logf("%s", fmt.Sprint(statuses))
}
