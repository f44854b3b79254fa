package authsvc

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/bcrypt"

	"github.com/podium-dev/podium/auth-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/ids"
)

var errUserNotFound = apperr.NotFound("User not found")

// listUsers returns every user.
func (s *service) listUsers(ctx context.Context) (_ []store.User, err error) {
	defer apperr.Wrap(&err, "authsvc.listUsers()")
	if err := requireAdmin(ctx); err != nil {
		return nil, err
	}
	return s.users.ListUsers(ctx)
}

// createUser adds a user with a role.
func (s *service) createUser(ctx context.Context, username, password, role string) (_ store.User, err error) {
	defer apperr.Wrap(&err, "authsvc.createUser()")
	if err := requireAdmin(ctx); err != nil {
		return store.User{}, err
	}
	return s.addUser(ctx, username, password, role)
}

// addUser adds a user without asking who calls: createUser and `podium admin create`.
func (s *service) addUser(ctx context.Context, username, password, role string) (_ store.User, err error) {
	defer apperr.Wrap(&err, "authsvc.addUser()")
	username = strings.TrimSpace(username)
	if err := checkUsername(username); err != nil {
		return store.User{}, err
	}
	if err := checkPassword("password", password); err != nil {
		return store.User{}, err
	}
	if err := checkRole(role); err != nil {
		return store.User{}, err
	}
	hash, err := s.hashPassword(password)
	if err != nil {
		return store.User{}, err
	}
	u, err := s.users.CreateUser(ctx, username, hash, role)
	if errors.Is(err, store.ErrUsernameTaken) {
		return store.User{}, apperr.Conflict(fmt.Sprintf("A user named %q exists already.", username))
	}
	return u, err
}

// updateUser changes a user's role and disabled flag.
func (s *service) updateUser(ctx context.Context, id, role string, disabled bool) (_ store.User, err error) {
	defer apperr.Wrap(&err, "authsvc.updateUser(%q)", id)
	if err := requireAdmin(ctx); err != nil {
		return store.User{}, err
	}
	if !ids.IsUUID(id) {
		return store.User{}, errUserNotFound
	}
	if err := checkRole(role); err != nil {
		return store.User{}, err
	}
	u, err := s.users.UpdateUser(ctx, id, role, disabled)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return store.User{}, errUserNotFound
	case errors.Is(err, store.ErrLastAdmin):
		return store.User{}, apperr.Conflict("The last active administrator cannot be disabled or demoted.")
	}
	if err == nil && disabled {
		s.revoke(ctx, authn.Revocation{UserID: id})
	}
	return u, err
}

// setUserPassword sets a user's password and ends every session of the user.
func (s *service) setUserPassword(ctx context.Context, id, password string) (err error) {
	defer apperr.Wrap(&err, "authsvc.setUserPassword(%q)", id)
	if err := requireAdmin(ctx); err != nil {
		return err
	}
	if !ids.IsUUID(id) {
		return errUserNotFound
	}
	if err := checkPassword("password", password); err != nil {
		return err
	}
	// Athletes reset their own password by email; admins manage staff only.
	if u, err := s.users.UserByID(ctx, id); errors.Is(err, store.ErrNotFound) || err == nil && u.Role == authn.RoleAthlete {
		return errUserNotFound
	} else if err != nil {
		return fmt.Errorf("look up user: %w", err)
	}
	hash, err := s.hashPassword(password)
	if err != nil {
		return err
	}
	err = s.users.SetPassword(ctx, id, hash)
	if errors.Is(err, store.ErrNotFound) {
		return errUserNotFound
	}
	if err == nil {
		s.revoke(ctx, authn.Revocation{UserID: id})
	}
	return err
}

// lookupUsers returns the users with any of the ids or usernames.
func (s *service) lookupUsers(ctx context.Context, userIDs, usernames []string) (_ []store.User, err error) {
	defer apperr.Wrap(&err, "authsvc.lookupUsers()")
	valid := make([]string, 0, len(userIDs))
	for _, id := range userIDs {
		if ids.IsUUID(id) {
			valid = append(valid, id)
		}
	}
	if usernames == nil {
		usernames = []string{}
	}
	return s.users.LookupUsers(ctx, valid, usernames)
}

func (s *service) hashPassword(password string) (_ string, err error) {
	defer apperr.Wrap(&err, "authsvc.hashPassword()")
	hash, err := bcrypt.GenerateFromPassword([]byte(password), s.passwordCost)
	if err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	return string(hash), nil
}

// createAdmin adds an administrator (`podium admin create`).
func (s *service) createAdmin(ctx context.Context, username, password string) (err error) {
	defer apperr.Wrap(&err, "authsvc.createAdmin()")
	_, err = s.addUser(ctx, username, password, authn.RoleAdmin)
	return err
}

// hasAdmins reports whether any user exists.
func (s *service) hasAdmins(ctx context.Context) (_ bool, err error) {
	defer apperr.Wrap(&err, "authsvc.hasAdmins()")
	n, err := s.users.CountUsers(ctx)
	return n > 0, err
}
