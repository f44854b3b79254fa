// Package targets runs Podium's targets — the four gRPC services and the gateway — alone or
// together in one process, with graceful shutdown. It holds wiring only, no business rules.
package targets

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
	"google.golang.org/grpc"

	authsvc "github.com/podium-dev/podium/auth-svc"
	competitionsvc "github.com/podium-dev/podium/competition-svc"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/config"
	"github.com/podium-dev/podium/internal/platform/grpcx"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/svcauth"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// Runtime is what every target of one process shares: configuration, logger, token keys,
// telemetry and lazily opened connections.
type Runtime struct {
	Cfg  config.Config
	Log  *slog.Logger
	Keys authn.Keys
	// ServiceKey signs this process's service credentials and checks its callers'.
	ServiceKey svcauth.Key
	// Telemetry is the process's metrics and traces; NewRuntime sets it up with tracing off
	// (cmd/podium turns tracing on for an OTLP endpoint before anything connects).
	Telemetry *telemetry.Telemetry
	// PasswordCost is auth-svc's bcrypt cost (authsvc.Deps.PasswordCost); zero in production.
	PasswordCost int
	// Now is the services' clock for deadlines (results-svc's submission windows,
	// docs/qualifiers.md); nil is the real clock. Tests move it.
	Now func() time.Time

	// PoolServices is how many services share the process's database pool (SharePool).
	PoolServices int

	mu    sync.Mutex
	pool  *pgxpool.Pool
	rdb   *redis.Client
	conns map[string]*grpc.ClientConn
	// sessions are the caches of resolved sessions, one per calling service.
	sessions map[string]*authn.SessionCache
	// followingRevocations is whether FollowRevocations is subscribed: the caches remember
	// answers only then.
	followingRevocations bool
	// grants are the caches of grants read from competition-svc, one per calling service.
	grants map[string]access.Grants
}

// NewRuntime returns a runtime with no connections open yet.
func NewRuntime(cfg config.Config, log *slog.Logger) *Runtime {
	return &Runtime{Cfg: cfg, Log: log, Telemetry: telemetry.New(nil), conns: map[string]*grpc.ClientConn{}}
}

// ResolveKeys loads the token keys and the service key from configuration, or generates
// them in dev mode.
func (rt *Runtime) ResolveKeys() error {
	if rt.ServiceKey == nil {
		key, err := resolveServiceKey(rt.Cfg, rt.Log)
		if err != nil {
			return err
		}
		rt.ServiceKey = key
	}
	if rt.Keys.Public != nil {
		return nil
	}
	keys, err := resolveKeys(rt.Cfg, rt.Log)
	rt.Keys = keys
	return err
}

func resolveServiceKey(cfg config.Config, log *slog.Logger) (svcauth.Key, error) {
	if cfg.ServiceKey != "" {
		return svcauth.ParseKey(string(cfg.ServiceKey))
	}
	if err := cfg.RequireServiceKey(); err != nil {
		return nil, err
	}
	log.Warn("dev mode: generated a service key for this process; only its own targets can call its services")
	text, err := svcauth.GenerateKey()
	if err != nil {
		return nil, err
	}
	return svcauth.ParseKey(text)
}

func resolveKeys(cfg config.Config, log *slog.Logger) (authn.Keys, error) {
	var keys authn.Keys
	if cfg.JWTPrivateKey != "" {
		priv, err := authn.ParsePrivateKey(string(cfg.JWTPrivateKey))
		if err != nil {
			return keys, fmt.Errorf("PODIUM_JWT_PRIVATE_KEY: %w", err)
		}
		keys.Private, keys.Public = priv, priv.Public().(ed25519.PublicKey)
	}
	if cfg.JWTPublicKey != "" {
		pub, err := authn.ParsePublicKey(cfg.JWTPublicKey)
		if err != nil {
			return keys, fmt.Errorf("PODIUM_JWT_PUBLIC_KEY: %w", err)
		}
		if keys.Public != nil && !pub.Equal(keys.Public) {
			return keys, fmt.Errorf("PODIUM_JWT_PUBLIC_KEY does not match PODIUM_JWT_PRIVATE_KEY")
		}
		keys.Public = pub
	}
	if keys.Public != nil {
		return keys, nil
	}
	if err := cfg.RequireVerifyKey(); err != nil {
		return keys, err
	}
	log.Warn("dev mode: generated a token key pair for this process; sessions end when it stops")
	return authn.GenerateKeys()
}

// Pool is the process's PostgreSQL pool, opened on first use.
func (rt *Runtime) Pool(ctx context.Context) (*pgxpool.Pool, error) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if rt.pool == nil {
		pool, err := pg.Connect(ctx, rt.Cfg.DatabaseURL, rt.Telemetry.ConfigurePool, pg.SizeFor(rt.Cfg.DatabaseURL, rt.PoolServices))
		if err != nil {
			return nil, err
		}
		rt.Telemetry.RegisterDatabasePool(pool)
		rt.pool = pool
	}
	return rt.pool, nil
}

// Redis is the process's Redis client; it connects lazily and fails fast while Redis is down.
func (rt *Runtime) Redis() (*redis.Client, error) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if rt.rdb == nil {
		rdb, err := cache.Connect(rt.Cfg.RedisURL)
		if err != nil {
			return nil, err
		}
		if err := rt.Telemetry.InstrumentRedis(rdb); err != nil {
			return nil, fmt.Errorf("redis tracing: %w", err)
		}
		rt.Telemetry.RegisterRedisPool(rdb)
		rt.rdb = rdb
	}
	return rt.rdb, nil
}

// Conn is caller's client connection to the named service at addr, shared within the
// process by the calls of that caller: the connection carries the caller's identity.
func (rt *Runtime) Conn(caller, name, addr string) (*grpc.ClientConn, error) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	key := caller + " " + addr
	if c, ok := rt.conns[key]; ok {
		return c, nil
	}
	c, err := grpcx.Dial(rt.Log, addr, name, svcauth.NewCredentials(rt.ServiceKey, caller), rt.Telemetry.DialOptions()...)
	if err != nil {
		return nil, err
	}
	rt.conns[key] = c
	return c, nil
}

// Callers checks the service credentials of incoming RPCs.
func (rt *Runtime) Callers() *svcauth.Verifier { return svcauth.NewVerifier(rt.ServiceKey) }

// Verifier checks tokens with the public key and their sessions with auth-svc, remembering
// each answer for at most authn.MaxSessionStaleness (docs/access.md).
func (rt *Runtime) Verifier(caller string) (*authn.Verifier, error) {
	conn, err := rt.Conn(caller, "auth-svc", rt.Cfg.AuthAddr)
	if err != nil {
		return nil, err
	}
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if rt.sessions == nil {
		rt.sessions = map[string]*authn.SessionCache{}
	}
	if rt.sessions[caller] == nil {
		c := authn.CachedSessions(authsvc.RemoteSessions(authv1.NewAuthServiceClient(conn)), authn.MaxSessionStaleness)
		c.Following(rt.followingRevocations)
		rt.sessions[caller] = c
	}
	return authn.NewVerifier(rt.Keys.Public, rt.Cfg.JWTIssuer, rt.Cfg.JWTAudience).WithSessions(rt.sessions[caller]), nil
}

// FollowRevocations applies every ended session auth-svc broadcasts to this process's session
// caches at once, until ctx ends, and acknowledges it (auth-svc waits for that). The caches
// remember answers only while the channel is subscribed: without it every request asks
// auth-svc (docs/access.md, "Sessions").
func (rt *Runtime) FollowRevocations(ctx context.Context) error {
	rdb, err := rt.Redis()
	if err != nil {
		return err
	}
	caches := func() []*authn.SessionCache {
		rt.mu.Lock()
		defer rt.mu.Unlock()
		out := make([]*authn.SessionCache, 0, len(rt.sessions))
		for _, c := range rt.sessions {
			out = append(out, c)
		}
		return out
	}
	cache.NewRevocationChannel(rdb, cache.Namespace(rt.Cfg.DatabaseURL, rdb)).Follow(ctx, func(msg string) {
		r, ok := authn.ParseRevocation(msg)
		if !ok {
			rt.Log.Warn("session revocation not understood", "message", msg)
			return
		}
		for _, c := range caches() {
			c.Forget(r)
		}
	}, func(live bool) {
		rt.mu.Lock()
		defer rt.mu.Unlock()
		rt.followingRevocations = live
		for _, c := range rt.sessions {
			c.Following(live)
		}
	})
	return nil
}

// RemoteGrants reads grants from competition-svc, remembering each answer for at most
// access.MaxGrantStaleness.
func (rt *Runtime) RemoteGrants(caller string) (access.Grants, error) {
	conn, err := rt.Conn(caller, "competition-svc", rt.Cfg.CompetitionAddr)
	if err != nil {
		return nil, err
	}
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if rt.grants == nil {
		rt.grants = map[string]access.Grants{}
	}
	if rt.grants[caller] == nil {
		rt.grants[caller] = access.Cached(competitionsvc.RemoteGrants(competitionv1.NewCompetitionServiceClient(conn)))
	}
	return rt.grants[caller], nil
}

// Close releases the shared connections.
func (rt *Runtime) Close() {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	for _, c := range rt.conns {
		c.Close()
	}
	if rt.rdb != nil {
		rt.rdb.Close()
	}
	if rt.pool != nil {
		rt.pool.Close()
	}
}

// SharePool says which targets this process runs before its pool opens: every service among
// them that uses the database gets a pool's default size of its own in the shared pool
// (pg.SizeFor), as it would running alone.
func (rt *Runtime) SharePool(names []string) {
	n := 0
	for _, name := range names {
		if services[name].usesDatabase {
			n++
		}
	}
	rt.PoolServices = n
}
