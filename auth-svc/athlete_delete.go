package authsvc

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/auth-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// An athlete deletes their account (docs/access.md, "Athletes"): with their password, the
// account, profile, links, sessions and the mails to them go in one transaction, which frees
// the address, and the erasure of their address and name from what the other services keep
// is recorded in the erasure feed in the same transaction; competition-svc and results-svc
// read the feed and apply it (erasures.go).

var errDeletePassword = apperr.Invalid("password", "The password is not right: your account was not deleted.")

// deleteAthleteAccount deletes the signed-in athlete's account.
func (s *service) deleteAthleteAccount(ctx context.Context, password, addr string) (err error) {
	defer apperr.Wrap(&err, "authsvc.deleteAthleteAccount()")
	c, err := athleteCaller(ctx)
	if err != nil {
		return err
	}
	if password == "" {
		return apperr.Invalid("password", "Please enter your password to delete your account.")
	}
	if len(password) > maxPasswordLength {
		return errDeletePassword
	}
	a, err := s.users.AthleteByID(ctx, c.UserID)
	if errors.Is(err, store.ErrNotFound) {
		return errAthleteNotFound
	} else if err != nil {
		return fmt.Errorf("look up athlete: %w", err)
	}
	if ok, err := s.checkOwnPassword(ctx, a.Email, a.PasswordHash, password, addr); err != nil || !ok {
		return cmp.Or(err, errDeletePassword)
	}
	name := strings.TrimSpace(a.FirstName + " " + a.LastName)
	if err := s.users.InTx(ctx, func(tx *store.Store) error { return tx.DeleteAthlete(ctx, c.UserID, name) }); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return errAthleteNotFound
		}
		return fmt.Errorf("delete athlete: %w", err)
	}
	s.revoke(ctx, authn.Revocation{UserID: c.UserID})
	return nil
}
