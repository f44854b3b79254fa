package core

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// An event's activity: every change to its setup, written by the use cases in the same
// transaction as the change (store.RecordActivity).

// Change is one activity entry a use case records; the actor comes from the call.
func Change(ctx context.Context, eventID, action, entity, entityID, summary string) store.Activity {
	return store.Activity{EventID: eventID, Actor: authn.Actor(ctx), Action: action, Entity: entity, EntityID: entityID, Summary: summary}
}

// WithActivity runs write and records the activity it returns, in one transaction.
func (s *Service) WithActivity(ctx context.Context, write func(tx *store.Store) ([]store.Activity, error)) (err error) {
	defer apperr.Wrap(&err, "core.WithActivity()")
	return s.Store.InTx(ctx, func(tx *store.Store) error {
		entries, err := write(tx)
		if err != nil {
			return err
		}
		return tx.RecordActivity(ctx, entries...)
	})
}

// Plural is one when n is 1, many otherwise.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
