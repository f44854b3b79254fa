package authsvc

import (
	"context"
	"time"

	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/auth-svc/store"
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

// CreateAdmin adds an administrator: `podium admin create`, in the binary's process.
func (s *Server) CreateAdmin(ctx context.Context, username, password string) error {
	return s.svc.createAdmin(ctx, username, password)
}

// HasAdmins reports whether any user exists (`podium admin create --if-none`).
func (s *Server) HasAdmins(ctx context.Context) (bool, error) {
	return s.svc.hasAdmins(ctx)
}

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
	return &authv1.Me{Id: c.UserID, Username: c.Username, Role: c.Role}, nil
}

// Logout implements authv1.AuthServiceServer.
func (s *Server) Logout(ctx context.Context, _ *authv1.LogoutRequest) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, s.svc.logout(ctx)
}

// ChangePassword implements authv1.AuthServiceServer.
func (s *Server) ChangePassword(ctx context.Context, req *authv1.ChangePasswordRequest) (*authv1.LoginResponse, error) {
	return sessionPB(s.svc.changePassword(ctx, req.GetCurrentPassword(), req.GetNewPassword()))
}

// ListUsers implements authv1.AuthServiceServer.
func (s *Server) ListUsers(ctx context.Context, _ *authv1.ListUsersRequest) (*authv1.ListUsersResponse, error) {
	users, err := s.svc.listUsers(ctx)
	return usersPB(users, err)
}

// CreateUser implements authv1.AuthServiceServer.
func (s *Server) CreateUser(ctx context.Context, req *authv1.CreateUserRequest) (*authv1.User, error) {
	return userResult(s.svc.createUser(ctx, req.GetUsername(), req.GetPassword(), req.GetRole()))
}

// UpdateUser implements authv1.AuthServiceServer.
func (s *Server) UpdateUser(ctx context.Context, req *authv1.UpdateUserRequest) (*authv1.User, error) {
	return userResult(s.svc.updateUser(ctx, req.GetId(), req.GetRole(), req.GetDisabled()))
}

// SetUserPassword implements authv1.AuthServiceServer.
func (s *Server) SetUserPassword(ctx context.Context, req *authv1.SetUserPasswordRequest) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, s.svc.setUserPassword(ctx, req.GetId(), req.GetPassword())
}

// ResolveSession implements authv1.AuthServiceServer.
func (s *Server) ResolveSession(ctx context.Context, req *authv1.ResolveSessionRequest) (*authv1.ResolvedSession, error) {
	c, ok, err := s.svc.resolveSession(ctx, req.GetSessionId())
	if err != nil || !ok {
		return &authv1.ResolvedSession{}, err
	}
	return &authv1.ResolvedSession{Valid: true, UserId: c.UserID, Username: c.Username, Role: c.Role}, nil
}

// LookupUsers implements authv1.AuthServiceServer.
func (s *Server) LookupUsers(ctx context.Context, req *authv1.LookupUsersRequest) (*authv1.LookupUsersResponse, error) {
	users, err := s.svc.lookupUsers(ctx, req.GetIds(), req.GetUsernames())
	if err != nil {
		return nil, err
	}
	out, _ := usersPB(users, nil)
	return &authv1.LookupUsersResponse{Users: out.Users}, nil
}

func userPB(u store.User) *authv1.User {
	out := &authv1.User{
		Id: u.ID, Username: u.Username, Role: u.Role, Disabled: u.Disabled,
		CreatedAt: u.CreatedAt.UTC().Format(time.RFC3339),
	}
	if u.LastSignInAt != nil {
		out.LastSignInAt = wrapperspb.String(u.LastSignInAt.UTC().Format(time.RFC3339))
	}
	return out
}

func userResult(u store.User, err error) (*authv1.User, error) {
	if err != nil {
		return nil, err
	}
	return userPB(u), nil
}

func usersPB(users []store.User, err error) (*authv1.ListUsersResponse, error) {
	if err != nil {
		return nil, err
	}
	out := &authv1.ListUsersResponse{Users: make([]*authv1.User, 0, len(users))}
	for _, u := range users {
		out.Users = append(out.Users, userPB(u))
	}
	return out, nil
}

// RemoteSessions asks auth-svc who holds a session: how every other service resolves tokens.
func RemoteSessions(client authv1.AuthServiceClient) authn.Sessions {
	return authn.SessionsFunc(func(ctx context.Context, id string) (authn.Caller, bool, error) {
		r, err := client.ResolveSession(ctx, &authv1.ResolveSessionRequest{SessionId: id})
		if err != nil {
			return authn.Caller{}, false, err
		}
		return authn.Caller{UserID: r.GetUserId(), Username: r.GetUsername(), Role: r.GetRole(), SessionID: id}, r.GetValid(), nil
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
