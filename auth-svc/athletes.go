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

// Athletes sign up on the public site with their email address, confirm it by a link sent
// there, then sign in (docs/access.md, "Athletes"). No answer tells whether an address has
// an account.

// VerifyLinkTTL is how long an address confirmation link works.
const VerifyLinkTTL = 48 * time.Hour

// signUpAthlete creates an athlete with an unconfirmed address and mails a confirmation
// link. An address that has an account already gets the same answer and nothing is created:
// its owner gets a new confirmation link (unconfirmed) or a mail that says the account exists.
// next is the public page the athlete came from: the mail's links carry it back.
func (s *service) signUpAthlete(ctx context.Context, email, password string, p store.Profile, addr, next string) (err error) {
	defer apperr.Wrap(&err, "authsvc.signUpAthlete()")
	email, err = normalEmail(email)
	if err != nil {
		return err
	}
	if next, err = returnPath(next); err != nil {
		return err
	}
	if err := checkPassword("password", password); err != nil {
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
		athlete, err := tx.CreateAthlete(ctx, email, hash, p)
		if errors.Is(err, store.ErrEmailTaken) {
			return s.signUpAgain(ctx, tx, email, next)
		}
		if err != nil {
			return fmt.Errorf("create athlete: %w", err)
		}
		return s.sendVerifyLink(ctx, tx, athlete, next)
	})
}

// signUpAgain answers a sign-up with a taken address by mail to that address.
func (s *service) signUpAgain(ctx context.Context, tx *store.Store, email, next string) (err error) {
	defer apperr.Wrap(&err, "authsvc.signUpAgain()")
	athlete, err := tx.AthleteByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return nil // a concurrent sign-up's account, not committed yet: it mails its own link
	}
	if err != nil {
		return fmt.Errorf("look up athlete: %w", err)
	}
	if athlete.Disabled {
		return nil
	}
	if !athlete.EmailVerified {
		return s.sendVerifyLink(ctx, tx, athlete, next)
	}
	return tx.QueueMail(ctx, s.accountExistsMail(athlete, next))
}

// sendVerifyLink queues a mail with a new confirmation link (earlier links stop working),
// which carries next ("" for none).
func (s *service) sendVerifyLink(ctx context.Context, tx *store.Store, athlete store.Athlete, next string) (err error) {
	defer apperr.Wrap(&err, "authsvc.sendVerifyLink()")
	if err := tx.EndTokens(ctx, athlete.ID, store.PurposeVerify, s.now()); err != nil {
		return fmt.Errorf("end confirmation links: %w", err)
	}
	token, err := s.newLink(ctx, tx, athlete.ID, store.PurposeVerify, VerifyLinkTTL)
	if err != nil {
		return err
	}
	return tx.QueueMail(ctx, verifyMail(athlete, s.link("verify", token)+nextQuery("&", next)))
}

// newLink stores a new single-use token of purpose for user and returns the token itself,
// which only the mail carries.
func (s *service) newLink(ctx context.Context, tx *store.Store, userID, purpose string, ttl time.Duration) (_ string, err error) {
	defer apperr.Wrap(&err, "authsvc.newLink(%q)", userID)
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", fmt.Errorf("new %s token: %w", purpose, err)
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	if err := tx.AddToken(ctx, tokenHash(token), userID, purpose, s.now().Add(ttl)); err != nil {
		return "", fmt.Errorf("store %s token: %w", purpose, err)
	}
	return token, nil
}

func tokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

var errLinkInvalid = apperr.Invalid("token", "This link is not valid any more: it was used already or has expired. Please ask for a new one.")

// verifyAthleteEmail confirms the address of the athlete a confirmation link was sent to.
func (s *service) verifyAthleteEmail(ctx context.Context, token string) (err error) {
	defer apperr.Wrap(&err, "authsvc.verifyAthleteEmail()")
	if token == "" || len(token) > 100 {
		return errLinkInvalid
	}
	return s.users.InTx(ctx, func(tx *store.Store) error {
		userID, err := tx.UseToken(ctx, tokenHash(token), store.PurposeVerify, s.now())
		if errors.Is(err, store.ErrTokenInvalid) {
			return errLinkInvalid
		}
		if err != nil {
			return fmt.Errorf("use confirmation link: %w", err)
		}
		return tx.MarkEmailVerified(ctx, userID, s.now())
	})
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
		bcrypt.CompareHashAndPassword(s.dummyHash, []byte(password)) //nolint:errcheck // timing only
		return Session{}, errAthleteCredentials
	case err != nil:
		return Session{}, fmt.Errorf("look up athlete: %w", err)
	}
	if bcrypt.CompareHashAndPassword([]byte(athlete.PasswordHash), []byte(password)) != nil || athlete.Disabled {
		return Session{}, errAthleteCredentials
	}
	s.limiter.succeeded(ctx, attempt)
	if !athlete.EmailVerified {
		return Session{}, errEmailUnverified
	}
	user, err := s.users.UserByID(ctx, athlete.ID)
	if err != nil {
		return Session{}, fmt.Errorf("look up athlete: %w", err)
	}
	return s.startSession(ctx, s.users, user)
}

var errAthleteCredentials = apperr.Unauthenticated("Wrong email address or password. Please try again.")

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
