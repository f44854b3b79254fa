// Package competitionsvc owns events, divisions, teams, workouts, heats, grants and the
// setup's activity: service.go holds Deps, New and the service the use cases (one file per
// entity: events.go, teams.go, heats.go, …) are methods of; grpc.go and <entity>_grpc.go turn
// them into the CompetitionService RPCs and store/ holds the tables (schema "competition").
// docs/architecture.md, "The shape of a service".
package competitionsvc

import (
	"context"
	"log/slog"
	"time"

	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
	"google.golang.org/grpc"

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
}

// resultCounts is the part of results-svc this service uses: counts for finalResultsCount and
// hasResults, the clean-up after deletes, an event's results for export and import, its
// result changes for the activity feed, the published standings that seed heats, and a
// deleted athlete's erasure passed on (ForgetAthlete).
type resultCounts interface {
	CountResults(ctx context.Context, in *resultsv1.CountResultsRequest, opts ...grpc.CallOption) (*resultsv1.CountResultsResponse, error)
	PurgeResults(ctx context.Context, in *resultsv1.PurgeResultsRequest, opts ...grpc.CallOption) (*resultsv1.PurgeResultsResponse, error)
	ListEventResults(ctx context.Context, in *resultsv1.EventResultsRequest, opts ...grpc.CallOption) (*resultsv1.EventResults, error)
	ImportResults(ctx context.Context, in *resultsv1.ImportResultsRequest, opts ...grpc.CallOption) (*resultsv1.ImportResultsResponse, error)
	ListResultActivity(ctx context.Context, in *activityv1.ActivityRequest, opts ...grpc.CallOption) (*activityv1.ActivityPage, error)
	GetEventStandings(ctx context.Context, in *resultsv1.EventStandingsRequest, opts ...grpc.CallOption) (*resultsv1.EventStandings, error)
	ForgetAthlete(ctx context.Context, in *resultsv1.ForgetAthleteRequest, opts ...grpc.CallOption) (*resultsv1.ForgetAthleteResponse, error)
}

// service holds the use cases; the transport (grpc.go, <entity>_grpc.go) is its only caller.
type service struct {
	store   *store.Store
	results resultCounts
	users   users
	changes *changes.Signal
	log     *slog.Logger
	// mailSending is shown on the Outbox page.
	mailSending bool
	// athletes reads athletes' names and addresses from auth-svc (registration).
	athletes  athleteDirectory
	publicURL string
	// stripe and webhookSecret: payments.go; paymentKick wakes the payment worker
	// (payment_outbox.go).
	stripe        *stripepay.Client
	webhookSecret string
	paymentKick   chan struct{}
	// now is the clock of the invitations to the final (final_rules.go).
	now func() time.Time
	// codeAttempts limits the invitation codes an athlete tries (registration.go).
	codeAttempts *ratelimit.Limiter
	// judgeCodeAttempts limits the judge cards' codes tried (judgecodes.go).
	judgeCodeAttempts *ratelimit.Limiter
}

func newService(d Deps) *service {
	s := &service{store: store.New(d.Pool), results: d.Results, users: d.Auth, changes: d.Changes, log: d.Log,
		mailSending: d.MailSending, athletes: authAthletes{d.Auth}, publicURL: d.PublicURL,
		stripe: d.Stripe, webhookSecret: d.StripeWebhookSecret, paymentKick: make(chan struct{}, 1), now: d.Now}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.codeAttempts = ratelimit.New("invitation-codes", "invitation codes tried", d.Redis, d.CodeLimits, d.Namespace, s.log, s.now)
	s.judgeCodeAttempts = ratelimit.New("judge-codes", "card codes tried", d.Redis, d.CodeLimits, d.Namespace, s.log, s.now)
	return s
}

// EventView is an event with its workouts (by workoutOrder) and divisions (by name).
type EventView struct {
	store.Event
	Workouts  []WorkoutView
	Divisions []store.Division
}

// TeamView is a team with its counts of published results and of all its results.
type TeamView struct {
	store.Team
	FinalResultsCount int32
	ResultsCount      int32
}

// WorkoutView is a workout with whether any result was entered for it.
type WorkoutView struct {
	store.Workout
	HasResults bool
}

// countsStrictness says what to do when results-svc cannot answer: fail the read (a page that
// shows counts must not show wrong ones) or leave the counts at zero (the answer of a change
// that is already committed).
type countsStrictness int

const (
	countsRequired countsStrictness = iota
	countsBestEffort
	countsSkipped
)
