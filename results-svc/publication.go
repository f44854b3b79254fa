package resultssvc

import (
	"context"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/results-svc/store"
)

// Publication: publish, unpublish and toggle, and the publication status.

// setPublished changes the publication of the given results. Unknown ids are ignored: the
// count says how many results changed. Publication never changes the admin places and points
// (they count every result); the public standings are computed at read time.
func (s *service) setPublished(ctx context.Context, ids []string, p store.Publication) (_ int, err error) {
	defer apperr.Wrap(&err, "resultssvc.setPublished()")
	clean := make([]string, 0, len(ids))
	seen := map[string]bool{}
	for _, id := range ids {
		id, err := parseID("resultIds", "result", id)
		if err != nil {
			return 0, err
		}
		if !seen[id] {
			seen[id] = true
			clean = append(clean, id)
		}
	}
	if len(clean) == 0 {
		return 0, nil
	}
	// The cells are found first, then locked: a result that moves meanwhile keeps its id, and
	// publication does not depend on the cell.
	located, err := s.store.Locate(ctx, clean)
	if err != nil {
		return 0, err
	}
	if located, err = s.publishable(ctx, located); err != nil {
		return 0, err
	}
	clean = clean[:0]
	for _, l := range located {
		clean = append(clean, l.ID)
	}
	cells := make([]store.Cell, len(located))
	for i, l := range located {
		cells[i] = l.Cell
	}
	var events []string
	err = s.journaled(ctx, cells, inResults(clean), rescoredBySystem, func(tx *store.Store) error {
		var err error
		events, err = tx.SetPublished(ctx, clean, p, s.now())
		return err
	})
	if err != nil {
		return 0, err
	}
	s.changedPublication(ctx, events, located)
	return len(events), nil
}

func (s *service) publicationStatus(ctx context.Context, eventID, workoutID, divisionID string) (_ *resultsv1.PublicationStatus, err error) {
	defer apperr.Wrap(&err, "resultssvc.publicationStatus(%q, %q, %q)", eventID, workoutID, divisionID)
	// Admin RPCs always carry a caller (the interceptor); in-process calls act as the service.
	if c, ok := authn.CallerFrom(ctx); ok && !c.IsAdmin() {
		// Counts over every event are for admins; the others name their event, and an event
		// they have no grant on counts nothing, like a missing one.
		if eventID == "" {
			return nil, apperr.Invalid("eventId", "Event is required")
		}
		role, err := access.Role(ctx, s.grants, access.Event, eventID)
		if err != nil {
			return nil, err
		}
		if role == "" {
			return &resultsv1.PublicationStatus{}, nil
		}
	}
	if eventID != "" {
		if eventID, err = parseID("eventId", "event", eventID); err != nil {
			return nil, err
		}
	}
	if workoutID != "" {
		if workoutID, err = parseID("workoutId", "workout", workoutID); err != nil {
			return nil, err
		}
	}
	f := store.Filter{EventID: eventID, WorkoutID: workoutID}
	if divisionID != "" {
		if divisionID, err = parseID("divisionId", "division", divisionID); err != nil {
			return nil, err
		}
		// The division's teams come from competition-svc, so a team that changed division is
		// counted where it is now.
		st, err := s.structure(ctx, &competitionv1.EventStructureRequest{DivisionId: divisionID})
		if err != nil {
			return nil, err
		}
		if eventID != "" && st.eventID != eventID {
			return nil, apperr.NotFound("Division not found in this event")
		}
		if err := st.checkCell(workoutID, ""); err != nil {
			return nil, err
		}
		f.TeamIDs = st.teamIDs(divisionID)
		if f.TeamIDs == nil {
			f.TeamIDs = []string{}
		}
	}
	pub, unpub, err := s.store.PublicationCounts(ctx, f)
	if err != nil {
		return nil, err
	}
	return &resultsv1.PublicationStatus{
		PublishedCount:   int32(pub),
		UnpublishedCount: int32(unpub),
		Percentage:       percentage(pub, unpub),
	}, nil
}

// percentage is the published share, 0–100, floored to two decimals (so 100 means every
// result is published); 0 when there are no results.
func percentage(pub, unpub int) float64 {
	total := pub + unpub
	if total == 0 {
		return 0
	}
	return float64(pub*10000/total) / 100
}
