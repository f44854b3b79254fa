package publicsvc

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/singleflight"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// Cache settings (docs/architecture.md, "Reading the public site").
const (
	// viewTTL lets views of old versions expire; nothing is ever deleted.
	viewTTL = 10 * time.Minute
	// teamEventTTL bounds how long a team → event lookup is trusted (a stale one is detected
	// and refreshed anyway).
	teamEventTTL = time.Hour
	// lockTTL bounds the Redis build lock, in case its holder dies.
	lockTTL   = 2 * time.Second
	pollEvery = 10 * time.Millisecond
	// probeEvery is how often a Redis that failed is tried again, in the background: requests
	// do not wait for it meanwhile (a failed dial costs go-redis most of a second).
	probeEvery = 250 * time.Millisecond
	// buildTimeout bounds a shared build, which outlives the request that started it.
	buildTimeout = 10 * time.Second
)

// viewCache keeps built views in Redis as protobuf bytes under keys that carry the event's
// public versions (versions.go), and builds each missing view once: singleflight within the
// process, a short Redis lock across replicas. Without Redis it builds directly.
type viewCache struct {
	rdb *redis.Client
	// ns separates deployments sharing one Redis (cache.Namespace).
	ns string
	// versionsOf reads an event's public versions (AllEvents: the event list's).
	versionsOf func(ctx context.Context, eventID string) (versions, error)
	log        *slog.Logger
	sf         singleflight.Group
	// down is set by a Redis failure and cleared by the background probe once Redis answers
	// again: never latched.
	down atomic.Bool
	// waitFor is how long a request polls for the value another replica is building before
	// it builds the view itself (Deps.BuildWait).
	waitFor time.Duration
	// decoded are views read or built here, by key (decoded.go).
	decoded *decodedViews
}

func newViewCache(rdb *redis.Client, ns string, waitFor time.Duration, versionsOf func(context.Context, string) (versions, error), log *slog.Logger) *viewCache {
	return &viewCache{rdb: rdb, ns: ns, versionsOf: versionsOf, log: log, waitFor: waitFor,
		decoded: newDecodedViews(decodedMaxBytes, decodedMaxViews)}
}

// available reports whether Redis is worth trying now.
func (c *viewCache) available() bool {
	return c.rdb != nil && c.versionsOf != nil && !c.down.Load()
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
			c.down.Store(false)
			c.log.Info("redis is back: caching public views again")
			return
		}
	}
}

// builder builds a view; v are the versions it is cached under (none without Redis).
type builder func(ctx context.Context, v versions) (proto.Message, error)

// viewLayout names the layout of the protobuf bytes under the keys. Raise it when a cached
// message changes the type of a field, so replicas of two releases never decode each other's
// bytes, or gains a field the pages show, so no view cached before the release is served
// without it (the contract's words became enums in layout 2, the public workout type in
// layout 3, the workouts gained timeCapText in layout 4, the standings' placings their
// resultText in layout 5, the standings their withdrawn mark in layout 6, their tie mark and
// previous rank in layout 7, the teams their athletes' accounts in layout 8).
const viewLayout = "8"

func (c *viewCache) viewKey(eventID, tag, view string) string {
	return "podium:" + c.ns + ":view" + viewLayout + ":" + eventID + ":" + tag + ":" + view
}

// versions reads an event's versions; ok is false when Redis is not available (nothing is
// cached then) or they could not be read (the build reports why).
func (c *viewCache) versions(ctx context.Context, eventID string) versions {
	if !c.available() {
		return versions{}
	}
	v, err := c.versionsOf(ctx, eventID)
	if err != nil {
		return versions{}
	}
	return v
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
	v := c.versions(ctx, eventID)
	return c.viewAt(ctx, eventID, v, v.tag(), view, typ, build)
}

// viewAt is view under a known tag of the versions v (a view source depends on one service's
// version only).
func (c *viewCache) viewAt(ctx context.Context, eventID string, v versions, tag, view string, typ protoreflect.MessageType, build builder) (proto.Message, error) {
	m, _, err := c.load(ctx, eventID, v, tag, view, typ, build)
	return m, err
}

// load is viewAt with the digest of the view's encoding (digestOf): equal digests, equal views.
func (c *viewCache) load(ctx context.Context, eventID string, v versions, tag, view string, typ protoreflect.MessageType, build builder) (proto.Message, string, error) {
	kind := kindOf(view)
	buildOnce := func(ctx context.Context) (built, error) {
		start := time.Now()
		m, err := build(ctx, v)
		telemetry.ViewRebuild.WithLabelValues(kind).Observe(time.Since(start).Seconds())
		if err != nil {
			return built{}, err
		}
		b, err := deterministic.Marshal(m)
		return built{msg: m, b: b}, err
	}
	if !v.ok {
		// Nothing to key by: build directly. No singleflight either: a build that started
		// before a change committed must not answer a request that came after it.
		r, err := buildOnce(ctx)
		if err != nil {
			return nil, "", err
		}
		return r.msg, digestOf(r.b), nil
	}
	key := c.viewKey(eventID, tag, view)
	if d, ok := c.decoded.get(key); ok {
		telemetry.PublicCache.WithLabelValues("public", "hit").Inc()
		return d.msg, d.digest, nil
	}
	r, err := c.get(ctx, key, buildOnce)
	if err != nil {
		return nil, "", err
	}
	m := r.msg
	if m == nil {
		m = typ.New().Interface()
		if err := proto.Unmarshal(r.b, m); err != nil {
			return nil, "", err
		}
	}
	digest := digestOf(r.b)
	c.decoded.put(key, m, digest, len(r.b))
	return m, digest, nil
}

// deterministic encodes views the same way every time, so that equal views have equal digests
// in every replica of a release.
var deterministic = proto.MarshalOptions{Deterministic: true}

// digestOf names a view's encoding: 128 bits of its SHA-256, in hex.
func digestOf(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
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
		r, err := build(ctx)
		if err == nil {
			c.store(ctx, key, r.b)
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

// fetch reads a value; ok is false on a miss and on a Redis failure (err says which: nil for
// a miss). A value is always trusted: it was built after its versions were read, so it shows
// at least everything they count, whatever Redis lost or brought back meanwhile.
func (c *viewCache) fetch(ctx context.Context, key string) (b []byte, ok bool, err error) {
	b, err = c.rdb.Get(ctx, key).Bytes()
	if err != nil {
		if errors.Is(err, redis.Nil) {
			return nil, false, nil
		}
		c.failed(ctx, err)
		return nil, false, err
	}
	return b, true, nil
}

func (c *viewCache) store(ctx context.Context, key string, b []byte) {
	if !c.available() {
		return
	}
	if err := c.rdb.Set(ctx, key, b, viewTTL).Err(); err != nil {
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
	rand.Read(b) // never fails
	return hex.EncodeToString(b)
}
