package authsvc

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/podium-dev/podium/auth-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Links an athlete asks for by address: a new confirmation link, a password reset link. Every
// request gets the same answer whether or not the address has an account, and requests are
// limited like sign-ups (docs/access.md, "Athletes").

// ResetLinkTTL is how long a password reset link works.
const ResetLinkTTL = time.Hour

// resendVerification mails a new confirmation link when email names an athlete whose
// address is not confirmed yet.
func (s *service) resendVerification(ctx context.Context, email, addr string) (err error) {
	defer apperr.Wrap(&err, "authsvc.resendVerification()")
	athlete, err := s.linkRequest(ctx, email, addr)
	if err != nil || athlete == nil || athlete.EmailVerified {
		return err
	}
	return s.users.InTx(ctx, func(tx *store.Store) error { return s.sendVerifyLink(ctx, tx, *athlete, "") })
}

// requestPasswordReset mails a reset link when email names an athlete (earlier reset links
// stop working).
func (s *service) requestPasswordReset(ctx context.Context, email, addr string) (err error) {
	defer apperr.Wrap(&err, "authsvc.requestPasswordReset()")
	athlete, err := s.linkRequest(ctx, email, addr)
	if err != nil || athlete == nil {
		return err
	}
	return s.users.InTx(ctx, func(tx *store.Store) error {
		if err := tx.EndTokens(ctx, athlete.ID, store.PurposeReset, s.now()); err != nil {
			return fmt.Errorf("end reset links: %w", err)
		}
		token, err := s.newLink(ctx, tx, athlete.ID, store.PurposeReset, ResetLinkTTL)
		if err != nil {
			return err
		}
		return tx.QueueMail(ctx, resetMail(*athlete, s.link("reset-password", token)))
	})
}

// linkRequest checks and counts a request for a link and finds the athlete it is for: nil
// when the address has no active athlete account.
func (s *service) linkRequest(ctx context.Context, email, addr string) (_ *store.Athlete, err error) {
	defer apperr.Wrap(&err, "authsvc.linkRequest()")
	email, err = normalEmail(email)
	if err != nil {
		return nil, err
	}
	if _, wait := s.linkRequests.admit(ctx, email, addr); wait > 0 {
		return nil, s.linkRequests.refusal(wait)
	}
	athlete, err := s.users.AthleteByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) || err == nil && athlete.Disabled {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("look up athlete: %w", err)
	}
	return &athlete, nil
}

// resetPassword sets a new password with a reset link's token, in one transaction: the link
// is used up, every session of the athlete ends, and the address counts as confirmed (the
// link reached it).
func (s *service) resetPassword(ctx context.Context, token, password string) (err error) {
	defer apperr.Wrap(&err, "authsvc.resetPassword()")
	if err := checkPassword("password", password); err != nil {
		return err
	}
	if token == "" || len(token) > 100 {
		return errLinkInvalid
	}
	hash, err := s.hashPassword(password)
	if err != nil {
		return err
	}
	return s.users.InTx(ctx, func(tx *store.Store) error {
		userID, err := tx.UseToken(ctx, tokenHash(token), store.PurposeReset, s.now())
		if errors.Is(err, store.ErrTokenInvalid) {
			return errLinkInvalid
		}
		if err != nil {
			return fmt.Errorf("use reset link: %w", err)
		}
		if err := tx.SetPassword(ctx, userID, hash); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		return tx.MarkEmailVerified(ctx, userID, s.now())
	})
}
