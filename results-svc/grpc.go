package resultssvc

import (
	"context"
	"fmt"
	"strings"

	"google.golang.org/protobuf/types/known/wrapperspb"

	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// Server implements resultsv1.ResultsServiceServer: it turns requests into use-case calls and
// results into messages. Errors are apperr values; the gRPC server's interceptors map them to
// statuses.
type Server struct {
	resultsv1.UnimplementedResultsServiceServer
	svc *service
}

// New returns the ResultsService implementation; it fails without a grant source
// (Deps.Grants).
func New(d Deps) (*Server, error) {
	svc, err := newService(d)
	if err != nil {
		return nil, err
	}
	return &Server{svc: svc}, nil
}

var _ resultsv1.ResultsServiceServer = (*Server)(nil)

// The RPCs of each entity are in <entity>_grpc.go (results, publication, heats, history);
// this file holds the internal ones and the helpers they share.

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

// resultMessage is what every message carrying a result's values has.
type resultMessage interface {
	GetStatus() string
	GetResultValue() *wrapperspb.DoubleValue
	GetCappedReps() *wrapperspb.Int32Value
	GetTiebreakValue() *wrapperspb.DoubleValue
	GetScaled() bool
}

// penaltyMessage is a result message that carries a penalty (a judge's lane result does not).
type penaltyMessage interface {
	GetPenalty() *resultsv1.Penalty
}

func fieldsOf(m resultMessage) resultFields {
	f := resultFields{Status: m.GetStatus(), Value: doubleIn(m.GetResultValue()), CappedReps: int32In(m.GetCappedReps()),
		Tiebreak: doubleIn(m.GetTiebreakValue()), Scaled: m.GetScaled()}
	if p, ok := m.(penaltyMessage); ok {
		f.Penalty = penaltyIn(p.GetPenalty())
	} else {
		f.KeepPenalty = true
	}
	return f
}

// GetEventStandings is internal: public-svc's standings of every division, scored against
// the structure it passes when it passes one (a frozen board's: the ones kept at the freeze).
func (s *Server) GetEventStandings(ctx context.Context, req *resultsv1.EventStandingsRequest) (*resultsv1.EventStandings, error) {
	return s.svc.eventStandings(ctx, req.GetEventId(), req.GetIncludeUnpublished(), req.GetPublicBoard(), req.GetStructure())
}

// PurgeResults is internal: competition-svc calls it after deleting teams, workouts,
// divisions or an event.
func (s *Server) PurgeResults(ctx context.Context, req *resultsv1.PurgeResultsRequest) (*resultsv1.PurgeResultsResponse, error) {
	n, err := s.svc.purge(ctx, req)
	if err != nil {
		return nil, err
	}
	return &resultsv1.PurgeResultsResponse{DeletedCount: int32(n)}, nil
}

// ListEventResults is internal: every result of an event, drafts included, as stored, for
// competition-svc's export (transfer.go).
func (s *Server) ListEventResults(ctx context.Context, req *resultsv1.EventResultsRequest) (*resultsv1.EventResults, error) {
	return s.svc.eventResults(ctx, req.GetEventId())
}

// ImportResults is internal: the results of an event competition-svc has just imported
// (transfer.go).
func (s *Server) ImportResults(ctx context.Context, req *resultsv1.ImportResultsRequest) (*resultsv1.ImportResultsResponse, error) {
	return s.svc.importResults(ctx, req.GetEventId(), req.GetResults())
}

// ListResultActivity is internal: an event's result changes as activity entries, newest first
// (history.go).
func (s *Server) ListResultActivity(ctx context.Context, req *activityv1.ActivityRequest) (*activityv1.ActivityPage, error) {
	return s.svc.resultActivity(ctx, req.GetEventId(), req.GetBefore(), req.GetLimit())
}

// GetPublicVersion is internal: public-svc keys its cache by it (docs/operations.md,
// "Caching").
func (s *Server) GetPublicVersion(ctx context.Context, req *resultsv1.PublicVersionRequest) (*resultsv1.PublicVersion, error) {
	if !ids.IsUUID(req.GetEventId()) {
		return nil, apperr.Invalid("eventId", "must be an event id")
	}
	v, err := s.svc.store.PublicVersion(ctx, req.GetEventId())
	if err != nil {
		return nil, fmt.Errorf("public version: %w", err)
	}
	return &resultsv1.PublicVersion{Version: v}, nil
}
