package resultssvc

import (
	"context"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// The heat RPCs: a judge's lane result and a heat's publication (heats.go), a judge link's
// sheet (judge.go).

// SaveLaneResult saves a judge's result for a heat's lane.
func (s *Server) SaveLaneResult(ctx context.Context, req *resultsv1.LaneResultRequest) (*resultsv1.Result, error) {
	fields := fieldsOf(req)
	if req.GetCheckOnly() {
		return s.svc.checkLaneResult(ctx, req.GetHeatId(), req.GetLane(), req.GetTeamId(), fields)
	}
	sub := submission{clientID: req.GetClientId()}
	if req.GetBasedOn() != nil {
		sub.basedOn = new(req.GetBasedOn().GetValue())
	}
	res, err := s.svc.saveLaneResult(ctx, req.GetHeatId(), req.GetLane(), req.GetTeamId(), fields, sub)
	countSaved(1, err)
	return res, err
}

// GetJudgeSheet answers a judge link what it may score (judge.go).
func (s *Server) GetJudgeSheet(ctx context.Context, _ *resultsv1.JudgeSheetRequest) (*resultsv1.JudgeSheet, error) {
	return s.svc.judgeSheet(ctx)
}

// PublishHeat publishes the results of a heat.
func (s *Server) PublishHeat(ctx context.Context, req *resultsv1.PublishHeatRequest) (*resultsv1.PublishHeatResponse, error) {
	return s.svc.publishHeat(ctx, req.GetHeatId())
}
