package resultssvc

import (
	"context"
	"slices"

	"github.com/podium-dev/podium/internal/platform/push"
	"github.com/podium-dev/podium/results-svc/store"
)

// Which writes reach the live streams (docs/operations.md, "Live updates"): the public views
// show published results only, so a change is pushed when what the public sees changed — a
// publication or unpublication (a save with publication too), a delete of a result the public
// sees. Draft saves, edits of published results (they are pending until published:
// docs/result-invariants.md) and rescoring (admin places only; the public standings are
// computed at read time) push nothing: spectators must not learn of drafts.

// pushCells tells the streams that the given cells of an event changed.
func (s *service) pushCells(ctx context.Context, eventID string, cells []store.Cell) {
	ch := push.Change{EventID: eventID}
	for _, c := range cells {
		if c.DivisionID != "" && !slices.Contains(ch.DivisionIDs, c.DivisionID) {
			ch.DivisionIDs = append(ch.DivisionIDs, c.DivisionID)
		}
		if c.WorkoutID != "" && !slices.Contains(ch.WorkoutIDs, c.WorkoutID) {
			ch.WorkoutIDs = append(ch.WorkoutIDs, c.WorkoutID)
		}
	}
	s.push.Changed(ctx, ch)
}

// pushPublication pushes, per event whose publication changed, the cells of the results asked
// for in it.
func (s *service) pushPublication(ctx context.Context, events []string, located []store.Located) {
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
		s.pushCells(ctx, id, byEvent[id])
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
