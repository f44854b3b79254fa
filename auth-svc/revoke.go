package authsvc

import (
	"context"
	"log/slog"
	"time"

	"github.com/podium-dev/podium/internal/platform/authn"
)

// revokeTimeout bounds telling the other processes; the revocation is committed already.
const revokeTimeout = time.Second

// revoke tells every process that r ended (a sign-out, a disabled user, a new password), so
// their session caches stop accepting it at once instead of within a second
// (docs/access.md, "Sessions"). It runs after the change is committed; when Redis cannot take
// it the caches' one second is the bound, and the failure is logged.
func (s *service) revoke(ctx context.Context, r authn.Revocation) {
	if s.revocations == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), revokeTimeout)
	defer cancel()
	if err := s.revocations.Publish(ctx, r.String()); err != nil {
		s.log.WarnContext(ctx, "session revocation not published; caches forget it within a second", "revocation", r.String(), "err", err)
	}
}

func logOrDefault(l *slog.Logger) *slog.Logger {
	if l == nil {
		return slog.Default()
	}
	return l
}
