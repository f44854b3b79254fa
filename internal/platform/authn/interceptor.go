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
	// Admin RPCs need a valid token of a valid staff session (admin, organiser, scorer);
	// athletes are refused. What the caller may do is decided by the service from the
	// caller's role and grants.
	Admin Access = iota
	// Public RPCs are anonymous; a valid token, when sent, still names the caller (the admin
	// preview of public views, for callers with a grant on the event).
	Public
	// Internal RPCs are called by other services only. They have no HTTP route; in a cluster
	// the network policy keeps everything but the services away from the gRPC ports.
	Internal
	// Athlete RPCs need a valid token of an athlete's session; staff are refused.
	Athlete
	// SignedIn RPCs need a valid token of any session, staff or athlete (who am I, sign out,
	// change my password).
	SignedIn
	// Judging RPCs are Admin RPCs a judge link may call too: a lane's result and the judge's
	// sheet. Their use cases hold a judge to the lanes of its scope (docs/judging.md). A judge
	// link's token opens no other RPC.
	Judging
)

// Policy classifies RPCs by full method name ("/podium.auth.v1.AuthService/Login").
type Policy map[string]Access

type callerKey struct{}

// CallerFrom returns the signed-in caller, if the request carried a valid token of a valid
// session.
func CallerFrom(ctx context.Context) (Caller, bool) {
	c, ok := ctx.Value(callerKey{}).(Caller)
	return c, ok
}

// WithCaller marks ctx as coming from c; for in-process callers.
func WithCaller(ctx context.Context, c Caller) context.Context {
	return context.WithValue(ctx, callerKey{}, c)
}

// SystemActor is who a change is attributed to when no signed-in user made it (automatic
// rescoring, clean-ups one service does for another).
const SystemActor = "system"

// Actor is the username of the signed-in caller, or SystemActor.
func Actor(ctx context.Context) string {
	if c, ok := CallerFrom(ctx); ok && c.Username != "" {
		return c.Username
	}
	return SystemActor
}

// IsAdmin reports whether the caller is signed in with the global admin role.
func IsAdmin(ctx context.Context) bool {
	c, ok := CallerFrom(ctx)
	return ok && c.IsAdmin()
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
	caller, err := v.resolve(ctx, token)
	if err != nil {
		if access == Public && apperr.IsKind(err, apperr.KindUnauthenticated) {
			return ctx, nil // a stale token must not break public pages
		}
		return ctx, err
	}
	switch {
	case caller.Role == RoleJudge && access == Public:
		return ctx, nil // the public pages are everyone's; a judge link names nobody there
	case caller.Role == RoleJudge && access != Judging:
		return ctx, errJudgeLinkOnly
	case (access == Admin || access == Judging) && caller.IsAthlete():
		return ctx, errStaffOnly
	case access == Athlete && !caller.IsAthlete():
		return ctx, errAthletesOnly
	}
	return WithCaller(ctx, caller), nil
}

var (
	errJudgeLinkOnly = apperr.Forbidden("A judge link only enters the results of its lanes.")
	errStaffOnly     = apperr.Forbidden("Athlete accounts cannot use the console. Please sign in with a staff account.")
	errAthletesOnly  = apperr.Forbidden("This is for athlete accounts. Please sign in as an athlete.")
)

// resolve checks the token's signature and claims, then its session.
func (v *Verifier) resolve(ctx context.Context, token string) (Caller, error) {
	claims, err := v.Verify(token)
	if err != nil || v.sessions == nil {
		return Caller{}, errSessionInvalid
	}
	caller, ok, err := v.sessions.Resolve(ctx, claims.SessionID)
	if err != nil {
		return Caller{}, apperr.Unavailable("Sign-in cannot be checked right now. Please try again shortly.")
	}
	if !ok {
		return Caller{}, errSessionInvalid
	}
	caller.SessionID = claims.SessionID
	return caller, nil
}

var errSessionInvalid = apperr.Unauthenticated("Your session is invalid or has expired. Please sign in again.")

func bearerToken(ctx context.Context) string {
	md, _ := metadata.FromIncomingContext(ctx)
	for _, h := range md.Get("authorization") {
		if scheme, token, ok := strings.Cut(h, " "); ok && strings.EqualFold(scheme, "bearer") {
			return strings.TrimSpace(token)
		}
	}
	return ""
}
