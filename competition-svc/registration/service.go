// Package registration owns the athletes' way into an event (docs/registration.md): the
// divisions' registration settings and capacity, registering a team and the partner's
// invitation, the organiser's decisions, online payment with Stripe and its worker, check-in at
// the door, the federation's list of open registrations, the invitations from an online
// qualifier to its final (docs/qualifiers.md) and the athlete's own data (docs/access.md).
package registration

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/registration/v1"
	"github.com/podium-dev/podium/internal/platform/ratelimit"
	"github.com/podium-dev/podium/internal/platform/stripepay"
)

// Deps are what registration needs beyond the shared core.
type Deps struct {
	// Stripe is the deployment's Stripe account, nil without one: fees are then marked paid
	// by hand (docs/registration.md, "Payment"). WebhookSecret checks its webhooks.
	Stripe        *stripepay.Client
	WebhookSecret string
	// CodeAttempts limits the invitation codes an athlete tries (registration.go).
	CodeAttempts *ratelimit.Limiter
	// Waivers gates check-in and filters registrations (competition-svc/waivers,
	// docs/waivers.md).
	Waivers WaiverGate
	// Erasures is auth-svc's erasure feed (erasure_feed.go); nil: no worker applies it.
	Erasures ErasureFeed
	// Eligibility checks each athlete joining a registration (competition-svc/eligibility,
	// docs/eligibility.md).
	Eligibility EligibilityGate
	// Rosters are the rules of rosters (competition-svc/setup/roster, docs/rosters.md).
	Rosters RosterRules
}

// EligibilityGate is what registration asks of the eligibility domain.
type EligibilityGate interface {
	// Asks is what registering in a division asks of each athlete.
	Asks(ctx context.Context, divisionID string) (core.EligibilityAsks, error)
	// Admit checks an athlete joining a registration, in its transaction, and records what
	// they gave; a refusal names its rule and field. It returns the activity of overrides used.
	Admit(ctx context.Context, tx *store.Store, in core.EligibilityInput) ([]store.Activity, error)
}

// RosterRules are the roster rules registration applies to the places its athletes take and
// the captain's changes; the setup domain holds them, the root wires them.
type RosterRules interface {
	// Check checks a roster against its division's rule and returns it cleaned.
	Check(prefix, division string, r store.RosterRules, places []store.RosterAthlete) ([]store.RosterAthlete, error)
	// CheckOnce refuses an athlete twice, or already on another team of the division.
	CheckOnce(prefix, teamID string, places []store.RosterAthlete, others []store.RosterEntry) error
}

// WaiverGate is what check-in and the registrations list ask of the waivers domain.
type WaiverGate interface {
	// CheckPresent refuses to mark a team present while a starting athlete of it has not
	// accepted the event's current waiver.
	CheckPresent(ctx context.Context, eventID, teamID string) error
	// CheckAthletePresent refuses to mark one athlete (account, name) present while they
	// have not accepted the event's current waiver.
	CheckAthletePresent(ctx context.Context, eventID, athleteID, name string) error
	// MissingRegistrations are the event's registrations with an athlete whose waiver is
	// missing.
	MissingRegistrations(ctx context.Context, eventID string) (map[string]bool, error)
}

// service holds registration's use cases; its RPCs (the *_grpc.go files) are their only
// callers.
type service struct {
	*core.Service
	Deps
	// paymentKick wakes the payment worker (payment_outbox.go).
	paymentKick chan struct{}
}

// Server implements pb.RegistrationServiceServer (competition-svc's process serves it beside
// CompetitionService) and runs registration's workers.
type Server struct {
	pb.UnimplementedRegistrationServiceServer
	svc *service
}

var _ pb.RegistrationServiceServer = (*Server)(nil)

// Open holds the CompetitionService RPC of registration: the federation's open registrations.
type Open struct{ svc *service }

// New returns registration's servers over the shared service core.
func New(c *core.Service, d Deps) (*Server, *Open) {
	svc := &service{Service: c, Deps: d, paymentKick: make(chan struct{}, 1)}
	return &Server{svc: svc}, &Open{svc: svc}
}
