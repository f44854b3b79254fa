package authsvc

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/podium-dev/podium/auth-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/worker"
)

// The link worker answers the queued requests for a link (athlete_reset.go): it finds the
// account of the address and queues the mail, each request in one transaction with its
// removal from the queue, so a failure leaves it queued for the next round.

// linkRequestTTL drops a request that waited longer (the worker was down): its link would
// come too late to be expected.
const linkRequestTTL = ResetLinkTTL

// linkPoll is how often the worker looks for requests other replicas queued.
const linkPoll = time.Second

func (s *service) kickLinks() { worker.Kick(s.linkKick) }

// RunLinkRequests answers queued requests for a link until ctx ends: at once when this
// process queued one, and every second for those another replica queued.
func (s *Server) RunLinkRequests(ctx context.Context) {
	worker.Run(ctx, s.svc.log, linkPoll, s.svc.linkKick, "link request not answered yet; retrying", s.svc.sendLinks)
}

// sendLinks answers every queued request; it stops at the first failure.
func (s *service) sendLinks(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "authsvc.sendLinks()")
	for {
		done := true
		err := s.users.InTx(ctx, func(tx *store.Store) error {
			r, ok, err := tx.TakeLinkRequest(ctx)
			if err != nil || !ok {
				return err
			}
			done = false
			if s.now().Sub(r.CreatedAt) > linkRequestTTL {
				return nil
			}
			return s.sendLink(ctx, tx, r)
		})
		if err != nil || done {
			return err
		}
	}
}

// sendLink answers one request in tx. A reset link goes to an active athlete's address; a
// confirmation link to an address without an account whose one pending sign-up it renews
// (with several, no one can tell which is the owner's: the address is told to sign up again).
func (s *service) sendLink(ctx context.Context, tx *store.Store, r store.LinkRequest) (err error) {
	defer apperr.Wrap(&err, "authsvc.sendLink()")
	athlete, err := tx.AthleteByEmail(ctx, r.Email)
	found := err == nil
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("look up athlete: %w", err)
	}
	if r.Purpose == store.PurposeReset {
		if !found || athlete.Disabled {
			return nil
		}
		return s.sendResetLink(ctx, tx, athlete)
	}
	if found {
		return nil
	}
	pending, err := tx.PendingSignUps(ctx, r.Email, s.now())
	switch {
	case err != nil:
		return fmt.Errorf("look up sign-ups: %w", err)
	case len(pending) == 0:
		return nil
	case len(pending) > 1:
		return tx.QueueMail(ctx, s.signUpAgainMail("", pending[0].Email))
	}
	token, err := newToken()
	if err != nil {
		return err
	}
	if err := tx.RenewSignUpLink(ctx, pending[0].ID, tokenHash(token), s.now().Add(VerifyLinkTTL)); err != nil {
		return fmt.Errorf("renew sign-up link: %w", err)
	}
	return tx.QueueMail(ctx, s.verifyMail("", pending[0].Email, pending[0].FirstName, token, ""))
}

// sendResetLink queues a reset link for athlete (earlier reset links stop working).
func (s *service) sendResetLink(ctx context.Context, tx *store.Store, athlete store.Athlete) (err error) {
	defer apperr.Wrap(&err, "authsvc.sendResetLink(%q)", athlete.ID)
	if err := tx.EndTokens(ctx, athlete.ID, store.PurposeReset, s.now()); err != nil {
		return fmt.Errorf("end reset links: %w", err)
	}
	token, err := s.newLink(ctx, tx, athlete.ID, store.PurposeReset, ResetLinkTTL)
	if err != nil {
		return err
	}
	return tx.QueueMail(ctx, resetMail(athlete, s.link("reset-password", token)))
}
