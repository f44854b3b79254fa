package competitionsvc

import (
	"context"
	"fmt"
	"time"

	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// Server implements competitionv1.CompetitionServiceServer: it turns requests into use-case
// calls and results into messages. Errors are apperr values; the gRPC server's interceptors
// map them to statuses.
type Server struct {
	competitionv1.UnimplementedCompetitionServiceServer
	svc *service
}

// New returns the CompetitionService implementation.
func New(d Deps) *Server { return &Server{svc: newService(d)} }

var _ competitionv1.CompetitionServiceServer = (*Server)(nil)

// The RPCs of each entity are in <entity>_grpc.go (events, divisions, teams, workouts, heats,
// access); this file holds the internal ones and the helpers they share.

// GetAthleteTeam is internal: results-svc's check that a submitting athlete is on a confirmed
// team of the event, and the addresses of the submission mails (docs/qualifiers.md).
func (s *Server) GetAthleteTeam(ctx context.Context, req *competitionv1.AthleteTeamRequest) (*competitionv1.AthleteTeam, error) {
	t, err := s.svc.AthleteTeam(ctx, req.GetEventId(), req.GetAthleteId(), req.GetTeamId())
	if err != nil {
		return nil, err
	}
	out := &competitionv1.AthleteTeam{TeamId: t.TeamID, TeamName: t.TeamName, DivisionId: t.DivisionID}
	for _, a := range t.Athletes {
		out.Athletes = append(out.Athletes, &competitionv1.TeamAthlete{Name: a.Name, Email: a.Email})
	}
	return out, nil
}

func (s *Server) GetEventStructure(ctx context.Context, req *competitionv1.EventStructureRequest) (*competitionv1.EventStructure, error) {
	view, teams, err := s.svc.EventStructure(ctx, StructureRef{
		EventID: req.GetEventId(), DivisionID: req.GetDivisionId(), TeamID: req.GetTeamId(), WorkoutID: req.GetWorkoutId(),
	})
	if err != nil {
		return nil, err
	}
	out := &competitionv1.EventStructure{Event: eventPB(view), Teams: make([]*competitionv1.Team, len(teams))}
	for i, t := range teams {
		out.Teams[i] = teamPB(t)
	}
	return out, nil
}

func (s *Server) ListVisibleEvents(ctx context.Context, req *competitionv1.ListVisibleEventsRequest) (*competitionv1.ListEventsResponse, error) {
	events, err := s.svc.ListVisibleEvents(ctx, req.GetStatuses())
	if err != nil {
		return nil, err
	}
	return eventsPB(events), nil
}

// GetPublicVersion is internal: public-svc keys its cache by it (docs/operations.md,
// "Caching").
func (s *Server) GetPublicVersion(ctx context.Context, req *competitionv1.PublicVersionRequest) (*competitionv1.PublicVersion, error) {
	id := req.GetEventId()
	if id != "" && !ids.IsUUID(id) {
		return nil, apperr.Invalid("eventId", "must be an event id")
	}
	v, err := s.svc.store.PublicVersion(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("public version: %w", err)
	}
	return &competitionv1.PublicVersion{Version: v}, nil
}

func instant(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func date(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(dateLayout)
}

func int32Ptr(v *wrapperspb.Int32Value) *int32 {
	if v == nil {
		return nil
	}
	return new(v.GetValue())
}

// stringValue is a text that may be absent: empty is null.
func stringValue(v string) *wrapperspb.StringValue {
	if v == "" {
		return nil
	}
	return wrapperspb.String(v)
}

func int32Value(v *int32) *wrapperspb.Int32Value {
	if v == nil {
		return nil
	}
	return wrapperspb.Int32(*v)
}

func empty(err error) (*emptypb.Empty, error) {
	if err != nil {
		return nil, err
	}
	return &emptypb.Empty{}, nil
}
