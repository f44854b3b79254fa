package competitionsvc

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/setup"
	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// NewGrants reads grants straight from the competition schema, for this service's access
// interceptor.
func NewGrants(pool *pgxpool.Pool) core.Grants { return core.Grants{Store: store.New(pool)} }

func (s *Server) ListEventAccess(ctx context.Context, req *competitionv1.ListEventAccessRequest) (*competitionv1.ListEventAccessResponse, error) {
	list, err := s.svc.ListEventAccess(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	out := &competitionv1.ListEventAccessResponse{Access: make([]*competitionv1.EventAccess, len(list))}
	for i, a := range list {
		out.Access[i] = eventAccessPB(a)
	}
	return out, nil
}

func (s *Server) GrantEventAccess(ctx context.Context, req *competitionv1.GrantEventAccessRequest) (*competitionv1.EventAccess, error) {
	a, err := s.svc.GrantEventAccess(ctx, req.GetEventId(), req.GetUserId(), req.GetRole())
	if err != nil {
		return nil, err
	}
	return eventAccessPB(a), nil
}

func (s *Server) RevokeEventAccess(ctx context.Context, req *competitionv1.RevokeEventAccessRequest) (*emptypb.Empty, error) {
	return core.Empty(s.svc.RevokeEventAccess(ctx, req.GetEventId(), req.GetUserId()))
}

func (s *Server) GetCallerGrant(ctx context.Context, req *competitionv1.GetCallerGrantRequest) (*competitionv1.CallerGrant, error) {
	event, role, err := s.svc.CallerGrant(ctx, req.GetUserId(), setup.StructureRef{
		EventID: req.GetEventId(), DivisionID: req.GetDivisionId(), TeamID: req.GetTeamId(), WorkoutID: req.GetWorkoutId(),
		HeatID: req.GetHeatId(),
	})
	if err != nil {
		return nil, err
	}
	return &competitionv1.CallerGrant{EventId: event, Role: role}, nil
}

func eventAccessPB(a EventAccess) *competitionv1.EventAccess {
	return &competitionv1.EventAccess{UserId: a.UserID, Username: a.Username, Role: a.Role}
}

// RemoteGrants asks competition-svc for grants: how results-svc and public-svc read them
// (wrap it in access.Cached). Result ids are not competition-svc's; they are not asked for.
func RemoteGrants(client competitionv1.CompetitionServiceClient) access.Grants {
	return remoteGrants{client: client}
}

type remoteGrants struct {
	client competitionv1.CompetitionServiceClient
}

func (g remoteGrants) Roles(ctx context.Context, userID string, kind access.Kind, ids []string) (_ map[string]string, err error) {
	defer apperr.Wrap(&err, "competitionsvc.remoteGrants.Roles(%q, %v)", userID, kind)
	out := map[string]string{}
	for _, id := range ids {
		req := &competitionv1.GetCallerGrantRequest{UserId: userID}
		switch kind {
		case access.Event:
			req.EventId = id
		case access.Division:
			req.DivisionId = id
		case access.Team:
			req.TeamId = id
		case access.Workout:
			req.WorkoutId = id
		case access.Heat:
			req.HeatId = id
		default:
			return nil, fmt.Errorf("grants: competition-svc has no %s ids", kind)
		}
		r, err := g.client.GetCallerGrant(ctx, req)
		if err != nil {
			return nil, err
		}
		if r.GetEventId() != "" {
			out[r.GetEventId()] = r.GetRole()
		}
	}
	return out, nil
}
