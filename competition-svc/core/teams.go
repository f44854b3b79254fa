package core

import (
	"context"
	"errors"
	"fmt"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The teams as setup and registration both reach them: a team or a division by the ids a
// request names, and whether a team's results lock it (the counts results-svc records here).

// Team is the team id names.
func (s *Service) Team(ctx context.Context, id string) (_ store.Team, err error) {
	defer apperr.Wrap(&err, "core.Team(%q)", id)
	id, err = ParseID("id", id, "Team")
	if err != nil {
		return store.Team{}, err
	}
	t, err := s.Store.GetTeam(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return t, apperr.NotFound(MsgTeamNotFound)
	}
	return t, err
}

// DivisionOfEvent finds the division a team goes into; eventID, when given, must be its event.
func (s *Service) DivisionOfEvent(ctx context.Context, eventID, divisionID string, eventRequired bool) (_ store.Division, err error) {
	defer apperr.Wrap(&err, "core.DivisionOfEvent(%q, %q)", eventID, divisionID)
	if eventRequired && Trim(eventID) == "" {
		return store.Division{}, apperr.Invalid("eventId", MsgEventRequired)
	}
	if Trim(eventID) != "" {
		var err error
		if eventID, err = s.ExistingEvent(ctx, "eventId", eventID); err != nil {
			return store.Division{}, err
		}
	}
	if Trim(divisionID) == "" {
		return store.Division{}, apperr.Invalid("divisionId", MsgDivisionRequired)
	}
	divisionID, err = ParseID("divisionId", divisionID, "Division")
	if err != nil {
		return store.Division{}, err
	}
	d, err := s.Store.GetDivision(ctx, divisionID)
	if errors.Is(err, store.ErrNotFound) {
		return d, apperr.NotFound(MsgDivisionNotFound)
	} else if err != nil {
		return d, err
	}
	if eventID != "" && d.EventID != eventID {
		return d, apperr.Invalid("divisionId", MsgDivisionOtherEvent)
	}
	return d, nil
}

// CountErr turns a failed call to results-svc (a purge, an export) into the caller's answer:
// an Unavailable the console can show while results-svc is down.
func (s *Service) CountErr(err error) error {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return err
	}
	switch status.Code(err) {
	case codes.Unavailable, codes.DeadlineExceeded:
		return apperr.Unavailable("The results service is unavailable right now. Please try again shortly.")
	}
	return fmt.Errorf("results-svc: %v", err) //nolint:errorlint // %v: never pass the other service's status through
}

// TeamCounts reads the results and published results of teams as results-svc recorded them
// (store.ResultCount; docs/architecture.md, "Calls between services"), from db: the service's
// store, or a transaction that locked the teams' rows.
func (s *Service) TeamCounts(ctx context.Context, db *store.Store, teamIDs []string) (_ store.Counts, err error) {
	defer apperr.Wrap(&err, "core.TeamCounts()")
	return db.TeamResultCounts(ctx, teamIDs)
}

// CheckUnlocked refuses a team that has published results and so cannot change; it returns
// how many results (draft ones, then) the team has. Read outside a transaction, it is an
// early answer; CheckUnlockedIn is the one a change relies on.
func (s *Service) CheckUnlocked(ctx context.Context, teamID string) (_ int32, err error) {
	defer apperr.Wrap(&err, "core.CheckUnlocked(%q)", teamID)
	return s.unlocked(ctx, s.Store, teamID)
}

// CheckUnlockedIn is CheckUnlocked in tx, after locking the team's row FOR UPDATE: no first
// result or first published result of the team commits until tx ends (results-svc raises the
// counts under FOR SHARE of the row before it saves one), so what it reads stays true.
func (s *Service) CheckUnlockedIn(ctx context.Context, tx *store.Store, teamID string) (_ int32, err error) {
	defer apperr.Wrap(&err, "core.CheckUnlockedIn(%q)", teamID)
	if err := tx.LockTeamRow(ctx, teamID); errors.Is(err, store.ErrNotFound) {
		return 0, apperr.NotFound(MsgTeamNotFound)
	} else if err != nil {
		return 0, err
	}
	return s.unlocked(ctx, tx, teamID)
}

func (s *Service) unlocked(ctx context.Context, db *store.Store, teamID string) (_ int32, err error) {
	defer apperr.Wrap(&err, "core.unlocked(%q)", teamID)
	counts, err := s.TeamCounts(ctx, db, []string{teamID})
	if err != nil {
		return 0, err
	}
	if counts.Published[teamID] > 0 {
		return 0, apperr.Conflict(MsgTeamLocked)
	}
	return counts.Results[teamID], nil
}
