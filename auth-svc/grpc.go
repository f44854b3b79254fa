package authsvc

import (
	"context"
	"strings"
	"time"

	"google.golang.org/grpc/metadata"

	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
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

// clientAddress is the address the gateway saw the request come from: the last entry of
// x-forwarded-for, which the gateway appends itself (earlier entries are client-supplied).
func clientAddress(ctx context.Context) string {
	md, _ := metadata.FromIncomingContext(ctx)
	fwd := md.Get("x-forwarded-for")
	if len(fwd) == 0 {
		return "direct"
	}
	parts := strings.Split(fwd[len(fwd)-1], ",")
	return strings.TrimSpace(parts[len(parts)-1])
}
