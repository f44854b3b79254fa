package resultssvc

import (
	"context"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// FileAppeal is an athlete's appeal of their team's result (appeals.go).
func (s *Server) FileAppeal(ctx context.Context, req *resultsv1.FileAppealRequest) (*resultsv1.Appeal, error) {
	return s.svc.fileAppeal(ctx, req)
}

// ListMyAppeals are the caller's team's appeals in an event.
func (s *Server) ListMyAppeals(ctx context.Context, req *resultsv1.MyAppealsRequest) (*resultsv1.Appeals, error) {
	return s.svc.myAppeals(ctx, req.GetEventId())
}

// ListAppeals are an event's appeals for its staff.
func (s *Server) ListAppeals(ctx context.Context, req *resultsv1.AppealsRequest) (*resultsv1.Appeals, error) {
	return s.svc.eventAppeals(ctx, req.GetEventId())
}

// SetAppealWindow sets how long after a result's publication its team may appeal it.
func (s *Server) SetAppealWindow(ctx context.Context, req *resultsv1.AppealWindow) (*resultsv1.AppealWindow, error) {
	return s.svc.setAppealWindow(ctx, req)
}

// DecideAppeal upholds or dismisses an appeal with a written reason.
func (s *Server) DecideAppeal(ctx context.Context, req *resultsv1.DecideAppealRequest) (*resultsv1.Appeal, error) {
	return s.svc.decideAppeal(ctx, req)
}

// ListAdjustments are an event's changes of published results, for public-svc (adjustments.go).
func (s *Server) ListAdjustments(ctx context.Context, req *resultsv1.AdjustmentsRequest) (*resultsv1.Adjustments, error) {
	return s.svc.adjustments(ctx, req.GetEventId())
}

// GetWhatItTakes answers "What do I need?" for public-svc (what_it_takes.go).
func (s *Server) GetWhatItTakes(ctx context.Context, req *resultsv1.WhatItTakesRequest) (*resultsv1.WhatItTakes, error) {
	return s.svc.whatItTakes(ctx, req)
}
