package authsvc

import (
	"context"
	"time"

	"google.golang.org/protobuf/types/known/emptypb"

	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
)

// The session RPCs (sessions.go).

// Login implements authv1.AuthServiceServer.
func (s *Server) Login(ctx context.Context, req *authv1.LoginRequest) (*authv1.LoginResponse, error) {
	session, err := s.svc.login(ctx, req.GetUsername(), req.GetPassword(), clientAddress(ctx))
	countLogin(err)
	return sessionPB(session, err)
}

func sessionPB(session Session, err error) (*authv1.LoginResponse, error) {
	if err != nil {
		return nil, err
	}
	return &authv1.LoginResponse{
		Token:     session.Token,
		Username:  session.Username,
		ExpiresAt: session.ExpiresAt.UTC().Format(time.RFC3339),
	}, nil
}

// GetMe implements authv1.AuthServiceServer.
func (s *Server) GetMe(ctx context.Context, _ *authv1.GetMeRequest) (*authv1.Me, error) {
	c, err := s.svc.me(ctx)
	if err != nil {
		return nil, err
	}
	language, err := s.svc.myLanguage(ctx, c)
	if err != nil {
		return nil, err
	}
	return &authv1.Me{Id: c.UserID, Username: c.Username, Role: c.Role, Language: language}, nil
}

// SetMyLanguage implements authv1.AuthServiceServer.
func (s *Server) SetMyLanguage(ctx context.Context, req *authv1.SetMyLanguageRequest) (*authv1.Me, error) {
	c, err := s.svc.setMyLanguage(ctx, req.GetLanguage())
	if err != nil {
		return nil, err
	}
	return &authv1.Me{Id: c.UserID, Username: c.Username, Role: c.Role, Language: req.GetLanguage()}, nil
}

// Logout implements authv1.AuthServiceServer.
func (s *Server) Logout(ctx context.Context, _ *authv1.LogoutRequest) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, s.svc.logout(ctx)
}

// ChangePassword implements authv1.AuthServiceServer.
func (s *Server) ChangePassword(ctx context.Context, req *authv1.ChangePasswordRequest) (*authv1.LoginResponse, error) {
	return sessionPB(s.svc.changePassword(ctx, req.GetCurrentPassword(), req.GetNewPassword(), clientAddress(ctx)))
}

// ResolveSession implements authv1.AuthServiceServer.
func (s *Server) ResolveSession(ctx context.Context, req *authv1.ResolveSessionRequest) (*authv1.ResolvedSession, error) {
	c, ok, err := s.svc.resolveSession(ctx, req.GetSessionId())
	if err != nil || !ok {
		return &authv1.ResolvedSession{}, err
	}
	return &authv1.ResolvedSession{Valid: true, UserId: c.UserID, Username: c.Username, Role: c.Role, Judge: JudgeScopePB(c.Judge)}, nil
}
