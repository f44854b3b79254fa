// Package grpcx builds Podium's gRPC servers and clients with the interceptors every service
// shares: panic recovery, request logging, typed-error mapping and the admin token check.
package grpcx

import (
	"context"
	"log/slog"
	"runtime/debug"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// NewServer returns a server whose calls are logged, whose typed errors become statuses, and
// whose RPCs are guarded twice: every call needs a service credential that callers verifies
// (only the health probes do not), and then a user token where policy asks for one. It serves
// the standard health service too. extra options (instrumentation) come first, so their
// interceptors see every call's final status.
func NewServer(log *slog.Logger, callers *svcauth.Verifier, verifier *authn.Verifier, policy authn.Policy, extra ...grpc.ServerOption) (*grpc.Server, *health.Server) {
	return NewGuardedServer(log, callers, verifier, policy, nil, extra...)
}

// NewGuardedServer is NewServer with guard (when not nil) run after the token check: the
// per-event access check, which needs the caller the token check found.
func NewGuardedServer(log *slog.Logger, callers *svcauth.Verifier, verifier *authn.Verifier, policy authn.Policy, guard grpc.UnaryServerInterceptor, extra ...grpc.ServerOption) (*grpc.Server, *health.Server) {
	chain := []grpc.UnaryServerInterceptor{
		recoverPanics(log),
		logCalls(log),
		mapErrors(log),
		svcauth.UnaryServerInterceptor(callers, healthProbes...),
		authn.UnaryServerInterceptor(verifier, withHealth(policy)),
		rejectNUL,
	}
	if guard != nil {
		chain = append(chain, guard)
	}
	srv := grpc.NewServer(append(extra, grpc.MaxRecvMsgSize(MaxMessageBytes), grpc.MaxSendMsgSize(MaxMessageBytes),
		grpc.ChainUnaryInterceptor(chain...),
		grpc.ChainStreamInterceptor(svcauth.StreamServerInterceptor(callers, healthProbes...)))...)
	hs := health.NewServer()
	healthpb.RegisterHealthServer(srv, hs)
	return srv, hs
}

// healthProbes are the orchestrator's probes: they carry no credential.
var healthProbes = []string{healthpb.Health_Check_FullMethodName, healthpb.Health_Watch_FullMethodName}

// withHealth lets the orchestrator's probes in without a token.
func withHealth(policy authn.Policy) authn.Policy {
	p := make(authn.Policy, len(policy)+2)
	for k, v := range policy {
		p[k] = v
	}
	p[healthpb.Health_Check_FullMethodName] = authn.Internal
	p[healthpb.Health_Watch_FullMethodName] = authn.Internal
	return p
}

func recoverPanics(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if p := recover(); p != nil {
				log.Error("panic in handler", "method", info.FullMethod, "panic", p, "stack", string(debug.Stack()))
				err = status.Error(codes.Internal, apperr.InternalMessage)
			}
		}()
		return handler(ctx, req)
	}
}

func logCalls(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		log.LogAttrs(ctx, slog.LevelDebug, "rpc", slog.String("method", info.FullMethod),
			slog.String("code", status.Code(err).String()), slog.Duration("took", time.Since(start)))
		return resp, err
	}
}

// mapErrors turns returned errors into statuses; unexpected ones and unavailable dependencies
// are logged in full here and reach the client only as their public message.
func mapErrors(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		resp, err := handler(ctx, req)
		if err == nil {
			return resp, nil
		}
		st, unexpected := apperr.ToStatus(err)
		switch {
		case unexpected:
			log.Error("unexpected error", "method", info.FullMethod, "err", err)
		case st.Code() == codes.Unavailable:
			// What this service could not reach, with the operations that tried (unavailable.go).
			log.Warn("unavailable", "method", info.FullMethod, "err", err)
		}
		return nil, markSent(st).Err()
	}
}
