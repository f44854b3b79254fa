package authsvc

import (
	"context"

	"golang.org/x/crypto/bcrypt"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// checkOwnPassword checks the password a signed-in user gives to confirm a change of their
// own account (a new password, deleting the account) under the sign-in limits: it is counted
// in the very counters of signing in as login (username or address) from addr, so guesses
// behind a session and at the sign-in page add up (docs/access.md, "Athletes"). ok is false
// for a wrong password; err is the refusal when a limit is exceeded.
func (s *service) checkOwnPassword(ctx context.Context, login, hash, password, addr string) (ok bool, err error) {
	defer apperr.Wrap(&err, "authsvc.checkOwnPassword()")
	attempt, wait := s.limiter.admit(ctx, login, addr)
	if wait > 0 {
		return false, s.limiter.refusal(wait)
	}
	if bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) != nil {
		return false, nil
	}
	s.limiter.succeeded(ctx, attempt)
	return true, nil
}
