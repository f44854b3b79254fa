package registration

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// seatAccounts gives the places of a registration's team the captain's and partner's
// accounts (places 1 and 2, docs/rosters.md), in the transaction tx that wrote the team: the
// roster links its athletes to their profiles and check-in finds their waivers.
func (s *service) seatAccounts(ctx context.Context, tx *store.Store, r store.Registration) (err error) {
	defer apperr.Wrap(&err, "registration.seatAccounts(%q)", r.ID)
	if r.TeamID == "" {
		return nil
	}
	return tx.SetRosterAccounts(ctx, r.TeamID, r.CaptainID, r.PartnerID)
}
