package competitionsvc

import (
	"context"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/push"
)

// changed follows every committed setup change: the cache generation goes up, and when the
// event shows on the public site (any status but DRAFT) its live streams hear of it
// (docs/operations.md, "Live updates"). A draft event's changes are pushed to nobody.
func (s *service) changed(ctx context.Context, eventID string) {
	s.gens.Bump(ctx, eventID)
	if s.push == nil {
		return
	}
	e, err := s.store.GetEvent(ctx, eventID)
	if err != nil || e.Status == typesv1.EventStatus_DRAFT {
		return // gone (a deleted event was a draft) or not public
	}
	s.push.Changed(ctx, push.Change{EventID: eventID})
}

// changedStatus follows a change that may have moved the event on or off the public site: it
// is pushed when the event was public before (before unspecified: not known) or is public now.
func (s *service) changedStatus(ctx context.Context, eventID string, before, after typesv1.EventStatus) {
	s.gens.Bump(ctx, eventID)
	if before != typesv1.EventStatus_DRAFT || after != typesv1.EventStatus_DRAFT {
		s.push.Changed(ctx, push.Change{EventID: eventID})
	}
}
