package resultssvc

import (
	"context"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// The scoring card's RPC (preview.go).

// PreviewScoring is the event's standings now and under the proposed scoring settings.
func (s *Server) PreviewScoring(ctx context.Context, req *resultsv1.PreviewScoringRequest) (*resultsv1.ScoringPreview, error) {
	return s.svc.previewScoring(ctx, req.GetEventId(), req.GetSettings())
}
