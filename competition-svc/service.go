// Package competitionsvc is competition-svc: it wires the domain packages (core/ shared,
// setup/, series/, floor/, crew/, registration/) into one CompetitionService (grpc.go: Server
// embeds each domain's RPCs) and the RegistrationService, and holds the access tables and
// grants (access.go, policy.go); store/ holds the tables (schema "competition").
// docs/architecture.md, "competition-svc".
package competitionsvc

import (
	"log/slog"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/push"
	"github.com/podium-dev/podium/competition-svc/registration"
	"github.com/podium-dev/podium/competition-svc/setup/roster"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"github.com/podium-dev/podium/competition-svc/store"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/ratelimit"
	"github.com/podium-dev/podium/internal/platform/stripepay"
)

// Migrations are competition-svc's schema changes (schema "competition").
var Migrations pg.Migrations = store.Migrations

// Deps are what competition-svc needs from the process.
type Deps struct {
	Pool    *pgxpool.Pool
	Results resultsv1.ResultsServiceClient
	Auth    authv1.AuthServiceClient
	// Changes is told about every committed change (changes.go).
	Changes *changes.Signal
	Log     *slog.Logger
	// MailSending tells whether a worker sends the queued mails (PODIUM_SMTP_URL).
	MailSending bool
	// PublicURL is where the public site is reached, for the links in mails.
	PublicURL string
	// Stripe is the deployment's Stripe account, nil without one: fees are then marked paid
	// by hand (docs/registration.md, "Payment"). StripeWebhookSecret checks its webhooks.
	Stripe              *stripepay.Client
	StripeWebhookSecret string
	// Now is the clock of the invitations' deadlines (a test's controllable clock); nil:
	// time.Now.
	Now func() time.Time
	// Redis counts the invitation codes athletes and the card codes judges try (CodeLimits, the sign-in limits) under
	// the deployment's Namespace; nil: each process counts for itself.
	Redis      *redis.Client
	Namespace  string
	CodeLimits ratelimit.Limits
	// Push is the deployment's Web Push (push/): its VAPID key pair, none when off.
	Push push.Config
}

// service holds the use cases; the transport (grpc.go, <entity>_grpc.go) is its only caller.
type service struct {
	*core.Service
}

// newCore is the part of the service every domain shares.
func newCore(d Deps) *core.Service {
	c := &core.Service{Store: store.New(d.Pool), Results: d.Results, Users: d.Auth, Changes: d.Changes, Log: d.Log,
		MailSending: d.MailSending, Athletes: core.AuthAthletes{Auth: d.Auth}, PublicURL: d.PublicURL, Now: d.Now}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// newRegistration is registration's servers over the core, with the deployment's Stripe
// account, the limit of the invitation codes athletes try, the waivers' gate and eligibility's.
func newRegistration(c *core.Service, d Deps, waivers registration.WaiverGate, eligible registration.EligibilityGate) (*registration.Server, *registration.Open) {
	return registration.New(c, registration.Deps{Stripe: d.Stripe, WebhookSecret: d.StripeWebhookSecret,
		CodeAttempts: ratelimit.New("invitation-codes", "invitation codes tried", d.Redis, d.CodeLimits, d.Namespace, c.Log, c.Now),
		Waivers:      waivers, Erasures: d.Auth, Eligibility: eligible, Rosters: rosterRules{}})
}

// rosterRules lends registration the roster rules of setup (docs/rosters.md).
type rosterRules struct{}

func (rosterRules) Check(prefix, division string, r store.RosterRules, places []store.RosterAthlete) ([]store.RosterAthlete, error) {
	return roster.Check(prefix, division, r, places)
}

func (rosterRules) CheckOnce(prefix, teamID string, places []store.RosterAthlete, others []store.RosterEntry) error {
	return roster.CheckOnce(prefix, teamID, places, others)
}
