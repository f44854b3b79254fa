package floor

import (
	"context"

	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

func (s *Floor) ListHeats(ctx context.Context, req *competitionv1.ListHeatsRequest) (*competitionv1.ListHeatsResponse, error) {
	return heatsPB(s.svc.ListHeats(ctx, req.GetEventId(), req.GetWorkoutId()))
}

func (s *Floor) CreateHeat(ctx context.Context, req *competitionv1.CreateHeatRequest) (*competitionv1.Heat, error) {
	return heatResult(s.svc.CreateHeat(ctx, req.GetEventId(), req.GetWorkoutId(),
		HeatInput{Number: core.Int32Ptr(req.GetNumber()), StartTime: req.GetStartTime(), Lanes: lanesIn(req.GetLanes())}))
}

func (s *Floor) UpdateHeat(ctx context.Context, req *competitionv1.UpdateHeatRequest) (*competitionv1.Heat, error) {
	var number *int32 // 0: absent, the heat keeps its number
	if req.GetNumber() != 0 {
		number = new(req.GetNumber())
	}
	return heatResult(s.svc.UpdateHeat(ctx, req.GetId(),
		HeatInput{Number: number, StartTime: req.GetStartTime(), Lanes: lanesIn(req.GetLanes())}))
}

func (s *Floor) DeleteHeat(ctx context.Context, req *competitionv1.HeatRequest) (*emptypb.Empty, error) {
	return core.Empty(s.svc.DeleteHeat(ctx, req.GetId()))
}

func (s *Floor) GenerateHeats(ctx context.Context, req *competitionv1.GenerateHeatsRequest) (*competitionv1.ListHeatsResponse, error) {
	return heatsPB(s.svc.GenerateHeats(ctx, req.GetEventId(), req.GetWorkoutId(), GenerateInput{
		DivisionIDs: req.GetDivisionIds(), LanesPerHeat: req.GetLanesPerHeat(), Order: req.GetOrder(),
		FirstStart: req.GetFirstStart(), MinutesBetween: req.GetMinutesBetween(), CheckedInOnly: req.GetCheckedInOnly(),
	}))
}

func (s *Floor) GetHeat(ctx context.Context, req *competitionv1.HeatRequest) (*competitionv1.Heat, error) {
	return heatResult(s.svc.GetHeat(ctx, req.GetId()))
}

func (s *Floor) ListEventHeats(ctx context.Context, req *competitionv1.ListEventHeatsRequest) (*competitionv1.ListHeatsResponse, error) {
	return heatsPB(s.svc.ListEventHeats(ctx, req.GetEventId()))
}

func (s *Floor) ShiftSchedule(ctx context.Context, req *competitionv1.ShiftScheduleRequest) (*competitionv1.ShiftScheduleResponse, error) {
	r, err := s.svc.ShiftSchedule(ctx, req.GetEventId(), req.GetFromHeatId(), req.GetMinutes())
	if err != nil {
		return nil, err
	}
	heats, _ := heatsPB(r.Heats, nil)
	return &competitionv1.ShiftScheduleResponse{ShiftedCount: int32(r.Shifted), Heats: heats.GetHeats()}, nil
}

func lanesIn(in []*competitionv1.LaneInput) []store.Lane {
	out := make([]store.Lane, len(in))
	for i, l := range in {
		out[i] = store.Lane{Lane: l.GetLane(), TeamID: l.GetTeamId()}
	}
	return out
}

func heatPB(h store.Heat) *competitionv1.Heat {
	out := &competitionv1.Heat{Id: h.ID, EventId: h.EventID, WorkoutId: h.WorkoutID, Number: h.Number,
		StartTime: core.Instant(h.StartTime), PlannedStartTime: core.Instant(h.PlannedStart), Lanes: make([]*competitionv1.HeatLane, len(h.Lanes))}
	for i, l := range h.Lanes {
		out.Lanes[i] = &competitionv1.HeatLane{Lane: l.Lane, TeamId: l.TeamID, TeamName: l.TeamName, DivisionId: l.DivisionID,
			AthleteNames: l.AthleteNames, TeamSize: l.TeamSize}
	}
	return out
}

func heatResult(h store.Heat, err error) (*competitionv1.Heat, error) {
	if err != nil {
		return nil, err
	}
	return heatPB(h), nil
}

func heatsPB(hs []store.Heat, err error) (*competitionv1.ListHeatsResponse, error) {
	if err != nil {
		return nil, err
	}
	out := &competitionv1.ListHeatsResponse{Heats: make([]*competitionv1.Heat, len(hs))}
	for i, h := range hs {
		out.Heats[i] = heatPB(h)
	}
	return out, nil
}
