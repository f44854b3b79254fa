package authsvc

import (
	"context"
	"time"

	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// Policy: signing in needs no token.
var Policy = authn.Policy{authv1.AuthService_Login_FullMethodName: authn.Public}

// Server is the gRPC face of the service.
type Server struct {
	authv1.UnimplementedAuthServiceServer
	svc *Service
}

// NewServer wraps svc.
func NewServer(svc *Service) *Server { return &Server{svc: svc} }

// Login implements authv1.AuthServiceServer.
func (s *Server) Login(ctx context.Context, req *authv1.LoginRequest) (*authv1.LoginResponse, error) {
	session, err := s.svc.Login(ctx, req.GetUsername(), req.GetPassword(), clientAddress(ctx))
	countLogin(err)
	if err != nil {
		return nil, err
	}
	return &authv1.LoginResponse{
		Token:     session.Token,
		Username:  session.Username,
		ExpiresAt: session.ExpiresAt.UTC().Format(time.RFC3339),
	}, nil
}

// clientAddress is the client address the gateway vouches for (it decides it from the TCP
// peer and the trusted proxies). A call from any other service has no client address: all
// such calls share one limit.
func clientAddress(ctx context.Context) string {
	if addr := svcauth.ClientAddress(ctx); addr != "" {
		return addr
	}
	return "unknown"
}
