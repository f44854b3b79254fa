package registration

import (
	"context"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The federation's home lists what a visitor can register for now (docs/registration.md,
// "On the federation's home"): divisions of listed events (an unlisted event is reached by its
// address only) whose window holds by the server's clock and that take a team.

// homeRegistrationStatuses are the statuses of events the public list shows and that take
// registrations.
var homeRegistrationStatuses = []typesv1.EventStatus{typesv1.EventStatus_PUBLISHED, typesv1.EventStatus_IN_PROGRESS}

// OpenRegistration is a division a team can register for now.
type OpenRegistration struct {
	store.OpenDivision
	PlacesLeft   int32
	WaitlistOnly bool
}

func (s *service) ListOpenRegistrations(ctx context.Context, now time.Time) (_ []OpenRegistration, err error) {
	defer apperr.Wrap(&err, "registration.ListOpenRegistrations()")
	open, err := s.Store.ListOpenDivisions(ctx, homeRegistrationStatuses, now)
	if err != nil {
		return nil, err
	}
	return takingTeams(open), nil
}

// takingTeams keeps the divisions with a place left or a waiting list: a full division
// without one refuses every team.
func takingTeams(open []store.OpenDivision) []OpenRegistration {
	out := []OpenRegistration{}
	for _, o := range open {
		left := core.PlacesLeft(o.Settings, o.Places)
		if left == 0 && !o.Settings.Waitlist {
			continue
		}
		out = append(out, OpenRegistration{OpenDivision: o, PlacesLeft: left, WaitlistOnly: left == 0})
	}
	return out
}
