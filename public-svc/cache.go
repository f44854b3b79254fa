package publicsvc

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/singleflight"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// Cache settings (ARCHITECTURE.md, "Caching and load").
const (
	// viewTTL lets views of old generations expire; nothing is ever deleted.
	viewTTL = 10 * time.Minute
	// teamEventTTL bounds how long a team → event lookup is trusted (a stale one is detected
	// and refreshed anyway).
	teamEventTTL = time.Hour
	// lockTTL bounds the Redis build lock, in case its holder dies.
	lockTTL = 2 * time.Second
	// waitForOther is how long a request polls for the value another replica is building
	// before it builds the view itself.
	waitForOther = 300 * time.Millisecond
	pollEvery    = 10 * time.Millisecond
	// probeEvery is how often a Redis that failed is tried again, in the background: requests
	// do not wait for it meanwhile (a failed dial costs go-redis most of a second).
	probeEvery = 250 * time.Millisecond
	// buildTimeout bounds a shared build, which outlives the request that started it.
	buildTimeout = 10 * time.Second
)

// rebuilds counts view builds in this process by kind ("division", "src:standings", …), for
// tests and metrics.
var rebuilds sync.Map // kind → *atomic.Int64

func countRebuild(kind string) {
	v, ok := rebuilds.Load(kind)
	if !ok {
		v, _ = rebuilds.LoadOrStore(kind, new(atomic.Int64))
	}
	v.(*atomic.Int64).Add(1)
}

// RebuildCount is how many times views of a kind were built in this process (a kind is the
// first part of the view name: "events", "event", "leaderboard", "division", "workout",
// "team", "bookmark", "src:structure", "src:standings"); "" counts every kind.
func RebuildCount(kind string) int64 {
	var n int64
	rebuilds.Range(func(k, v any) bool {
		if kind == "" || k.(string) == kind {
			n += v.(*atomic.Int64).Load()
		}
		return true
	})
	return n
}

// viewCache keeps built views in Redis as protobuf bytes under keys that carry the event's
// generation, and builds each missing view once: singleflight within the process, a short
// Redis lock across replicas. Without Redis it builds directly.
type viewCache struct {
	rdb   *redis.Client
	gens  *cache.Generations
	log   *slog.Logger
	sf    singleflight.Group
	count atomic.Int64
	// down is set by a Redis failure and cleared by the background probe once Redis answers
	// again: never latched.
	down atomic.Bool
	// waitFor is waitForOther (tests lengthen it on a busy machine).
	waitFor time.Duration
	// trustAfter (unix nanoseconds) is when Redis last came back: values built before are
	// not trusted.
	trustAfter atomic.Int64
}

func newViewCache(rdb *redis.Client, gens *cache.Generations, log *slog.Logger) *viewCache {
	if gens == nil && rdb != nil {
		gens = cache.NewGenerations(rdb, nil, log)
	}
	return &viewCache{rdb: rdb, gens: gens, log: log, waitFor: waitForOther}
}

// available reports whether Redis is worth trying now.
func (c *viewCache) available() bool {
	return c.rdb != nil && c.gens != nil && !c.down.Load()
}

// failed notes a Redis failure (a request's own cancellation is not one): requests build
// views directly until the probe sees Redis again.
func (c *viewCache) failed(ctx context.Context, err error) {
	if ctx.Err() != nil || errors.Is(err, redis.ErrClosed) {
		return
	}
	if c.down.CompareAndSwap(false, true) {
		c.log.Warn("redis unavailable: building public views directly", "err", err)
		go c.probe()
	}
}

// probe pings Redis until it answers, then lets requests use it again.
func (c *viewCache) probe() {
	for {
		time.Sleep(probeEvery)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		err := c.rdb.Ping(ctx).Err()
		cancel()
		if errors.Is(err, redis.ErrClosed) {
			return // shutting down
		}
		if err == nil {
			c.trustAfter.Store(time.Now().UnixNano())
			c.down.Store(false)
			c.log.Info("redis is back: caching public views again")
			return
		}
	}
}

// builder builds a view; gen is the generation its sources are cached under (none without
// Redis).
type builder func(ctx context.Context, gen generation) (proto.Message, error)

// generation is an event's generation, or none when Redis is not available.
type generation struct {
	n  int64
	ok bool
}

func viewKey(eventID string, gen int64, view string) string {
	return "podium:view:" + eventID + ":g" + strconv.FormatInt(gen, 10) + ":" + view
}

// generation reads an event's generation; ok is false when Redis is not available.
func (c *viewCache) generation(ctx context.Context, eventID string) generation {
	if !c.available() {
		return generation{}
	}
	n, err := c.gens.Current(ctx, eventID)
	if err != nil {
		c.failed(ctx, err)
		return generation{}
	}
	return generation{n: n, ok: true}
}

// built is a view as it travels through the cache: the message when this process built it
// (shared by every waiter: read it, never change it), always its encoding.
type built struct {
	msg proto.Message
	b   []byte
}

// view returns the view of eventID named view (kind first: "division:<id>"), of type typ,
// from Redis when it is there, else built once. The message may be shared with other callers:
// it must not be changed.
func (c *viewCache) view(ctx context.Context, eventID, view string, typ protoreflect.MessageType, build builder) (proto.Message, error) {
	gen := c.generation(ctx, eventID)
	return c.viewAt(ctx, eventID, gen, view, typ, build)
}

// viewAt is view at a known generation.
func (c *viewCache) viewAt(ctx context.Context, eventID string, gen generation, view string, typ protoreflect.MessageType, build builder) (proto.Message, error) {
	kind := kindOf(view)
	buildOnce := func(ctx context.Context) (built, error) {
		c.count.Add(1)
		countRebuild(kind)
		start := time.Now()
		m, err := build(ctx, gen)
		telemetry.ViewRebuild.WithLabelValues(kind).Observe(time.Since(start).Seconds())
		if err != nil {
			return built{}, err
		}
		b, err := proto.Marshal(m)
		return built{msg: m, b: b}, err
	}
	if !gen.ok {
		// Redis is down: build directly. No singleflight either: a build that started before
		// a change committed must not answer a request that came after it.
		r, err := buildOnce(ctx)
		return r.msg, err
	}
	r, err := c.get(ctx, viewKey(eventID, gen.n, view), buildOnce)
	if err != nil {
		return nil, err
	}
	if r.msg != nil {
		return r.msg, nil
	}
	m := typ.New().Interface()
	if err := proto.Unmarshal(r.b, m); err != nil {
		return nil, err
	}
	return m, nil
}

func kindOf(view string) string {
	for i := 0; i < len(view); i++ {
		if view[i] == ':' {
			if view[:i] == "src" {
				for j := i + 1; j < len(view); j++ {
					if view[j] == ':' {
						return view[:j]
					}
				}
				return view
			}
			return view[:i]
		}
	}
	return view
}

// get returns the value under key, building and storing it on a miss.
func (c *viewCache) get(ctx context.Context, key string, build func(context.Context) (built, error)) (built, error) {
	if c.available() {
		if b, ok, _ := c.fetch(ctx, key); ok {
			telemetry.PublicCache.WithLabelValues("redis", "hit").Inc()
			return built{b: b}, nil
		}
	}
	telemetry.PublicCache.WithLabelValues("redis", "miss").Inc()
	ch := c.sf.DoChan(key, func() (any, error) {
		// The build is shared: it must not end when the request that started it goes away.
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), buildTimeout)
		defer cancel()
		return c.fill(bctx, key, build)
	})
	select {
	case r := <-ch:
		if r.Err != nil {
			return built{}, r.Err
		}
		return r.Val.(built), nil
	case <-ctx.Done():
		return built{}, ctx.Err()
	}
}

// fill builds the value under key once across replicas: the holder of a short Redis lock
// builds and stores it; others poll for it briefly, then build it themselves.
func (c *viewCache) fill(ctx context.Context, key string, build func(context.Context) (built, error)) (built, error) {
	if !c.available() {
		return build(ctx)
	}
	buildAndStore := func() (built, error) {
		builtAt := time.Now().UnixNano()
		r, err := build(ctx)
		if err == nil {
			c.store(ctx, key, r.b, builtAt)
		}
		return r, err
	}
	lockKey := key + ":lock"
	token := newToken()
	locked, err := c.rdb.SetNX(ctx, lockKey, token, lockTTL).Result()
	if err != nil {
		c.failed(ctx, err)
		return build(ctx)
	}
	if !locked {
		deadline := time.Now().Add(c.waitFor)
		for time.Now().Before(deadline) {
			time.Sleep(pollEvery)
			b, ok, err := c.fetch(ctx, key)
			if ok {
				return built{b: b}, nil
			}
			if err != nil {
				return build(ctx)
			}
		}
		return buildAndStore()
	}
	defer c.unlock(ctx, lockKey, token)
	// Another replica may have stored the value between our miss and our lock.
	if b, ok, _ := c.fetch(ctx, key); ok {
		return built{b: b}, nil
	}
	return buildAndStore()
}

// Stored values are the build time (8 bytes, unix nanoseconds, big-endian) and the view's
// protobuf bytes. A value built before this process last saw Redis come back is not trusted:
// a change committed during the outage could not bump the generation, so such a value may
// predate it. It is rebuilt (once) and overwritten.
const stampLen = 8

// fetch reads a value; ok is false on a miss, on an untrusted value and on a Redis failure
// (err says which: nil for a miss).
func (c *viewCache) fetch(ctx context.Context, key string) (b []byte, ok bool, err error) {
	raw, err := c.rdb.Get(ctx, key).Bytes()
	if err != nil {
		if errors.Is(err, redis.Nil) {
			return nil, false, nil
		}
		c.failed(ctx, err)
		return nil, false, err
	}
	if len(raw) < stampLen || int64(binary.BigEndian.Uint64(raw)) < c.trustAfter.Load() {
		return nil, false, nil
	}
	return raw[stampLen:], true, nil
}

func (c *viewCache) store(ctx context.Context, key string, b []byte, builtAt int64) {
	if !c.available() {
		return
	}
	v := make([]byte, stampLen+len(b))
	binary.BigEndian.PutUint64(v, uint64(builtAt))
	copy(v[stampLen:], b)
	if err := c.rdb.Set(ctx, key, v, viewTTL).Err(); err != nil {
		c.failed(ctx, err)
	}
}

// unlockScript deletes the lock only if it is still ours.
var unlockScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`)

func (c *viewCache) unlock(ctx context.Context, lockKey, token string) {
	if !c.available() {
		return
	}
	if err := unlockScript.Run(ctx, c.rdb, []string{lockKey}, token).Err(); err != nil && !errors.Is(err, redis.Nil) {
		c.failed(ctx, err)
	}
}

// lookup is a small cached string value (team → event); found is false on a miss or without
// Redis.
func (c *viewCache) lookup(ctx context.Context, key string) (string, bool) {
	if !c.available() {
		return "", false
	}
	v, err := c.rdb.Get(ctx, key).Result()
	if err != nil {
		if !errors.Is(err, redis.Nil) {
			c.failed(ctx, err)
		}
		return "", false
	}
	return v, true
}

func (c *viewCache) remember(ctx context.Context, key, value string, ttl time.Duration) {
	if !c.available() {
		return
	}
	if err := c.rdb.Set(ctx, key, value, ttl).Err(); err != nil {
		c.failed(ctx, err)
	}
}

func (c *viewCache) forget(ctx context.Context, key string) {
	if !c.available() {
		return
	}
	if err := c.rdb.Del(ctx, key).Err(); err != nil {
		c.failed(ctx, err)
	}
}

func newToken() string {
	b := make([]byte, 12)
	rand.Read(b) //nolint:errcheck // never fails
	return hex.EncodeToString(b)
}
