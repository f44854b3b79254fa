package authsvc

import (
	"context"
	"fmt"
	"slices"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Languages are the languages Podium speaks, as an account keeps them.
var Languages = []string{"en", "de", "fr", "es"}

var errLanguage = apperr.Invalid("language", "Language must be one of en, de, fr, es.")

// myLanguage is the caller's chosen language ("" when none).
func (s *service) myLanguage(ctx context.Context, c authn.Caller) (_ string, err error) {
	defer apperr.Wrap(&err, "authsvc.myLanguage()")
	if c.Role == authn.RoleJudge {
		return "", nil // a judge card has no account to keep a choice with
	}
	language, err := s.users.UserLanguage(ctx, c.UserID)
	if err != nil {
		return "", fmt.Errorf("read language: %w", err)
	}
	return language, nil
}

// setMyLanguage keeps the caller's language with their account.
func (s *service) setMyLanguage(ctx context.Context, language string) (_ authn.Caller, err error) {
	defer apperr.Wrap(&err, "authsvc.setMyLanguage(%q)", language)
	c, ok := authn.CallerFrom(ctx)
	if !ok {
		return authn.Caller{}, errSignInRequired
	}
	if !slices.Contains(Languages, language) {
		return authn.Caller{}, errLanguage
	}
	if c.Role == authn.RoleJudge {
		return authn.Caller{}, apperr.Forbidden("A judge card keeps no language: choose it on the phone.")
	}
	if err := s.users.SetUserLanguage(ctx, c.UserID, language); err != nil {
		return authn.Caller{}, fmt.Errorf("keep language: %w", err)
	}
	return c, nil
}
