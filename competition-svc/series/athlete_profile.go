package series

import (
	"context"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// The athlete's public profile (docs/registration.md, "The athlete's public profile"): what
// the public may see of an athlete account, for public-svc. Never the email or the birth year;
// an athlete chooses nothing here.

// AthleteProfileView is an athlete account as the public sees it.
type AthleteProfileView struct {
	// Former: the account is deleted; Name is then store.FormerAthlete and nothing else is set.
	Former              bool
	Name, Club, Country string
	Teams               []store.AthleteTeamRef
}

// PublicAthleteProfile is the public profile of an athlete account and the teams of listed events it
// is on (the events search looks in). An account on no such team has no public profile: not
// found, as an unknown id.
func (s *service) PublicAthleteProfile(ctx context.Context, rawID string) (_ AthleteProfileView, err error) {
	defer apperr.Wrap(&err, "series.PublicAthleteProfile(%q)", rawID)
	id, ok := ids.Canonical(rawID)
	if !ok {
		return AthleteProfileView{}, apperr.NotFound(core.MsgAthleteNotFound)
	}
	teams, err := s.Store.ListAthleteTeams(ctx, id, searchStatuses)
	if err != nil {
		return AthleteProfileView{}, err
	}
	if len(teams) == 0 {
		return AthleteProfileView{}, apperr.NotFound(core.MsgAthleteNotFound)
	}
	p, err := s.Athletes.Find(ctx, id)
	if err != nil {
		return AthleteProfileView{}, fmt.Errorf("athlete profile: %w", err)
	}
	if p == nil {
		// Deleted: the teams keep their results under "Former athlete", and the profile says
		// only that (docs/access.md, "Their data").
		return AthleteProfileView{Former: true, Name: store.FormerAthlete}, nil
	}
	return AthleteProfileView{
		Name: strings.TrimSpace(p.GetFirstName() + " " + p.GetLastName()),
		Club: p.GetClub(), Country: p.GetCountry(), Teams: teams,
	}, nil
}
