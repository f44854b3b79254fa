package authsvc

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// loginLimiter counts failed sign-ins per username and client address in Redis, so every
// replica of auth-svc sees the same count. It is keyed by both: a guessing run against many
// usernames from one address does not lock out the real admin, and one username attacked
// from elsewhere stays usable from the admin's own address.
type loginLimiter struct {
	rdb         *redis.Client
	maxFailures int
	lockout     time.Duration
	log         *slog.Logger
}

func failureKey(username, addr string) string {
	return "podium:login:failures:" + strings.ToLower(username) + "|" + addr
}

// admit counts a sign-in attempt before its password is checked and returns how long the
// pair must wait when it is over the limit (0: go ahead). Counting first, atomically, means
// parallel guesses cannot all slip past the limit while their passwords are being checked;
// a successful sign-in resets the count.
func (l *loginLimiter) admit(ctx context.Context, username, addr string) time.Duration {
	key := failureKey(username, addr)
	var attempts *redis.IntCmd
	var ttl *redis.DurationCmd
	_, err := l.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		attempts = p.Incr(ctx, key)
		p.ExpireNX(ctx, key, l.lockout)
		ttl = p.TTL(ctx, key)
		return nil
	})
	if err != nil {
		// Fail open: with Redis down, sign-in must keep working on competition day.
		l.log.Warn("login rate limit unavailable", "err", err)
		return 0
	}
	if attempts.Val() <= int64(l.maxFailures) {
		return 0
	}
	if wait := ttl.Val(); wait > 0 {
		return wait
	}
	return l.lockout
}

func (l *loginLimiter) reset(ctx context.Context, username, addr string) {
	if err := l.rdb.Del(ctx, failureKey(username, addr)).Err(); err != nil {
		l.log.Warn("login failures not reset", "err", err)
	}
}

// retryMessage says when to try again, in words.
func retryMessage(wait time.Duration) string {
	minutes := int((wait + time.Minute - time.Second) / time.Minute)
	if wait < time.Minute {
		seconds := int((wait + time.Second - 1) / time.Second)
		return fmt.Sprintf("Too many failed sign-in attempts. Please try again in %d seconds.", seconds)
	}
	if minutes == 1 {
		return "Too many failed sign-in attempts. Please try again in 1 minute."
	}
	return fmt.Sprintf("Too many failed sign-in attempts. Please try again in %d minutes.", minutes)
}
