package core

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Grants reads grants from competition-svc's own table: always current, no cache. It lives in
// core so every domain (the finals check another event's grants) reads them the same way.
type Grants struct{ Store *store.Store }

// Roles implements access.Grants.
func (g Grants) Roles(ctx context.Context, userID string, kind access.Kind, ids []string) (_ map[string]string, err error) {
	defer apperr.Wrap(&err, "core.Grants.Roles(%q, %v)", userID, kind)
	return g.Store.GrantRoles(ctx, userID, string(kind), ids)
}
