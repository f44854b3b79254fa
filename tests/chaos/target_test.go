//go:build chaos

package chaos

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestChaosResultsTargetKilled kills results-svc (SIGKILL) under load and starts it again:
// meanwhile the gateway answers 503 with a JSON message for its routes, routes that do not
// need it keep answering 200 (an event's, its workouts' and a team's pages among them: their
// result counts are the ones results-svc records in competition-svc), routes that read its
// data elsewhere answer 503 (never 500), and after the restart everything recovers without
// restarting the gateway.
// serial: it kills results-svc under load and times the recovery, which a neighbour's load would stretch
func TestChaosResultsTargetKilled(t *testing.T) {
	sc := newScenario(t, "results-killed")
	s := newStack(t, "kill", stackOptions{})
	setup := newClient(nil)
	ev := buildEvent(t, s, eventSpec{name: "Kill Games", divisions: 2, teamsPerDiv: 10, workouts: 3, scoreType: "REPS", publishStatus: "publish"})
	var rows []row
	for i, tm := range ev.Teams {
		rows = append(rows, row{TeamID: tm.ID, WorkoutID: ev.Workouts[0], Value: float64(100 + i)})
	}
	setup.must(t, http.MethodPost, s.URL+"/api/results/batch", s.token, map[string]any{"results": rows})

	type route struct {
		kind   string // results | independent | dependent
		method string
		path   string
		body   func(i int) any
	}
	batchBody := func(i int) any {
		tm := ev.Teams[i%len(ev.Teams)]
		return map[string]any{"results": []row{{TeamID: tm.ID, WorkoutID: ev.Workouts[1], Value: float64(i % 500)}}}
	}
	routes := []route{
		{"results", "GET", "/api/events/" + ev.ID + "/results?workoutId=" + ev.Workouts[0], nil},
		{"results", "GET", "/api/results/publication/status?eventId=" + ev.ID, nil},
		{"results", "POST", "/api/results/batch", batchBody},
		{"results", "POST", "/api/events/" + ev.ID + "/results/recalculate", nil},
		{"independent", "GET", "/api/events", nil},
		{"independent", "GET", "/api/events/statuses", nil},
		{"independent", "GET", "/api/divisions/" + ev.Divisions[0], nil},
		{"independent", "GET", "/api/divisions/events/" + ev.ID + "/divisions", nil},
		{"independent", "GET", "/api/events/" + ev.ID, nil},
		{"independent", "GET", "/api/events/" + ev.ID + "/workouts", nil},
		{"independent", "GET", "/api/teams/" + ev.Teams[0].ID, nil},
		{"dependent", "GET", "/api/public/events/" + ev.ID + "/divisions/" + ev.Divisions[0] + "/leaderboard", nil},
	}

	// Phases by time: the load classifies each answer by when its request started and ended.
	var (
		mu                             sync.Mutex
		faultAt, killedAt, restartedAt time.Time
		problems                       []string
		down                           = map[string]map[int]int{} // kind → status → count while results was down
		firstOKAfter                   time.Time                  // first 200 of a results route after the restart
		publicMissing                  bool
	)
	problem := func(format string, args ...any) {
		mu.Lock()
		problems = append(problems, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	for _, k := range []string{"results", "independent", "dependent"} {
		down[k] = map[int]int{}
	}

	c := newClient(sc)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for g := 0; g < 3; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < 3000; i += 3 {
				select {
				case <-stop:
					return
				default:
				}
				rt := routes[i%len(routes)]
				var body any
				if rt.body != nil {
					body = rt.body(i)
				}
				start := time.Now()
				r := c.do(rt.method, s.URL+rt.path, s.token, body, nil)
				end := time.Now()
				if r.status == http.StatusNotImplemented && strings.HasPrefix(rt.path, "/api/public/") {
					mu.Lock()
					publicMissing = true
					mu.Unlock()
					continue
				}
				checkFailure(r, problem)
				mu.Lock()
				f, k, ra := faultAt, killedAt, restartedAt
				inDown := !k.IsZero() && start.After(k.Add(200*time.Millisecond)) && (ra.IsZero() || end.Before(ra))
				if inDown {
					down[rt.kind][r.status]++
				}
				if rt.kind == "results" && !ra.IsZero() && start.After(ra) && r.status == http.StatusOK && firstOKAfter.IsZero() {
					firstOKAfter = end
				}
				mu.Unlock()
				switch {
				case r.status >= 500 && r.status != http.StatusServiceUnavailable:
					problem("%s answered %d (only 503 may say a service is down): %s", rt.kind, r.status, r)
				case inDown && rt.kind == "results" && r.status != http.StatusServiceUnavailable:
					problem("results route while results-svc was down: %s", r)
				case inDown && rt.kind == "independent" && r.status != http.StatusOK:
					problem("route that does not need results-svc failed while it was down: %s", r)
				case f.IsZero() && r.status != http.StatusOK:
					problem("before the fault: %s", r)
				}
				if inDown && r.status == http.StatusServiceUnavailable && !strings.Contains(strings.ToLower(r.message()), "unavailable") {
					problem("503 without a message saying what is unavailable: %s", r)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}()
	}

	// Hostile requests next to the load, before, during and after the fault: each is refused
	// with a 4xx and a message (503 is fine for a route whose service is down) — never 2xx or 500.
	big := `{"name":"` + strings.Repeat("y", 2<<20) + `"}`
	hostile := []struct {
		method, path, token string
		body                any
	}{
		{"POST", "/api/results/batch", "", map[string]any{"results": rows[:1]}},
		{"POST", "/api/results/batch", "garbage", map[string]any{"results": rows[:1]}},
		{"POST", "/api/results/batch", "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJhZG1pbiJ9.", map[string]any{"results": rows[:1]}},
		{"DELETE", "/api/events/" + ev.ID, "", nil},
		{"POST", "/api/results/batch", s.token, `{"results":[{"teamId":"x' OR '1'='1","workoutId":"` + ev.Workouts[0] + `","resultValue":1}]}`},
		{"POST", "/api/results/batch", s.token, `{"results":[{"teamId":"` + ev.Teams[0].ID + `","workoutId":"` + ev.Workouts[0] + `","resultValue":-5}]}`},
		{"POST", "/api/results/batch", s.token, `{"results":[{"teamId":"` + ev.Teams[0].ID + `","workoutId":"` + ev.Workouts[0] + `","resultValue":"NaN"}]}`},
		{"POST", "/api/results/batch", s.token, `{"results":[{"teamId":"` + ev.Teams[0].ID + `","workoutId":"` + ev.Workouts[0] + `","resultValue":{"$gt":0}}]}`},
		{"POST", "/api/results/publication/publish", s.token, `{"resultIds":["not-a-uuid"]}`},
		{"GET", "/api/events/123e4567-e89b-12d3-a456-42661417400Z", s.token, nil},
		{"GET", "/api/events/" + ev.ID + "/results?workoutId=abc", s.token, nil},
		{"POST", "/api/events", s.token, `{"name":"Games"`},
		{"POST", "/api/events", s.token, big},
		{"GET", "/api/public/events/" + ev.ID + "/divisions/not-a-uuid/leaderboard", "", nil},
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 300; i++ {
			select {
			case <-stop:
				return
			default:
			}
			h := hostile[i%len(hostile)]
			r := c.do(h.method, s.URL+h.path, h.token, h.body, nil)
			sc.addHostile(1)
			switch {
			case r.status == http.StatusNotImplemented && strings.HasPrefix(h.path, "/api/public/"):
			case r.err != nil || r.status < 400 || (r.status >= 500 && r.status != http.StatusServiceUnavailable):
				problem("hostile input not refused with a 4xx: %s", r)
			default:
				checkFailure(r, problem)
			}
			time.Sleep(40 * time.Millisecond)
		}
	}()

	// Warm up, kill, hold down, restart, wait for recovery.
	time.Sleep(2 * time.Second)
	results := s.procs["results"]
	mu.Lock()
	faultAt = time.Now()
	mu.Unlock()
	results.signal(syscall.SIGKILL)
	if !results.wait(10 * time.Second) {
		t.Fatal("results-svc did not die from SIGKILL")
	}
	mu.Lock()
	killedAt = time.Now()
	mu.Unlock()
	time.Sleep(5 * time.Second)
	s.restart("results")
	mu.Lock()
	restartedAt = time.Now()
	mu.Unlock()
	recovered := false
	for deadline := time.Now().Add(45 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		mu.Lock()
		ok := !firstOKAfter.IsZero()
		mu.Unlock()
		if ok {
			recovered = true
			break
		}
	}
	s.waitReady("gateway", 30*time.Second)
	time.Sleep(2 * time.Second) // load after recovery: everything 200 again
	close(stop)
	waitOrTimeout(t, &wg, 2*time.Minute, "load")

	mu.Lock()
	defer mu.Unlock()
	recovery := firstOKAfter.Sub(restartedAt)
	sc.fault("results-svc SIGKILL, down %s, restarted; gateway recovered in %s without restart",
		restartedAt.Sub(killedAt).Round(100*time.Millisecond), recovery.Round(10*time.Millisecond))
	sc.setNote("while down, by route kind: %s", formatKinds(down))
	if publicMissing {
		t.Logf("public-svc answered 501: its routes were left out")
	}
	if !recovered {
		t.Errorf("results routes did not answer 200 within 45s of the restart")
	}
	if down["results"][http.StatusServiceUnavailable] == 0 {
		t.Errorf("no results route was tried while results-svc was down: %v", down)
	}
	if down["independent"][http.StatusOK] == 0 {
		t.Errorf("no independent route answered while results-svc was down: %v", down)
	}
	if s.procs["gateway"].exited() {
		t.Errorf("the gateway exited")
	}
	for _, p := range dedupe(problems, 25) {
		t.Error(p)
	}
	t.Logf("while down: %s; recovered %s after restart", formatKinds(down), recovery)
}

func formatKinds(m map[string]map[int]int) string {
	var parts []string
	for _, k := range []string{"results", "independent", "dependent"} {
		var st []string
		for code, n := range m[k] {
			st = append(st, fmt.Sprintf("%d×%d", code, n))
		}
		sort.Strings(st)
		parts = append(parts, k+" "+strings.Join(st, ","))
	}
	return strings.Join(parts, "; ")
}

// dedupe keeps the first n distinct problems and says how many more there were.
func dedupe(problems []string, n int) []string {
	seen := map[string]bool{}
	var out []string
	more := 0
	for _, p := range problems {
		if seen[p] {
			continue
		}
		seen[p] = true
		if len(out) < n {
			out = append(out, p)
		} else {
			more++
		}
	}
	if more > 0 {
		out = append(out, fmt.Sprintf("… and %d more distinct problems", more))
	}
	return out
}
