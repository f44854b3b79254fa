package registration

import (
	"context"
	"errors"

	"github.com/podium-dev/podium/competition-svc/core"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Invitation is what the holder of an invitation's code learns before accepting it: the team,
// its division and the event (docs/registration.md). Nothing else of the registration: no
// address, no state.
type Invitation struct {
	Registration store.Registration
	Event        store.Event
	// Asks is what joining asks of the partner (docs/eligibility.md).
	Asks core.EligibilityAsks
}

// GetInvitation reads the invitation of a code, for the partner's page; the code is the
// secret, so the answer is public. An unknown code, or one of an event the public does not see,
// is not found.
func (s *service) GetInvitation(ctx context.Context, code string) (_ Invitation, err error) {
	defer apperr.Wrap(&err, "registration.GetInvitation()")
	code = core.NormaliseCode(code)
	if code == "" {
		return Invitation{}, apperr.Invalid("code", msgRegCodeRequired)
	}
	r, err := s.Store.RegistrationByCode(ctx, code)
	if errors.Is(err, store.ErrNotFound) {
		return Invitation{}, apperr.NotFound(msgRegCodeUnknown)
	} else if err != nil {
		return Invitation{}, err
	}
	e, err := s.Store.GetEvent(ctx, r.EventID)
	if err != nil {
		return Invitation{}, err
	}
	if !registeringEvents[e.Status] {
		return Invitation{}, apperr.NotFound(msgRegCodeUnknown)
	}
	out := Invitation{Registration: r, Event: e}
	if s.Eligibility != nil {
		if out.Asks, err = s.Eligibility.Asks(ctx, r.DivisionID); err != nil {
			return Invitation{}, err
		}
	}
	return out, nil
}
