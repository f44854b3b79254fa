package authsvc

import (
	"context"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/podium-dev/podium/internal/platform/ratelimit"
)

// LoginLimits bound failed sign-ins, athlete sign-ups and requests for a link
// (docs/operations.md, "Sign-in limits").
type LoginLimits = ratelimit.Limits

// attempt is an admitted attempt, to be taken back when it succeeds.
type attempt = ratelimit.Attempt

// loginLimiter is an attempt limiter of auth-svc's: the counting is
// internal/platform/ratelimit's, the one home of every attempt limit.
type loginLimiter struct{ lim *ratelimit.Limiter }

func newLoginLimiter(rdb *redis.Client, limits LoginLimits, namespace string, log *slog.Logger, now func() time.Time) *loginLimiter {
	return newLimiter("login", "failed sign-in attempts", rdb, limits, namespace, log, now)
}

// newLimiter counts attempts of one purpose; what names them in the answer ("sign-up attempts").
func newLimiter(purpose, what string, rdb *redis.Client, limits LoginLimits, namespace string, log *slog.Logger, now func() time.Time) *loginLimiter {
	return &loginLimiter{ratelimit.New(purpose, what, rdb, limits, namespace, log, now)}
}

// admit counts an attempt before it is checked (ratelimit.Limiter.Admit).
func (l *loginLimiter) admit(ctx context.Context, username, addr string) (attempt, time.Duration) {
	return l.lim.Admit(ctx, username, addr)
}

// succeeded takes a successful attempt's count back.
func (l *loginLimiter) succeeded(ctx context.Context, a attempt) { l.lim.Succeeded(ctx, a) }

// refusal is the answer to an attempt that must wait.
func (l *loginLimiter) refusal(wait time.Duration) error { return l.lim.Refusal(wait) }
