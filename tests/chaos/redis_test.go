//go:build chaos

package chaos

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"syscall"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// TestChaosRedisDownDuringPublicReads stops Redis (and starts it again, empty) while
// spectators read the public views: no 5xx, every answer equals the view read before the
// fault, and caching resumes once Redis is back. Then changes published while Redis cannot
// take the generation bump — Redis stopped, and Redis paused — must show on the public board
// within publishedBound: while Redis is stopped, after it returns and after the pause (no
// stale generation). An edit of a published result is a pending change the public does not
// see until it is published (docs/result-invariants.md), so each change is saved, then
// published, and the clock starts at the publication's answer.
// serial: it stops and pauses the world's Redis, which every scenario uses
func TestChaosRedisDownDuringPublicReads(t *testing.T) {
	sc := newScenario(t, "redis-down")
	s := newStack(t, "redis", stackOptions{})
	setup := newClient(nil)
	ev := buildEvent(t, s, eventSpec{name: "Cache Games", divisions: 2, teamsPerDiv: 8, workouts: 3, scoreType: "REPS", publishStatus: "start"})

	// Results for two workouts, higher reps for later teams, all published.
	var rows []row
	for i, tm := range ev.Teams {
		for _, w := range ev.Workouts[:2] {
			rows = append(rows, row{TeamID: tm.ID, WorkoutID: w, Value: float64(50 + i)})
		}
	}
	saved := &resultsv1.BatchSaveResultsResponse{}
	setup.must(t, http.MethodPost, s.URL+"/api/results/batch", s.token, map[string]any{"results": rows}).decode(t, saved)
	var ids []string
	for _, r := range saved.Results {
		ids = append(ids, r.GetId().GetValue())
	}
	setup.must(t, http.MethodPost, s.URL+"/api/results/publication/publish", s.token, map[string]any{"resultIds": ids})

	divPath := func(d int) string {
		return "/api/public/events/" + ev.ID + "/divisions/" + ev.Divisions[d] + "/leaderboard"
	}
	if r := setup.get(s.URL+divPath(0), ""); r.status == http.StatusNotImplemented {
		sc.setNote("skipped: public-svc not available (501)")
		t.Skip("skipped: public-svc not available (501)")
	}
	paths := []string{
		"/api/public/events",
		"/api/public/events/" + ev.ID,
		"/api/public/events/" + ev.ID + "/leaderboard",
		divPath(0),
		divPath(1),
		"/api/public/events/" + ev.ID + "/divisions/" + ev.Divisions[0] + "/workouts/" + ev.Workouts[0] + "/leaderboard",
		"/api/public/teams/" + ev.Teams[3].ID,
		"/api/public/teams/" + ev.Teams[3].ID + "/bookmark-summary",
	}
	baseline := map[string]string{}
	for _, p := range paths {
		baseline[p] = normalized(t, setup.must(t, http.MethodGet, s.URL+p, "", nil).body)
	}
	checkStandings(t, baseline[divPath(0)], ev.Teams[:8])
	if n := s.rdb.DBSize(context.Background()).Val(); n == 0 {
		t.Errorf("no public view cached in Redis before the fault")
	}

	// Phase 1: readers while Redis stops and starts again.
	var (
		mu       sync.Mutex
		problems []string
		byPhase  = map[string]map[int]int{"up": {}, "down": {}, "back": {}}
		phase    = "up"
	)
	problem := func(format string, args ...any) {
		mu.Lock()
		problems = append(problems, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	c := newClient(sc)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for g := 0; g < 3; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < 1500; i += 3 {
				select {
				case <-stop:
					return
				default:
				}
				p := paths[i%len(paths)]
				r := c.get(s.URL+p, "")
				mu.Lock()
				byPhase[phase][r.status]++
				mu.Unlock()
				switch {
				case r.err != nil || r.status >= 500:
					problem("%s", r)
				case r.status != http.StatusOK:
					problem("unexpected %s", r)
				case normalized(t, r.body) != baseline[p]:
					problem("%s differs from the view before the fault:\n got  %s\n want %s", p, short(normalized(t, r.body)), short(baseline[p]))
				}
				time.Sleep(15 * time.Millisecond)
			}
		}()
	}
	setPhase := func(p string) { mu.Lock(); phase = p; mu.Unlock() }
	time.Sleep(1500 * time.Millisecond)
	s.w.redis.stop()
	setPhase("down")
	sc.fault("Redis stopped 4s under public reads")
	time.Sleep(4 * time.Second)
	if err := s.w.redis.start(); err != nil {
		t.Fatalf("start redis again: %v", err)
	}
	setPhase("back")
	time.Sleep(4 * time.Second)
	close(stop)
	waitOrTimeout(t, &wg, 2*time.Minute, "readers")
	mu.Lock()
	if byPhase["down"][http.StatusOK] == 0 || byPhase["back"][http.StatusOK] == 0 {
		t.Errorf("too few reads while Redis was down or back: %v", byPhase)
	}
	mu.Unlock()

	// Caching resumed: views are in Redis again (it came back empty).
	resumed := false
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(250 * time.Millisecond) {
		for _, p := range paths {
			c.get(s.URL+p, "")
		}
		if s.rdb.DBSize(context.Background()).Val() > 0 {
			resumed = true
			break
		}
	}
	if !resumed {
		t.Errorf("no view cached in Redis within 20s after it came back")
	}

	// Phase 2: a change published while Redis is stopped shows within the bound, and still
	// shows after Redis is back.
	leader := ev.Teams[0] // last place so far; 500 reps in both workouts make it first
	s.w.redis.stop()
	sc.fault("Redis stopped during a result save and its publication")
	save := setup.must(t, http.MethodPost, s.URL+"/api/results/batch", s.token, map[string]any{"results": []row{
		{TeamID: leader.ID, WorkoutID: ev.Workouts[0], Value: 500}, {TeamID: leader.ID, WorkoutID: ev.Workouts[1], Value: 500}}})
	expectUnpublished(t, c, s.URL+divPath(0), leader, "a pending change with Redis stopped")
	publishAll(t, s, setup, save)
	shown := map[string]time.Duration{}
	shown["Redis stopped"] = expectFirst(t, c, s.URL+divPath(0), leader, publishedBound, "with Redis stopped")
	if err := s.w.redis.start(); err != nil {
		t.Fatalf("start redis again: %v", err)
	}
	expectFirst(t, c, s.URL+divPath(0), leader, publishedBound, "after Redis came back")

	// Phase 3: a change published once Redis is back shows within the bound too.
	third := ev.Teams[2]
	save = setup.must(t, http.MethodPost, s.URL+"/api/results/batch", s.token, map[string]any{"results": []row{
		{TeamID: third.ID, WorkoutID: ev.Workouts[0], Value: 700}, {TeamID: third.ID, WorkoutID: ev.Workouts[1], Value: 700}}})
	publishAll(t, s, setup, save)
	shown["Redis back"] = expectFirst(t, c, s.URL+divPath(0), third, publishedBound, "published after Redis came back")

	// Phase 4: Redis paused (no answers, connections kept, data kept) while a change is saved
	// and published and nobody reads the public site; once it answers again the change shows.
	for _, p := range paths {
		c.get(s.URL+p, "") // cache every view at the current generation
	}
	second := ev.Teams[1]
	s.w.redis.proc.signal(syscall.SIGSTOP)
	sc.fault("Redis paused 3s during a result save and its publication")
	var published reply
	save = setup.post(s.URL+"/api/results/batch", s.token, map[string]any{"results": []row{
		{TeamID: second.ID, WorkoutID: ev.Workouts[0], Value: 900}, {TeamID: second.ID, WorkoutID: ev.Workouts[1], Value: 900}}})
	if save.status == http.StatusOK {
		published = setup.post(s.URL+"/api/results/publication/publish", s.token, map[string]any{"resultIds": resultIDs(t, save)})
	}
	time.Sleep(3 * time.Second)
	s.w.redis.proc.signal(syscall.SIGCONT)
	switch {
	case save.status != http.StatusOK:
		t.Errorf("save while Redis was paused: %s", save)
	case published.status != http.StatusOK:
		t.Errorf("publication while Redis was paused: %s", published)
	default:
		shown["after a pause"] = expectFirst(t, c, s.URL+divPath(0), second, publishedBound, "after Redis was paused during the publication")
	}

	sc.setNote("reads by Redis phase: up %v, down %v, back %v; a published change on the board after %v (Redis stopped), %v (Redis back), %v (after a 3 s pause)",
		byPhase["up"], byPhase["down"], byPhase["back"],
		shown["Redis stopped"].Round(time.Millisecond), shown["Redis back"].Round(time.Millisecond), shown["after a pause"].Round(time.Millisecond))
	for _, p := range dedupe(problems, 20) {
		t.Error(p)
	}
}

// publishedBound is how soon a published change must lead the public board: the gateway
// keeps a public answer up to PODIUM_PUBLIC_CACHE_TTL (1 s) when its change signal is lost.
const publishedBound = time.Second

// expectFirst waits for team to lead the division leaderboard at url and returns how long
// that took; later than bound (plus one poll) is an error, and it keeps watching up to 5 s
// past the bound to say whether the change came late or never.
func expectFirst(t *testing.T, c *client, url string, tm team, bound time.Duration, when string) time.Duration {
	t.Helper()
	const poll = 50 * time.Millisecond
	start := time.Now()
	var last string
	for time.Since(start) < bound+5*time.Second {
		r := c.get(url, "")
		if r.status >= 500 || r.err != nil {
			t.Errorf("%s: %s", when, r)
			return time.Since(start)
		}
		lb := &publicv1.DivisionLeaderboard{}
		if protojson.Unmarshal(r.body, lb) == nil && len(lb.Standings) > 0 {
			if lb.Standings[0].TeamId == tm.ID {
				took := time.Since(start)
				if took > bound+poll {
					t.Errorf("%s: the published change led the public board after %v (bound %v)", when, took.Round(time.Millisecond), bound)
				}
				return took
			}
			last = fmt.Sprintf("leader %s rank %s", lb.Standings[0].TeamId, int32OrNull(lb.Standings[0].Rank))
		}
		time.Sleep(poll)
	}
	t.Errorf("%s: the public leaderboard does not show the published change after %v (stale view): want %s (%s) first, got %s", when, bound+5*time.Second, tm.Name, tm.ID, last)
	return time.Since(start)
}

// expectUnpublished checks, for longer than publishedBound, that a saved change nobody
// published does not lead the public board (a pending change).
func expectUnpublished(t *testing.T, c *client, url string, tm team, when string) {
	t.Helper()
	for start := time.Now(); time.Since(start) < publishedBound+500*time.Millisecond; time.Sleep(100 * time.Millisecond) {
		r := c.get(url, "")
		lb := &publicv1.DivisionLeaderboard{}
		if r.status == http.StatusOK && protojson.Unmarshal(r.body, lb) == nil && len(lb.Standings) > 0 && lb.Standings[0].TeamId == tm.ID {
			t.Errorf("%s: the public board shows a change nobody published", when)
			return
		}
	}
}

// checkStandings checks a division leaderboard against the values entered: the team entered
// last has the most reps in every workout and leads; ranks run 1..n.
func checkStandings(t *testing.T, body string, teams []team) {
	t.Helper()
	lb := &publicv1.DivisionLeaderboard{}
	if err := protojson.Unmarshal([]byte(body), lb); err != nil {
		t.Fatalf("leaderboard: %v", err)
	}
	if len(lb.Standings) != len(teams) {
		t.Fatalf("leaderboard lists %d teams, want %d", len(lb.Standings), len(teams))
	}
	for i, st := range lb.Standings {
		want := teams[len(teams)-1-i]
		if st.TeamId != want.ID || st.Rank == nil || int(st.Rank.GetValue()) != i+1 {
			t.Errorf("standing %d: team %s rank %s, want %s rank %d", i, st.TeamId, int32OrNull(st.Rank), want.ID, i+1)
		}
	}
}

// normalized is a JSON body with object keys sorted and lastUpdated removed.
func normalized(t *testing.T, body []byte) string {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return "not JSON: " + string(body)
	}
	var strip func(any) any
	strip = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			delete(x, "lastUpdated")
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				x[k] = strip(x[k])
			}
			return x
		case []any:
			for i := range x {
				x[i] = strip(x[i])
			}
		}
		return v
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.Encode(strip(v)) //nolint:errcheck // values from Unmarshal always encode
	return buf.String()
}

func short(s string) string {
	if len(s) > 400 {
		return s[:400] + "…"
	}
	return s
}
