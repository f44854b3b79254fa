package authsvc

import (
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/podium-dev/podium/internal/platform/ratelimit"
)

// LoginLimits bound failed sign-ins, athlete sign-ups and requests for a link
// (docs/operations.md, "Sign-in limits"); the counting is internal/platform/ratelimit's.
type LoginLimits = ratelimit.Limits

// newLoginLimiter counts failed sign-ins.
func newLoginLimiter(rdb *redis.Client, limits LoginLimits, namespace string, log *slog.Logger, now func() time.Time) *ratelimit.Limiter {
	return ratelimit.New("login", "failed sign-in attempts", rdb, limits, namespace, log, now)
}
