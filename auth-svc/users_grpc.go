package authsvc

import (
	"context"
	"time"

	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/auth-svc/store"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
)

// The user RPCs (users.go).

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
