package core

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/podium-dev/podium/competition-svc/store"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Delivery of the purge outbox (store/migrations/0130_purge_outbox.sql): every delete queues
// its clean-up of results in its own transaction, and every structure change that alters
// stored scores queues a rescore (a purge with no ids, 0170_rescore_outbox.sql); this hands
// the queue to results-svc.
const (
	// purgeDeadline bounds one PurgeResults call.
	purgeDeadline = 5 * time.Second
	// purgeBatch is how many queued purges one transaction delivers.
	purgeBatch = 20
	// PurgeInterval is how often the queue is checked for purges whose retry is due.
	PurgeInterval = 2 * time.Second
)

// DeliverPurges delivers the queued purges that are due, batch after batch, and stops at the
// first failure: results-svc is likely down, and the failed purge is retried later.
func (s *Service) DeliverPurges(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "core.DeliverPurges()")
	for {
		delivered, err := s.deliverPurgeBatch(ctx)
		if err != nil || delivered < purgeBatch {
			return err
		}
	}
}

func (s *Service) deliverPurgeBatch(ctx context.Context) (_ int, err error) {
	defer apperr.Wrap(&err, "core.deliverPurgeBatch()")
	delivered := 0
	var failed error
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		due, err := tx.DuePurges(ctx, purgeBatch)
		if err != nil {
			return err
		}
		for _, p := range due {
			callCtx, cancel := context.WithTimeout(ctx, purgeDeadline)
			_, err := s.Results.PurgeResults(callCtx, &resultsv1.PurgeResultsRequest{
				EventId: p.EventID, EventDeleted: p.EventDeleted,
				DivisionIds: p.DivisionIDs, TeamIds: p.TeamIDs, WorkoutIds: p.WorkoutIDs,
				MovedTeamIds: p.MovedTeamIDs,
			})
			cancel()
			if err != nil {
				failed = fmt.Errorf("purge results of event %s (attempt %d): %w", p.EventID, p.Attempts+1, err)
				return tx.PurgeFailed(ctx, p.ID, err.Error())
			}
			if err := tx.PurgeDelivered(ctx, p.ID); err != nil {
				return err
			}
			delivered++
		}
		return nil
	})
	return delivered, errors.Join(err, failed)
}

// DeliverQueued delivers what a change just queued, so results are purged or rescored by the
// time the change answers while results-svc is up. The change is committed already: a
// failure is logged and left to the purge worker (competition-svc's RunPurges).
func (s *Service) DeliverQueued(ctx context.Context) {
	if err := s.DeliverPurges(context.WithoutCancel(ctx)); err != nil {
		s.Log.Warn("results not purged or rescored yet after a change; retrying in the background", "err", err)
	}
}
