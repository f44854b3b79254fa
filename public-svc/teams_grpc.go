package publicsvc

import (
	"context"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// The team RPCs (teams.go).

func (s *Server) GetTeamDetails(ctx context.Context, req *publicv1.PublicTeamRequest) (*publicv1.TeamDetails, error) {
	return s.svc.teamDetails(ctx, req.GetId(), req.GetIncludeUnpublished())
}

func (s *Server) GetTeamBookmarkSummary(ctx context.Context, req *publicv1.PublicTeamRequest) (*publicv1.TeamBookmarkSummary, error) {
	return s.svc.teamBookmarkSummary(ctx, req.GetId())
}
