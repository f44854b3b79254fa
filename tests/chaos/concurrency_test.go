//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// TestChaosConcurrentAdmins has two administrators save the same team's result at the same
// moment, round after round, through the batch upsert and the single create: exactly one row
// remains per team × workout, the last write wins or the second gets 409 — never a duplicate,
// never a 5xx. Then publication changes race recalculations and result edits: the final
// publication flags are the ones last requested and the scores equal a fresh recalculation.
// serial: the chaos scenarios run one at a time, so that each meets only its own fault and load
func TestChaosConcurrentAdmins(t *testing.T) {
	sc := newScenario(t, "concurrent-admins")
	s := newStack(t, "conc", stackOptions{})
	s.runOnce("admin-create-2", map[string]string{"PODIUM_ADMIN_PASSWORD": adminPassword}, "admin", "create", "--username", "chaos-admin-2")
	tokenA, tokenB := s.token, s.login(s.URL, "chaos-admin-2", adminPassword)

	t.Run("same result at once", func(t *testing.T) {
		ev := buildEvent(t, s, eventSpec{name: "Race Games", divisions: 1, teamsPerDiv: 40, workouts: 3, scoreType: "REPS"})
		ca, cb := newClient(sc), newClient(sc)
		modes := []string{"batch+batch", "create+create", "create+batch"}
		outcomes := map[string]int{}
		var acked, stored int
		for round := 0; round < 90; round++ {
			tm, w := ev.Teams[round%40], ev.Workouts[round/40]
			mode := modes[round%3]
			va, vb := float64(1000+round), float64(2000+round)
			send := func(c *client, token, kind string, v float64) reply {
				if kind == "create" {
					return c.post(s.URL+"/api/results", token, map[string]any{"teamId": tm.ID, "workoutId": w, "resultValue": v})
				}
				return c.post(s.URL+"/api/results/batch", token, map[string]any{"results": []row{{TeamID: tm.ID, WorkoutID: w, Value: v}}})
			}
			kindA, kindB := "batch", "batch"
			switch mode {
			case "create+create":
				kindA, kindB = "create", "create"
			case "create+batch":
				kindA = "create"
			}
			start := make(chan struct{})
			var ra, rb reply
			var wg sync.WaitGroup
			wg.Add(2)
			go func() { defer wg.Done(); <-start; ra = send(ca, tokenA, kindA, va) }()
			go func() { defer wg.Done(); <-start; rb = send(cb, tokenB, kindB, vb) }()
			close(start)
			wg.Wait()

			var okValues []float64
			for _, x := range []struct {
				r reply
				v float64
			}{{ra, va}, {rb, vb}} {
				switch {
				case x.r.err != nil || x.r.status >= 500:
					t.Errorf("round %d (%s): %s", round, mode, x.r)
				case x.r.status == http.StatusOK:
					okValues = append(okValues, x.v)
				case x.r.status == http.StatusConflict:
					if err := x.r.jsonError(); err != nil {
						t.Errorf("round %d: 409 %v", round, err)
					}
				default:
					t.Errorf("round %d (%s): want 200 or 409, got %s", round, mode, x.r)
				}
			}
			outcomes[fmt.Sprintf("%s: %d×200 %d×409", mode, len(okValues), 2-len(okValues))]++
			rows := storedResults(t, s, ev.ID)[tm.ID+"|"+w]
			if len(rows) != 1 {
				t.Errorf("round %d (%s): %d rows for one team × workout", round, mode, len(rows))
				continue
			}
			if len(okValues) == 0 {
				t.Errorf("round %d (%s): neither save succeeded: %s / %s", round, mode, ra, rb)
				continue
			}
			acked++
			got := rows[0].Value
			switch {
			case got == nil:
				t.Errorf("round %d: stored row has no value", round)
			case len(okValues) == 1 && *got != okValues[0]:
				t.Errorf("round %d (%s): the only successful save wrote %v, the row holds %v", round, mode, okValues[0], *got)
			case *got != va && *got != vb:
				t.Errorf("round %d (%s): row holds %v, neither %v nor %v", round, mode, *got, va, vb)
			default:
				stored++
			}
			if mode == "create+batch" && len(okValues) == 2 && got != nil && *got != vb {
				// the create can only succeed before the batch: the batch is the last write
				t.Errorf("round %d: create then batch both succeeded, the row holds %v, want the batch's %v (last write wins)", round, *got, vb)
			}
			if mode == "create+create" && len(okValues) != 1 {
				t.Errorf("round %d: two creates of one result both answered %d, want exactly one 200 and one 409", round, len(okValues))
			}
		}
		sc.writes(acked, stored, 0, nil)
		sc.faultN(90, "90 rounds of two admins saving one result at once")
		keys := make([]string, 0, len(outcomes))
		for k := range outcomes {
			keys = append(keys, fmt.Sprintf("%s ×%d", k, outcomes[k]))
		}
		sort.Strings(keys)
		t.Logf("outcomes: %v", keys)
		sc.setNote("outcomes: %v", keys)
	})

	t.Run("publish during recalculate", func(t *testing.T) {
		setup := newClient(nil)
		ev := buildEvent(t, s, eventSpec{name: "Publish Race Games", divisions: 2, teamsPerDiv: 40, workouts: 6, scoreType: "REPS", publishStatus: "start"})
		var rows []row
		for i, tm := range ev.Teams {
			for j, w := range ev.Workouts {
				rows = append(rows, row{TeamID: tm.ID, WorkoutID: w, Value: float64((i*7 + j*13) % 50)})
			}
		}
		saved := &resultsv1.BatchSaveResultsResponse{}
		setup.must(t, http.MethodPost, s.URL+"/api/results/batch", tokenA, map[string]any{"results": rows}).decode(t, saved)
		ids := make([]string, len(saved.Results))
		idOf := map[string]string{}
		for i, r := range saved.Results {
			ids[i] = r.GetId().GetValue()
			idOf[r.TeamId+"|"+r.WorkoutId] = r.GetId().GetValue()
		}

		c := newClient(sc)
		wantPublished := map[string]bool{}
		wantValue := map[string]float64{}
		for _, r := range rows {
			wantValue[idOf[r.TeamID+"|"+r.WorkoutID]] = r.Value
		}
		var mu sync.Mutex
		var problems []string
		problem := func(format string, args ...any) {
			mu.Lock()
			problems = append(problems, fmt.Sprintf(format, args...))
			mu.Unlock()
		}
		var wg sync.WaitGroup
		wg.Add(3)
		go func() { // admin B recalculates again and again
			defer wg.Done()
			for i := 0; i < 60; i++ {
				if r := c.post(s.URL+"/api/events/"+ev.ID+"/results/recalculate", tokenB, nil); r.status != http.StatusOK {
					problem("recalculate: %s", r)
				}
			}
		}()
		go func() { // admin A publishes and unpublishes random sets
			defer wg.Done()
			rng := rand.New(rand.NewPCG(1, 2))
			for i := 0; i < 80; i++ {
				var set []string
				for _, id := range ids {
					if rng.IntN(3) == 0 {
						set = append(set, id)
					}
				}
				action, publish := "unpublish", false
				if i%2 == 0 {
					action, publish = "publish", true
				}
				r := c.post(s.URL+"/api/results/publication/"+action, tokenA, map[string]any{"resultIds": set})
				if r.status != http.StatusOK {
					problem("%s: %s", action, r)
					continue
				}
				for _, id := range set {
					wantPublished[id] = publish
				}
			}
		}()
		go func() { // admin A also edits results of division 2
			defer wg.Done()
			rng := rand.New(rand.NewPCG(3, 4))
			for i := 0; i < 50; i++ {
				var batch []row
				for k := 0; k < 6; k++ {
					tm := ev.Teams[40+rng.IntN(40)]
					w := ev.Workouts[rng.IntN(len(ev.Workouts))]
					dup := false
					for _, b := range batch {
						dup = dup || b.TeamID == tm.ID && b.WorkoutID == w
					}
					if !dup {
						batch = append(batch, row{TeamID: tm.ID, WorkoutID: w, Value: float64(rng.IntN(60))})
					}
				}
				r := c.post(s.URL+"/api/results/batch", tokenA, map[string]any{"results": batch})
				if r.status != http.StatusOK {
					problem("edit: %s", r)
					continue
				}
				mu.Lock()
				for _, b := range batch {
					wantValue[idOf[b.TeamID+"|"+b.WorkoutID]] = b.Value
				}
				mu.Unlock()
			}
		}()
		waitOrTimeout(t, &wg, 5*time.Minute, "publish/recalculate race")
		sc.faultN(60, "60 recalculations raced 80 publication changes and 50 edits")
		for _, p := range dedupe(problems, 10) {
			t.Error(p)
		}

		// Publication flags and values as last requested.
		stored := storedResults(t, s, ev.ID)
		var flagsWrong, valuesWrong []string
		for key, rs := range stored {
			if len(rs) != 1 {
				t.Errorf("%d rows for %s", len(rs), key)
				continue
			}
			r := rs[0]
			if r.Published != wantPublished[r.ID] {
				flagsWrong = append(flagsWrong, fmt.Sprintf("%s published=%v want %v", r.ID, r.Published, wantPublished[r.ID]))
			}
			if r.Value == nil || *r.Value != wantValue[r.ID] {
				valuesWrong = append(valuesWrong, fmt.Sprintf("%s value=%s want %v", r.ID, floatOrNull(r.Value), wantValue[r.ID]))
			}
		}
		if len(stored) != len(rows) {
			t.Errorf("%d results stored, want %d", len(stored), len(rows))
		}
		if len(flagsWrong) > 0 {
			t.Errorf("%d publication flags differ from the last request: %v", len(flagsWrong), first(flagsWrong, 5))
		}
		if len(valuesWrong) > 0 {
			t.Errorf("%d values differ from the last edit: %v", len(valuesWrong), first(valuesWrong, 5))
		}

		// Scores equal a fresh recalculation (read from the database: place and points).
		before := scoreSnapshot(t, s, ev.ID)
		setup.must(t, http.MethodPost, s.URL+"/api/events/"+ev.ID+"/results/recalculate", tokenB, nil)
		after := scoreSnapshot(t, s, ev.ID)
		if d := diffMaps(before, after, 8); len(d) > 0 {
			t.Errorf("scores after the race differ from a fresh recalculation (%d results):\n%v", len(d), d)
		}
		// and the admin grid shows the same
		grid := gridScores(t, s, setup, ev)
		for id, line := range grid {
			if want := after[id]; want != "" && !strings.Contains(line, want) {
				t.Errorf("grid %s: %s, database %s", id, line, want)
				break
			}
		}
	})
}

// scoreSnapshot is every result's place and points in the database.
func scoreSnapshot(t *testing.T, s *stack, eventID string) map[string]string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	rows, err := s.db.Query(ctx, `SELECT id::text, place, points, is_published FROM results.results WHERE event_id = $1`, eventID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var id string
		var place *int32
		var points *float64
		var pub bool
		if err := rows.Scan(&id, &place, &points, &pub); err != nil {
			t.Fatal(err)
		}
		p := "null"
		if place != nil {
			p = fmt.Sprint(*place)
		}
		out[id] = fmt.Sprintf("rank=%s score=%s", p, floatOrNull(points))
	}
	return out
}

func first(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
