package registration

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// Check-in on the day (docs/registration.md, "Check-in"): organisers and scorers at the door
// say which teams are present; heat generation can seat only those (GenerateInput.CheckedInOnly).

// checkInPrefix starts the code an athlete's registration QR code holds.
const checkInPrefix = "podium-check-in:"

const (
	msgCheckInCode   = "This QR code is not a Podium check-in code"
	msgCheckInNoTeam = "Team %s is not confirmed yet: it has no team to check in (%s)"
)

// CheckInCount is one division's figures at the door.
type CheckInCount struct {
	DivisionID, DivisionName string
	Teams, Present, Absent   int32
}

// ListCheckIn returns an event's teams with their check-in and the counts per division.
func (s *service) ListCheckIn(ctx context.Context, eventID string) (_ []store.CheckInTeam, _ []CheckInCount, err error) {
	defer apperr.Wrap(&err, "registration.ListCheckIn(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, nil, err
	}
	teams, err := s.Store.ListCheckIn(ctx, eventID)
	if err != nil {
		return nil, nil, err
	}
	var counts []CheckInCount
	for _, t := range teams {
		if len(counts) == 0 || counts[len(counts)-1].DivisionID != t.DivisionID {
			counts = append(counts, CheckInCount{DivisionID: t.DivisionID, DivisionName: t.DivisionName})
		}
		c := &counts[len(counts)-1]
		c.Teams++
		switch {
		case t.Checked && t.Present:
			c.Present++
		case t.Checked:
			c.Absent++
		}
	}
	return teams, counts, nil
}

// SetCheckIn records a team of the event present or absent.
func (s *service) SetCheckIn(ctx context.Context, eventID, teamID string, present bool) (_ store.CheckInTeam, err error) {
	defer apperr.Wrap(&err, "registration.SetCheckIn(%q, %q)", eventID, teamID)
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
	if present {
		if err := s.Waivers.CheckPresent(ctx, eventID, t.ID); err != nil {
			return store.CheckInTeam{}, err
		}
	}
	word := map[bool]string{true: "present", false: "absent"}[present]
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if err := tx.SetCheckIn(ctx, eventID, t.ID, present, authn.Actor(ctx)); err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, eventID, "checked-in", "team", t.ID, fmt.Sprintf("Team %s (%s) checked in: %s", t.Name, t.DivisionName, word))}, nil
	})
	if err != nil {
		return store.CheckInTeam{}, err
	}
	return s.checkInTeam(ctx, eventID, t.ID)
}

// ScanCheckIn checks in the team of the registration a QR code names.
func (s *service) ScanCheckIn(ctx context.Context, eventID, code string) (_ store.CheckInTeam, err error) {
	defer apperr.Wrap(&err, "registration.ScanCheckIn(%q)", eventID)
	// The event first: a missing one answers as one the caller may not see (competition-svc/access.go).
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return store.CheckInTeam{}, err
	}
	id, ok := strings.CutPrefix(strings.TrimSpace(code), checkInPrefix)
	if !ok || !ids.IsUUID(id) {
		return store.CheckInTeam{}, apperr.Invalid("code", msgCheckInCode)
	}
	r, err := s.Store.GetRegistration(ctx, strings.ToLower(id))
	// Another event's registration answers as a missing one: the door of this event learns
	// nothing of the others (not even their names).
	if errors.Is(err, store.ErrNotFound) || (err == nil && r.EventID != eventID) {
		return store.CheckInTeam{}, apperr.NotFound(MsgRegNotFound)
	} else if err != nil {
		return store.CheckInTeam{}, err
	}
	if r.TeamID == "" {
		return store.CheckInTeam{}, apperr.Conflict(fmt.Sprintf(msgCheckInNoTeam, r.TeamName, strings.ToLower(StateLabel(r.State))))
	}
	return s.SetCheckIn(ctx, eventID, r.TeamID, true)
}

func (s *service) checkInTeam(ctx context.Context, eventID, teamID string) (_ store.CheckInTeam, err error) {
	defer apperr.Wrap(&err, "registration.checkInTeam(%q, %q)", eventID, teamID)
	t, err := s.Store.CheckInTeamOf(ctx, teamID)
	if errors.Is(err, store.ErrNotFound) {
		return store.CheckInTeam{}, apperr.NotFound(core.MsgTeamNotFound)
	}
	return t, err
}
