package publicsvc

import (
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/internal/platform/telemetry/telemetrytest"
)

// Cache tests run against the test Redis; every test uses its own event id.

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// testVersions stand in for the services' public versions.
type testVersions struct{ comp atomic.Int64 }

func (v *testVersions) read(context.Context, string) (versions, error) {
	return versions{comp: v.comp.Load(), ok: true}, nil
}

// testBuildWait is the production default (PODIUM_PUBLIC_BUILD_WAIT).
const testBuildWait = 300 * time.Millisecond

func newTestCache(t *testing.T, rdb *redis.Client) *viewCache {
	t.Helper()
	return newTestCacheWaiting(rdb, pgtest.Namespace(t, rdb), testBuildWait)
}

// newTestCacheWaiting is a cache of the deployment ns (pgtest.Namespace; replicas share one).
func newTestCacheWaiting(rdb *redis.Client, ns string, wait time.Duration) *viewCache {
	return newViewCache(rdb, ns, wait, (&testVersions{}).read, quiet)
}

// slowBuilder counts its calls and takes a while, so that concurrent requests overlap.
func slowBuilder(calls *atomic.Int64, value string) builder {
	return func(context.Context, versions) (proto.Message, error) {
		calls.Add(1)
		time.Sleep(50 * time.Millisecond)
		return wrapperspb.String(value), nil
	}
}

func readView(t *testing.T, c *viewCache, eventID string, b builder) string {
	t.Helper()
	m, err := c.view(context.Background(), eventID, "test:x", typeOf[*wrapperspb.StringValue](), b)
	if err != nil {
		t.Errorf("view: %v", err)
		return ""
	}
	return m.(*wrapperspb.StringValue).GetValue()
}

func TestCacheBuildsOnceInProcess(t *testing.T) {
	t.Parallel()
	rdb := pgtest.NewRedis(t)
	v := &testVersions{}
	c := newViewCache(rdb, pgtest.Namespace(t, rdb), testBuildWait, v.read, quiet)
	event := newToken()
	var calls atomic.Int64
	var wg sync.WaitGroup
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got := readView(t, c, event, slowBuilder(&calls, "v1")); got != "v1" {
				t.Errorf("got %q", got)
			}
		}()
	}
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Fatalf("built %d times, want 1", n)
	}
	// Cached: no further build.
	readView(t, c, event, slowBuilder(&calls, "v1"))
	if n := calls.Load(); n != 1 {
		t.Fatalf("built %d times after a hit, want 1", n)
	}
	if n := telemetrytest.ViewRebuilds("test"); n < 1 { // process-wide: other tests build too
		t.Errorf("the metric counts %d builds of the test view", n)
	}
	// A new version is a new key: built again, once.
	v.comp.Add(1)
	if got := readView(t, c, event, slowBuilder(&calls, "v2")); got != "v2" || calls.Load() != 2 {
		t.Fatalf("after a bump: %q, %d builds", got, calls.Load())
	}
	ttl := rdb.TTL(context.Background(), c.viewKey(event, versions{comp: 1}.tag(), "test:x")).Val()
	if ttl <= 0 || ttl > viewTTL {
		t.Errorf("view TTL %v", ttl)
	}
}

func TestCacheBuildsOnceAcrossReplicas(t *testing.T) {
	t.Parallel()
	rdb := pgtest.NewRedis(t)
	// Replicas configured to wait long enough that a busy machine cannot make them give up.
	ns := pgtest.Namespace(t, rdb)
	replicas := []*viewCache{newTestCacheWaiting(rdb, ns, 5*time.Second), newTestCacheWaiting(pgtest.NewRedis(t), ns, 5*time.Second),
		newTestCacheWaiting(pgtest.NewRedis(t), ns, 5*time.Second)}
	event := newToken()
	var calls atomic.Int64
	var wg sync.WaitGroup
	for i := range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got := readView(t, replicas[i%len(replicas)], event, slowBuilder(&calls, "v")); got != "v" {
				t.Errorf("got %q", got)
			}
		}()
	}
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Fatalf("built %d times across replicas, want 1", n)
	}
	if n := rdb.Exists(context.Background(), replicas[0].viewKey(event, versions{}.tag(), "test:x")+":lock").Val(); n != 0 {
		t.Error("the build lock was left behind")
	}
}

// commands records the commands a Redis client sends (name and first key), as the server
// receives them: the cache's reads and writes, counted instead of timed.
type commands struct {
	mu   sync.Mutex
	seen []string
	// onGet, when set, runs before a GET of the key reaches Redis.
	onGet func(key string)
}

func watch(rdb *redis.Client) *commands {
	c := &commands{}
	rdb.AddHook(c)
	return c
}

func (c *commands) DialHook(next redis.DialHook) redis.DialHook { return next }

func (c *commands) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		name, key := cmd.Name(), ""
		if args := cmd.Args(); len(args) > 1 {
			key, _ = args[1].(string)
		}
		c.mu.Lock()
		c.seen = append(c.seen, name+" "+key)
		onGet := c.onGet
		c.mu.Unlock()
		if name == "get" && onGet != nil {
			onGet(key)
		}
		return next(ctx, cmd)
	}
}

func (c *commands) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

// count is how many of the recorded commands are name (and key, when not empty).
func (c *commands) count(name, key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, s := range c.seen {
		if s == name+" "+key || key == "" && strings.HasPrefix(s, name+" ") {
			n++
		}
	}
	return n
}

func (c *commands) total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.seen)
}

func TestCacheWaiterTakesTheLockHoldersValue(t *testing.T) {
	t.Parallel()
	rdb := pgtest.NewRedis(t)
	cmds := watch(rdb)
	c := newTestCache(t, rdb)
	event := newToken()
	key := c.viewKey(event, versions{}.tag(), "test:x")
	// Another replica holds the lock and delivers while this one waits: it stores its value
	// just before the waiter's first poll reaches Redis.
	rdb.Set(context.Background(), key+":lock", "someone-else", lockTTL)
	other := pgtest.NewRedis(t)
	reads := 0 // the read before the lock, then the polls
	cmds.onGet = func(k string) {
		if k != key {
			return
		}
		if reads++; reads == 2 {
			if err := other.Set(context.Background(), key, mustMarshal(t, wrapperspb.String("theirs")), viewTTL).Err(); err != nil {
				t.Errorf("deliver: %v", err)
			}
		}
	}
	var calls atomic.Int64
	if got := readView(t, c, event, slowBuilder(&calls, "mine")); got != "theirs" {
		t.Fatalf("got %q, want the lock holder's value", got)
	}
	if calls.Load() != 0 {
		t.Errorf("built %d times though the lock holder delivered", calls.Load())
	}
	if reads != 2 {
		t.Errorf("%d reads, want 2: one before the lock, one poll that found the value", reads)
	}
}

func TestCacheWaiterBuildsWhenLockHolderNeverDelivers(t *testing.T) {
	t.Parallel()
	for _, wait := range []time.Duration{0, testBuildWait} {
		t.Run(wait.String(), func(t *testing.T) {
			rdb := pgtest.NewRedis(t)
			cmds := watch(rdb)
			c := newTestCacheWaiting(rdb, pgtest.Namespace(t, rdb), wait)
			event := newToken()
			key := c.viewKey(event, versions{}.tag(), "test:x")
			// Another replica holds the lock and never delivers.
			rdb.Set(context.Background(), key+":lock", "someone-else", lockTTL)
			before := cmds.count("get", key)
			var calls atomic.Int64
			if got := readView(t, c, event, slowBuilder(&calls, "mine")); got != "mine" {
				t.Fatalf("got %q", got)
			}
			if calls.Load() != 1 {
				t.Errorf("built %d times", calls.Load())
			}
			// One read before the lock; then polls only when the build wait allows them.
			polls := cmds.count("get", key) - before - 1
			switch {
			case wait == 0 && polls != 0:
				t.Errorf("no build wait, yet %d polls for the lock holder's value", polls)
			case wait > 0 && polls < 1:
				t.Errorf("build wait %v, yet no poll for the lock holder's value", wait)
			}
			if rdb.Get(context.Background(), key+":lock").Val() != "someone-else" {
				t.Error("somebody else's lock was removed")
			}
			// The value built meanwhile is stored for the others.
			if rdb.Exists(context.Background(), key).Val() != 1 {
				t.Error("value not stored")
			}
		})
	}
}

func mustMarshal(t *testing.T, m proto.Message) []byte {
	t.Helper()
	b, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestCacheErrorsAreNotCached(t *testing.T) {
	t.Parallel()
	rdb := pgtest.NewRedis(t)
	c := newTestCache(t, rdb)
	event := newToken()
	var calls atomic.Int64
	fail := func(context.Context, versions) (proto.Message, error) {
		calls.Add(1)
		return nil, apperr.NotFound("nope")
	}
	for range 2 {
		_, err := c.view(context.Background(), event, "test:x", typeOf[*wrapperspb.StringValue](), fail)
		if !apperr.IsKind(err, apperr.KindNotFound) {
			t.Fatalf("err %v", err)
		}
	}
	if calls.Load() != 2 {
		t.Errorf("built %d times, want 2 (errors are not cached)", calls.Load())
	}
}

func TestCacheWithoutRedis(t *testing.T) {
	t.Parallel()
	// A port nothing listens on.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	rdb, err := cache.Connect("redis://" + addr + "/0")
	if err != nil {
		t.Fatal(err)
	}
	defer rdb.Close()
	cmds := watch(rdb)
	c := newTestCache(t, rdb)
	var calls atomic.Int64
	// The first call finds Redis down; later ones do not try it again until the background
	// probe (PING) sees it back.
	if got := readView(t, c, "ev", slowBuilder(&calls, "direct")); got != "direct" {
		t.Fatalf("got %q", got)
	}
	if cmds.total() == 0 {
		t.Fatal("the first call did not try Redis")
	}
	tried := cmds.total() - cmds.count("ping", "")
	for range 10 {
		if got := readView(t, c, "ev", slowBuilder(&calls, "direct")); got != "direct" {
			t.Fatalf("got %q", got)
		}
	}
	if calls.Load() != 11 {
		t.Errorf("built %d times, want 11 (no cache without Redis)", calls.Load())
	}
	if n := cmds.total() - cmds.count("ping", "") - tried; n != 0 {
		t.Errorf("10 calls sent %d commands to the Redis that is down, want 0 (only the probe tries it)", n)
	}
	// Without any Redis client at all, too.
	c = newViewCache(nil, "", testBuildWait, nil, quiet)
	if got := readView(t, c, "ev", slowBuilder(&calls, "none")); got != "none" {
		t.Fatalf("got %q", got)
	}
}
