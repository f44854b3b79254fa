package floor

import (
	"context"
	"errors"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/release"
)

// The venue (docs/venue.md): the TV's rotation and the origins that may frame the event's
// embedded boards. The organiser sets them; the TV page and the gateway read them through the
// public RPCs, which answer only for events the public sees.

// VenueInput is a SetEventVenue request as the use case reads it.
type VenueInput struct {
	TVRows, TVSeconds int32
	TVDivisionIDs     []string
	EmbedOrigins      []string
}

// GetEventVenue returns an event's venue settings (the organiser's console).
func (s *service) GetEventVenue(ctx context.Context, eventID string) (_ store.Venue, err error) {
	defer apperr.Wrap(&err, "floor.GetEventVenue(%q)", eventID)
	id, err := core.ParseID("id", eventID, "Event")
	if err != nil {
		return store.Venue{}, err
	}
	if _, err := s.Store.GetEvent(ctx, id); errors.Is(err, store.ErrNotFound) {
		return store.Venue{}, apperr.NotFound(core.MsgEventNotFound)
	} else if err != nil {
		return store.Venue{}, err
	}
	return s.Store.GetVenue(ctx, id)
}

// SetEventVenue validates and stores an event's venue settings; bad input changes nothing.
func (s *service) SetEventVenue(ctx context.Context, eventID string, in VenueInput) (_ store.Venue, err error) {
	defer apperr.Wrap(&err, "floor.SetEventVenue(%q)", eventID)
	id, err := core.ParseID("eventId", eventID, "Event")
	if err != nil {
		return store.Venue{}, err
	}
	v := store.Venue{EventID: id, TVRows: in.TVRows, TVSeconds: in.TVSeconds}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		// The event first: a missing event answers as a hidden one does (docs/access.md).
		if _, err := tx.LockEvent(ctx, id); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(core.MsgEventNotFound)
		} else if err != nil {
			return err
		}
		if in.TVRows < tvRowsMin || in.TVRows > tvRowsMax {
			return apperr.Invalid("tvRows", msgTVRows)
		}
		if in.TVSeconds < tvSecondsMin || in.TVSeconds > tvSecondsMax {
			return apperr.Invalid("tvSeconds", msgTVSeconds)
		}
		if v.EmbedOrigins, err = checkEmbedOrigins(in.EmbedOrigins); err != nil {
			return err
		}
		divisions, err := tx.ListEventDivisions(ctx, id)
		if err != nil {
			return err
		}
		ofEvent := map[string]bool{}
		for _, d := range divisions {
			ofEvent[d.ID] = true
		}
		v.TVDivisionIDs = make([]string, 0, len(in.TVDivisionIDs))
		seen := map[string]bool{}
		for i, raw := range in.TVDivisionIDs {
			field := fmt.Sprintf("tvDivisionIds[%d]", i)
			d, err := core.ParseID(field, raw, "Division")
			if err != nil {
				return err
			}
			if !ofEvent[d] {
				return apperr.Invalid(field, msgTVDivision)
			}
			if seen[d] {
				return apperr.Invalid(field, msgTVDivisionTwo)
			}
			seen[d] = true
			v.TVDivisionIDs = append(v.TVDivisionIDs, d)
		}
		return tx.PutVenue(ctx, v)
	})
	if err != nil {
		return store.Venue{}, err
	}
	s.VenueChanged(ctx, id)
	return v, nil
}

// publicEvent returns a visible event's id: a DRAFT or unknown event is not found, as on the
// public site.
func (s *service) publicEvent(ctx context.Context, eventID, field string) (_ string, err error) {
	defer apperr.Wrap(&err, "floor.publicEvent(%q)", eventID)
	id, err := core.ParseID(field, eventID, "Event")
	if err != nil {
		return "", err
	}
	e, err := s.Store.GetEvent(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && e.Status == typesv1.EventStatus_DRAFT {
		return "", apperr.NotFound(core.MsgEventNotFound)
	}
	return id, err
}

// GetPublicVenue returns a visible event's venue settings (the TV page, the gateway).
func (s *service) GetPublicVenue(ctx context.Context, eventID string) (_ store.Venue, err error) {
	defer apperr.Wrap(&err, "floor.GetPublicVenue(%q)", eventID)
	id, err := s.publicEvent(ctx, eventID, "id")
	if err != nil {
		return store.Venue{}, err
	}
	return s.Store.GetVenue(ctx, id)
}

// GetPublicHeatRef returns the event and workout of a heat of a visible event (the heat's
// stream overlay finds its schedule and boards by them).
func (s *service) GetPublicHeatRef(ctx context.Context, heatID string) (_ store.Heat, err error) {
	defer apperr.Wrap(&err, "floor.GetPublicHeatRef(%q)", heatID)
	id, err := core.ParseID("id", heatID, "Heat")
	if err != nil {
		return store.Heat{}, err
	}
	h, err := s.Store.GetHeat(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Heat{}, apperr.NotFound(MsgHeatNotFound)
	} else if err != nil {
		return store.Heat{}, err
	}
	if _, err := s.publicEvent(ctx, h.EventID, "id"); err != nil {
		if apperr.IsKind(err, apperr.KindNotFound) {
			return store.Heat{}, apperr.NotFound(MsgHeatNotFound)
		}
		return store.Heat{}, err
	}
	// A heat of an online workout before its release is no more public than the workout
	// (internal/release, docs/qualifiers.md).
	w, err := s.Store.GetWorkout(ctx, h.WorkoutID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Heat{}, apperr.NotFound(MsgHeatNotFound)
	} else if err != nil {
		return store.Heat{}, err
	}
	if release.Pending(core.InstantOf(w.ReleaseAt), s.Now()) {
		return store.Heat{}, apperr.NotFound(MsgHeatNotFound)
	}
	return h, nil
}
