// Package cache connects to Redis and keeps the per-event generation numbers that name every
// cached public view (ARCHITECTURE.md, "Caching and load").
package cache

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// Connect returns a client that fails fast: when Redis is down, callers fall back to building
// views directly instead of waiting.
func Connect(redisURL string) (*redis.Client, error) {
	opts, err := redis.ParseURL(redisURL)
	if err != nil {
		return nil, fmt.Errorf("redis url: %w", err)
	}
	opts.DialTimeout = 300 * time.Millisecond
	opts.ReadTimeout = 300 * time.Millisecond
	opts.WriteTimeout = 300 * time.Millisecond
	opts.MaxRetries = 1
	opts.DialerRetries = 1 // the default retries a refused dial for most of a second
	return redis.NewClient(opts), nil
}

// AllEvents is the generation of the public event list, which spans events.
const AllEvents = "all"

// Generations reads and bumps per-event generation numbers.
type Generations struct {
	rdb     *redis.Client
	changes *Channel
	log     *slog.Logger
}

// NewGenerations wraps a Redis client; bumps are signalled on changes.
func NewGenerations(rdb *redis.Client, changes *Channel, log *slog.Logger) *Generations {
	return &Generations{rdb: rdb, changes: changes, log: log}
}

func generationKey(eventID string) string { return "podium:gen:" + eventID }

// bumpRetries bound the background retries of a failed bump (about half a minute in all).
var bumpRetries = []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second}

// Bump raises the generation of an event (and of the event list) after a committed change.
// A Redis failure is not returned: the change is committed. It is retried in the background,
// because a writer cut off from a Redis that readers still reach would otherwise leave their
// cached views stale until they expire.
func (g *Generations) Bump(ctx context.Context, eventID string) {
	tellCaller(ctx, eventID)
	ctx = context.WithoutCancel(ctx)
	if err := g.bump(ctx, eventID); err != nil {
		g.log.Warn("cache generation not bumped; retrying", "event", eventID, "err", err)
		go g.retryBump(ctx, eventID)
	}
}

func (g *Generations) bump(ctx context.Context, eventID string) error {
	_, err := g.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Incr(ctx, generationKey(eventID))
		p.Incr(ctx, generationKey(AllEvents))
		p.Publish(ctx, g.changes.Name(), eventID)
		return nil
	})
	if err == nil {
		telemetry.PublicCacheInvalidations.WithLabelValues("redis").Inc()
	}
	return err
}

func (g *Generations) retryBump(ctx context.Context, eventID string) {
	for _, wait := range bumpRetries {
		time.Sleep(wait)
		if g.bump(ctx, eventID) == nil {
			g.log.Info("cache generation bumped after retry", "event", eventID)
			return
		}
	}
	g.log.Error("cache generation not bumped: cached views of the event stay stale until they expire", "event", eventID)
}

// Current returns the generation of an event (0 before its first change).
func (g *Generations) Current(ctx context.Context, eventID string) (int64, error) {
	n, err := g.rdb.Get(ctx, generationKey(eventID)).Int64()
	if err == redis.Nil {
		return 0, nil
	}
	return n, err
}
