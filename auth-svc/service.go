// Package authsvc owns users, their roles and sessions: it checks passwords against bcrypt
// hashes, limits repeated failures, issues Ed25519-signed tokens that name a session, and
// tells the other services who holds a session (docs/access.md).
package authsvc

import (
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
	"golang.org/x/crypto/bcrypt"

	"github.com/podium-dev/podium/auth-svc/store"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/cache"
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
	// SignUpLimits count athlete sign-ups, every attempt (PerAddress per Lockout: the
	// per-address limit of docs/access.md, "Athletes").
	SignUpLimits LoginLimits
	// Namespace keeps the sign-in counters of deployments that share a Redis apart.
	Namespace string
	Log       *slog.Logger
	Now       func() time.Time
	// PasswordCost is the bcrypt cost of new password hashes; zero is bcryptCost. Only tests
	// set it (to bcrypt.MinCost: stacktest), to spend their time on what they test; a stored
	// hash names its own cost, so checks work whatever it was made with.
	PasswordCost int
	// PublicURL is the public site's base URL: links in mails start with it.
	PublicURL string
	// MailSending tells whether a worker sends the queued mails (PODIUM_SMTP_URL).
	MailSending bool
	// Revocations, when set, carries every ended session to every process's session cache
	// (revoke.go).
	Revocations *cache.Channel
}

// service holds the sign-in, session and user use cases; the transport (grpc.go) is its only
// caller.
type service struct {
	users   *store.Store
	issuer  *authn.Issuer
	limiter *loginLimiter
	// signUps counts athlete sign-ups (every attempt, not only failures: each one may send
	// a mail).
	signUps *loginLimiter
	// linkRequests counts requests for a new confirmation or a reset link (each may send a mail).
	linkRequests *loginLimiter
	// linkUses counts uses of mailed links per link and client address (athlete_reset.go).
	linkUses *loginLimiter
	now      func() time.Time
	// publicURL starts every link in a mail; mailSending is shown on the Outbox page.
	publicURL   string
	mailSending bool
	// dummyHash is compared against when the username is unknown, so a wrong username takes
	// as long as a wrong password and does not reveal which accounts exist.
	dummyHash    []byte
	passwordCost int
	// revocations and log: revoke.go.
	revocations *cache.Channel
	log         *slog.Logger
	// linkKick wakes the link worker (link_worker.go).
	linkKick chan struct{}
}

func newService(d Deps) *service {
	now := d.Now
	if now == nil {
		now = time.Now
	}
	cost := d.PasswordCost
	if cost == 0 {
		cost = bcryptCost
	}
	dummy, _ := bcrypt.GenerateFromPassword([]byte("podium-dummy-password"), cost)
	return &service{
		users:        store.New(d.Pool),
		issuer:       d.Issuer,
		limiter:      newLoginLimiter(d.Redis, d.LoginLimits, d.Namespace, d.Log, now),
		signUps:      newLimiter("signup", "sign-up attempts", d.Redis, d.SignUpLimits, d.Namespace, d.Log, now),
		linkRequests: newLimiter("links", "requests for a link", d.Redis, d.LoginLimits, d.Namespace, d.Log, now),
		linkUses:     newLimiter("linkuses", "attempts with a link", d.Redis, d.LoginLimits, d.Namespace, d.Log, now),
		now:          now,
		dummyHash:    dummy,
		passwordCost: cost,

		publicURL:   strings.TrimRight(d.PublicURL, "/"),
		mailSending: d.MailSending,
		revocations: d.Revocations,
		log:         logOrDefault(d.Log),
		linkKick:    make(chan struct{}, 1),
	}
}
