package setup

import (
	"context"
	"errors"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The internal reads other services build on: an event's structure and the listed events.

// StructureRef names an event directly or through one of its parts; exactly one is set.
type StructureRef struct {
	EventID, DivisionID, TeamID, WorkoutID, HeatID string
}

// EventStructure returns an event with its workouts, divisions and every team, for
// results-svc and public-svc. It never calls results-svc (which calls it): hasResults and
// finalResultsCount are left at zero.
func (s *service) EventStructure(ctx context.Context, ref StructureRef) (_ EventView, _ []TeamView, err error) {
	defer apperr.Wrap(&err, "setup.EventStructure()")
	type part struct{ field, value, what, kind, notFound string }
	parts := []part{
		{"eventId", ref.EventID, "Event", "", core.MsgEventNotFound},
		{"divisionId", ref.DivisionID, "Division", "division", core.MsgDivisionNotFound},
		{"teamId", ref.TeamID, "Team", "team", core.MsgTeamNotFound},
		{"workoutId", ref.WorkoutID, "Workout", "workout", core.MsgWorkoutNotFound},
	}
	var chosen *part
	for i := range parts {
		if core.Trim(parts[i].value) == "" {
			continue
		}
		if chosen != nil {
			return EventView{}, nil, apperr.Invalid(parts[i].field, MsgStructureOneID)
		}
		chosen = &parts[i]
	}
	if chosen == nil {
		return EventView{}, nil, apperr.Invalid("eventId", MsgStructureOneID)
	}
	id, err := core.ParseID(chosen.field, chosen.value, chosen.what)
	if err != nil {
		return EventView{}, nil, err
	}
	eventID := id
	if chosen.kind != "" {
		eventID, err = s.Store.EventIDOf(ctx, chosen.kind, id)
		if errors.Is(err, store.ErrNotFound) {
			return EventView{}, nil, apperr.NotFound(chosen.notFound)
		}
		if err != nil {
			return EventView{}, nil, err
		}
	}
	st, err := s.Store.EventStructure(ctx, eventID)
	if errors.Is(err, store.ErrNotFound) {
		return EventView{}, nil, apperr.NotFound(core.MsgEventNotFound)
	}
	if err != nil {
		return EventView{}, nil, err
	}
	workouts, err := s.workoutViews(ctx, st.Workouts, countsSkipped)
	if err != nil {
		return EventView{}, nil, err
	}
	teams, err := s.teamViews(ctx, st.Teams, countsSkipped)
	return EventView{Event: st.Event, Workouts: workouts, Divisions: st.Divisions}, teams, err
}

// ListVisibleEvents returns the events the public may see: never DRAFT, never UNLISTED;
// by default PUBLISHED and IN_PROGRESS.
func (s *service) ListVisibleEvents(ctx context.Context, statuses []typesv1.EventStatus) (_ []store.Event, err error) {
	defer apperr.Wrap(&err, "setup.ListVisibleEvents()")
	want := []typesv1.EventStatus{}
	for _, st := range statuses {
		switch st {
		case typesv1.EventStatus_PUBLISHED, typesv1.EventStatus_IN_PROGRESS, typesv1.EventStatus_ARCHIVED:
			want = append(want, st)
		case typesv1.EventStatus_DRAFT, typesv1.EventStatus_UNLISTED:
			// never public
		default:
			return nil, apperr.Invalid("statuses", MsgVisibleStatusFilter)
		}
	}
	if len(statuses) == 0 {
		want = []typesv1.EventStatus{typesv1.EventStatus_PUBLISHED, typesv1.EventStatus_IN_PROGRESS}
	}
	if len(want) == 0 {
		return []store.Event{}, nil
	}
	return s.Store.ListEventsWithStatus(ctx, want)
}
