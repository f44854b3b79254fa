package authsvc

import (
	"context"
	"fmt"
	"slices"

	"github.com/podium-dev/podium/auth-svc/store"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// The erasure feed (docs/access.md, "Athletes"; docs/architecture.md, "Calls between
// services"): a deleted athlete's erasure is recorded with the deletion (athlete_delete.go),
// and the services that keep athletes' traces read it, each after the position it has
// applied, rather than auth-svc calling up to them. A read acknowledges the position it asks
// after; once every reader has acknowledged an erasure, it is done and the feed forgets the
// address and name it carried.

// erasureReaders are the targets that read the feed: its caller table's entry, so a service
// that starts reading it is waited for before an erasure counts as done.
var erasureReaders = Callers[authv1.AuthService_ListErasures_FullMethodName]

const (
	defaultErasurePage = 50
	maxErasurePage     = 100
)

// listErasures answers the erasures after the calling service's position.
func (s *service) listErasures(ctx context.Context, after int64, limit int) (_ []store.Erasure, _ map[string]int64, err error) {
	defer apperr.Wrap(&err, "authsvc.listErasures(%d)", after)
	reader, ok := svcauth.CallerFrom(ctx)
	if !ok || !slices.Contains(erasureReaders, reader) {
		return nil, nil, apperr.Forbidden("Only the services that keep athletes' traces read the erasure feed.")
	}
	if after < 0 {
		return nil, nil, apperr.Invalid("after", "The position must not be negative")
	}
	switch {
	case limit == 0:
		limit = defaultErasurePage
	case limit < 0 || limit > maxErasurePage:
		return nil, nil, apperr.Invalid("limit", fmt.Sprintf("The limit must be between 1 and %d", maxErasurePage))
	}
	var list []store.Erasure
	var read map[string]int64
	err = s.users.InTx(ctx, func(tx *store.Store) (err error) {
		list, read, err = tx.ReadErasures(ctx, reader, after, limit, erasureReaders)
		return err
	})
	return list, read, err
}
