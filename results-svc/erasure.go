package resultssvc

import (
	"context"
	"fmt"
	"strings"
	"time"

	"google.golang.org/grpc"

	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
	"github.com/podium-dev/podium/internal/platform/worker"
	"github.com/podium-dev/podium/results-svc/store"
)

// The erasure feed's worker (docs/access.md, "Athletes"; docs/architecture.md, "Calls between
// services"): auth-svc records each deleted athlete in its feed, and this worker reads it
// after the position results-svc has applied (results.feed_cursors), erases the athlete and
// moves the position in the same transaction, so an erasure is applied once whatever
// restarts; the cursor's row lock makes one replica apply at a time. It applies an erasure
// only once competition-svc has (the feed says how far each reader is): the boards naming
// the athlete are ranked again against competition-svc's structure, which must name them
// "Former athlete" by then, or a ranking would write the name back.

// erasureFeed is auth-svc's erasure feed (an internal RPC).
type erasureFeed interface {
	ListErasures(ctx context.Context, in *authv1.ListErasuresRequest, opts ...grpc.CallOption) (*authv1.ErasureFeed, error)
}

// erasurePoll is how often the worker reads the feed: a deletion is applied within about
// twice it (competition-svc first).
const erasurePoll = time.Second

// renamer is the feed's reader that renames the athlete in the structure.
const renamer = "competition"

// RunErasures applies the erasure feed until ctx ends; the process runs it beside the server.
func (s *Server) RunErasures(ctx context.Context) {
	if s.svc.erasures == nil {
		return
	}
	worker.Run(ctx, s.svc.log, erasurePoll, nil, "deleted athletes' erasure not done yet; retrying", s.svc.applyErasures)
}

// applyErasures applies the feed page by page, as far as competition-svc has, until nothing
// more can be; the read after the last erasure applied acknowledges it.
func (s *service) applyErasures(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "resultssvc.applyErasures()")
	for {
		at, err := s.store.ErasureCursor(ctx)
		if err != nil {
			return err
		}
		feed, err := s.erasures.ListErasures(ctx, &authv1.ListErasuresRequest{After: at})
		if err != nil {
			return fmt.Errorf("read the erasure feed after %d: %w", at, err)
		}
		renamed := feed.GetRead()[renamer]
		progressed := false
		for _, e := range feed.GetErasures() {
			if e.GetPosition() > renamed {
				break // competition-svc has not renamed them yet
			}
			applied, err := s.applyErasure(ctx, e)
			if err != nil || !applied {
				return err
			}
			progressed = true
		}
		if !progressed {
			return nil
		}
	}
}

// applyErasure erases one athlete and moves the cursor past them in one transaction; applied
// is false when another replica holds the cursor.
func (s *service) applyErasure(ctx context.Context, e *authv1.Erasure) (applied bool, err error) {
	defer apperr.Wrap(&err, "resultssvc.applyErasure(%d)", e.GetPosition())
	id, ok := ids.Canonical(strings.TrimSpace(e.GetUserId()))
	if !ok {
		return false, fmt.Errorf("the erasure feed names user %q, not a UUID", e.GetUserId())
	}
	email, name := strings.TrimSpace(e.GetEmail()), strings.TrimSpace(e.GetName())
	// The boards naming them are ranked again against competition-svc's structure as it is
	// now: it renamed the athlete before this erasure was let through.
	events, err := s.store.BoardEventsNaming(ctx, name)
	if err != nil {
		return false, err
	}
	structures := make(map[string]int64, len(events))
	for _, ev := range events {
		if structures[ev], err = s.publicVersion(ctx, ev); err != nil {
			return false, err
		}
	}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		at, ok, err := tx.LockErasureCursor(ctx)
		if err != nil || !ok {
			return err
		}
		applied = true
		if at >= e.GetPosition() {
			return nil // another replica applied it meanwhile
		}
		return s.forgetAthlete(ctx, tx, id, email, name, structures, e.GetPosition())
	})
	return applied && err == nil, err
}

// forgetAthlete erases a deleted athlete from submissions, appeals, reviews, result histories,
// the mail outbox and the kept board rows (docs/access.md, "Athletes"; store.ForgetAthlete,
// store.ForgetOnBoards) and moves the feed's cursor to position, in tx. It changes no result;
// the boards show the team's athlete as competition-svc now names them. Applying it again
// changes nothing more.
func (s *service) forgetAthlete(ctx context.Context, tx *store.Store, id, email, name string, structures map[string]int64, position int64) (err error) {
	defer apperr.Wrap(&err, "resultssvc.forgetAthlete(%q)", id)
	if _, err := tx.ForgetAthlete(ctx, id, email, name); err != nil {
		return err
	}
	if _, err := tx.ForgetOnBoards(ctx, name, structures); err != nil {
		return err
	}
	return tx.SetErasureCursor(ctx, position)
}
