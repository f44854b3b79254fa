package publicsvc

import (
	"context"

	filesv1 "github.com/podium-dev/podium/gen/go/podium/files/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// The leaderboard RPCs (leaderboards.go, csv.go).

func (s *Server) GetEventLeaderboard(ctx context.Context, req *publicv1.PublicEventRequest) (*publicv1.EventLeaderboard, error) {
	return s.svc.eventLeaderboard(ctx, req.GetId(), req.GetIncludeUnpublished())
}

// GetDivisionLeaderboard honours includeUnpublished only for an admin or a caller with a
// grant on the event; everyone else gets published results.
func (s *Server) GetDivisionLeaderboard(ctx context.Context, req *publicv1.DivisionLeaderboardRequest) (*publicv1.DivisionLeaderboard, error) {
	return s.svc.publicDivisionLeaderboard(ctx, req)
}

// GetAdminDivisionLeaderboard is the admin preview; its policy requires an admin token.
func (s *Server) GetAdminDivisionLeaderboard(ctx context.Context, req *publicv1.DivisionLeaderboardRequest) (*publicv1.DivisionLeaderboard, error) {
	return s.svc.divisionLeaderboard(ctx, req, req.GetIncludeUnpublished())
}

// GetDivisionLeaderboardCsv is the public division leaderboard as a spreadsheet.
func (s *Server) GetDivisionLeaderboardCsv(ctx context.Context, req *publicv1.DivisionLeaderboardCsvRequest) (*filesv1.CsvFile, error) {
	return s.svc.divisionLeaderboardCsv(ctx, req.GetEventId(), req.GetDivisionId(), req.GetIncludeUnpublished())
}

// GetWorkoutLeaderboard honours includeUnpublished only for an admin or a caller with a grant on the event.
func (s *Server) GetWorkoutLeaderboard(ctx context.Context, req *publicv1.WorkoutLeaderboardRequest) (*publicv1.WorkoutLeaderboard, error) {
	return s.svc.workoutLeaderboard(ctx, req)
}
