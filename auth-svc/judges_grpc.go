package authsvc

import (
	"context"
	"time"

	"google.golang.org/protobuf/types/known/emptypb"

	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// The judge session RPCs (judges.go), internal: competition-svc's judge links call them.

// StartJudgeSessions implements authv1.AuthServiceServer.
func (s *Server) StartJudgeSessions(ctx context.Context, req *authv1.StartJudgeSessionsRequest) (*authv1.JudgeSessions, error) {
	expires, err := time.Parse(time.RFC3339, req.GetExpiresAt())
	if err != nil {
		return nil, apperr.Invalid("expiresAt", "expiresAt must be an RFC 3339 time")
	}
	scopes := make([]authn.JudgeScope, len(req.GetScopes()))
	for i, sc := range req.GetScopes() {
		scopes[i] = JudgeScopeOf(sc)
	}
	return judgeSessionsPB(s.svc.startJudgeSessions(ctx, scopes, expires))
}

// SignJudgeTokens implements authv1.AuthServiceServer.
func (s *Server) SignJudgeTokens(ctx context.Context, req *authv1.JudgeSessionsRequest) (*authv1.JudgeSessions, error) {
	return judgeSessionsPB(s.svc.signJudgeTokens(ctx, req.GetSessionIds()))
}

// EndJudgeSessions implements authv1.AuthServiceServer.
func (s *Server) EndJudgeSessions(ctx context.Context, req *authv1.JudgeSessionsRequest) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, s.svc.endJudgeSessions(ctx, req.GetSessionIds())
}

// JudgeScopeOf reads a scope message.
func JudgeScopeOf(sc *authv1.JudgeScope) authn.JudgeScope {
	return authn.JudgeScope{EventID: sc.GetEventId(), WorkoutID: sc.GetWorkoutId(), HeatID: sc.GetHeatId(), Lanes: sc.GetLanes(), Label: sc.GetLabel()}
}

// JudgeScopePB writes a scope message.
func JudgeScopePB(sc *authn.JudgeScope) *authv1.JudgeScope {
	if sc == nil {
		return nil
	}
	return &authv1.JudgeScope{EventId: sc.EventID, WorkoutId: sc.WorkoutID, HeatId: sc.HeatID, Lanes: sc.Lanes, Label: sc.Label}
}

func judgeSessionsPB(list []JudgeSession, err error) (*authv1.JudgeSessions, error) {
	if err != nil {
		return nil, err
	}
	out := &authv1.JudgeSessions{Sessions: make([]*authv1.JudgeSession, len(list))}
	for i, j := range list {
		out.Sessions[i] = &authv1.JudgeSession{SessionId: j.ID, Token: j.Token, ExpiresAt: j.ExpiresAt.UTC().Format(time.RFC3339)}
	}
	return out, nil
}
