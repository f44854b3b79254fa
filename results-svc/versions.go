package resultssvc

import (
	"context"
	"fmt"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// GetPublicVersion is internal: public-svc keys its cache by it (docs/operations.md,
// "Caching").
func (s *Server) GetPublicVersion(ctx context.Context, req *resultsv1.PublicVersionRequest) (*resultsv1.PublicVersion, error) {
	if !ids.IsUUID(req.GetEventId()) {
		return nil, apperr.Invalid("eventId", "must be an event id")
	}
	v, err := s.store.PublicVersion(ctx, req.GetEventId())
	if err != nil {
		return nil, fmt.Errorf("public version: %w", err)
	}
	return &resultsv1.PublicVersion{Version: v}, nil
}
