package authsvc

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/podium-dev/podium/auth-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// Athletes sign up on the public site with their email address, confirm the sign-up by the
// link sent there, then sign in (docs/access.md, "Athletes"). No answer tells whether an
// address has an account.

// VerifyLinkTTL is how long an address confirmation link works.
const VerifyLinkTTL = 48 * time.Hour

// signUpAthlete keeps a sign-up apart with its own password and mails it its own link: only
// that link confirms it, with that password (ConfirmSignUp), so signing up with someone
// else's address first gains nothing. An address with an account gets the same answer and
// nothing changes: its owner gets a mail that says the account exists. next is the public page
// the athlete came from: the mail's links carry it back.
func (s *service) signUpAthlete(ctx context.Context, email, password string, p store.Profile, addr, next string) (err error) {
	defer apperr.Wrap(&err, "authsvc.signUpAthlete()")
	email, err = normalEmail(email)
	if err != nil {
		return err
	}
	if err := checkPassword("password", password); err != nil {
		return err
	}
	if next, err = returnPath(next); err != nil {
		return err
	}
	p, err = normalProfile(store.Profile{FirstName: p.FirstName, LastName: p.LastName}, s.now())
	if err != nil {
		return err
	}
	if _, wait := s.signUps.admit(ctx, email, addr); wait > 0 {
		return s.signUps.refusal(wait)
	}
	// Hashed whether or not the address is taken, so both answers take as long.
	hash, err := s.hashPassword(password)
	if err != nil {
		return err
	}
	return s.users.InTx(ctx, func(tx *store.Store) error {
		athlete, err := tx.AthleteByEmail(ctx, email)
		switch {
		case err == nil && athlete.Disabled:
			return nil
		case err == nil:
			return tx.QueueMail(ctx, s.accountExistsMail(athlete, next))
		case !errors.Is(err, store.ErrNotFound):
			return fmt.Errorf("look up athlete: %w", err)
		}
		token, err := newToken()
		if err != nil {
			return err
		}
		if err := tx.AddPendingSignUp(ctx, email, hash, p, tokenHash(token), s.now(), s.now().Add(VerifyLinkTTL)); err != nil {
			return fmt.Errorf("keep sign-up: %w", err)
		}
		return tx.QueueMail(ctx, s.verifyMail("", email, p.FirstName, token, next))
	})
}

// newLink stores a new single-use token of purpose for user and returns the token itself,
// which only the mail carries.
func (s *service) newLink(ctx context.Context, tx *store.Store, userID, purpose string, ttl time.Duration) (_ string, err error) {
	defer apperr.Wrap(&err, "authsvc.newLink(%q)", userID)
	token, err := newToken()
	if err != nil {
		return "", err
	}
	if err := tx.AddToken(ctx, tokenHash(token), userID, purpose, s.now().Add(ttl)); err != nil {
		return "", fmt.Errorf("store %s token: %w", purpose, err)
	}
	return token, nil
}

// newToken is a new link's secret: 256 random bits, URL-safe.
func newToken() (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", fmt.Errorf("new token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(raw), nil
}

func tokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

var errLinkInvalid = apperr.Invalid("token", "This link is not valid any more: it was used already or has expired. Please ask for a new one.")

// verifyAthleteEmail confirms the sign-up a confirmation link was sent for: its account is
// made with the password given at that sign-up, and the address's other pending sign-ups
// end. A link of an address that has an account meanwhile confirms nothing.
func (s *service) verifyAthleteEmail(ctx context.Context, token, addr string) (err error) {
	defer apperr.Wrap(&err, "authsvc.verifyAthleteEmail()")
	if token == "" || len(token) > maxTokenLength {
		return errLinkInvalid
	}
	use, err := s.admitLinkUse(ctx, token, addr)
	if err != nil {
		return err
	}
	_, err = s.users.ConfirmSignUp(ctx, tokenHash(token), s.now())
	if errors.Is(err, store.ErrTokenInvalid) || errors.Is(err, store.ErrEmailTaken) {
		return errLinkInvalid
	}
	if err != nil {
		return fmt.Errorf("confirm sign-up: %w", err)
	}
	s.linkUses.succeeded(ctx, use)
	return nil
}

var errEmailUnverified = apperr.Forbidden("Please confirm your email address first: open the link in the email we sent you.")

// signInAthlete checks an athlete's address and password from client address addr. Wrong
// addresses, wrong passwords and disabled accounts get one answer; a right password of an
// unconfirmed address is told to confirm it first.
func (s *service) signInAthlete(ctx context.Context, email, password, addr string) (_ Session, err error) {
	defer apperr.Wrap(&err, "authsvc.signInAthlete()")
	email = strings.TrimSpace(email)
	if email == "" || password == "" {
		return Session{}, apperr.Invalid("email", "Please enter both email address and password")
	}
	if len(email) > maxEmailLength {
		return Session{}, apperr.Invalid("email", fmt.Sprintf("Email address must be at most %d characters", maxEmailLength))
	}
	if len(password) > maxPasswordLength {
		return Session{}, apperr.Invalid("password", fmt.Sprintf("Password must be at most %d characters", maxPasswordLength))
	}
	attempt, wait := s.limiter.admit(ctx, email, addr)
	if wait > 0 {
		return Session{}, s.limiter.refusal(wait)
	}
	athlete, err := s.users.AthleteByEmail(ctx, email)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return Session{}, s.signInPending(ctx, email, password, attempt)
	case err != nil:
		return Session{}, fmt.Errorf("look up athlete: %w", err)
	}
	if bcrypt.CompareHashAndPassword([]byte(athlete.PasswordHash), []byte(password)) != nil || athlete.Disabled {
		return Session{}, errAthleteCredentials
	}
	s.limiter.succeeded(ctx, attempt)
	user, err := s.users.UserByID(ctx, athlete.ID)
	if err != nil {
		return Session{}, fmt.Errorf("look up athlete: %w", err)
	}
	return s.startSession(ctx, s.users, user)
}

var errAthleteCredentials = apperr.Unauthenticated("Wrong email address or password. Please try again.")

// signInPending answers a sign-in of an address without an account: the password of its
// newest pending sign-up is told to confirm the address first, anything else gets the one
// answer of wrong credentials. One password check either way, like a known address.
func (s *service) signInPending(ctx context.Context, email, password string, a attempt) (err error) {
	defer apperr.Wrap(&err, "authsvc.signInPending()")
	pending, err := s.users.PendingSignUps(ctx, email, s.now())
	if err != nil {
		return fmt.Errorf("look up sign-ups: %w", err)
	}
	hash := s.dummyHash
	if len(pending) > 0 {
		hash = []byte(pending[0].PasswordHash)
	}
	if bcrypt.CompareHashAndPassword(hash, []byte(password)) != nil || len(pending) == 0 {
		return errAthleteCredentials
	}
	s.limiter.succeeded(ctx, a)
	return errEmailUnverified
}

var errAthleteNotFound = apperr.NotFound("Athlete not found")

// athleteProfile returns the signed-in athlete's account and profile.
func (s *service) athleteProfile(ctx context.Context) (_ store.Athlete, err error) {
	defer apperr.Wrap(&err, "authsvc.athleteProfile()")
	c, err := athleteCaller(ctx)
	if err != nil {
		return store.Athlete{}, err
	}
	a, err := s.users.AthleteByID(ctx, c.UserID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Athlete{}, errAthleteNotFound
	}
	return a, err
}

// updateAthleteProfile replaces the signed-in athlete's profile.
func (s *service) updateAthleteProfile(ctx context.Context, p store.Profile) (_ store.Athlete, err error) {
	defer apperr.Wrap(&err, "authsvc.updateAthleteProfile()")
	c, err := athleteCaller(ctx)
	if err != nil {
		return store.Athlete{}, err
	}
	p, err = normalProfile(p, s.now())
	if err != nil {
		return store.Athlete{}, err
	}
	a, err := s.users.UpdateProfile(ctx, c.UserID, p)
	if errors.Is(err, store.ErrNotFound) {
		return store.Athlete{}, errAthleteNotFound
	}
	return a, err
}

// lookupAthletes returns the athletes with any of the ids (for other services).
func (s *service) lookupAthletes(ctx context.Context, userIDs []string) (_ []store.Athlete, err error) {
	defer apperr.Wrap(&err, "authsvc.lookupAthletes()")
	valid := make([]string, 0, len(userIDs))
	for _, id := range userIDs {
		if id, ok := ids.Canonical(id); ok {
			valid = append(valid, id)
		}
	}
	return s.users.LookupAthletes(ctx, valid)
}
