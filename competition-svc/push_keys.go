package competitionsvc

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/pushq"
)

// DevPushKeys is a development stack's VAPID key pair: generated on its first start and kept
// in the database, since every browser's subscription is bound to the key (`make run` without
// PODIUM_VAPID_*; docs/operations.md, "Web Push"). Production configures its own.
func DevPushKeys(ctx context.Context, pool *pgxpool.Pool) (public, private string, err error) {
	return store.New(pool).DevVAPIDKeys(ctx, pushq.GenerateKeys)
}
