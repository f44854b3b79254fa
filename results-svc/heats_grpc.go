package resultssvc

import (
	"context"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// The heat RPCs: a judge's lane result and a heat's publication (heats.go).

// SaveLaneResult saves a judge's result for a heat's lane.
func (s *Server) SaveLaneResult(ctx context.Context, req *resultsv1.LaneResultRequest) (*resultsv1.Result, error) {
	res, err := s.svc.saveLaneResult(ctx, req.GetHeatId(), req.GetLane(), req.GetTeamId(),
		fieldsOf(req.GetStatus(), req.GetResultValue(), req.GetCappedReps(), req.GetTiebreakValue()))
	countSaved(1, err)
	return res, err
}

// PublishHeat publishes the results of a heat.
func (s *Server) PublishHeat(ctx context.Context, req *resultsv1.PublishHeatRequest) (*resultsv1.PublishHeatResponse, error) {
	return s.svc.publishHeat(ctx, req.GetHeatId())
}
