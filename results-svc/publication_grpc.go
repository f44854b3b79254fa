package resultssvc

import (
	"context"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/results-svc/store"
)

// The publication RPCs (publication.go).

// TogglePublication flips each given result.
func (s *Server) TogglePublication(ctx context.Context, req *resultsv1.PublicationRequest) (*resultsv1.PublicationResponse, error) {
	return s.publication(ctx, req, store.Toggle)
}

// PublishResults publishes the given results.
func (s *Server) PublishResults(ctx context.Context, req *resultsv1.PublicationRequest) (*resultsv1.PublicationResponse, error) {
	return s.publication(ctx, req, store.Publish)
}

// UnpublishResults unpublishes the given results.
func (s *Server) UnpublishResults(ctx context.Context, req *resultsv1.PublicationRequest) (*resultsv1.PublicationResponse, error) {
	return s.publication(ctx, req, store.Unpublish)
}

func (s *Server) publication(ctx context.Context, req *resultsv1.PublicationRequest, p store.Publication) (*resultsv1.PublicationResponse, error) {
	n, err := s.svc.setPublished(ctx, req.GetResultIds(), p)
	if err != nil {
		return nil, err
	}
	return &resultsv1.PublicationResponse{UpdatedCount: int32(n)}, nil
}

// GetPublicationStatus counts published and unpublished results.
func (s *Server) GetPublicationStatus(ctx context.Context, req *resultsv1.PublicationStatusRequest) (*resultsv1.PublicationStatus, error) {
	return s.svc.publicationStatus(ctx, req.GetEventId(), req.GetWorkoutId(), req.GetDivisionId())
}
