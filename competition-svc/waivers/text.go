package waivers

import (
	"context"
	"errors"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// The organiser's waiver text, in versions: a changed text is a new version, and only the
// athletes who have not accepted that version are asked again (states.go).

// GetWaiver is the event's current waiver; version 0 when it has none.
func (s *service) GetWaiver(ctx context.Context, eventID string) (_ store.Waiver, err error) {
	defer apperr.Wrap(&err, "waivers.GetWaiver(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return store.Waiver{}, err
	}
	return s.current(ctx, eventID)
}

func (s *service) current(ctx context.Context, eventID string) (_ store.Waiver, err error) {
	defer apperr.Wrap(&err, "waivers.current(%q)", eventID)
	w, err := s.Store.CurrentWaiver(ctx, eventID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Waiver{EventID: eventID}, nil
	}
	return w, err
}

// PutWaiver makes body the event's waiver: a new version when it differs from the current
// one, recorded in the activity.
func (s *service) PutWaiver(ctx context.Context, eventID, body string) (_ store.Waiver, err error) {
	defer apperr.Wrap(&err, "waivers.PutWaiver(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return store.Waiver{}, err
	}
	body, err = cleanBody(body)
	if err != nil {
		return store.Waiver{}, err
	}
	var out store.Waiver
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if err := tx.LockWaivers(ctx, eventID); err != nil {
			return nil, err
		}
		cur, err := tx.CurrentWaiver(ctx, eventID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		if err == nil && cur.Body == body {
			out = cur
			return nil, nil
		}
		out = store.Waiver{EventID: eventID, Version: cur.Version + 1, Body: body, CreatedBy: authn.Actor(ctx)}
		if err := tx.InsertWaiver(ctx, out); err != nil {
			return nil, err
		}
		// The event's entry: the waiver is a part of the event (the activity's entities are a
		// closed list, and the waiver has no id of its own).
		return []store.Activity{core.Change(ctx, eventID, "updated", "event", eventID,
			fmt.Sprintf("Waiver version %d written", out.Version))}, nil
	})
	if err != nil {
		return store.Waiver{}, err
	}
	return s.current(ctx, eventID)
}

// ListStates is the event's athletes and their waiver, for the door and the registrations.
func (s *service) ListStates(ctx context.Context, eventID string) (_ States, err error) {
	defer apperr.Wrap(&err, "waivers.ListStates(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return States{}, err
	}
	return s.states(ctx, eventID)
}
