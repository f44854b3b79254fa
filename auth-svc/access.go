package authsvc

import (
	"context"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Who may call what: no auth-svc call addresses an event, so there are no grant rules
// (access.Rules); the use cases check the caller's role (docs/access.md).

// Managing users is the admin role's alone.
func requireAdmin(ctx context.Context) error {
	c, ok := authn.CallerFrom(ctx)
	switch {
	case !ok:
		return errSignInRequired
	case !c.IsAdmin():
		return apperr.Forbidden("Only administrators can manage users.")
	}
	return nil
}

// athleteCaller is the signed-in athlete (the interceptor let only athletes through).
func athleteCaller(ctx context.Context) (authn.Caller, error) {
	c, ok := authn.CallerFrom(ctx)
	if !ok || !c.IsAthlete() {
		return authn.Caller{}, errSignInRequired
	}
	return c, nil
}
