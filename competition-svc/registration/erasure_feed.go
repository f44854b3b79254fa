package registration

import (
	"context"
	"fmt"
	"time"

	"google.golang.org/grpc"

	"github.com/podium-dev/podium/competition-svc/store"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The erasure feed's worker (docs/access.md, "Athletes"; docs/architecture.md, "Calls between
// services"): auth-svc records each deleted athlete in its feed, and this worker reads the
// feed after the position competition-svc has applied (competition.feed_cursors), erases the
// athlete (athlete_data.go) and moves the position in the same transaction, so an erasure is
// applied once whatever restarts. The cursor's row lock makes one replica apply at a time:
// another finds it taken and leaves the round to it. Asking after the new position tells
// auth-svc the erasure is applied here; results-svc applies it only then, since it ranks its
// boards again against the renamed teams.

// ErasureFeed is auth-svc's erasure feed (an internal RPC).
type ErasureFeed interface {
	ListErasures(ctx context.Context, in *authv1.ListErasuresRequest, opts ...grpc.CallOption) (*authv1.ErasureFeed, error)
}

// erasurePoll is how often the worker reads the feed: a deletion is applied within about it.
const erasurePoll = time.Second

// RunErasures applies the erasure feed until ctx ends.
func (s *Server) RunErasures(ctx context.Context) {
	if s.svc.Erasures == nil {
		return
	}
	s.svc.RunEvery(ctx, erasurePoll, "deleted athletes' erasure", s.svc.applyErasures)
}

// applyErasures applies the feed page by page until it is read to its end; the read after
// the last erasure applied acknowledges it.
func (s *service) applyErasures(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "registration.applyErasures()")
	for {
		at, err := s.Store.ErasureCursor(ctx)
		if err != nil {
			return err
		}
		feed, err := s.Erasures.ListErasures(ctx, &authv1.ListErasuresRequest{After: at})
		if err != nil {
			return fmt.Errorf("read the erasure feed after %d: %w", at, err)
		}
		if len(feed.GetErasures()) == 0 {
			return nil
		}
		for _, e := range feed.GetErasures() {
			if applied, err := s.applyErasure(ctx, e); err != nil || !applied {
				return err
			}
		}
	}
}

// applyErasure erases one athlete and moves the cursor past them in one transaction; applied
// is false when another replica holds the cursor.
func (s *service) applyErasure(ctx context.Context, e *authv1.Erasure) (applied bool, err error) {
	defer apperr.Wrap(&err, "registration.applyErasure(%d)", e.GetPosition())
	var events []string
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		at, ok, err := tx.LockErasureCursor(ctx)
		if err != nil || !ok {
			return err
		}
		applied = true
		if at >= e.GetPosition() {
			return nil // another replica applied it meanwhile
		}
		if events, err = s.forgetAthlete(ctx, tx, e.GetUserId(), e.GetEmail(), e.GetName()); err != nil {
			return err
		}
		return tx.SetErasureCursor(ctx, e.GetPosition())
	})
	if err != nil {
		return false, err
	}
	for _, ev := range events {
		s.Changed(ctx, ev)
	}
	return applied, nil
}
