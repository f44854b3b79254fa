package resultssvc

import (
	"context"
	"strings"

	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
	"github.com/podium-dev/podium/results-svc/store"
)

// The gRPC surface: request → domain values, domain → pb. The work is in service.go.

// parseID checks a required id and returns it in lower case; what names the thing
// ("team") for the message.
func parseID(field, what, id string) (string, error) {
	if strings.TrimSpace(id) == "" {
		return "", apperr.Invalid(field, "The "+what+" id is required")
	}
	canonical, ok := ids.Canonical(id)
	if !ok {
		return "", apperr.Invalid(field, "Invalid "+what+" id: "+quoteShort(strings.TrimSpace(id)))
	}
	return canonical, nil
}

func parseIDs(field, what string, ids []string) ([]string, error) {
	out := make([]string, len(ids))
	for i, id := range ids {
		var err error
		if out[i], err = parseID(field, what, id); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// quoteShort quotes a client value for a message, cut to a readable length.
func quoteShort(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return `"` + s + `"`
}

func doubleIn(v *wrapperspb.DoubleValue) *float64 {
	if v == nil {
		return nil
	}
	x := v.GetValue()
	return &x
}

func int32In(v *wrapperspb.Int32Value) *int32 {
	if v == nil {
		return nil
	}
	x := v.GetValue()
	return &x
}

func fieldsOf(status string, value *wrapperspb.DoubleValue, reps *wrapperspb.Int32Value, tiebreak *wrapperspb.DoubleValue) resultFields {
	return resultFields{Status: status, Value: doubleIn(value), CappedReps: int32In(reps), Tiebreak: doubleIn(tiebreak)}
}

// GetResultGrid returns the rows of one workout (and division) and the event's matrix.
func (s *Server) GetResultGrid(ctx context.Context, req *resultsv1.ResultGridRequest) (*resultsv1.ResultGrid, error) {
	return s.resultGrid(ctx, req.GetEventId(), req.GetWorkoutId(), req.GetDivisionId())
}

// CreateResult adds a team's result in a workout; 409 when it already has one.
func (s *Server) CreateResult(ctx context.Context, req *resultsv1.ResultInput) (*resultsv1.Result, error) {
	res, err := s.createResult(ctx, req.GetTeamId(), req.GetWorkoutId(),
		fieldsOf(req.GetStatus(), req.GetResultValue(), req.GetCappedReps(), req.GetTiebreakValue()))
	countSaved(1, err)
	return res, err
}

// UpdateResult replaces a result's values; its publication state is kept.
func (s *Server) UpdateResult(ctx context.Context, req *resultsv1.UpdateResultRequest) (*resultsv1.Result, error) {
	res, err := s.updateResult(ctx, req.GetId(),
		fieldsOf(req.GetStatus(), req.GetResultValue(), req.GetCappedReps(), req.GetTiebreakValue()))
	countSaved(1, err)
	return res, err
}

// BatchSaveResults upserts every row in one transaction, publishing them when asked.
func (s *Server) BatchSaveResults(ctx context.Context, req *resultsv1.BatchSaveResultsRequest) (*resultsv1.BatchSaveResultsResponse, error) {
	rows := make([]rawInput, len(req.GetResults()))
	for i, r := range req.GetResults() {
		rows[i] = rawInput{TeamID: r.GetTeamId(), WorkoutID: r.GetWorkoutId(),
			resultFields: fieldsOf(r.GetStatus(), r.GetResultValue(), r.GetCappedReps(), r.GetTiebreakValue())}
	}
	saved, err := s.batchSave(ctx, rows, req.GetPublish())
	countSaved(len(saved), err)
	if err != nil {
		return nil, err
	}
	return &resultsv1.BatchSaveResultsResponse{Results: saved}, nil
}

// DeleteResult removes one result.
func (s *Server) DeleteResult(ctx context.Context, req *resultsv1.ResultRequest) (*emptypb.Empty, error) {
	if err := s.deleteResult(ctx, req.GetId()); err != nil {
		return nil, err
	}
	return &emptypb.Empty{}, nil
}

// DeleteResults removes every result of a workout in a division.
func (s *Server) DeleteResults(ctx context.Context, req *resultsv1.DeleteResultsRequest) (*resultsv1.DeleteResultsResponse, error) {
	n, err := s.deleteResults(ctx, req.GetEventId(), req.GetWorkoutId(), req.GetDivisionId())
	if err != nil {
		return nil, err
	}
	return &resultsv1.DeleteResultsResponse{DeletedCount: int32(n)}, nil
}

// RecalculateEvent recomputes every place and points of an event.
func (s *Server) RecalculateEvent(ctx context.Context, req *resultsv1.RecalculateEventRequest) (*resultsv1.RecalculateEventResponse, error) {
	n, err := s.recalculateEvent(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	return &resultsv1.RecalculateEventResponse{ResultsCount: int32(n)}, nil
}

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
	n, err := s.setPublished(ctx, req.GetResultIds(), p)
	if err != nil {
		return nil, err
	}
	return &resultsv1.PublicationResponse{UpdatedCount: int32(n)}, nil
}

// GetPublicationStatus counts published and unpublished results.
func (s *Server) GetPublicationStatus(ctx context.Context, req *resultsv1.PublicationStatusRequest) (*resultsv1.PublicationStatus, error) {
	return s.publicationStatus(ctx, req.GetEventId(), req.GetWorkoutId(), req.GetDivisionId())
}

// CountResults is internal: competition-svc's finalResultsCount and hasResults.
func (s *Server) CountResults(ctx context.Context, req *resultsv1.CountResultsRequest) (*resultsv1.CountResultsResponse, error) {
	return s.countResults(ctx, req.GetTeamIds(), req.GetWorkoutIds())
}

// GetEventStandings is internal: public-svc's standings of every division, scored against
// the structure it passes when it passes one.
func (s *Server) GetEventStandings(ctx context.Context, req *resultsv1.EventStandingsRequest) (*resultsv1.EventStandings, error) {
	return s.eventStandings(ctx, req.GetEventId(), req.GetIncludeUnpublished(), req.GetStructure())
}

// PurgeResults is internal: competition-svc calls it after deleting teams, workouts,
// divisions or an event.
func (s *Server) PurgeResults(ctx context.Context, req *resultsv1.PurgeResultsRequest) (*resultsv1.PurgeResultsResponse, error) {
	n, err := s.purge(ctx, req)
	if err != nil {
		return nil, err
	}
	return &resultsv1.PurgeResultsResponse{DeletedCount: int32(n)}, nil
}
