//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"google.golang.org/protobuf/encoding/protojson"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// Freshness under Redis failures (docs/operations.md, "Caching"): an
// acknowledged result must show on every gateway within freshnessBound, whether the writer was
// cut off from Redis (its change signal lost) or Redis came back from an older snapshot (its
// keys older than the database). The staleness each scenario saw goes into the summary.

const freshnessBound = 5 * time.Second

// TestChaosRedisPartitionedFromWriter cuts results-svc off from Redis (a black hole: connections
// hang) while gateway B, which did not carry the write, serves the leaderboard.
// serial: it cuts results-svc off from Redis and measures the staleness the other gateway serves, which a neighbour's load would skew
func TestChaosRedisPartitionedFromWriter(t *testing.T) {
	sc := newScenario(t, "redis-partition")
	s := newStack(t, "partition", stackOptions{})
	proxy := newBlackholeProxy(t, s.w.redis.port)
	s.procs["results"].stop()
	delete(s.procs, "results") // replaced by results-p, which reaches Redis through the proxy
	s.start("results-p", "results", map[string]string{
		"PODIUM_REDIS_URL": fmt.Sprintf("redis://127.0.0.1:%d/%d", proxy.port(), s.redisDB),
	})
	s.start("gateway-b", "gateway", nil)
	s.waitReady("gateway", 60*time.Second)
	s.waitReady("gateway-b", 60*time.Second)
	setup := newClient(nil)
	ev, path := freshnessEvent(t, s, setup)
	gwB := s.urls["gateway-b"]
	c := newClient(sc)

	var worst time.Duration
	for round, tm := range ev.Teams[:3] {
		// Both gateways (and public-svc's Redis) hold the current view.
		c.get(s.URL+path, "")
		c.get(gwB+path, "")
		proxy.cut()
		sc.fault("results-svc cut off from Redis during a result save (round %d)", round+1)
		save := setup.post(s.URL+"/api/results/batch", s.token, map[string]any{"results": []row{
			{TeamID: tm.ID, WorkoutID: ev.Workouts[0], Value: float64(1000 + round)}}})
		if save.status != http.StatusOK {
			t.Fatalf("save while cut off from Redis: %s", save)
		}
		publishAll(t, s, setup, save)
		// The cut lasts while gateway B is watched: its signal is lost for good.
		took := timeUntilFirst(c, gwB+path, tm, 15*time.Second)
		proxy.heal()
		worst = max(worst, took)
		if took > freshnessBound {
			t.Errorf("round %d: gateway B showed the acknowledged result after %v (bound %v)", round+1, took.Round(time.Millisecond), freshnessBound)
		}
	}
	sc.setNote("staleness on the other gateway, worst of 3 saves with the writer cut off: %v", worst.Round(time.Millisecond))
}

// TestChaosRedisRestoredFromOlderSnapshot brings Redis back with the keys it held before the
// latest changes (a failover to a lagging replica, a restore from backup).
// serial: it restores Redis to older keys and measures the staleness served, which a neighbour's load would skew
func TestChaosRedisRestoredFromOlderSnapshot(t *testing.T) {
	sc := newScenario(t, "redis-restore")
	s := newStack(t, "restore", stackOptions{})
	setup := newClient(nil)
	ev, path := freshnessEvent(t, s, setup)
	c := newClient(sc)
	ctx := context.Background()

	var worst time.Duration
	for round, tm := range ev.Teams[:3] {
		// Every view cached at the current state, then a snapshot of the stack's Redis db.
		for range 3 {
			c.get(s.URL+path, "")
			c.get(s.URL+"/api/public/events/"+ev.ID+"/leaderboard", "")
		}
		snapshot := dumpRedis(t, s.rdb)
		save := setup.must(t, http.MethodPost, s.URL+"/api/results/batch", s.token, map[string]any{"results": []row{
			{TeamID: tm.ID, WorkoutID: ev.Workouts[0], Value: float64(1000 + round)}}})
		publishAll(t, s, setup, save)
		expectFirst(t, c, s.URL+path, tm, freshnessBound, "after the save")
		restoreRedis(t, s.rdb, snapshot)
		restored := time.Now()
		sc.fault("Redis restored from a snapshot older than the last save (round %d)", round+1)
		// Watch for twice the bound: the last stale answer must come within it.
		var lastStale time.Duration
		for time.Since(restored) < 2*freshnessBound {
			if leader := leaderOf(t, c, s.URL+path); leader.ID != tm.ID {
				lastStale = time.Since(restored)
			}
			time.Sleep(100 * time.Millisecond)
		}
		worst = max(worst, lastStale)
		if lastStale > freshnessBound {
			t.Errorf("round %d: an older view was served %v after the restore (bound %v)", round+1, lastStale.Round(time.Millisecond), freshnessBound)
		}
		if n := s.rdb.DBSize(ctx).Val(); n == 0 {
			t.Errorf("round %d: nothing cached after the restore", round+1)
		}
	}
	sc.setNote("older views served after a restore to an older snapshot, worst of 3: %v", worst.Round(time.Millisecond))
}

// freshnessEvent is a started event with one division of 6 teams and two REPS workouts,
// all results published; path is its division leaderboard.
func freshnessEvent(t *testing.T, s *stack, c *client) (event, string) {
	t.Helper()
	ev := buildEvent(t, s, eventSpec{name: "Fresh Games", divisions: 1, teamsPerDiv: 6, workouts: 2, scoreType: "REPS", publishStatus: "start"})
	var rows []row
	for i, tm := range ev.Teams {
		rows = append(rows, row{TeamID: tm.ID, WorkoutID: ev.Workouts[0], Value: float64(10 + i)})
	}
	save := c.must(t, http.MethodPost, s.URL+"/api/results/batch", s.token, map[string]any{"results": rows})
	publishAll(t, s, c, save)
	return ev, "/api/public/events/" + ev.ID + "/divisions/" + ev.Divisions[0] + "/leaderboard"
}

// publishAll publishes the results a batch save answered.
func publishAll(t *testing.T, s *stack, c *client, save reply) {
	t.Helper()
	c.must(t, http.MethodPost, s.URL+"/api/results/publication/publish", s.token, map[string]any{"resultIds": resultIDs(t, save)})
}

// resultIDs are the ids of the results a batch save answered.
func resultIDs(t *testing.T, save reply) []string {
	t.Helper()
	saved := &resultsv1.BatchSaveResultsResponse{}
	save.decode(t, saved)
	ids := make([]string, len(saved.Results))
	for i, r := range saved.Results {
		ids[i] = r.GetId().GetValue()
	}
	return ids
}

// leaderOf is the team leading the division leaderboard at url (zero when none).
func leaderOf(t *testing.T, c *client, url string) team {
	t.Helper()
	r := c.get(url, "")
	lb := &publicv1.DivisionLeaderboard{}
	if r.status != http.StatusOK || protojson.Unmarshal(r.body, lb) != nil || len(lb.Standings) == 0 {
		return team{}
	}
	return team{ID: lb.Standings[0].TeamId}
}

// timeUntilFirst polls url until tm leads, up to limit; it returns how long that took (limit
// when it never did).
func timeUntilFirst(c *client, url string, tm team, limit time.Duration) time.Duration {
	start := time.Now()
	for time.Since(start) < limit {
		r := c.get(url, "")
		lb := &publicv1.DivisionLeaderboard{}
		if r.status == http.StatusOK && protojson.Unmarshal(r.body, lb) == nil && len(lb.Standings) > 0 && lb.Standings[0].TeamId == tm.ID {
			return time.Since(start)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return limit
}

// ---- Redis snapshots ------------------------------------------------------------------------

type redisKey struct {
	name  string
	ttl   time.Duration
	value string
}

// dumpRedis copies every key of the client's db (DUMP, with its TTL).
func dumpRedis(t *testing.T, rdb *redis.Client) []redisKey {
	t.Helper()
	ctx := context.Background()
	var out []redisKey
	iter := rdb.Scan(ctx, 0, "*", 500).Iterator()
	for iter.Next(ctx) {
		k := iter.Val()
		v, err := rdb.Dump(ctx, k).Result()
		if err == redis.Nil {
			continue
		}
		if err != nil {
			t.Fatalf("dump %s: %v", k, err)
		}
		ttl := rdb.PTTL(ctx, k).Val()
		if ttl < 0 {
			ttl = 0
		}
		out = append(out, redisKey{name: k, ttl: ttl, value: v})
	}
	if err := iter.Err(); err != nil {
		t.Fatalf("scan: %v", err)
	}
	return out
}

// restoreRedis replaces the db's content with a snapshot.
func restoreRedis(t *testing.T, rdb *redis.Client, snapshot []redisKey) {
	t.Helper()
	ctx := context.Background()
	if err := rdb.FlushDB(ctx).Err(); err != nil {
		t.Fatalf("flush: %v", err)
	}
	for _, k := range snapshot {
		if err := rdb.RestoreReplace(ctx, k.name, k.ttl, k.value).Err(); err != nil {
			t.Fatalf("restore %s: %v", k.name, err)
		}
	}
}

// ---- a partition between one process and Redis ---------------------------------------------

// blackholeProxy forwards TCP to Redis until cut: then every connection hangs, as behind a
// dropped network route, until healed.
type blackholeProxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	down   bool
	conns  map[net.Conn]bool
}

func newBlackholeProxy(t *testing.T, redisPort int) *blackholeProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &blackholeProxy{ln: ln, target: fmt.Sprintf("127.0.0.1:%d", redisPort), conns: map[net.Conn]bool{}}
	go p.serve()
	t.Cleanup(func() { ln.Close(); p.closeAll() })
	return p
}

func (p *blackholeProxy) port() int { return p.ln.Addr().(*net.TCPAddr).Port }

func (p *blackholeProxy) serve() {
	for {
		in, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		p.conns[in] = true
		down := p.down
		p.mu.Unlock()
		if down {
			continue // held open, never answered
		}
		out, err := net.Dial("tcp", p.target)
		if err != nil {
			in.Close()
			continue
		}
		p.mu.Lock()
		p.conns[out] = true
		p.mu.Unlock()
		go p.pipe(in, out)
		go p.pipe(out, in)
	}
}

// pipe copies while the proxy is up; once cut, bytes are swallowed.
func (p *blackholeProxy) pipe(dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			down := p.down
			p.mu.Unlock()
			if !down {
				if _, werr := dst.Write(buf[:n]); werr != nil {
					return
				}
			}
		}
		if err != nil {
			if err != io.EOF {
				dst.Close()
			}
			return
		}
	}
}

func (p *blackholeProxy) cut() {
	p.mu.Lock()
	p.down = true
	p.mu.Unlock()
}

// heal closes every connection (the client reconnects) and forwards again.
func (p *blackholeProxy) heal() {
	p.closeAll()
	p.mu.Lock()
	p.down = false
	p.mu.Unlock()
}

func (p *blackholeProxy) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		c.Close()
	}
	p.conns = map[net.Conn]bool{}
}
