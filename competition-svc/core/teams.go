package core

import (
	"context"
	"errors"
	"fmt"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/podium-dev/podium/competition-svc/store"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The teams as setup and registration both reach them: a team or a division by the ids a
// request names, and whether a team's results lock it (results-svc counts them).

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

// CountErr turns a failed call to results-svc's counts into the caller's answer: an
// Unavailable the console can show while results-svc is down.
func (s *Service) CountErr(err error) error {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return err
	}
	switch status.Code(err) {
	case codes.Unavailable, codes.DeadlineExceeded:
		return apperr.Unavailable("The results service is unavailable right now, so result counts cannot be shown. Please try again shortly.")
	}
	return fmt.Errorf("results-svc CountResults: %v", err) //nolint:errorlint // %v: never pass the other service's status through
}

// TeamCounts asks results-svc once for the published results and all results of teams.
func (s *Service) TeamCounts(ctx context.Context, teamIDs []string) (_ *resultsv1.CountResultsResponse, err error) {
	defer apperr.Wrap(&err, "core.TeamCounts()")
	if len(teamIDs) == 0 {
		return &resultsv1.CountResultsResponse{}, nil
	}
	resp, err := s.Results.CountResults(ctx, &resultsv1.CountResultsRequest{TeamIds: teamIDs})
	if err != nil {
		return nil, s.CountErr(err)
	}
	return resp, nil
}

// CheckUnlocked refuses a team that has published results and so cannot change; it returns
// how many results (draft ones, then) the team has.
func (s *Service) CheckUnlocked(ctx context.Context, teamID string) (_ int32, err error) {
	defer apperr.Wrap(&err, "core.CheckUnlocked(%q)", teamID)
	counts, err := s.TeamCounts(ctx, []string{teamID})
	if err != nil {
		return 0, err
	}
	if counts.GetPublishedByTeam()[teamID] > 0 {
		return 0, apperr.Conflict(MsgTeamLocked)
	}
	return counts.GetResultsByTeam()[teamID], nil
}
