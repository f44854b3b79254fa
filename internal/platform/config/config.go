// Package config loads Podium's configuration from the environment, once, into a typed struct.
//
// Every variable is optional in development: the defaults serve a local PostgreSQL on
// 127.0.0.1:5432 and Redis on 127.0.0.1:6379. Secrets (the token keys) have no production
// default: outside dev mode a missing key is a startup error, reported together with every
// other missing or invalid variable.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is the effective configuration of a podium process.
type Config struct {
	// DevMode allows generated token keys; `podium all` turns it on unless PODIUM_DEV_MODE=false.
	DevMode bool

	DatabaseURL string
	RedisURL    string

	// HTTPAddr is where the gateway listens.
	HTTPAddr string
	// GRPCListen is where a single-target process (podium auth|competition|…) listens: the
	// loopback by default, so a service is never reachable from the network by accident
	// (k8s and docker-compose set it explicitly).
	GRPCListen string
	// Service addresses: where each gRPC service is reached (and where `podium all` serves it).
	AuthAddr, CompetitionAddr, ResultsAddr, PublicAddr string

	// JWTPrivateKey and JWTPublicKey are PEM-encoded Ed25519 keys. Only auth-svc needs the
	// private key; every other target verifies with the public key.
	JWTPrivateKey Secret
	JWTPublicKey  string
	JWTIssuer     string
	JWTAudience   string
	TokenTTL      time.Duration

	// ServiceKey signs and checks the service credential of every internal RPC (svcauth);
	// every target needs it outside dev mode.
	ServiceKey Secret
	// TrustedProxies are the proxies (CDN, ingress) whose X-Forwarded-For the gateway believes
	// when it decides a client's address; empty: the TCP peer is the client.
	TrustedProxies []netip.Prefix

	// LoginMaxFailures failed logins for one username from one address lock that pair for
	// LoginLockout; LoginMaxAddressFailures lock an address (any username),
	// LoginMaxUsernameFailures a username (any address); LoginMaxGlobalFailures per minute
	// stop every sign-in for the rest of that minute.
	LoginMaxFailures         int
	LoginMaxAddressFailures  int
	LoginMaxUsernameFailures int
	LoginMaxGlobalFailures   int
	LoginLockout             time.Duration
	// SignUpMaxPerAddress athlete sign-ups from one client address per SignUpWindow; the
	// next one answers 429 (docs/access.md, "Athletes").
	SignUpMaxPerAddress int
	SignUpWindow        time.Duration

	// MetricsAddr is where /metrics is served: its own listener, never the public port.
	MetricsAddr string
	// Pprof adds Go's profiler (/debug/pprof/) to the metrics listener: for measuring
	// (make bench), never for an exposed metrics port.
	Pprof bool
	// OTLPEndpoint, when set, turns tracing on and is where spans go (the standard
	// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT).
	OTLPEndpoint string

	// SMTPURL, when set, is the mail server the mail workers send through
	// (smtp[s]://user:password@host:port); without it mails stay queued and admins read them
	// on the Outbox page. MailFrom is the From of every mail; PublicURL is the public site's
	// base URL, the start of every link in a mail.
	SMTPURL Secret
	// StripeSecretKey and StripeWebhookSecret, set together, turn on online payment
	// (docs/registration.md, "Payment"); without them fees are marked paid by hand.
	// StripeAPIURL replaces Stripe's API address (tests: stripe-mock).
	StripeSecretKey     Secret
	StripeWebhookSecret Secret
	StripeAPIURL        string
	MailFrom            string
	PublicURL           string

	// VAPIDPublicKey and VAPIDPrivateKey (base64url P-256, set together) sign the Web Push
	// of competition-svc (push.go); without them push is off outside dev mode, and `podium
	// all` in dev mode generates a pair once and keeps it in the database. VAPIDSubject is
	// the contact in every push (default: PushSubject). PushAllowedOrigins are http origins a
	// browser's push endpoint may have besides https ones (tests' local push services).
	VAPIDPublicKey     string
	VAPIDPrivateKey    Secret
	VAPIDSubject       string
	PushAllowedOrigins []string

	// HSTSMaxAge > 0 sends Strict-Transport-Security: set it only when every visitor reaches
	// the gateway over HTTPS (TLS ends at the ingress or a proxy in front of it).
	HSTSMaxAge time.Duration

	WebDir string
	// PublicCacheTTL is how long a gateway serves a public view from memory without asking
	// public-svc again: the bound on staleness when change signals are lost.
	PublicCacheTTL time.Duration
	// PublicBuildWait is how long a public-svc request waits for the view another replica is
	// building before it builds the view itself.
	PublicBuildWait time.Duration
	// StreamMax caps the live streams one gateway holds (beyond it: 503 with Retry-After);
	// StreamHeartbeat is how often an idle stream sends a comment so proxies keep it open.
	StreamMax       int
	StreamHeartbeat time.Duration
	// StreamMaxPerAddress caps the live streams of one client address (beyond it: 429 with
	// Retry-After), so one address cannot take every place of a gateway.
	StreamMaxPerAddress int
	// HTTPReadTimeout, HTTPWriteTimeout and HTTPIdleTimeout bound reading a whole request,
	// writing its answer (live streams excepted) and an idle keep-alive connection;
	// HTTPMaxConnsPerAddress caps one client address's open connections (gateway/slowclients.go).
	HTTPReadTimeout        time.Duration
	HTTPWriteTimeout       time.Duration
	HTTPIdleTimeout        time.Duration
	HTTPMaxConnsPerAddress int
	BackendTimeout         time.Duration
	MaxBodyBytes           int64
	ShutdownTimeout        time.Duration
	LogLevel               slog.Level
	LogFormat              string
}

// Secret is a string that never prints.
type Secret string

func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return "[redacted]"
}

// LogValue keeps secrets out of structured logs.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }

// Load reads the configuration from the environment. devMode is the default for PODIUM_DEV_MODE.
// Every problem is reported in one error.
func Load(devMode bool) (Config, error) {
	return LoadFrom(os.LookupEnv, devMode)
}

// LoadFrom is Load with another source of variables (tests run several stacks in one process).
func LoadFrom(lookup func(string) (string, bool), devMode bool) (Config, error) {
	r := reader{lookup: lookup}
	base := r.int("PODIUM_GRPC_PORT_BASE", 9100)
	addr := func(offset int) string { return fmt.Sprintf("127.0.0.1:%d", base+offset) }
	c := Config{
		DevMode:                  r.bool("PODIUM_DEV_MODE", devMode),
		DatabaseURL:              r.str("PODIUM_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/podium?sslmode=disable"),
		RedisURL:                 r.str("PODIUM_REDIS_URL", "redis://127.0.0.1:6379/0"),
		HTTPAddr:                 r.str("PODIUM_HTTP_ADDR", ":8080"),
		GRPCListen:               r.str("PODIUM_GRPC_LISTEN", "127.0.0.1:9090"),
		AuthAddr:                 r.str("PODIUM_AUTH_ADDR", addr(1)),
		CompetitionAddr:          r.str("PODIUM_COMPETITION_ADDR", addr(2)),
		ResultsAddr:              r.str("PODIUM_RESULTS_ADDR", addr(3)),
		PublicAddr:               r.str("PODIUM_PUBLIC_ADDR", addr(4)),
		JWTPrivateKey:            Secret(r.str("PODIUM_JWT_PRIVATE_KEY", "")),
		JWTPublicKey:             r.str("PODIUM_JWT_PUBLIC_KEY", ""),
		JWTIssuer:                r.str("PODIUM_JWT_ISSUER", "podium"),
		JWTAudience:              r.str("PODIUM_JWT_AUDIENCE", "podium-admin"),
		TokenTTL:                 r.duration("PODIUM_TOKEN_TTL", 12*time.Hour),
		ServiceKey:               Secret(r.str("PODIUM_SERVICE_KEY", "")),
		TrustedProxies:           r.prefixes("PODIUM_TRUSTED_PROXIES"),
		LoginMaxFailures:         r.int("PODIUM_LOGIN_MAX_FAILURES", 5),
		LoginLockout:             r.duration("PODIUM_LOGIN_LOCKOUT", 15*time.Minute),
		LoginMaxAddressFailures:  r.int("PODIUM_LOGIN_MAX_ADDRESS_FAILURES", 20),
		LoginMaxUsernameFailures: r.int("PODIUM_LOGIN_MAX_USERNAME_FAILURES", 50),
		LoginMaxGlobalFailures:   r.int("PODIUM_LOGIN_MAX_GLOBAL_FAILURES", 600),
		SignUpMaxPerAddress:      r.int("PODIUM_SIGNUP_MAX_PER_ADDRESS", 20),
		SignUpWindow:             r.duration("PODIUM_SIGNUP_WINDOW", 15*time.Minute),
		MetricsAddr:              r.str("PODIUM_METRICS_ADDR", "127.0.0.1:9464"),
		Pprof:                    r.bool("PODIUM_PPROF", false),
		OTLPEndpoint:             r.str("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", r.str("OTEL_EXPORTER_OTLP_ENDPOINT", "")),
		WebDir:                   r.str("PODIUM_WEB_DIR", "web/dist"),
		HSTSMaxAge:               r.duration("PODIUM_HSTS_MAX_AGE", 0),
		SMTPURL:                  Secret(r.str("PODIUM_SMTP_URL", "")),
		StripeSecretKey:          Secret(r.str("PODIUM_STRIPE_SECRET_KEY", "")),
		StripeWebhookSecret:      Secret(r.str("PODIUM_STRIPE_WEBHOOK_SECRET", "")),
		StripeAPIURL:             r.str("PODIUM_STRIPE_API_URL", ""),
		MailFrom:                 r.str("PODIUM_MAIL_FROM", "Podium <no-reply@localhost>"),
		PublicURL:                strings.TrimRight(r.str("PODIUM_PUBLIC_URL", "http://localhost:8080"), "/"),
		PublicCacheTTL:           r.duration("PODIUM_PUBLIC_CACHE_TTL", time.Second),
		PublicBuildWait:          r.duration("PODIUM_PUBLIC_BUILD_WAIT", 300*time.Millisecond),
		StreamMax:                r.int("PODIUM_STREAM_MAX", 20000),
		StreamHeartbeat:          r.duration("PODIUM_STREAM_HEARTBEAT", 25*time.Second),
		StreamMaxPerAddress:      r.int("PODIUM_STREAM_MAX_PER_ADDRESS", 20),
		HTTPReadTimeout:          r.duration("PODIUM_HTTP_READ_TIMEOUT", 30*time.Second),
		HTTPWriteTimeout:         r.duration("PODIUM_HTTP_WRITE_TIMEOUT", 60*time.Second),
		HTTPIdleTimeout:          r.duration("PODIUM_HTTP_IDLE_TIMEOUT", 60*time.Second),
		HTTPMaxConnsPerAddress:   r.int("PODIUM_HTTP_MAX_CONNS_PER_ADDRESS", 100),
		BackendTimeout:           r.duration("PODIUM_BACKEND_TIMEOUT", 10*time.Second),
		MaxBodyBytes:             int64(r.int("PODIUM_MAX_BODY_BYTES", 1<<20)),
		ShutdownTimeout:          r.duration("PODIUM_SHUTDOWN_TIMEOUT", 20*time.Second),
		LogLevel:                 r.level("PODIUM_LOG_LEVEL", slog.LevelInfo),
		LogFormat:                r.oneOf("PODIUM_LOG_FORMAT", "text", "text", "json"),
	}
	for name, n := range map[string]int{
		"PODIUM_LOGIN_MAX_FAILURES": c.LoginMaxFailures, "PODIUM_LOGIN_MAX_ADDRESS_FAILURES": c.LoginMaxAddressFailures,
		"PODIUM_LOGIN_MAX_USERNAME_FAILURES": c.LoginMaxUsernameFailures, "PODIUM_LOGIN_MAX_GLOBAL_FAILURES": c.LoginMaxGlobalFailures,
		"PODIUM_STREAM_MAX_PER_ADDRESS": c.StreamMaxPerAddress, "PODIUM_SIGNUP_MAX_PER_ADDRESS": c.SignUpMaxPerAddress, "PODIUM_HTTP_MAX_CONNS_PER_ADDRESS": c.HTTPMaxConnsPerAddress,
	} {
		if n < 1 {
			r.fail(name, "must be at least 1")
		}
	}
	if c.ServiceKey != "" && len(c.ServiceKey) < 32 {
		r.fail("PODIUM_SERVICE_KEY", "must be at least 32 characters (podium service-key prints one)")
	}
	if c.OTLPEndpoint != "" && !strings.Contains(c.OTLPEndpoint, "://") {
		r.fail("OTEL_EXPORTER_OTLP_ENDPOINT", fmt.Sprintf("must be a URL such as http://otel-collector:4317, got %q", c.OTLPEndpoint))
	}
	if (c.StripeSecretKey == "") != (c.StripeWebhookSecret == "") {
		r.fail("PODIUM_STRIPE_WEBHOOK_SECRET", "PODIUM_STRIPE_SECRET_KEY and PODIUM_STRIPE_WEBHOOK_SECRET are set together (a payment nobody confirms would never count)")
	}
	if c.SignUpWindow <= 0 {
		r.fail("PODIUM_SIGNUP_WINDOW", "must be positive")
	}
	if c.PublicCacheTTL <= 0 {
		r.fail("PODIUM_PUBLIC_CACHE_TTL", "must be positive")
	}
	if c.StreamMax < 0 {
		r.fail("PODIUM_STREAM_MAX", "must not be negative (0 refuses every live stream)")
	}
	if c.StreamHeartbeat < time.Second {
		r.fail("PODIUM_STREAM_HEARTBEAT", "must be at least 1s")
	}
	for name, d := range map[string]time.Duration{
		"PODIUM_HTTP_READ_TIMEOUT": c.HTTPReadTimeout, "PODIUM_HTTP_WRITE_TIMEOUT": c.HTTPWriteTimeout, "PODIUM_HTTP_IDLE_TIMEOUT": c.HTTPIdleTimeout,
	} {
		if d < 100*time.Millisecond {
			r.fail(name, "must be at least 100ms")
		}
	}
	r.readPush(&c)
	r.checkMail(c)
	r.checkPush(c)
	if c.MaxBodyBytes < 1024 {
		r.fail("PODIUM_MAX_BODY_BYTES", "must be at least 1024")
	}
	return c, errors.Join(r.errs...)
}

// RequireSigningKey reports a missing private key outside dev mode (auth-svc).
func (c Config) RequireSigningKey() error {
	if c.JWTPrivateKey == "" && !c.DevMode {
		return errors.New("config: PODIUM_JWT_PRIVATE_KEY is required outside dev mode")
	}
	return nil
}

// RequireVerifyKey reports a missing public key outside dev mode (every other target).
func (c Config) RequireVerifyKey() error {
	if c.JWTPublicKey == "" && !c.DevMode {
		return errors.New("config: PODIUM_JWT_PUBLIC_KEY is required outside dev mode")
	}
	return nil
}

// RequireServiceKey reports a missing service key outside dev mode (every target).
func (c Config) RequireServiceKey() error {
	if c.ServiceKey == "" && !c.DevMode {
		return errors.New("config: PODIUM_SERVICE_KEY is required outside dev mode")
	}
	return nil
}

// LogAttrs is the effective configuration for the start-up log line, secrets redacted.
func (c Config) LogAttrs() []any {
	return []any{
		"devMode", c.DevMode,
		"databaseURL", redactURL(c.DatabaseURL),
		"redisURL", redactURL(c.RedisURL),
		"httpAddr", c.HTTPAddr, "grpcListen", c.GRPCListen,
		"authAddr", c.AuthAddr, "competitionAddr", c.CompetitionAddr,
		"resultsAddr", c.ResultsAddr, "publicAddr", c.PublicAddr,
		"jwtPrivateKey", c.JWTPrivateKey, "jwtPublicKeySet", c.JWTPublicKey != "",
		"jwtIssuer", c.JWTIssuer, "jwtAudience", c.JWTAudience, "tokenTTL", c.TokenTTL,
		"serviceKey", c.ServiceKey, "trustedProxies", c.TrustedProxies,
		"loginMaxFailures", c.LoginMaxFailures, "loginMaxAddressFailures", c.LoginMaxAddressFailures,
		"loginMaxUsernameFailures", c.LoginMaxUsernameFailures, "loginMaxGlobalFailures", c.LoginMaxGlobalFailures,
		"loginLockout", c.LoginLockout, "signUpMaxPerAddress", c.SignUpMaxPerAddress, "signUpWindow", c.SignUpWindow,
		"metricsAddr", c.MetricsAddr, "pprof", c.Pprof, "otlpEndpoint", c.OTLPEndpoint,
		"smtpURL", redactURL(string(c.SMTPURL)), "mailFrom", c.MailFrom, "publicURL", c.PublicURL,
		"vapidPublicKey", c.VAPIDPublicKey, "vapidPrivateKey", c.VAPIDPrivateKey, "vapidSubject", c.PushSubject(),
		"pushAllowedOrigins", c.PushAllowedOrigins,
		"stripeSecretKey", c.StripeSecretKey, "stripeWebhookSecret", c.StripeWebhookSecret, "stripeAPIURL", c.StripeAPIURL,
		"hstsMaxAge", c.HSTSMaxAge, "webDir", c.WebDir, "publicCacheTTL", c.PublicCacheTTL, "publicBuildWait", c.PublicBuildWait,
		"streamMax", c.StreamMax, "streamHeartbeat", c.StreamHeartbeat, "streamMaxPerAddress", c.StreamMaxPerAddress,
		"httpReadTimeout", c.HTTPReadTimeout, "httpWriteTimeout", c.HTTPWriteTimeout, "httpIdleTimeout", c.HTTPIdleTimeout,
		"httpMaxConnsPerAddress", c.HTTPMaxConnsPerAddress, "backendTimeout", c.BackendTimeout, "maxBodyBytes", c.MaxBodyBytes,
		"shutdownTimeout", c.ShutdownTimeout, "logLevel", c.LogLevel.String(), "logFormat", c.LogFormat,
	}
}

// redactURL hides a password in a connection URL.
func redactURL(raw string) string {
	scheme, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return raw
	}
	creds, host, ok := strings.Cut(rest, "@")
	if !ok {
		return raw
	}
	if user, _, hasPassword := strings.Cut(creds, ":"); hasPassword {
		return scheme + "://" + user + ":[redacted]@" + host
	}
	return raw
}

// reader collects every problem instead of stopping at the first.
type reader struct {
	lookup func(string) (string, bool)
	errs   []error
}

func (r *reader) fail(name, problem string) {
	r.errs = append(r.errs, fmt.Errorf("config: %s %s", name, problem))
}

func (r *reader) str(name, def string) string {
	if v, ok := r.lookup(name); ok && strings.TrimSpace(v) != "" {
		return strings.TrimSpace(v)
	}
	return def
}

func (r *reader) int(name string, def int) int {
	v := r.str(name, "")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		r.fail(name, fmt.Sprintf("must be a whole number, got %q", v))
		return def
	}
	return n
}

// prefixes reads a comma-separated list of CIDRs; a bare address is a single-address prefix.
func (r *reader) prefixes(name string) []netip.Prefix {
	var out []netip.Prefix
	for _, part := range strings.Split(r.str(name, ""), ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			a, aerr := netip.ParseAddr(part)
			if aerr != nil {
				r.fail(name, fmt.Sprintf("must be a comma-separated list of CIDRs such as 10.0.0.0/8, got %q", part))
				continue
			}
			a = a.Unmap()
			p = netip.PrefixFrom(a, a.BitLen())
		}
		out = append(out, p.Masked())
	}
	return out
}

func (r *reader) bool(name string, def bool) bool {
	v := r.str(name, "")
	if v == "" {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		r.fail(name, fmt.Sprintf("must be true or false, got %q", v))
		return def
	}
	return b
}

func (r *reader) duration(name string, def time.Duration) time.Duration {
	v := r.str(name, "")
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		r.fail(name, fmt.Sprintf("must be a positive duration such as 10s, got %q", v))
		return def
	}
	return d
}

func (r *reader) level(name string, def slog.Level) slog.Level {
	v := r.str(name, "")
	if v == "" {
		return def
	}
	var l slog.Level
	if err := l.UnmarshalText([]byte(v)); err != nil {
		r.fail(name, fmt.Sprintf("must be debug, info, warn or error, got %q", v))
		return def
	}
	return l
}

func (r *reader) oneOf(name, def string, allowed ...string) string {
	v := r.str(name, def)
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	r.fail(name, fmt.Sprintf("must be one of %s, got %q", strings.Join(allowed, ", "), v))
	return def
}
