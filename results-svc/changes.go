package resultssvc

import (
	"context"
	"slices"

	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/results-svc/store"
)

// Every committed write sends one change signal (changes.Change): the event, the cells it
// touched, and whether the public sees it (docs/operations.md, "Live updates"). The public
// views show published results only, so a change is public when what the public sees changed —
// a publication or unpublication (a save with publication too), a delete of a result the
// public sees. Draft saves, edits of published results (they are pending until published:
// docs/result-invariants.md) and rescoring (admin places only; the public standings are
// computed at read time) are not: spectators must not learn of drafts.

// changed signals a committed change of the given cells of an event.
func (s *service) changed(ctx context.Context, eventID string, cells []store.Cell, public bool) {
	ch := changes.Change{EventID: eventID, Public: public}
	for _, c := range cells {
		if c.DivisionID != "" && !slices.Contains(ch.DivisionIDs, c.DivisionID) {
			ch.DivisionIDs = append(ch.DivisionIDs, c.DivisionID)
		}
		if c.WorkoutID != "" && !slices.Contains(ch.WorkoutIDs, c.WorkoutID) {
			ch.WorkoutIDs = append(ch.WorkoutIDs, c.WorkoutID)
		}
	}
	s.changes.Changed(ctx, ch)
}

// changedPublication signals, per event whose publication changed, the cells of the results
// asked for in it: a public change.
func (s *service) changedPublication(ctx context.Context, events []string, located []store.Located) {
	byEvent := map[string][]store.Cell{}
	for _, id := range events {
		byEvent[id] = nil
	}
	for _, l := range located {
		if _, changed := byEvent[l.EventID]; changed {
			byEvent[l.EventID] = append(byEvent[l.EventID], l.Cell)
		}
	}
	for _, id := range sortedKeys(byEvent) {
		s.changed(ctx, id, byEvent[id], true)
	}
}

func sortedKeys(m map[string][]store.Cell) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
