package authsvc

import (
	"context"

	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// Server implements authv1.AuthServiceServer: it turns requests into use-case calls and
// results into messages. Errors are apperr values; the gRPC server's interceptors map them to
// statuses.
type Server struct {
	authv1.UnimplementedAuthServiceServer
	svc *service
}

// New returns the AuthService implementation.
func New(d Deps) *Server { return &Server{svc: newService(d)} }

var _ authv1.AuthServiceServer = (*Server)(nil)

// The RPCs are in sessions_grpc.go and users_grpc.go; this file holds the calls the binary
// makes in-process and the helpers the transport shares.

// CreateAdmin adds an administrator: `podium admin create`, in the binary's process.
func (s *Server) CreateAdmin(ctx context.Context, username, password string) error {
	return s.svc.createAdmin(ctx, username, password)
}

// HasAdmins reports whether any user exists (`podium admin create --if-none`).
func (s *Server) HasAdmins(ctx context.Context) (bool, error) {
	return s.svc.hasAdmins(ctx)
}

// RemoteSessions asks auth-svc who holds a session: how every other service resolves tokens.
func RemoteSessions(client authv1.AuthServiceClient) authn.Sessions {
	return authn.SessionsFunc(func(ctx context.Context, id string) (authn.Caller, bool, error) {
		r, err := client.ResolveSession(ctx, &authv1.ResolveSessionRequest{SessionId: id})
		if err != nil {
			return authn.Caller{}, false, err
		}
		c := authn.Caller{UserID: r.GetUserId(), Username: r.GetUsername(), Role: r.GetRole(), SessionID: id}
		if r.GetJudge() != nil {
			sc := JudgeScopeOf(r.GetJudge())
			c.Judge = &sc
		}
		return c, r.GetValid(), nil
	})
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
