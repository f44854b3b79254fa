//go:build bench

// Package open is the Open-sized qualifier benchmark (make simulate-open, docs/boards.md):
// one division of 100,000 teams seeded with COPY, measured beside today's whole-board path on
// a 1,000-team event in the same run, on the whole stack in one process (real gateway,
// services, PostgreSQL and Redis). It prints one table; it fails only when the stack does not
// answer, never on a number.
package open

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
)

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// bench holds the stack, a database connection and an HTTP client for the load.
type bench struct {
	t      *testing.T
	s      *stacktest.Stack
	db     *pgx.Conn
	client *http.Client
	rows   [][]string
}

func (b *bench) row(cells ...string) {
	b.rows = append(b.rows, cells)
	fmt.Println(strings.Join(cells, " | "))
}

// event is a seeded event: one division, its teams' ids and its workouts.
type event struct {
	id, division string
	teams        []string
	workouts     []string
}

// seed creates an event with one division of n teams and workouts REPS workouts through the
// API, then COPYs the teams and one published result per team and workout into PostgreSQL.
func (b *bench) seed(name string, n, workouts int) (event, time.Duration) {
	t := b.t
	ev := b.s.Events(t).Event(eventtest.Fields{"name": name, "dateFrom": "2026-03-01", "dateTo": "2026-03-31"})
	e := event{id: ev.ID, division: ev.Division("Open", "").GetId()}
	for i := 1; i <= workouts; i++ {
		e.workouts = append(e.workouts, ev.Workout(eventtest.Fields{"name": fmt.Sprintf("%d.%d", 26, i), "scoreType": "REPS", "workoutOrder": i}).GetId())
	}
	ctx := context.Background()
	start := time.Now()
	if _, err := b.db.CopyFrom(ctx, pgx.Identifier{"competition", "teams"}, []string{"event_id", "division_id", "name", "athlete1_name", "athlete2_name"},
		pgx.CopyFromSlice(n, func(i int) ([]any, error) {
			return []any{e.id, e.division, fmt.Sprintf("Team %06d", i+1), fmt.Sprintf("Athlete One %d", i+1), fmt.Sprintf("Athlete Two %d", i+1)}, nil
		})); err != nil {
		t.Fatal(err)
	}
	rows, err := b.db.Query(ctx, `SELECT id::text FROM competition.teams WHERE event_id = $1`, e.id)
	if err != nil {
		t.Fatal(err)
	}
	if e.teams, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
		t.Fatal(err)
	}
	if _, err := b.db.CopyFrom(ctx, pgx.Identifier{"results", "results"}, []string{"event_id", "division_id", "team_id", "workout_id", "status", "value", "is_published"},
		pgx.CopyFromSlice(len(e.teams)*workouts, func(i int) ([]any, error) {
			team, w := e.teams[i/workouts], e.workouts[i%workouts]
			return []any{e.id, e.division, team, w, "completed", float64(rand.IntN(500)), true}, nil
		})); err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	b.s.Admin(http.MethodPost, "/api/events/"+e.id+"/start", nil).MustStatus(t, http.StatusOK)
	return e, took
}

// get reads path as a browser does, gzip accepted; the body stays compressed unless the
// answer is checked (plain), so the load generator does not spend the stack's CPU.
func (b *bench) get(path string) (int, []byte, time.Duration) { return b.read(path, false) }

func (b *bench) read(path string, plain bool) (int, []byte, time.Duration) {
	req, _ := http.NewRequest(http.MethodGet, b.s.URL+path, nil)
	if !plain {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	start := time.Now()
	resp, err := b.client.Do(req)
	if err != nil {
		return 0, nil, time.Since(start)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body, time.Since(start)
}

func (b *bench) post(path string, body any) (int, []byte, time.Duration) {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, b.s.URL+path, bytes.NewReader(raw))
	req.Header.Set("Authorization", "Bearer "+b.s.Token)
	req.Header.Set("Content-Type", "application/json")
	start := time.Now()
	resp, err := b.client.Do(req)
	if err != nil {
		return 0, nil, time.Since(start)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out, time.Since(start)
}

// latencies summarises durations: p50, p99, max and the count.
type latencies []time.Duration

func (l latencies) q(p float64) time.Duration {
	if len(l) == 0 {
		return 0
	}
	s := slices.Clone(l)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func (l latencies) text() string {
	return fmt.Sprintf("p50 %s, p99 %s, max %s (n=%d)", ms(l.q(0.5)), ms(l.q(0.99)), ms(l.q(1)), len(l))
}

// atRate calls fn rate times a second for d from a pool of workers (a browser crowd behind
// a CDN holds a few connections each, not one per request), and returns the latencies of the
// calls that answered 200, the count of the others and the rate achieved: when the stack
// cannot keep up, calls wait for a worker and the rate falls short.
func atRate(rate int, d time.Duration, fn func(i int) (int, time.Duration)) (latencies, int, float64) {
	const workers = 64
	var mu sync.Mutex
	var out latencies
	var failed atomic.Int64
	var wg sync.WaitGroup
	work := make(chan int, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				status, took := fn(i)
				if status != http.StatusOK {
					failed.Add(1)
					continue
				}
				mu.Lock()
				out = append(out, took)
				mu.Unlock()
			}
		}()
	}
	interval := time.Second / time.Duration(rate)
	start := time.Now()
	i := 0
	for ; time.Since(start) < d; i++ {
		if wait := time.Until(start.Add(time.Duration(i) * interval)); wait > 0 {
			time.Sleep(wait)
		}
		work <- i
	}
	close(work)
	wg.Wait()
	return out, int(failed.Load()), float64(i) / time.Since(start).Seconds()
}

// cpu is this process's CPU time (the whole stack runs in it) plus that of the PostgreSQL
// backends serving the bench's database.
func (b *bench) cpu() (process, database time.Duration) {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru) //nolint:errcheck // zero on failure
	process = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	rows, err := b.db.Query(context.Background(), `SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)
	if err != nil {
		return process, 0
	}
	pids, _ := pgx.CollectRows(rows, pgx.RowTo[int32])
	for _, pid := range pids {
		raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		database += time.Duration(ut+st) * 10 * time.Millisecond // USER_HZ = 100
	}
	return process, database
}

func loadavg() string {
	raw, _ := os.ReadFile("/proc/loadavg")
	return strings.Join(strings.Fields(string(raw))[:3], " ")
}

func peakRSS() string {
	raw, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			kb, _ := strconv.Atoi(strings.Fields(line)[1])
			return fmt.Sprintf("%d MB", kb/1024)
		}
	}
	return "?"
}

// saves times n single-row saves (no publication) of random teams of e, one after the other.
func (b *bench) saves(e event, n int) latencies {
	var out latencies
	for i := 0; i < n; i++ {
		team := e.teams[rand.IntN(len(e.teams))]
		status, body, took := b.post("/api/results/batch", map[string]any{"results": []map[string]any{
			{"teamId": team, "workoutId": e.workouts[0], "status": "completed", "resultValue": 600 + i}}})
		if status != http.StatusOK {
			b.t.Logf("save: %d %.200s", status, body)
			continue
		}
		out = append(out, took)
	}
	return out
}

// stream publishes rate results a second for d (save and publish, a random team each, a value
// never seen before), and follows every tenth until visible is true of it; it returns the
// publications made, the publish → visible latencies and the CPU they took.
func (b *bench) stream(e event, rate int, d time.Duration, visible func(team, workout string, value int) bool) (int, latencies, time.Duration, time.Duration) {
	var mu sync.Mutex
	var seen latencies
	var published atomic.Int64
	var follow sync.WaitGroup
	p0, d0 := b.cpu()
	atRate(rate, d, func(i int) (int, time.Duration) { //nolint:dogsled // the stream counts its own
		team, w, value := e.teams[rand.IntN(len(e.teams))], e.workouts[i%len(e.workouts)], 1000+i
		start := time.Now()
		status, body, took := b.post("/api/results/batch", map[string]any{"publish": true, "results": []map[string]any{
			{"teamId": team, "workoutId": w, "status": "completed", "resultValue": value}}})
		if status != http.StatusOK {
			b.t.Logf("publish: %d %.200s", status, body)
			return status, took
		}
		published.Add(1)
		if i%10 == 0 {
			follow.Add(1)
			go func() {
				defer follow.Done()
				for deadline := start.Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
					if visible(team, w, value) {
						mu.Lock()
						seen = append(seen, time.Since(start))
						mu.Unlock()
						return
					}
				}
			}()
		}
		return status, took
	})
	p1, d1 := b.cpu()
	follow.Wait()
	return int(published.Load()), seen, p1 - p0, d1 - d0
}

// hasValue reports whether a JSON answer shows value as the team's raw result in workout.
func hasValue(body []byte, workout string, value int) bool {
	return bytes.Contains(body, []byte(fmt.Sprintf(`"workoutId":"%s","result":"%d"`, workout, value)))
}

// serial: it measures a whole stack under load; tests beside it would distort every number
func TestOpenQualifier(t *testing.T) {
	entries := envInt("OPEN_ENTRIES", 100000)
	workouts := envInt("OPEN_WORKOUTS", 3)
	readRate := envInt("OPEN_READS_PER_SECOND", 2000)
	pubRate := envInt("OPEN_PUBLICATIONS_PER_SECOND", 50)
	window := time.Duration(envInt("OPEN_SECONDS", 10)) * time.Second
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{
		"PODIUM_BACKEND_TIMEOUT": "120s", "PODIUM_HTTP_MAX_CONNS_PER_ADDRESS": "5000",
	}})
	ctx := context.Background()
	db, err := pgx.Connect(ctx, s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(ctx)
	b := &bench{t: t, s: s, db: db, client: &http.Client{Timeout: 60 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 200, MaxConnsPerHost: 200, DisableCompression: true}}}
	fmt.Printf("load average before: %s\n", loadavg())

	open, seedOpen := b.seed("Open", entries, workouts)
	whole, seedWhole := b.seed("Throwdown", 1000, workouts)
	small, _ := b.seed("Local", 100, workouts)
	b.row("measure", fmt.Sprintf("Open: %d entries, boards in pages", entries), "today's whole board: 1,000 entries", "goal")
	b.row("seed (COPY teams and results)", ms(seedOpen), ms(seedWhole), "")

	boardPath := "/api/public/events/" + open.id + "/divisions/" + open.division + "/board"
	wholePath := "/api/public/events/" + whole.id + "/divisions/" + whole.division + "/leaderboard"
	// The first read ranks the board: wait for its answer before the load.
	untilOK := func(path string) time.Duration {
		start := time.Now()
		for time.Since(start) < 10*time.Minute {
			if status, _, _ := b.get(path); status == http.StatusOK {
				return time.Since(start)
			}
			time.Sleep(200 * time.Millisecond)
		}
		t.Fatalf("%s: no answer in 10 minutes", path)
		return 0
	}
	first, firstWhole := untilOK(boardPath+"?page=1"), untilOK(wholePath)
	b.row("first read (ranks the board / builds the view)", ms(first), ms(firstWhole), "")

	pages := (entries + 49) / 50
	reads, failed, achieved := atRate(readRate, window, func(int) (int, time.Duration) {
		status, _, took := b.get(fmt.Sprintf("%s?page=%d", boardPath, 1+rand.IntN(pages)))
		return status, took
	})
	wholeReads, wholeFailed, wholeAchieved := atRate(readRate, window, func(int) (int, time.Duration) {
		status, _, took := b.get(wholePath)
		return status, took
	})
	b.row(fmt.Sprintf("read at %d/s (random page of %d / the whole board)", readRate, pages),
		fmt.Sprintf("%s, %d failed, %.0f/s achieved", reads.text(), failed, achieved),
		fmt.Sprintf("%s, %d failed, %.0f/s achieved", wholeReads.text(), wholeFailed, wholeAchieved), "p99 ≤ 20 ms")

	var finds, searches latencies
	for i := 0; i < 200; i++ {
		n := rand.IntN(len(open.teams))
		status, body, took := b.get(boardPath + "/teams/" + open.teams[n])
		if status != http.StatusOK {
			t.Logf("find: %d %.200s", status, body)
		} else {
			finds = append(finds, took)
		}
		status, body, took = b.get(boardPath + "/search?q=" + strings.ReplaceAll(fmt.Sprintf("athlete one %d", 1+rand.IntN(entries)), " ", "%20"))
		if status != http.StatusOK {
			t.Logf("search: %d %.200s", status, body)
		} else {
			searches = append(searches, took)
		}
	}
	b.row("find my entry (200, one after the other)", finds.text(), "(whole board only)", "p99 ≤ 20 ms")
	b.row("search by name (200)", searches.text(), "(whole board only)", "")

	saveSmall, saveOpen, saveWhole := b.saves(small, 100), b.saves(open, envInt("OPEN_SAVES", 10)), b.saves(whole, 100)
	b.row("save (one row, no publication, one after the other)", saveOpen.text(), saveWhole.text(), "")
	b.row("save at 100 entries", saveSmall.text(), "", fmt.Sprintf("100k p99 ≤ 1.5× (%.1f×)", float64(saveOpen.q(0.99))/float64(saveSmall.q(0.99))))

	// The ranker's time while publications stream in.
	n, seen, proc, dbCPU := b.stream(open, pubRate, window, func(team, w string, value int) bool {
		status, body, _ := b.read(boardPath+"/teams/"+team, true)
		return status == http.StatusOK && hasValue(body, w, value)
	})
	nw, seenWhole, procWhole, dbWhole := b.stream(whole, pubRate, window, func(team, w string, value int) bool {
		status, body, _ := b.read(wholePath, true)
		return status == http.StatusOK && hasValue(body, w, value)
	})
	b.row(fmt.Sprintf("publish → visible at %d publications/s (every 10th followed)", pubRate), seen.text(), seenWhole.text(), "p99 ≤ 2 s")
	per := func(d time.Duration, n int) string {
		if n == 0 {
			return "-"
		}
		return ms(d / time.Duration(n))
	}
	b.row("CPU per publication: podium / PostgreSQL", fmt.Sprintf("%s / %s (%d publications)", per(proc, n), per(dbCPU, n), n),
		fmt.Sprintf("%s / %s (%d publications)", per(procWhole, nw), per(dbWhole, nw), nw), "≤ 50 ms")
	b.row("peak RSS (the whole stack and the load in one process)", peakRSS(), "", "≤ 2 GB")
	fmt.Printf("load average after: %s\n", loadavg())
}

// serial: it measures a whole stack; tests beside it would distort every number
//
// TestOpenSaves is the save alone (make simulate-open-saves): single-row saves at 100 entries
// and at an Open-sized division, taken in turns so both see the same machine, with the load
// average printed before and after.
func TestOpenSaves(t *testing.T) {
	entries := envInt("OPEN_ENTRIES", 100000)
	n := envInt("OPEN_SAVES", 200)
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_BACKEND_TIMEOUT": "120s"}})
	ctx := context.Background()
	db, err := pgx.Connect(ctx, s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(ctx)
	b := &bench{t: t, s: s, db: db, client: &http.Client{Timeout: 60 * time.Second}}
	open, seedOpen := b.seed("Open", entries, 1)
	small, _ := b.seed("Local", 100, 1)
	// The first save of each event reads its structure (once per change of the event).
	b.saves(open, 1)
	b.saves(small, 1)
	fmt.Printf("load average before: %s\n", loadavg())
	var atSmall, atOpen latencies
	for i := 0; i < n; i++ {
		atSmall = append(atSmall, b.saves(small, 1)...)
		atOpen = append(atOpen, b.saves(open, 1)...)
	}
	b.row("measure", fmt.Sprintf("%d entries", entries), "100 entries", "goal")
	b.row("seed (COPY teams and results)", ms(seedOpen), "", "")
	b.row("save (one row, no publication, in turns)", atOpen.text(), atSmall.text(),
		fmt.Sprintf("p99 ≤ 1.5× (%.2f×)", float64(atOpen.q(0.99))/float64(atSmall.q(0.99))))
	fmt.Printf("load average after: %s\n", loadavg())
}
