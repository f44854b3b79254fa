package authsvc

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/podium-dev/podium/auth-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Links an athlete asks for by address: a new confirmation link, a password reset link. Every
// request gets the same answer whether or not the address has an account, and requests are
// limited like sign-ups (docs/access.md, "Athletes"). The request itself does the same work
// for every address: it is counted and queued (link_requests); the link worker finds the
// account and mails, so no answer takes longer for an address that has one.

// ResetLinkTTL is how long a password reset link works.
const ResetLinkTTL = time.Hour

// resendVerification asks for a new confirmation link for email (sendLink).
func (s *service) resendVerification(ctx context.Context, email, addr string) (err error) {
	defer apperr.Wrap(&err, "authsvc.resendVerification()")
	return s.requestLink(ctx, email, addr, store.PurposeVerify)
}

// requestPasswordReset asks for a reset link for email (sendLink).
func (s *service) requestPasswordReset(ctx context.Context, email, addr string) (err error) {
	defer apperr.Wrap(&err, "authsvc.requestPasswordReset()")
	return s.requestLink(ctx, email, addr, store.PurposeReset)
}

// requestLink checks and counts a request for a link of purpose and queues it for the link
// worker, the same for every address.
func (s *service) requestLink(ctx context.Context, email, addr, purpose string) (err error) {
	defer apperr.Wrap(&err, "authsvc.requestLink()")
	email, err = normalEmail(email)
	if err != nil {
		return err
	}
	if _, wait := s.linkRequests.admit(ctx, email, addr); wait > 0 {
		return s.linkRequests.refusal(wait)
	}
	if err := s.users.AddLinkRequest(ctx, email, purpose); err != nil {
		return fmt.Errorf("queue link request: %w", err)
	}
	s.kickLinks()
	return nil
}

// resetPassword sets a new password with a reset link's token, in one transaction: the link
// is used up, every session of the athlete ends and the athlete is mailed that their password changed; then every process
// forgets the ended sessions (revoke). The token is checked before the password is hashed, so
// a made-up link costs no hashing, and uses of links are limited per link and client address.
func (s *service) resetPassword(ctx context.Context, token, password, addr string) (err error) {
	defer apperr.Wrap(&err, "authsvc.resetPassword()")
	if token == "" || len(token) > maxTokenLength {
		return errLinkInvalid
	}
	if err := checkPassword("password", password); err != nil {
		return err
	}
	use, err := s.admitLinkUse(ctx, token, addr)
	if err != nil {
		return err
	}
	if _, err := s.users.TokenUser(ctx, tokenHash(token), store.PurposeReset, s.now()); errors.Is(err, store.ErrTokenInvalid) {
		return errLinkInvalid
	} else if err != nil {
		return fmt.Errorf("check reset link: %w", err)
	}
	hash, err := s.hashPassword(password)
	if err != nil {
		return err
	}
	var userID string
	err = s.users.InTx(ctx, func(tx *store.Store) error {
		userID, err = tx.UseToken(ctx, tokenHash(token), store.PurposeReset, s.now())
		if errors.Is(err, store.ErrTokenInvalid) {
			return errLinkInvalid
		}
		if err != nil {
			return fmt.Errorf("use reset link: %w", err)
		}
		if err := tx.SetPassword(ctx, userID, hash); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		return s.tellPasswordChanged(ctx, tx, userID, "auth.passwordChanged.byReset")
	})
	if err != nil {
		return err
	}
	s.linkUses.succeeded(ctx, use)
	s.revoke(ctx, authn.Revocation{UserID: userID})
	return nil
}

// maxTokenLength bounds a link's token: ours are 43 characters.
const maxTokenLength = 100

// admitLinkUse counts a use of a mailed link from client address addr, per link and per
// address, like failed sign-ins (a use that works takes its count back: succeeded).
func (s *service) admitLinkUse(ctx context.Context, token, addr string) (_ attempt, err error) {
	defer apperr.Wrap(&err, "authsvc.admitLinkUse()")
	use, wait := s.linkUses.admit(ctx, hex.EncodeToString(tokenHash(token)), addr)
	if wait > 0 {
		return use, s.linkUses.refusal(wait)
	}
	return use, nil
}
