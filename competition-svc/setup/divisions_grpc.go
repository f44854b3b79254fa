package setup

import (
	"context"

	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

// The division RPCs.

func (s *Setup) ListDivisions(ctx context.Context, _ *competitionv1.ListDivisionsRequest) (*competitionv1.ListDivisionsResponse, error) {
	return divisionsPB(s.svc.ListDivisions(ctx))
}

func (s *Setup) ListEventDivisions(ctx context.Context, req *competitionv1.ListEventDivisionsRequest) (*competitionv1.ListDivisionsResponse, error) {
	return divisionsPB(s.svc.ListEventDivisions(ctx, req.GetEventId()))
}

func (s *Setup) GetDivision(ctx context.Context, req *competitionv1.DivisionRequest) (*competitionv1.Division, error) {
	return divisionResult(s.svc.GetDivision(ctx, req.GetId()))
}

func (s *Setup) CreateDivision(ctx context.Context, req *competitionv1.CreateDivisionRequest) (*competitionv1.Division, error) {
	return divisionResult(s.svc.CreateDivision(ctx, req.GetName(), req.GetDescription(), req.GetEventId(), rosterRulesIn(req.GetRoster())))
}

func (s *Setup) UpdateDivision(ctx context.Context, req *competitionv1.UpdateDivisionRequest) (*competitionv1.Division, error) {
	return divisionResult(s.svc.UpdateDivision(ctx, req.GetId(), req.GetName(), req.Description, rosterRulesIn(req.GetRoster())))
}

func (s *Setup) DeleteDivision(ctx context.Context, req *competitionv1.DivisionRequest) (*emptypb.Empty, error) {
	return core.Empty(s.svc.DeleteDivision(ctx, req.GetId()))
}

func divisionPB(d store.Division) *competitionv1.Division {
	return &competitionv1.Division{
		Id:           d.ID,
		Name:         d.Name,
		Description:  d.Description,
		EventId:      d.EventID,
		EventName:    d.EventName,
		TeamCount:    int32(d.TeamCount),
		CreatedAt:    core.Instant(d.CreatedAt),
		UpdatedAt:    core.Instant(d.UpdatedAt),
		ScoringTable: d.Scoring.Table,
		WorkoutTies:  d.Scoring.WorkoutTies,
		Roster:       rosterRulesPB(d.Roster),
	}
}

func divisionResult(d store.Division, err error) (*competitionv1.Division, error) {
	if err != nil {
		return nil, err
	}
	return divisionPB(d), nil
}

func divisionsPB(ds []store.Division, err error) (*competitionv1.ListDivisionsResponse, error) {
	if err != nil {
		return nil, err
	}
	out := &competitionv1.ListDivisionsResponse{Divisions: make([]*competitionv1.Division, len(ds))}
	for i, d := range ds {
		out.Divisions[i] = divisionPB(d)
	}
	return out, nil
}
