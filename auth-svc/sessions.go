package authsvc

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"

	"github.com/podium-dev/podium/auth-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// Signing in and out, sessions, and changing one's own password.

// Session is a signed-in user.
type Session struct {
	Token     string
	Username  string
	ExpiresAt time.Time
}

// login checks the credentials of username from client address addr.
func (s *service) login(ctx context.Context, username, password, addr string) (_ Session, err error) {
	defer apperr.Wrap(&err, "authsvc.login()")
	username = strings.TrimSpace(username)
	if username == "" || password == "" {
		return Session{}, apperr.Invalid("username", "Please enter both username and password")
	}
	// No account has a longer name or password: such input is refused before it is counted,
	// hashed or compared.
	if utf8.RuneCountInString(username) > maxUsernameLength {
		return Session{}, apperr.Invalid("username", fmt.Sprintf("Username must be at most %d characters", maxUsernameLength))
	}
	if len(password) > maxPasswordLength {
		return Session{}, apperr.Invalid("password", fmt.Sprintf("Password must be at most %d characters", maxPasswordLength))
	}
	attempt, wait := s.limiter.admit(ctx, username, addr)
	if wait > 0 {
		return Session{}, s.limiter.refusal(wait)
	}
	user, err := s.users.UserByName(ctx, username)
	switch {
	case errors.Is(err, store.ErrNotFound):
		bcrypt.CompareHashAndPassword(s.dummyHash, []byte(password)) //nolint:errcheck // timing only
		return Session{}, errBadCredentials
	case err != nil:
		return Session{}, fmt.Errorf("look up user: %w", err)
	}
	if bcrypt.CompareHashAndPassword([]byte(user.PasswordHash), []byte(password)) != nil || user.Disabled {
		return Session{}, errBadCredentials
	}
	s.limiter.succeeded(ctx, attempt)
	return s.startSession(ctx, s.users, user)
}

// errBadCredentials is the one answer to a wrong username, a wrong password and a disabled
// account, so none of them tells which accounts exist.
var errCurrentPassword = apperr.Invalid("currentPassword", "The current password is not correct")

var errBadCredentials = apperr.Unauthenticated("Invalid credentials. Please try again.")

// startSession records a new session of user with users (the service's store, or one bound to
// a transaction) and signs its token.
func (s *service) startSession(ctx context.Context, users *store.Store, user store.User) (_ Session, err error) {
	defer apperr.Wrap(&err, "authsvc.startSession()")
	now := s.now()
	id, err := users.StartSession(ctx, user.ID, now.Add(s.issuer.TTL()))
	if err != nil {
		return Session{}, fmt.Errorf("start session: %w", err)
	}
	token, expires, err := s.issuer.Issue(id, now)
	if err != nil {
		return Session{}, fmt.Errorf("sign token: %w", err)
	}
	return Session{Token: token, Username: user.Username, ExpiresAt: expires}, nil
}

// resolveSession tells who holds session id; ok is false when it is no longer valid.
func (s *service) resolveSession(ctx context.Context, id string) (_ authn.Caller, _ bool, err error) {
	defer apperr.Wrap(&err, "authsvc.resolveSession()")
	if !ids.IsUUID(id) {
		return authn.Caller{}, false, nil
	}
	u, err := s.users.ActiveSession(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return s.judgeCaller(ctx, id) // a judge link's session has no user (judges.go)
	}
	if err != nil {
		return authn.Caller{}, false, fmt.Errorf("resolve session: %w", err)
	}
	return authn.Caller{UserID: u.ID, Username: u.Username, Role: u.Role, SessionID: id}, true, nil
}

// me returns the signed-in caller.
func (s *service) me(ctx context.Context) (_ authn.Caller, err error) {
	defer apperr.Wrap(&err, "authsvc.me()")
	c, ok := authn.CallerFrom(ctx)
	if !ok {
		return authn.Caller{}, errSignInRequired
	}
	return c, nil
}

var errSignInRequired = apperr.Unauthenticated("Authentication required: sign in to continue.")

// logout ends the caller's session.
func (s *service) logout(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "authsvc.logout()")
	c, ok := authn.CallerFrom(ctx)
	if !ok {
		return errSignInRequired
	}
	if err := s.users.EndSession(ctx, c.SessionID); err != nil {
		return fmt.Errorf("end session: %w", err)
	}
	s.revoke(ctx, authn.Revocation{SessionID: c.SessionID})
	return nil
}

// changePassword checks the caller's current password (under the sign-in limits), sets the
// new one, ends every session of the caller and starts a new one, and mails an athlete that
// their password changed — all in one transaction.
func (s *service) changePassword(ctx context.Context, current, next, addr string) (_ Session, err error) {
	defer apperr.Wrap(&err, "authsvc.changePassword()")
	c, ok := authn.CallerFrom(ctx)
	if !ok {
		return Session{}, errSignInRequired
	}
	if current == "" {
		return Session{}, apperr.Invalid("currentPassword", "Please enter your current password")
	}
	if err := checkPassword("newPassword", next); err != nil {
		return Session{}, err
	}
	user, err := s.users.UserByID(ctx, c.UserID)
	if err != nil {
		return Session{}, fmt.Errorf("look up user: %w", err)
	}
	if len(current) > maxPasswordLength {
		return Session{}, errCurrentPassword
	}
	if ok, err := s.checkOwnPassword(ctx, c.Username, user.PasswordHash, current, addr); err != nil || !ok {
		return Session{}, cmp.Or(err, errCurrentPassword)
	}
	hash, err := s.hashPassword(next)
	if err != nil {
		return Session{}, err
	}
	var session Session
	err = s.users.InTx(ctx, func(tx *store.Store) error {
		if err := tx.SetPassword(ctx, user.ID, hash); err != nil {
			return err
		}
		if err := s.tellPasswordChanged(ctx, tx, user.ID, "auth.passwordChanged.onProfile"); err != nil {
			return err
		}
		session, err = s.startSession(ctx, tx, user)
		return err
	})
	if err == nil {
		s.revoke(ctx, authn.Revocation{UserID: user.ID})
	}
	return session, err
}
