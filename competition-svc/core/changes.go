package core

import (
	"context"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/changes"
)

// Changed sends the one signal of a committed setup change (changes.Change): the gateways drop
// their copies of the event, and when the event shows on the public site (any status but
// DRAFT) its live streams hear of it (docs/operations.md, "Live updates"). A draft event's
// changes reach no stream.
func (s *Service) Changed(ctx context.Context, eventID string) {
	s.Signal(ctx, changes.Change{EventID: eventID})
}

// VenueChanged sends the signal of a committed change of the event's venue settings: the TVs
// that follow the event's stream read them again at once (docs/venue.md).
func (s *Service) VenueChanged(ctx context.Context, eventID string) {
	s.Signal(ctx, changes.Change{EventID: eventID, Venue: true})
}

func (s *Service) Signal(ctx context.Context, ch changes.Change) {
	if s.Changes != nil {
		e, err := s.Store.GetEvent(ctx, ch.EventID)
		// Gone (a deleted event was a draft) or not public: no stream hears of it.
		ch.Public = err == nil && e.Status != typesv1.EventStatus_DRAFT
	}
	s.Changes.Changed(ctx, ch)
}

// ChangedStatus follows a change that may have moved the event on or off the public site: the
// public sees it when the event was public before (before unspecified: not known) or is
// public now.
func (s *Service) ChangedStatus(ctx context.Context, eventID string, before, after typesv1.EventStatus) {
	public := before != typesv1.EventStatus_DRAFT || after != typesv1.EventStatus_DRAFT
	s.Changes.Changed(ctx, changes.Change{EventID: eventID, Public: public})
}
