package authn

import (
	"context"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Access says who may call an RPC. The zero value is Admin: an RPC nobody classified is
// protected, never open by accident.
type Access int

const (
	// Admin RPCs need a valid token.
	Admin Access = iota
	// Public RPCs are anonymous; a valid token, when sent, still marks the caller as admin
	// (the admin preview of public views).
	Public
	// Internal RPCs are called by other services only. They have no HTTP route; in a cluster
	// the network policy keeps everything but the services away from the gRPC ports.
	Internal
)

// Policy classifies RPCs by full method name ("/podium.auth.v1.AuthService/Login").
type Policy map[string]Access

type claimsKey struct{}

// ClaimsFrom returns the verified caller, if the request carried a valid token.
func ClaimsFrom(ctx context.Context) (Claims, bool) {
	c, ok := ctx.Value(claimsKey{}).(Claims)
	return c, ok
}

// WithClaims marks ctx as coming from an admin; for tests and in-process callers.
func WithClaims(ctx context.Context, c Claims) context.Context {
	return context.WithValue(ctx, claimsKey{}, c)
}

// SystemActor is who a change is attributed to when no signed-in user made it (automatic
// rescoring, clean-ups one service does for another).
const SystemActor = "system"

// Actor is the username of the signed-in caller, or SystemActor.
func Actor(ctx context.Context) string {
	if c, ok := ClaimsFrom(ctx); ok && c.Username != "" {
		return c.Username
	}
	return SystemActor
}

// IsAdmin reports whether the caller presented a valid admin token.
func IsAdmin(ctx context.Context) bool {
	_, ok := ClaimsFrom(ctx)
	return ok
}

// UnaryServerInterceptor enforces policy on every call.
func UnaryServerInterceptor(v *Verifier, policy Policy) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		ctx, err := authorize(ctx, v, policy[info.FullMethod])
		if err != nil {
			return nil, err
		}
		return handler(ctx, req)
	}
}

func authorize(ctx context.Context, v *Verifier, access Access) (context.Context, error) {
	if access == Internal {
		return ctx, nil
	}
	token := bearerToken(ctx)
	if token == "" {
		if access == Public {
			return ctx, nil
		}
		return ctx, apperr.Unauthenticated("Authentication required: sign in to continue.")
	}
	claims, err := v.Verify(token)
	if err != nil {
		if access == Public {
			return ctx, nil // a stale token must not break public pages
		}
		return ctx, apperr.Unauthenticated("Your session is invalid or has expired. Please sign in again.")
	}
	return WithClaims(ctx, claims), nil
}

func bearerToken(ctx context.Context) string {
	md, _ := metadata.FromIncomingContext(ctx)
	for _, h := range md.Get("authorization") {
		if scheme, token, ok := strings.Cut(h, " "); ok && strings.EqualFold(scheme, "bearer") {
			return strings.TrimSpace(token)
		}
	}
	return ""
}

// OutgoingToken copies the caller's bearer token onto an outgoing call, so a service acting
// for an admin can ask another service on the admin's behalf.
func OutgoingToken(ctx context.Context) context.Context {
	if token := bearerToken(ctx); token != "" {
		return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+token)
	}
	return ctx
}
