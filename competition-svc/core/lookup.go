package core

import (
	"context"
	"errors"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The look-ups of an event's parts by the ids a request names, shared by the domains.

// ExistingEvent checks that id names an event and returns it in canonical form.
func (s *Service) ExistingEvent(ctx context.Context, field, id string) (_ string, err error) {
	defer apperr.Wrap(&err, "core.ExistingEvent(%q)", id)
	id, err = ParseID(field, id, "Event")
	if err != nil {
		return "", err
	}
	if _, err := s.Store.GetEvent(ctx, id); errors.Is(err, store.ErrNotFound) {
		return "", apperr.NotFound(MsgEventNotFound)
	} else if err != nil {
		return "", err
	}
	return id, nil
}

// Workout is the workout id of the event eventID; not found when it is another event's.
func (s *Service) Workout(ctx context.Context, eventID, id string) (_ store.Workout, err error) {
	defer apperr.Wrap(&err, "core.Workout(%q, %q)", eventID, id)
	eventID, err = ParseID("eventId", eventID, "Event")
	if err != nil {
		return store.Workout{}, err
	}
	id, err = ParseID("id", id, "Workout")
	if err != nil {
		return store.Workout{}, err
	}
	w, err := s.Store.GetWorkout(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && w.EventID != eventID {
		return store.Workout{}, apperr.NotFound(MsgWorkoutNotFound)
	}
	return w, err
}
