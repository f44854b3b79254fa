// Package ratelimit is the one home of Podium's attempt limits (docs/operations.md, "Sign-in
// limits"): failed sign-ins, sign-ups, requests for a link, invitation and judge card codes tried. Each
// purpose counts its attempts in Redis under the deployment's namespace, per key (an account's
// name or address), per client address, per both, and for the whole deployment; while Redis
// cannot be reached each process counts for itself, so guessing stays limited.
package ratelimit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Limits bound attempts (docs/operations.md, "Sign-in limits"). Each counts attempts in a
// window that starts with the first one; over a limit, the next attempt waits until that
// window ends, even a right one.
type Limits struct {
	// PerPair: one username from one client address (the guesser at one account).
	PerPair int
	// PerAddress: one client address, any username (password spraying).
	PerAddress int
	// PerUsername: one username, from anywhere (a guessing run spread over many addresses).
	PerUsername int
	// Lockout is the window of the three limits above.
	Lockout time.Duration
	// Global: every sign-in of the deployment, per GlobalWindow (a flood from everywhere).
	Global       int
	GlobalWindow time.Duration
}

// Limiter counts attempts of one purpose (failed sign-ins, athlete sign-ups, reset requests,
// invitation codes) in Redis, so every replica of auth-svc sees the same
// counts; while Redis cannot be reached it counts in this process instead (localCounts), so
// guessing is limited even then. Keys hold hashes, never the username or address themselves,
// so their size is fixed whatever a client sends.
type Limiter struct {
	// purpose keeps the counters of sign-in, sign-up and reset requests apart ("login", …)
	// and names what is limited in the answer.
	purpose   string
	what      string
	rdb       *redis.Client
	local     *localCounts
	limits    Limits
	namespace string
	log       *slog.Logger
}

// New counts attempts of one purpose; what names them in the answer ("sign-up attempts").
func New(purpose, what string, rdb *redis.Client, limits Limits, namespace string, log *slog.Logger, now func() time.Time) *Limiter {
	return &Limiter{purpose: purpose, what: what, rdb: rdb, local: newLocalCounts(now), limits: limits, namespace: namespace, log: log}
}

// counter is one limit as it applies to one attempt.
type counter struct {
	key    string
	limit  int
	window time.Duration
}

// errNoRedis: a limiter made without Redis counts in its process alone.
var errNoRedis = errors.New("no Redis client")

// Attempt is an admitted attempt: the counters it was counted in, and where.
type Attempt struct {
	counters []counter
	local    bool
}

func (l *Limiter) counters(username, addr string) []counter {
	user := strings.ToLower(username)
	return []counter{
		{l.key("pair", user, addr), l.limits.PerPair, l.limits.Lockout},
		{l.key("addr", addr), l.limits.PerAddress, l.limits.Lockout},
		{l.key("user", user), l.limits.PerUsername, l.limits.Lockout},
		{l.key("global"), l.limits.Global, l.limits.GlobalWindow},
	}
}

// key is the Redis key of one counter: the deployment's namespace and a hash of its parts.
func (l *Limiter) key(kind string, parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return "podium:" + l.purpose + ":" + l.namespace + ":" + kind + ":" + hex.EncodeToString(h.Sum(nil)[:16])
}

// Admit counts a sign-in attempt before its password is checked and returns how long it must
// wait when a limit is exceeded (0: go ahead). Counting first, atomically, means parallel
// guesses cannot all slip past the limit while their passwords are being checked; a
// successful sign-in takes its count back (Succeeded).
func (l *Limiter) Admit(ctx context.Context, username, addr string) (Attempt, time.Duration) {
	a := Attempt{counters: l.counters(username, addr)}
	counts, ttls, err := l.countInRedis(ctx, a.counters)
	if err != nil {
		// Fail closed for guessing: count in this process until Redis is back.
		if l.rdb != nil {
			l.log.Warn("login limits: Redis unavailable, counting in this process", "purpose", l.purpose, "err", err)
		}
		a.local = true
		counts, ttls = l.local.incr(a.counters)
	}
	var wait time.Duration
	for i, c := range a.counters {
		if counts[i] > int64(c.limit) {
			w := ttls[i]
			if w <= 0 {
				w = c.window
			}
			wait = max(wait, w)
		}
	}
	return a, wait
}

func (l *Limiter) countInRedis(ctx context.Context, cs []counter) ([]int64, []time.Duration, error) {
	if l.rdb == nil {
		return nil, nil, errNoRedis
	}
	incr := make([]*redis.IntCmd, len(cs))
	ttl := make([]*redis.DurationCmd, len(cs))
	_, err := l.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		for i, c := range cs {
			incr[i] = p.Incr(ctx, c.key)
			p.ExpireNX(ctx, c.key, c.window)
			ttl[i] = p.TTL(ctx, c.key)
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("count sign-in attempt: %w", err)
	}
	counts := make([]int64, len(cs))
	ttls := make([]time.Duration, len(cs))
	for i := range cs {
		counts[i], ttls[i] = incr[i].Val(), ttl[i].Val()
	}
	return counts, ttls, nil
}

// uncount takes one count back from each key that still exists (a key that expired meanwhile
// stays gone rather than coming back negative and without a deadline).
const uncount = `
for _, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 then redis.call('DECR', key) end
end
return 0`

// Succeeded takes a successful sign-in's count back: the pair starts afresh, and the shared
// counters keep counting failures only.
func (l *Limiter) Succeeded(ctx context.Context, a Attempt) {
	if a.local {
		l.local.succeeded(a.counters)
		return
	}
	keys := make([]string, 0, len(a.counters)-1)
	for _, c := range a.counters[1:] {
		keys = append(keys, c.key)
	}
	pipe := l.rdb.TxPipeline()
	pipe.Del(ctx, a.counters[0].key)
	pipe.Eval(ctx, uncount, keys)
	if _, err := pipe.Exec(ctx); err != nil {
		l.log.Warn("login limits: successful sign-in not taken back", "err", err)
	}
}

// Refusal is the answer to an attempt that must wait: what is limited, and when to try again.
func (l *Limiter) Refusal(wait time.Duration) error {
	return apperr.RateLimited(retryMessage(l.what, wait))
}

// retryMessage says when to try again, in words.
func retryMessage(what string, wait time.Duration) string {
	minutes := int((wait + time.Minute - time.Second) / time.Minute)
	if wait < time.Minute {
		seconds := int((wait + time.Second - 1) / time.Second)
		return fmt.Sprintf("Too many %s. Please try again in %d seconds.", what, seconds)
	}
	if minutes == 1 {
		return fmt.Sprintf("Too many %s. Please try again in 1 minute.", what)
	}
	return fmt.Sprintf("Too many %s. Please try again in %d minutes.", what, minutes)
}
