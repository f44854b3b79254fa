package resultssvc

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/results-svc/store"
)

// Every write to results keeps a history: a journal reads the results its write can touch
// before and after the change, in the same transaction, and records one entry for each
// result that changed. A write that fails or is rolled back records nothing.

type journal struct {
	// actor made the change; rescorer is who a mere change of score or rank is attributed to.
	actor, rescorer string
	// scope reads the results the write can touch.
	scope  func(context.Context, pgx.Tx) ([]store.Result, error)
	before map[string]store.Result
}

// rescoring says who a change of score or rank alone is attributed to.
type rescoring int

const (
	rescoredBySystem rescoring = iota // the side effect of another change
	rescoredByUser                    // an explicit recalculation
)

// inWorkouts scopes a journal to the results of some workouts.
func inWorkouts(workoutIDs []string) func(context.Context, pgx.Tx) ([]store.Result, error) {
	ids := compactIDs(workoutIDs)
	return func(ctx context.Context, tx pgx.Tx) ([]store.Result, error) { return store.ListWorkouts(ctx, tx, ids) }
}

// inEvent scopes a journal to every result of an event.
func inEvent(eventID string) func(context.Context, pgx.Tx) ([]store.Result, error) {
	return func(ctx context.Context, tx pgx.Tx) ([]store.Result, error) { return store.ListEvent(ctx, tx, eventID, false) }
}

// journaled runs write in a transaction: it takes the locks of cells, then records every
// change write makes to the results in scope.
func (s *Server) journaled(ctx context.Context, cells []store.Cell, scope func(context.Context, pgx.Tx) ([]store.Result, error),
	who rescoring, write func(tx pgx.Tx) error) error {
	return pg.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := store.LockCells(ctx, tx, cells); err != nil {
			return err
		}
		j, err := openJournal(ctx, tx, scope, who)
		if err != nil {
			return err
		}
		if err := write(tx); err != nil {
			return err
		}
		return j.record(ctx, tx)
	})
}

// openJournal reads the results in scope before a write. The caller holds the locks of the
// cells the write changes.
func openJournal(ctx context.Context, tx pgx.Tx, scope func(context.Context, pgx.Tx) ([]store.Result, error), who rescoring) (*journal, error) {
	j := &journal{actor: authn.Actor(ctx), rescorer: authn.SystemActor, scope: scope}
	if who == rescoredByUser {
		j.rescorer = j.actor
	}
	before, err := scope(ctx, tx)
	if err != nil {
		return nil, err
	}
	j.before = make(map[string]store.Result, len(before))
	for _, r := range before {
		j.before[r.ID] = r
	}
	return j, nil
}

// record reads the same results again and writes an entry for each that changed.
func (j *journal) record(ctx context.Context, tx pgx.Tx) error {
	after, err := j.scope(ctx, tx)
	if err != nil {
		return err
	}
	var entries []store.HistoryEntry
	seen := make(map[string]bool, len(after))
	for _, now := range after {
		seen[now.ID] = true
		old, existed := j.before[now.ID]
		if !existed {
			entries = append(entries, j.entry(now, "created", j.actor, nil, &now))
			continue
		}
		if action, actor := j.classify(old, now); action != "" {
			entries = append(entries, j.entry(now, action, actor, &old, &now))
		}
	}
	for id, old := range j.before {
		if !seen[id] {
			entries = append(entries, j.entry(old, "deleted", j.actor, &old, nil))
		}
	}
	slices.SortFunc(entries, func(a, b store.HistoryEntry) int { return compareAction(a.Action, b.Action) })
	return store.InsertHistory(ctx, tx, entries)
}

// classify names what happened to a result that exists before and after: a change of its
// values, of its publication, or only of its score or rank.
func (j *journal) classify(old, now store.Result) (action, actor string) {
	switch {
	case old.Status != now.Status || !eqFloat(old.Value, now.Value) || !eqInt32(old.CappedReps, now.CappedReps) ||
		!eqFloat(old.Tiebreak, now.Tiebreak):
		return "updated", j.actor
	case old.IsPublished != now.IsPublished:
		if now.IsPublished {
			return "published", j.actor
		}
		return "unpublished", j.actor
	case !eqFloat(old.Points, now.Points) || !eqInt32(old.Place, now.Place):
		return "rescored", j.rescorer
	}
	return "", ""
}

func (j *journal) entry(r store.Result, action, actor string, before, after *store.Result) store.HistoryEntry {
	e := store.HistoryEntry{EventID: r.EventID, ResultID: r.ID, TeamID: r.TeamID, WorkoutID: r.WorkoutID, Actor: actor, Action: action}
	if before != nil {
		e.Before = store.SnapshotOf(*before)
	}
	if after != nil {
		e.After = store.SnapshotOf(*after)
	}
	return e
}

// compareAction writes the entries a user caused before the rescoring they set off.
func compareAction(a, b string) int {
	rank := func(action string) int {
		if action == "rescored" {
			return 1
		}
		return 0
	}
	return rank(a) - rank(b)
}

func compactIDs(ids []string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// workoutsOf are the workouts of cells.
func workoutsOf(cells []store.Cell) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = c.WorkoutID
	}
	return out
}
