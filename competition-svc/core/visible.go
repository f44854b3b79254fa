package core

import (
	"context"

	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Visible reports which events the caller may see; all is true for admins.
func (s *Service) Visible(ctx context.Context) (events map[string]bool, all bool, err error) {
	defer apperr.Wrap(&err, "core.Visible()")
	c, ok := authn.CallerFrom(ctx)
	if !ok {
		return map[string]bool{}, false, nil
	}
	if c.IsAdmin() {
		return nil, true, nil
	}
	events, err = s.Store.GrantedEvents(ctx, c.UserID)
	return events, false, err
}

// FilterVisible keeps the items whose event the caller may see.
func FilterVisible[T any](s *Service, ctx context.Context, items []T, eventOf func(T) string) ([]T, error) {
	events, all, err := s.Visible(ctx)
	if err != nil || all {
		return items, err
	}
	out := make([]T, 0, len(items))
	for _, it := range items {
		if events[eventOf(it)] {
			out = append(out, it)
		}
	}
	return out, nil
}

// Username is a user's name for the activity feed; a user auth-svc cannot name (deleted, or
// auth-svc unavailable) shows as their id, so removing access never depends on it.
func (s *Service) Username(ctx context.Context, userID string) string {
	found, err := s.Users.LookupUsers(ctx, &authv1.LookupUsersRequest{Ids: []string{userID}})
	if err != nil || len(found.GetUsers()) == 0 {
		return "user " + userID
	}
	return found.GetUsers()[0].GetUsername()
}
