package resultssvc

import (
	"context"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// The heat RPCs: a judge's lane result and a heat's publication (heats.go).

// SaveLaneResult saves a judge's result for a heat's lane.
func (s *Server) SaveLaneResult(ctx context.Context, req *resultsv1.LaneResultRequest) (*resultsv1.Result, error) {
	fields := fieldsOf(req.GetStatus(), req.GetResultValue(), req.GetCappedReps(), req.GetTiebreakValue())
	if req.GetCheckOnly() {
		return s.svc.checkLaneResult(ctx, req.GetHeatId(), req.GetLane(), req.GetTeamId(), fields)
	}
	res, err := s.svc.saveLaneResult(ctx, req.GetHeatId(), req.GetLane(), req.GetTeamId(), fields)
	countSaved(1, err)
	return res, err
}

// PublishHeat publishes the results of a heat.
func (s *Server) PublishHeat(ctx context.Context, req *resultsv1.PublishHeatRequest) (*resultsv1.PublishHeatResponse, error) {
	return s.svc.publishHeat(ctx, req.GetHeatId())
}
