// Package cache connects to Redis and carries the change signals that make cached public
// views fresh at once (docs/architecture.md, "Reading the public site"; docs/operations.md, "Caching").
package cache

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// Connect returns a client that fails fast: when Redis is down, callers fall back to building
// views directly instead of waiting. A URL with `master_name` reaches Redis through Sentinel
// (`redis://sentinel-1:26379/0?master_name=mymaster&addr=sentinel-2:26379`): the client asks
// the sentinels for the primary and follows a failover by itself (docs/operations.md,
// "PostgreSQL and Redis at scale").
func Connect(redisURL string) (*redis.Client, error) {
	if u, err := url.Parse(redisURL); err == nil && u.Query().Has("master_name") {
		opts, err := redis.ParseFailoverURL(redisURL)
		if err != nil {
			return nil, fmt.Errorf("redis sentinel url: %w", err)
		}
		opts.DialTimeout, opts.ReadTimeout, opts.WriteTimeout = failFast, failFast, failFast
		opts.MaxRetries, opts.DialerRetries = 1, 1
		return redis.NewFailoverClient(opts), nil
	}
	opts, err := redis.ParseURL(redisURL)
	if err != nil {
		return nil, fmt.Errorf("redis url: %w", err)
	}
	opts.DialTimeout, opts.ReadTimeout, opts.WriteTimeout = failFast, failFast, failFast
	opts.MaxRetries = 1
	opts.DialerRetries = 1 // the default retries a refused dial for most of a second
	return redis.NewClient(opts), nil
}

// failFast bounds every Redis dial, read and write.
const failFast = 300 * time.Millisecond

// AllEvents stands for the public event list, which spans events: public-svc keys it by
// competition-svc's list version.
const AllEvents = "all"

// Changes signals committed changes of events (changes.go says where the signals go).
type Changes struct {
	channel *Channel
	log     *slog.Logger
}

// NewChanges signals on channel.
func NewChanges(channel *Channel, log *slog.Logger) *Changes {
	return &Changes{channel: channel, log: log}
}

// Bump signals a committed change that may alter an event's public views: to the caller of
// the gRPC call ctx belongs to, and on the change channel. A lost signal only delays fresh
// views by the gateway's TTL (public-svc keys its cache by versions in PostgreSQL), so a
// failure is logged, not retried.
func (c *Changes) Bump(ctx context.Context, eventID string) {
	tellCaller(ctx, eventID)
	if err := c.channel.Publish(context.WithoutCancel(ctx), eventID); err != nil {
		c.log.Warn("change not signalled on redis; gateways see it within their cache TTL", "event", eventID, "err", err)
		return
	}
	telemetry.PublicCacheInvalidations.WithLabelValues("redis").Inc()
}
