package push

import (
	"context"
	"strings"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// subscribe records a browser for the signed-in athlete, after checking it.
func (s *service) subscribe(ctx context.Context, sub store.PushSubscription) (err error) {
	defer apperr.Wrap(&err, "push.subscribe()")
	athleteID, err := athlete(ctx)
	if err != nil {
		return err
	}
	if !s.cfg.On() {
		return apperr.Unavailable(msgPushOff)
	}
	sub, err = checkSubscription(sub, s.cfg.AllowedOrigins)
	if err != nil {
		return err
	}
	return s.Store.SavePushSubscription(ctx, athleteID, sub)
}

// unsubscribe forgets the signed-in athlete's browser; another account's stays.
func (s *service) unsubscribe(ctx context.Context, endpoint string) (err error) {
	defer apperr.Wrap(&err, "push.unsubscribe()")
	athleteID, err := athlete(ctx)
	if err != nil {
		return err
	}
	endpoint = strings.TrimSpace(endpoint)
	if endpoint == "" {
		return apperr.Invalid("endpoint", msgEndpoint)
	}
	return s.Store.DeletePushSubscription(ctx, athleteID, endpoint)
}

// athlete is the signed-in athlete's id: every call of this package names only the caller.
func athlete(ctx context.Context) (string, error) {
	caller, ok := authn.CallerFrom(ctx)
	if !ok || !caller.IsAthlete() {
		return "", apperr.Unauthenticated(msgAthleteNow)
	}
	return caller.UserID, nil
}
