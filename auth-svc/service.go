// Package authsvc signs administrators in: it checks passwords against bcrypt hashes, limits
// repeated failures, and issues Ed25519-signed session tokens.
package authsvc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
	"golang.org/x/crypto/bcrypt"

	"github.com/podium-dev/podium/auth-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Migrations create auth-svc's schema.
var Migrations = store.Migrations

// bcryptCost is bcrypt's default: about 50–100 ms per check on a small server core.
const bcryptCost = bcrypt.DefaultCost

// Deps are what the service needs.
type Deps struct {
	Pool        *pgxpool.Pool
	Redis       *redis.Client
	Issuer      *authn.Issuer
	LoginLimits LoginLimits
	// Namespace keeps the sign-in counters of deployments that share a Redis apart.
	Namespace string
	Log       *slog.Logger
	Now       func() time.Time
}

// Service holds the sign-in use cases.
type Service struct {
	users   *store.Store
	issuer  *authn.Issuer
	limiter *loginLimiter
	now     func() time.Time
	// dummyHash is compared against when the username is unknown, so a wrong username takes
	// as long as a wrong password and does not reveal which accounts exist.
	dummyHash []byte
}

// New returns the service.
func New(d Deps) *Service {
	now := d.Now
	if now == nil {
		now = time.Now
	}
	dummy, _ := bcrypt.GenerateFromPassword([]byte("podium-dummy-password"), bcryptCost)
	return &Service{
		users:     store.New(d.Pool),
		issuer:    d.Issuer,
		limiter:   newLoginLimiter(d.Redis, d.LoginLimits, d.Namespace, d.Log, now),
		now:       now,
		dummyHash: dummy,
	}
}

// Session is a signed-in administrator.
type Session struct {
	Token     string
	Username  string
	ExpiresAt time.Time
}

// Login checks the credentials of username from client address addr.
func (s *Service) Login(ctx context.Context, username, password, addr string) (Session, error) {
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
		return Session{}, apperr.RateLimited(retryMessage(wait))
	}
	user, err := s.users.UserByName(ctx, username)
	switch {
	case errors.Is(err, store.ErrNotFound):
		bcrypt.CompareHashAndPassword(s.dummyHash, []byte(password)) //nolint:errcheck // timing only
		return Session{}, apperr.Unauthenticated("Invalid credentials. Please try again.")
	case err != nil:
		return Session{}, fmt.Errorf("look up user: %w", err)
	}
	if bcrypt.CompareHashAndPassword([]byte(user.PasswordHash), []byte(password)) != nil {
		return Session{}, apperr.Unauthenticated("Invalid credentials. Please try again.")
	}
	s.limiter.succeeded(ctx, attempt)
	token, expires, err := s.issuer.Issue(user.Username, s.now())
	if err != nil {
		return Session{}, fmt.Errorf("sign token: %w", err)
	}
	return Session{Token: token, Username: user.Username, ExpiresAt: expires}, nil
}

// Password and username limits for new administrators.
const (
	minPasswordLength = 10
	maxPasswordLength = 72 // bcrypt reads no further
	minUsernameLength = 3
	maxUsernameLength = 64
)

// CreateAdmin adds an administrator.
func (s *Service) CreateAdmin(ctx context.Context, username, password string) error {
	username = strings.TrimSpace(username)
	if n := utf8.RuneCountInString(username); n < minUsernameLength || n > maxUsernameLength {
		return apperr.Invalid("username", fmt.Sprintf("Username must be %d to %d characters", minUsernameLength, maxUsernameLength))
	}
	if n := len(password); n < minPasswordLength || n > maxPasswordLength {
		return apperr.Invalid("password", fmt.Sprintf("Password must be %d to %d characters", minPasswordLength, maxPasswordLength))
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), bcryptCost)
	if err != nil {
		return fmt.Errorf("hash password: %w", err)
	}
	_, err = s.users.CreateUser(ctx, username, string(hash))
	if errors.Is(err, store.ErrUsernameTaken) {
		return apperr.Conflict(fmt.Sprintf("An administrator named %q exists already.", username))
	}
	return err
}

// HasAdmins reports whether any administrator exists.
func (s *Service) HasAdmins(ctx context.Context) (bool, error) {
	n, err := s.users.CountUsers(ctx)
	return n > 0, err
}
