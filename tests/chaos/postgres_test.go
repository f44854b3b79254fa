//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// TestChaosPostgresRestartDuringSaves restarts PostgreSQL (fast shutdown) twice while three
// admins save result batches. Every batch writes the same marker value into 6 rows that span
// two workouts, so a half-written batch cannot hide. Each worker owns its groups of rows, so
// after every answer it can read the group back from the database:
//   - a 200 must be stored with exactly its values;
//   - a failure must be an error status with a JSON message, within the deadline, and the
//     group must be whole: all rows old or all rows the new marker (the latter is an
//     ambiguous outcome: committed, but the client saw the error);
//   - saves succeed again after each restart without restarting Podium.
//
// serial: it restarts the world's PostgreSQL, which every scenario uses
func TestChaosPostgresRestartDuringSaves(t *testing.T) {
	sc := newScenario(t, "postgres-restart")
	s := newStack(t, "pg", stackOptions{})
	ev := buildEvent(t, s, eventSpec{name: "Restart Games", divisions: 1, teamsPerDiv: 60, workouts: 12, scoreType: "POINTS"})

	// 20 team triples × 6 workout pairs = 120 groups of 6 rows (2 cells each).
	type group struct{ keys [][2]string }
	var groups []group
	for tri := 0; tri < 20; tri++ {
		for pair := 0; pair < 6; pair++ {
			var g group
			for _, tm := range ev.Teams[tri*3 : tri*3+3] {
				for _, w := range ev.Workouts[pair*2 : pair*2+2] {
					g.keys = append(g.keys, [2]string{tm.ID, w})
				}
			}
			groups = append(groups, g)
		}
	}

	const workers = 3
	const maxAttempts = 40
	var (
		seq        atomic.Int64 // marker sequence
		ackedBatch atomic.Int64
		mu         sync.Mutex
		problems   []string
		acked      int // rows acknowledged
		stored     int // acknowledged rows read back with exactly their values
		ambiguous  int
		failures   = map[string]int{}
		restarts   []time.Time
		ackedAfter = map[int]int{} // acked batches after restart i
	)
	problem := func(format string, args ...any) {
		mu.Lock()
		problems = append(problems, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	// lose records a problem with the data itself (lost, changed, half-written, doubled).
	var lost []string
	lose := func(format string, args ...any) {
		mu.Lock()
		lost = append(lost, fmt.Sprintf(format, args...))
		problems = append(problems, fmt.Sprintf(format, args...))
		mu.Unlock()
	}

	// readGroup reads a group's rows from the database (retrying while it restarts) and
	// returns the value every row holds: ok=false when the rows differ (half-written).
	readGroup := func(g group) (value *float64, uniform bool, desc string) {
		deadline := time.Now().Add(90 * time.Second)
		for {
			vals, err := func() ([]*float64, error) {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				out := make([]*float64, 0, len(g.keys))
				for _, k := range g.keys {
					rows, err := s.db.Query(ctx, `SELECT value FROM results.results WHERE team_id = $1 AND workout_id = $2`, k[0], k[1])
					if err != nil {
						return nil, err
					}
					var vs []*float64
					for rows.Next() {
						var v *float64
						if err := rows.Scan(&v); err != nil {
							rows.Close()
							return nil, err
						}
						vs = append(vs, v)
					}
					rows.Close()
					if err := rows.Err(); err != nil {
						return nil, err
					}
					switch len(vs) {
					case 0:
						out = append(out, nil)
					case 1:
						if vs[0] == nil {
							return nil, fmt.Errorf("row %v has no value", k)
						}
						out = append(out, vs[0])
					default:
						lose("duplicate rows for team %s workout %s: %d", k[0], k[1], len(vs))
						out = append(out, vs[0])
					}
				}
				return out, nil
			}()
			if err == nil {
				first := vals[0]
				desc = ""
				uniform = true
				for _, v := range vals {
					desc += floatOrNull(v) + " "
					if (v == nil) != (first == nil) || v != nil && *v != *first {
						uniform = false
					}
				}
				return first, uniform, desc
			}
			if time.Now().After(deadline) {
				problem("could not read back a group for 90s: %v", err)
				return nil, false, err.Error()
			}
			time.Sleep(300 * time.Millisecond)
		}
	}

	stopLoad := make(chan struct{})
	var loadWG sync.WaitGroup
	c := newClient(sc)

	// Light read load next to the writers: the grid and the event list.
	loadWG.Add(1)
	go func() {
		defer loadWG.Done()
		for i := 0; i < 600; i++ {
			select {
			case <-stopLoad:
				return
			default:
			}
			var r reply
			if i%2 == 0 {
				r = c.get(fmt.Sprintf("%s/api/events/%s/results?workoutId=%s", s.URL, ev.ID, ev.Workouts[i%len(ev.Workouts)]), s.token)
			} else {
				r = c.get(s.URL+"/api/events", s.token)
			}
			checkFailure(r, problem)
			time.Sleep(50 * time.Millisecond)
		}
	}()

	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for gi := w; gi < len(groups); gi += workers {
				g := groups[gi]
				for phase := 0; phase < 2; phase++ { // insert, then overwrite
					done := false
					for attempt := 0; attempt < maxAttempts && !done; attempt++ {
						marker := float64(seq.Add(1)) + 0.25
						rows := make([]row, len(g.keys))
						for i, k := range g.keys {
							rows[i] = row{TeamID: k[0], WorkoutID: k[1], Value: marker}
						}
						r := c.post(s.URL+"/api/results/batch", s.token, map[string]any{"results": rows})
						value, uniform, desc := readGroup(g)
						switch {
						case r.err == nil && r.status == http.StatusOK:
							resp := &resultsv1.BatchSaveResultsResponse{}
							if err := protojson.Unmarshal(r.body, resp); err != nil || len(resp.Results) != len(rows) {
								problem("batch acknowledged with a body that does not list its %d rows: %s", len(rows), r)
							}
							mu.Lock()
							acked += len(rows)
							if uniform && value != nil && *value == marker {
								stored += len(rows)
							} else {
								lost = append(lost, fmt.Sprintf("acknowledged batch %.2f not stored as sent: rows hold %s", marker, desc))
								problems = append(problems, lost[len(lost)-1])
							}
							ackedAfter[len(restarts)]++
							mu.Unlock()
							ackedBatch.Add(1)
							done = true
						default:
							checkFailure(r, problem)
							if r.err == nil && r.status < 500 {
								problem("a save during the fault answered %s", r)
							}
							mu.Lock()
							failures[fmt.Sprint(r.status)]++
							if !uniform {
								lost = append(lost, fmt.Sprintf("failed batch %.2f left its group half-written: %s (%s)", marker, desc, r))
								problems = append(problems, lost[len(lost)-1])
							} else if value != nil && *value == marker {
								ambiguous += len(rows)
							}
							mu.Unlock()
							time.Sleep(200 * time.Millisecond) // a client retrying, not hammering
						}
					}
					if !done {
						problem("group %d phase %d: no save succeeded in %d attempts", gi, phase, maxAttempts)
					}
				}
			}
		}()
	}

	// The fault: two fast restarts while the load runs, each once enough batches went through.
	faultDone := make(chan struct{})
	go func() {
		defer close(faultDone)
		for i, f := range []struct {
			after int64
			hold  time.Duration
		}{{40, 0}, {140, 3 * time.Second}} {
			after := f.after
			for ackedBatch.Load() < after {
				select {
				case <-stopLoad:
					return
				case <-time.After(20 * time.Millisecond):
				}
			}
			down, err := s.w.pg.restartFast(f.hold)
			if err != nil {
				problem("restart %d: %v", i+1, err)
				return
			}
			mu.Lock()
			restarts = append(restarts, time.Now())
			mu.Unlock()
			sc.fault("PostgreSQL fast restart #%d (%s down) at %d acked batches", i+1, down.Round(time.Millisecond), after)
		}
	}()

	waitOrTimeout(t, &wg, 10*time.Minute, "writers")
	close(stopLoad)
	loadWG.Wait()
	<-faultDone

	// Services reconnected by themselves: saves went through after the last restart, and
	// every service reports healthy again.
	mu.Lock()
	nRestarts := len(restarts)
	afterLast := ackedAfter[nRestarts]
	mu.Unlock()
	if nRestarts != 2 {
		t.Errorf("only %d restarts happened", nRestarts)
	}
	if afterLast < 20 {
		t.Errorf("only %d batches acknowledged after the last restart: services did not reconnect", afterLast)
	}
	s.waitReady("gateway", 60*time.Second)

	// Final state: one row per team × workout, every group whole and holding its last
	// acknowledged marker.
	all := storedResults(t, s, ev.ID)
	for k, rs := range all {
		if len(rs) != 1 {
			lose("%d rows for %s", len(rs), k)
		}
	}
	for gi, g := range groups {
		if _, uniform, desc := readGroup(g); !uniform {
			lose("group %d ends half-written: %s", gi, desc)
		}
	}

	mu.Lock()
	defer mu.Unlock()
	sc.writes(acked, stored, ambiguous, lost)
	sc.setNote("batch failures by status %v; ambiguous rows (committed, client saw an error) %d", failures, ambiguous)
	t.Logf("acked rows %d, stored %d, ambiguous %d, failures %v, acked after restarts %v", acked, stored, ambiguous, failures, ackedAfter)
	for _, p := range problems {
		t.Error(p)
	}
	if acked != stored {
		t.Errorf("acknowledged %d rows, found %d stored as acknowledged", acked, stored)
	}
}

// checkFailure checks an answer that is not a 200: it must be an HTTP error with a JSON
// message, given within the deadline — never a dropped connection or a hang.
func checkFailure(r reply, problem func(string, ...any)) {
	if r.dur > hangAfter {
		problem("hang: %s", r)
	}
	if r.err != nil {
		problem("no answer: %s", r)
		return
	}
	if r.status == http.StatusOK {
		return
	}
	if err := r.jsonError(); err != nil {
		problem("%s: %v", r, err)
	}
}

// waitOrTimeout waits for wg, failing the test after d (the load loops bound themselves; this
// only guards against a bug in them).
func waitOrTimeout(t *testing.T, wg *sync.WaitGroup, d time.Duration, what string) {
	t.Helper()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s did not finish within %s", what, d)
	}
}
