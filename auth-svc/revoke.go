package authsvc

import (
	"context"
	"log/slog"
	"time"

	"github.com/podium-dev/podium/internal/platform/authn"
)

// revokeTimeout bounds waiting for the other processes; the revocation is committed already,
// and a process that has not answered by then stops accepting it within the session caches'
// one second anyway.
const revokeTimeout = time.Second

// revoke tells every process that r ended (a sign-out, a disabled user, a new password) and
// waits until each has forgotten it, so the call that ended it answers only when the very next
// request with the old token is refused everywhere (docs/access.md, "Sessions"). It runs after
// the change is committed; a process Redis cannot reach in time is logged and bounded by the
// caches' one second.
func (s *service) revoke(ctx context.Context, r authn.Revocation) {
	if s.revocations == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), revokeTimeout)
	defer cancel()
	if missing, err := s.revocations.Broadcast(ctx, r.String()); err != nil {
		s.log.WarnContext(ctx, "session revocation not confirmed by every process; they forget it within a second",
			"revocation", r.String(), "unconfirmed", missing, "err", err)
	}
}

func logOrDefault(l *slog.Logger) *slog.Logger {
	if l == nil {
		return slog.Default()
	}
	return l
}
