//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"net/http"
	"syscall"
	"testing"
	"time"
)

// TestChaosSigtermDuringLargeBatch sends SIGTERM to results-svc while a 200-row batch save is
// on its way, at different moments, round after round. The batch either completes (graceful
// shutdown lets it finish; the client sees 200) or is rolled back entirely (the client sees an
// error) — the 200 rows are never partly written. results-svc exits cleanly each time and is
// started again.
// serial: it sends SIGTERM to results-svc at chosen moments of a batch, which a neighbour's load would move
func TestChaosSigtermDuringLargeBatch(t *testing.T) {
	sc := newScenario(t, "sigterm-batch")
	s := newStack(t, "term", stackOptions{})
	ev := buildEvent(t, s, eventSpec{name: "Shutdown Games", divisions: 2, teamsPerDiv: 100, workouts: 1, scoreType: "POINTS"})
	if len(ev.Teams) != 200 {
		t.Fatalf("%d teams", len(ev.Teams))
	}
	c := newClient(sc)

	// current returns the value all 200 rows hold (nil: none stored) or reports a mix.
	current := func() (*float64, string, bool) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		var n, distinct int
		var minV, maxV *float64
		err := s.db.QueryRow(ctx, `SELECT count(*), count(DISTINCT value), min(value), max(value)
			FROM results.results WHERE event_id = $1 AND workout_id = $2`, ev.ID, ev.Workouts[0]).Scan(&n, &distinct, &minV, &maxV)
		if err != nil {
			t.Fatalf("read batch rows: %v", err)
		}
		desc := fmt.Sprintf("%d rows, %d distinct values, min %s max %s", n, distinct, floatOrNull(minV), floatOrNull(maxV))
		switch {
		case n == 0:
			return nil, desc, true
		case n == 200 && distinct == 1:
			return minV, desc, true
		}
		return nil, desc, false
	}

	delays := []time.Duration{0, 2 * time.Millisecond, 5 * time.Millisecond, 10 * time.Millisecond, 15 * time.Millisecond,
		20 * time.Millisecond, 30 * time.Millisecond, 45 * time.Millisecond, 70 * time.Millisecond, 100 * time.Millisecond}
	var acked, stored, rolledBack, completedWithError int
	var prev *float64
	outcomes := map[string]int{}
	for round, delay := range delays {
		marker := float64(1000*(round+1)) + 0.5
		rows := make([]row, len(ev.Teams))
		for i, tm := range ev.Teams {
			rows[i] = row{TeamID: tm.ID, WorkoutID: ev.Workouts[0], Value: marker}
		}
		answer := make(chan reply, 1)
		go func() {
			answer <- c.post(s.URL+"/api/results/batch", s.token, map[string]any{"results": rows})
		}()
		time.Sleep(delay)
		proc := s.procs["results"]
		proc.signal(syscall.SIGTERM)
		r := <-answer
		if !proc.wait(40 * time.Second) {
			t.Fatalf("round %d: results-svc still running 40s after SIGTERM", round)
		}
		if code := proc.exitCode(); code != 0 {
			t.Errorf("round %d: results-svc exited with code %d after SIGTERM: %s", round, code, tail(proc.log, 1500))
		}
		got, desc, whole := current()
		switch {
		case !whole:
			t.Errorf("round %d (SIGTERM after %s): batch half-written: %s; client saw %s", round, delay, desc, r)
			outcomes["PARTIAL"]++
		case r.err == nil && r.status == http.StatusOK:
			acked += len(rows)
			if got != nil && *got == marker {
				stored += len(rows)
				outcomes["completed (200)"]++
			} else {
				t.Errorf("round %d: acknowledged batch %.1f not stored: %s", round, marker, desc)
			}
		default:
			if r.dur > hangAfter || r.err != nil {
				t.Errorf("round %d: the client got no timely answer: %s", round, r)
			} else if err := r.jsonError(); err != nil {
				t.Errorf("round %d: %v", round, err)
			}
			if got != nil && *got == marker {
				completedWithError++
				outcomes[fmt.Sprintf("committed, client saw %d", r.status)]++
			} else if equalPtr(got, prev) {
				rolledBack++
				outcomes[fmt.Sprintf("not applied, client saw %d", r.status)]++
			} else {
				t.Errorf("round %d: rows hold neither the old nor the new batch: %s", round, desc)
			}
		}
		prev, _, _ = current()
		s.restart("results")
		s.waitReady("gateway", 60*time.Second)
	}
	sc.faultN(len(delays), "%d× SIGTERM to results-svc 0–100 ms after a 200-row batch was sent, restarted each time", len(delays))
	// one last save after all the restarts
	final := make([]row, len(ev.Teams))
	for i, tm := range ev.Teams {
		final[i] = row{TeamID: tm.ID, WorkoutID: ev.Workouts[0], Value: 99999.5}
	}
	var r reply
	for attempt := 0; attempt < 20; attempt++ {
		if r = c.post(s.URL+"/api/results/batch", s.token, map[string]any{"results": final}); r.status == http.StatusOK {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	if r.status != http.StatusOK {
		t.Fatalf("save after the restarts: %s", r)
	}
	acked += len(final)
	if got, desc, whole := current(); whole && got != nil && *got == 99999.5 {
		stored += len(final)
	} else {
		t.Errorf("final batch not stored: %s", desc)
	}
	sc.writes(acked, stored, 0, nil)
	sc.setNote("outcomes: %v", outcomes)
	t.Logf("outcomes %v; acked %d stored %d; rolled back %d, committed with an error %d", outcomes, acked, stored, rolledBack, completedWithError)
}

func equalPtr(a, b *float64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}
