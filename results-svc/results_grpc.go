package resultssvc

import (
	"context"

	"google.golang.org/protobuf/types/known/emptypb"

	filesv1 "github.com/podium-dev/podium/gen/go/podium/files/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// The result RPCs: the grid, one result, a batch, deletes, recalculation and the CSV export.

// GetResultGrid returns the rows of one workout (and division) and the event's matrix.
func (s *Server) GetResultGrid(ctx context.Context, req *resultsv1.ResultGridRequest) (*resultsv1.ResultGrid, error) {
	return s.svc.resultGrid(ctx, req.GetEventId(), req.GetWorkoutId(), req.GetDivisionId())
}

// CreateResult adds a team's result in a workout; 409 when it already has one.
func (s *Server) CreateResult(ctx context.Context, req *resultsv1.ResultInput) (*resultsv1.Result, error) {
	res, err := s.svc.createResult(ctx, req.GetTeamId(), req.GetWorkoutId(),
		fieldsOf(req))
	countSaved(1, err)
	return res, err
}

// UpdateResult replaces a result's values; a published result's change is pending until published.
func (s *Server) UpdateResult(ctx context.Context, req *resultsv1.UpdateResultRequest) (*resultsv1.Result, error) {
	res, err := s.svc.updateResult(ctx, req.GetId(),
		fieldsOf(req))
	countSaved(1, err)
	return res, err
}

// BatchSaveResults upserts every row in one transaction, publishing them when asked.
func (s *Server) BatchSaveResults(ctx context.Context, req *resultsv1.BatchSaveResultsRequest) (*resultsv1.BatchSaveResultsResponse, error) {
	rows := make([]rawInput, len(req.GetResults()))
	for i, r := range req.GetResults() {
		rows[i] = rawInput{TeamID: r.GetTeamId(), WorkoutID: r.GetWorkoutId(),
			resultFields: fieldsOf(r)}
	}
	saved, unchanged, err := s.svc.batchSave(ctx, rows, req.GetPublish())
	countSaved(len(saved), err)
	if err != nil {
		return nil, err
	}
	return &resultsv1.BatchSaveResultsResponse{Results: saved, UnchangedIds: unchanged}, nil
}

// DeleteResult removes one result.
func (s *Server) DeleteResult(ctx context.Context, req *resultsv1.ResultRequest) (*emptypb.Empty, error) {
	if err := s.svc.deleteResult(ctx, req.GetId()); err != nil {
		return nil, err
	}
	return &emptypb.Empty{}, nil
}

// DeleteResults removes every result of a workout in a division.
func (s *Server) DeleteResults(ctx context.Context, req *resultsv1.DeleteResultsRequest) (*resultsv1.DeleteResultsResponse, error) {
	n, err := s.svc.deleteResults(ctx, req.GetEventId(), req.GetWorkoutId(), req.GetDivisionId())
	if err != nil {
		return nil, err
	}
	return &resultsv1.DeleteResultsResponse{DeletedCount: int32(n)}, nil
}

// RecalculateEvent recomputes every place and points of an event.
func (s *Server) RecalculateEvent(ctx context.Context, req *resultsv1.RecalculateEventRequest) (*resultsv1.RecalculateEventResponse, error) {
	n, err := s.svc.recalculateEvent(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	return &resultsv1.RecalculateEventResponse{ResultsCount: int32(n)}, nil
}

// ExportResultsCsv is every result of an event, or of one division and/or workout, as a
// spreadsheet for the organisers (csv.go).
func (s *Server) ExportResultsCsv(ctx context.Context, req *resultsv1.ResultsCsvRequest) (*filesv1.CsvFile, error) {
	return s.svc.exportResultsCsv(ctx, req.GetEventId(), req.GetWorkoutId(), req.GetDivisionId())
}
