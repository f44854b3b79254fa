package authsvc

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"google.golang.org/grpc"

	"github.com/podium-dev/podium/auth-svc/store"
	registrationv1 "github.com/podium-dev/podium/gen/go/podium/registration/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/mailq"
)

// An athlete deletes their account (docs/access.md, "Athletes"): with their password, the
// account, profile, links, sessions and the mails to them go in one transaction, which frees
// the address, and the erasure of their address and name from what the other services keep
// is queued in the same transaction; a worker delivers it to competition-svc, which passes
// it on to results-svc, until it is done (RunErasures).

// nameKeeper is the part of competition-svc that holds athletes' names (an internal RPC).
type nameKeeper interface {
	ForgetAthlete(ctx context.Context, in *registrationv1.ForgetAthleteRequest, opts ...grpc.CallOption) (*registrationv1.ForgetAthleteResponse, error)
}

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
	s.kickErasures()
	return nil
}

// erasureLease keeps an erasure from other workers while its call runs.
const erasureLease = time.Minute

func (s *service) kickErasures() { kick(s.erasureKick) }

// RunErasures delivers queued erasures to competition-svc until ctx ends.
func (s *Server) RunErasures(ctx context.Context) {
	if s.svc.names == nil {
		return
	}
	s.svc.runQueue(ctx, s.svc.erasureKick, "athlete's name not erased yet; retrying", s.svc.sendErasures)
}

// sendErasures delivers every due erasure; it stops at the first failure, which is recorded.
func (s *service) sendErasures(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "authsvc.sendErasures()")
	for {
		e, ok, err := s.users.ClaimErasure(ctx, erasureLease)
		if err != nil || !ok {
			return err
		}
		if _, err := s.names.ForgetAthlete(ctx, &registrationv1.ForgetAthleteRequest{UserId: e.UserID, Email: e.Email, Name: e.Name}); err != nil {
			if ferr := s.users.FailErasure(context.WithoutCancel(ctx), e.UserID, truncate(err.Error(), 300), mailq.Backoff(e.Attempts)); ferr != nil {
				return fmt.Errorf("record failed erasure of %s: %w", e.UserID, ferr)
			}
			return fmt.Errorf("erase athlete %s (attempt %d): %w", e.UserID, e.Attempts, err)
		}
		if err := s.users.FinishErasure(ctx, e.UserID); err != nil {
			return fmt.Errorf("finish erasure of %s: %w", e.UserID, err)
		}
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
