package targets

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	competitionsvc "github.com/podium-dev/podium/competition-svc"
	"github.com/podium-dev/podium/competition-svc/push"
)

// pushConfig is competition-svc's Web Push: the configured VAPID key pair; in dev mode without
// one, the pair generated on the database's first start and kept there; otherwise off
// (docs/operations.md, "Web Push"). A production secret never has a default.
func pushConfig(ctx context.Context, rt *Runtime, pool *pgxpool.Pool) (push.Config, error) {
	cfg := push.Config{PublicKey: rt.Cfg.VAPIDPublicKey, PrivateKey: string(rt.Cfg.VAPIDPrivateKey),
		Subject: rt.Cfg.PushSubject(), AllowedOrigins: rt.Cfg.PushAllowedOrigins}
	if cfg.On() || !rt.Cfg.DevMode {
		return cfg, nil
	}
	public, private, err := competitionsvc.DevPushKeys(ctx, pool)
	if err != nil {
		return cfg, fmt.Errorf("dev VAPID keys: %w", err)
	}
	rt.Log.Warn("dev mode: Web Push signs with the VAPID key pair kept in the database; set PODIUM_VAPID_* in production")
	cfg.PublicKey, cfg.PrivateKey = public, private
	return cfg, nil
}
