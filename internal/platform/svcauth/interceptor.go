package svcauth

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// RefusedMessage answers a call without a valid service credential. It does not say why: a
// caller from outside learns nothing about what would be accepted.
const RefusedMessage = "This service accepts calls from Podium's own services only."

// UnaryServerInterceptor refuses every RPC without a valid service credential of a target the
// verifier accepts for it (Accepting), except the methods listed in open (the orchestrator's
// health probes). It runs before the user-token
// check and is independent of it: both must pass where a method needs a user.
func UnaryServerInterceptor(v *Verifier, open ...string) grpc.UnaryServerInterceptor {
	exempt := make(map[string]bool, len(open))
	for _, m := range open {
		exempt[m] = true
	}
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if exempt[info.FullMethod] {
			return handler(ctx, req)
		}
		caller, err := v.admit(credentialIn(ctx), info.FullMethod)
		if err != nil {
			return nil, apperr.Unauthenticated(RefusedMessage)
		}
		return handler(withCaller(ctx, caller), req)
	}
}

// StreamServerInterceptor is UnaryServerInterceptor for streaming RPCs.
func StreamServerInterceptor(v *Verifier, open ...string) grpc.StreamServerInterceptor {
	exempt := make(map[string]bool, len(open))
	for _, m := range open {
		exempt[m] = true
	}
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		if exempt[info.FullMethod] {
			return handler(srv, ss)
		}
		caller, err := v.admit(credentialIn(ss.Context()), info.FullMethod)
		if err != nil {
			return status.Error(codes.Unauthenticated, RefusedMessage)
		}
		return handler(srv, &callerStream{ServerStream: ss, ctx: withCaller(ss.Context(), caller)})
	}
}

type callerStream struct {
	grpc.ServerStream
	ctx context.Context
}

func (s *callerStream) Context() context.Context { return s.ctx }
