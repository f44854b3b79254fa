package registration

import (
	"context"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Check-in per athlete (docs/registration.md, "Check-in"): each athlete of a team's roster is
// marked present or absent; the team is present when all its starting athletes are (or when
// staff mark the whole team, SetCheckIn), and no longer present when a starting athlete is
// marked absent. The athlete's mark and the team's are written in one transaction.

const (
	msgCheckInNoPlace = "Team %s has no athlete at place %d"
	msgCheckInChanged = "The roster of team %s changed meanwhile: reload and try again"
)

// SetAthleteCheckIn records the athlete on a team's roster place present or absent, and the
// team's presence that follows from it.
func (s *service) SetAthleteCheckIn(ctx context.Context, eventID, teamID string, position int, present bool) (_ store.CheckInTeam, err error) {
	defer apperr.Wrap(&err, "registration.SetAthleteCheckIn(%q, %q, %d)", eventID, teamID, position)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return store.CheckInTeam{}, err
	}
	t, err := s.Team(ctx, teamID)
	if err != nil {
		return store.CheckInTeam{}, err
	}
	if t.EventID != eventID {
		return store.CheckInTeam{}, apperr.NotFound(core.MsgTeamNotFound)
	}
	place, ok := placeAt(t.Roster, position)
	if !ok {
		return store.CheckInTeam{}, apperr.Invalid("position", fmt.Sprintf(msgCheckInNoPlace, t.Name, position))
	}
	if present && place.AthleteID != "" {
		if err := s.Waivers.CheckAthletePresent(ctx, eventID, place.AthleteID, place.Name); err != nil {
			return store.CheckInTeam{}, err
		}
	}
	word := map[bool]string{true: "present", false: "absent"}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if err := tx.LockCheckIn(ctx, t.ID); err != nil {
			return nil, err
		}
		before, err := tx.CheckInTeamOf(ctx, t.ID)
		if err != nil {
			return nil, err
		}
		// The waiver was asked of the place's athlete as read before the lock.
		if now, ok := checkInPlaceAt(before.Athletes, position); !ok || now.AthleteID != place.AthleteID || now.Name != place.Name {
			return nil, apperr.Conflict(fmt.Sprintf(msgCheckInChanged, t.Name))
		}
		if err := tx.SetAthleteCheckIn(ctx, eventID, t.ID, position, place.AthleteID, present, authn.Actor(ctx)); err != nil {
			return nil, err
		}
		entries := []store.Activity{core.Change(ctx, eventID, "checked-in", "team", t.ID,
			fmt.Sprintf("%s of team %s (%s) checked in: %s", place.Name, t.Name, t.DivisionName, word[present]))}
		teamPresent := before.Checked && before.Present
		var follow *bool
		switch {
		case present && !teamPresent && startersPresent(before.Athletes, position):
			follow = new(true)
		case !present && !place.Substitute && teamPresent:
			follow = new(false)
		}
		if follow != nil {
			if err := tx.SetCheckIn(ctx, eventID, t.ID, *follow, authn.Actor(ctx)); err != nil {
				return nil, err
			}
			entries = append(entries, core.Change(ctx, eventID, "checked-in", "team", t.ID,
				fmt.Sprintf("Team %s (%s) checked in: %s", t.Name, t.DivisionName, word[*follow])))
		}
		return entries, nil
	})
	if err != nil {
		return store.CheckInTeam{}, err
	}
	return s.checkInTeam(ctx, eventID, t.ID)
}

func placeAt(roster []store.RosterAthlete, position int) (store.RosterAthlete, bool) {
	for _, a := range roster {
		if a.Position == position {
			return a, true
		}
	}
	return store.RosterAthlete{}, false
}

func checkInPlaceAt(athletes []store.CheckInAthlete, position int) (store.RosterAthlete, bool) {
	for _, a := range athletes {
		if a.Position == position {
			return a.RosterAthlete, true
		}
	}
	return store.RosterAthlete{}, false
}

// startersPresent says whether every starting athlete is present once the one at position is.
func startersPresent(athletes []store.CheckInAthlete, position int) bool {
	starters := 0
	for _, a := range athletes {
		if a.Substitute {
			continue
		}
		starters++
		if a.Position != position && !(a.Checked && a.Present) {
			return false
		}
	}
	return starters > 0
}
