package targets

import (
	"context"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
	"google.golang.org/grpc"

	authsvc "github.com/podium-dev/podium/auth-svc"
	competitionsvc "github.com/podium-dev/podium/competition-svc"
	"github.com/podium-dev/podium/gateway"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	registrationv1 "github.com/podium-dev/podium/gen/go/podium/registration/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/ratelimit"
	"github.com/podium-dev/podium/internal/platform/stripepay"
	"github.com/podium-dev/podium/internal/platform/svcauth"
	publicsvc "github.com/podium-dev/podium/public-svc"
	resultssvc "github.com/podium-dev/podium/results-svc"
)

// Target names, as `podium <name>` takes them.
const (
	Auth        = "auth"
	Competition = "competition"
	Results     = "results"
	Public      = "public"
	Gateway     = svcauth.Gateway
)

// All is every target, in start order.
var All = []string{Auth, Competition, Results, Public, Gateway}

// Migrations are every service's schema migrations, applied by `podium migrate`.
func Migrations() []pg.Migrations {
	return []pg.Migrations{authsvc.Migrations, competitionsvc.Migrations, resultssvc.Migrations}
}

type service struct {
	policy authn.Policy
	// callers are the targets each internal RPC accepts (svcauth.Callers).
	callers      svcauth.Callers
	usesDatabase bool
	// access, when set, checks the caller's grant on the event each RPC addresses.
	access   func(ctx context.Context, rt *Runtime) (grpc.UnaryServerInterceptor, error)
	register func(ctx context.Context, rt *Runtime, srv *grpc.Server) error
}

var services = map[string]service{
	Auth:        {policy: authsvc.Policy, callers: authsvc.Callers, usesDatabase: true, register: registerAuth},
	Competition: {policy: competitionsvc.Policy, callers: competitionsvc.Callers, usesDatabase: true, access: competitionAccess, register: registerCompetition},
	Results:     {policy: resultssvc.Policy, callers: resultssvc.Callers, usesDatabase: true, access: resultsAccess, register: registerResults},
	Public:      {policy: publicsvc.Policy, callers: publicsvc.Callers, access: publicAccess, register: registerPublic},
}

func competitionAccess(ctx context.Context, rt *Runtime) (grpc.UnaryServerInterceptor, error) {
	pool, err := rt.Pool(ctx)
	if err != nil {
		return nil, err
	}
	return access.UnaryServerInterceptor(competitionsvc.NewGrants(pool), competitionsvc.Rules), nil
}

func resultsAccess(ctx context.Context, rt *Runtime) (grpc.UnaryServerInterceptor, error) {
	pool, err := rt.Pool(ctx)
	if err != nil {
		return nil, err
	}
	remote, err := rt.RemoteGrants(Results)
	if err != nil {
		return nil, err
	}
	return access.UnaryServerInterceptor(resultssvc.NewGrants(pool, remote), resultssvc.Rules), nil
}

func publicAccess(_ context.Context, rt *Runtime) (grpc.UnaryServerInterceptor, error) {
	remote, err := rt.RemoteGrants(Public)
	if err != nil {
		return nil, err
	}
	return access.UnaryServerInterceptor(remote, publicsvc.Rules), nil
}

// AuthService builds auth-svc (also for `podium admin create`, which calls it in-process).
func AuthService(ctx context.Context, rt *Runtime) (*authsvc.Server, error) {
	pool, err := rt.Pool(ctx)
	if err != nil {
		return nil, err
	}
	rdb, err := rt.Redis()
	if err != nil {
		return nil, err
	}
	var issuer *authn.Issuer
	if rt.Keys.Private != nil {
		issuer = authn.NewIssuer(rt.Keys.Private, rt.Cfg.JWTIssuer, rt.Cfg.JWTAudience, rt.Cfg.TokenTTL)
	}
	return authsvc.New(authsvc.Deps{
		Pool: pool, Redis: rdb, Issuer: issuer,
		LoginLimits: loginLimits(rt),
		SignUpLimits: ratelimit.Limits{
			PerPair: rt.Cfg.LoginMaxFailures, PerAddress: rt.Cfg.SignUpMaxPerAddress,
			PerUsername: rt.Cfg.LoginMaxUsernameFailures, Lockout: rt.Cfg.SignUpWindow,
			Global: rt.Cfg.LoginMaxGlobalFailures, GlobalWindow: time.Minute,
		},
		Namespace:    cache.Namespace(rt.Cfg.DatabaseURL, rdb),
		Log:          rt.Log.With("service", Auth),
		PublicURL:    rt.Cfg.PublicURL,
		MailSending:  rt.Cfg.SMTPURL != "",
		Revocations:  cache.NewRevocationChannel(rdb, cache.Namespace(rt.Cfg.DatabaseURL, rdb)),
		PasswordCost: rt.PasswordCost,
	}), nil
}

// loginLimits are the sign-in limits (PODIUM_LOGIN_*), which also bound requests for a link
// and invitation codes tried, each in counters of their own.
func loginLimits(rt *Runtime) ratelimit.Limits {
	return ratelimit.Limits{
		PerPair: rt.Cfg.LoginMaxFailures, PerAddress: rt.Cfg.LoginMaxAddressFailures,
		PerUsername: rt.Cfg.LoginMaxUsernameFailures, Lockout: rt.Cfg.LoginLockout,
		Global: rt.Cfg.LoginMaxGlobalFailures, GlobalWindow: time.Minute,
	}
}

func registerAuth(ctx context.Context, rt *Runtime, srv *grpc.Server) error {
	if rt.Keys.Private == nil {
		return rt.Cfg.RequireSigningKey()
	}
	svc, err := AuthService(ctx, rt)
	if err != nil {
		return err
	}
	authv1.RegisterAuthServiceServer(srv, svc)
	go svc.RunLinkRequests(ctx) // ends with ctx, when the target shuts down
	return runMail(ctx, rt, Auth, authsvc.MailOutbox)
}

// peers are what a service is built from: the process's shared connections and clients of
// the other services (which connect lazily, so a peer that is not up yet is no start error).
type peers struct {
	pool        *pgxpool.Pool
	rdb         *redis.Client
	changes     *changes.Signal
	competition competitionv1.CompetitionServiceClient
	results     resultsv1.ResultsServiceClient
}

// loadPeers connects the service caller (a target name) to its peers.
func loadPeers(ctx context.Context, rt *Runtime, caller string, withDatabase bool) (peers, error) {
	var p peers
	var err error
	if withDatabase {
		if p.pool, err = rt.Pool(ctx); err != nil {
			return p, err
		}
	}
	if p.rdb, err = rt.Redis(); err != nil {
		return p, err
	}
	p.changes = changes.NewSignal(changeChannel(rt, p.rdb), rt.Log)
	competition, err := rt.Conn(caller, "competition-svc", rt.Cfg.CompetitionAddr)
	if err != nil {
		return p, err
	}
	results, err := rt.Conn(caller, "results-svc", rt.Cfg.ResultsAddr)
	if err != nil {
		return p, err
	}
	p.competition = competitionv1.NewCompetitionServiceClient(competition)
	p.results = resultsv1.NewResultsServiceClient(results)
	return p, nil
}

func registerCompetition(ctx context.Context, rt *Runtime, srv *grpc.Server) error {
	p, err := loadPeers(ctx, rt, Competition, true)
	if err != nil {
		return err
	}
	auth, err := rt.Conn(Competition, "auth-svc", rt.Cfg.AuthAddr)
	if err != nil {
		return err
	}
	pushCfg, err := pushConfig(ctx, rt, p.pool)
	if err != nil {
		return err
	}
	svc := competitionsvc.New(competitionsvc.Deps{
		Pool: p.pool, Results: p.results, Auth: authv1.NewAuthServiceClient(auth), Changes: p.changes, Log: rt.Log.With("service", Competition),
		MailSending: rt.Cfg.SMTPURL != "", PublicURL: rt.Cfg.PublicURL,
		Stripe: stripeClient(rt), StripeWebhookSecret: string(rt.Cfg.StripeWebhookSecret), Now: rt.Now,
		Redis: p.rdb, Namespace: cache.Namespace(rt.Cfg.DatabaseURL, p.rdb), CodeLimits: loginLimits(rt), Push: pushCfg,
	})
	competitionv1.RegisterCompetitionServiceServer(srv, svc)
	registrationv1.RegisterRegistrationServiceServer(srv, svc.Registration())
	go svc.RunPurges(ctx)   // ends with ctx, when the target shuts down
	go svc.RunPayments(ctx) // likewise; nothing to do without Stripe
	go svc.RunFinalInvitations(ctx)
	go svc.RunErasures(ctx)
	go svc.RunHeatNotices(ctx)
	go svc.RunHeatReminders(ctx)
	go svc.RunShiftReminders(ctx)
	go svc.RunPushes(ctx)
	return runMail(ctx, rt, Competition, competitionsvc.MailOutbox)
}

func registerResults(ctx context.Context, rt *Runtime, srv *grpc.Server) error {
	p, err := loadPeers(ctx, rt, Results, true)
	if err != nil {
		return err
	}
	grants, err := rt.RemoteGrants(Results)
	if err != nil {
		return err
	}
	// results-svc reads auth-svc's erasure feed (results-svc/erasure.go).
	auth, err := rt.Conn(Results, "auth-svc", rt.Cfg.AuthAddr)
	if err != nil {
		return err
	}
	svc, err := resultssvc.New(resultssvc.Deps{
		Grants: grants, Pool: p.pool, Competition: p.competition, Changes: p.changes, Log: rt.Log.With("service", Results),
		Now: rt.Now, MailSending: rt.Cfg.SMTPURL != "", PublicURL: rt.Cfg.PublicURL,
		Erasures: authv1.NewAuthServiceClient(auth),
	})
	if err != nil {
		return err
	}
	resultsv1.RegisterResultsServiceServer(srv, svc)
	go svc.RunBoards(ctx) // ends with ctx, when the target shuts down
	go svc.RunErasures(ctx)
	go svc.RunCounts(ctx) // the result counts competition-svc keeps (results-svc/count_feed.go)
	return runMail(ctx, rt, Results, resultssvc.MailOutbox)
}

func registerPublic(ctx context.Context, rt *Runtime, srv *grpc.Server) error {
	p, err := loadPeers(ctx, rt, Public, false)
	if err != nil {
		return err
	}
	grants, err := rt.RemoteGrants(Public)
	if err != nil {
		return err
	}
	svc, err := publicsvc.New(publicsvc.Deps{
		Grants: grants,
		Redis:  p.rdb, Competition: p.competition, Results: p.results,
		Log: rt.Log.With("service", Public), Namespace: cache.Namespace(rt.Cfg.DatabaseURL, p.rdb),
		BuildWait: rt.Cfg.PublicBuildWait, Now: rt.Now, PublicURL: rt.Cfg.PublicURL,
	})
	if err != nil {
		return err
	}
	publicv1.RegisterPublicServiceServer(srv, svc)
	return nil
}

// changeChannel is the deployment's change channel: every committed change, to the gateways'
// caches and live streams (internal/platform/changes).
func changeChannel(rt *Runtime, rdb *redis.Client) *changes.Channel {
	return changes.NewChannel(rdb, cache.Namespace(rt.Cfg.DatabaseURL, rdb))
}

func newGateway(ctx context.Context, rt *Runtime, checkDatabase bool) (http.Handler, error) {
	var b gateway.Backends
	var err error
	for _, c := range []struct {
		conn **grpc.ClientConn
		name string
		addr string
	}{
		{&b.Auth, "auth-svc", rt.Cfg.AuthAddr},
		{&b.Competition, "competition-svc", rt.Cfg.CompetitionAddr},
		{&b.Results, "results-svc", rt.Cfg.ResultsAddr},
		{&b.Public, "public-svc", rt.Cfg.PublicAddr},
	} {
		if *c.conn, err = rt.Conn(svcauth.Gateway, c.name, c.addr); err != nil {
			return nil, err
		}
	}
	rdb, err := rt.Redis()
	if err != nil {
		return nil, err
	}
	opts := gateway.Options{
		Backends: b, WebDir: rt.Cfg.WebDir, PublicURL: rt.Cfg.PublicURL, Changes: changeChannel(rt, rdb),
		Streams: gateway.StreamOptions{
			Max: rt.Cfg.StreamMax, MaxPerClient: rt.Cfg.StreamMaxPerAddress, Heartbeat: rt.Cfg.StreamHeartbeat,
		},
		PublicCacheTTL: rt.Cfg.PublicCacheTTL, BackendTimeout: rt.Cfg.BackendTimeout, MaxBodyBytes: rt.Cfg.MaxBodyBytes,
		TrustedProxies: rt.Cfg.TrustedProxies, HSTSMaxAge: rt.Cfg.HSTSMaxAge,
		Log: rt.Log.With("service", Gateway), Telemetry: rt.Telemetry,
	}
	if checkDatabase {
		pool, err := rt.Pool(ctx)
		if err != nil {
			return nil, err
		}
		opts.Database = pool
	}
	return gateway.New(ctx, opts)
}

// stripeClient is the deployment's Stripe account, nil without PODIUM_STRIPE_SECRET_KEY
// (payments marked by hand: docs/registration.md, "Payment").
func stripeClient(rt *Runtime) *stripepay.Client {
	if rt.Cfg.StripeSecretKey == "" {
		return nil
	}
	return stripepay.New(stripepay.Config{SecretKey: string(rt.Cfg.StripeSecretKey), APIURL: rt.Cfg.StripeAPIURL})
}
