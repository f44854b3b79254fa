package resultssvc

import (
	"context"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// The history RPC: every change to one result (history.go).

// GetResultHistory is every change to one result, oldest first, also after it was deleted.
func (s *Server) GetResultHistory(ctx context.Context, req *resultsv1.ResultRequest) (*resultsv1.ResultHistory, error) {
	return s.svc.resultHistory(ctx, req.GetId())
}
