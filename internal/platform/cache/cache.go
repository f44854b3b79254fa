// Package cache connects to Redis and holds what the public caches share: the deployment's
// namespace on Redis and public-svc's advice to the gateway (docs/architecture.md, "Reading the
// public site"; the change signals that keep them fresh are package changes).
package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
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

// Namespace separates deployments that share one Redis: it is derived from the PostgreSQL
// database (hashed: the URL may hold a password) and the Redis database number, so neither
// two deployments nor two test stacks on one Redis see each other's keys or signals.
func Namespace(databaseURL string, rdb *redis.Client) string {
	sum := sha256.Sum256([]byte(databaseURL))
	db := 0
	if rdb != nil {
		db = rdb.Options().DB
	}
	return hex.EncodeToString(sum[:6]) + ":db" + strconv.Itoa(db)
}
