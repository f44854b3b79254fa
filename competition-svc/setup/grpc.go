package setup

import (
	"context"
	"fmt"

	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// The RPCs of each entity are in <entity>_grpc.go (events, divisions, teams, workouts); this
// file holds the internal ones other services call.

// GetAthleteTeam is internal: results-svc's check that a submitting athlete is on a confirmed
// team of the event, and the addresses of the submission mails (docs/qualifiers.md).
func (s *Setup) GetAthleteTeam(ctx context.Context, req *competitionv1.AthleteTeamRequest) (*competitionv1.AthleteTeam, error) {
	t, err := s.svc.AthleteTeam(ctx, req.GetEventId(), req.GetAthleteId(), req.GetTeamId())
	if err != nil {
		return nil, err
	}
	out := &competitionv1.AthleteTeam{TeamId: t.TeamID, TeamName: t.TeamName, DivisionId: t.DivisionID}
	for _, a := range t.Athletes {
		out.Athletes = append(out.Athletes, &competitionv1.TeamAthlete{Name: a.Name, Email: a.Email})
	}
	return out, nil
}

func (s *Setup) GetEventStructure(ctx context.Context, req *competitionv1.EventStructureRequest) (*competitionv1.EventStructure, error) {
	view, teams, err := s.svc.EventStructure(ctx, StructureRef{
		EventID: req.GetEventId(), DivisionID: req.GetDivisionId(), TeamID: req.GetTeamId(), WorkoutID: req.GetWorkoutId(),
	})
	if err != nil {
		return nil, err
	}
	out := &competitionv1.EventStructure{Event: eventPB(view), Teams: make([]*competitionv1.Team, len(teams))}
	for i, t := range teams {
		out.Teams[i] = teamPB(t)
	}
	return out, nil
}

// RecordResultCounts is internal: results-svc records its result counts (result_counts.go).
func (s *Setup) RecordResultCounts(ctx context.Context, req *competitionv1.RecordResultCountsRequest) (*emptypb.Empty, error) {
	counts := make([]store.ResultCount, len(req.GetCounts()))
	for i, c := range req.GetCounts() {
		counts[i] = store.ResultCount{WorkoutID: c.GetWorkoutId(), TeamID: c.GetTeamId(), DivisionID: c.GetDivisionId(),
			Results: c.GetResults(), Published: c.GetPublished(), Seq: c.GetSeq()}
	}
	if err := s.svc.RecordResultCounts(ctx, counts, req.GetRaise()); err != nil {
		return nil, err
	}
	return &emptypb.Empty{}, nil
}

func (s *Setup) ListVisibleEvents(ctx context.Context, req *competitionv1.ListVisibleEventsRequest) (*competitionv1.ListEventsResponse, error) {
	events, err := s.svc.ListVisibleEvents(ctx, req.GetStatuses())
	if err != nil {
		return nil, err
	}
	return eventsPB(events), nil
}

// GetPublicVersion is internal: public-svc keys its cache by it (docs/operations.md,
// "Caching").
func (s *Setup) GetPublicVersion(ctx context.Context, req *competitionv1.PublicVersionRequest) (*competitionv1.PublicVersion, error) {
	id := req.GetEventId()
	if id != "" && !ids.IsUUID(id) {
		return nil, apperr.Invalid("eventId", "must be an event id")
	}
	v, err := s.svc.Store.PublicVersion(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("public version: %w", err)
	}
	return &competitionv1.PublicVersion{Version: v}, nil
}
