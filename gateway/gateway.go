// Package gateway is Podium's HTTP front: the grpc-gateway mux for the JSON /api contract,
// request logging and limits, health endpoints and the built web app.
package gateway

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	"github.com/podium-dev/podium/gateway/publiccache"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	registrationv1 "github.com/podium-dev/podium/gen/go/podium/registration/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// Backends are the gRPC connections to the four services.
type Backends struct {
	Auth, Competition, Results, Public *grpc.ClientConn
}

// Pinger reports whether a dependency answers (PostgreSQL for /readyz).
type Pinger interface {
	Ping(ctx context.Context) error
}

// Options configure the gateway.
type Options struct {
	Backends Backends
	// Database is checked by /readyz.
	Database Pinger
	// WebDir holds the built web app; empty serves no web app.
	WebDir string
	// PublicURL is the public site's base URL (PODIUM_PUBLIC_URL): link previews name their
	// image by an absolute address on it.
	PublicURL string
	// PublicCacheTTL bounds how long a public view is served from memory (default 1 s).
	PublicCacheTTL time.Duration
	// BackendTimeout bounds every backend call.
	BackendTimeout time.Duration
	// MaxBodyBytes bounds request bodies; larger ones get 413.
	MaxBodyBytes int64
	Log          *slog.Logger
	// TrustedProxies decide the client address (clientAddress).
	TrustedProxies []netip.Prefix
	// HSTSMaxAge > 0 adds Strict-Transport-Security to every response (HTTPS deployments).
	HSTSMaxAge time.Duration
	// Changes, when set, is the deployment's change channel: the gateway follows it in one
	// receive loop (changes.go) that drops the public cache's copies of every changed event
	// and feeds the live streams; without it there are no streams (404).
	Changes *changes.Channel
	// Streams configure the live streams (stream.go).
	Streams StreamOptions
	// Telemetry traces requests when tracing is on; nil means no tracing. Request metrics are
	// always counted (telemetry's process-wide HTTP metrics).
	Telemetry *telemetry.Telemetry
}

// New returns the gateway's handler.
func New(ctx context.Context, opts Options) (http.Handler, error) {
	mux := runtime.NewServeMux(
		runtime.WithMarshalerOption(runtime.MIMEWildcard, newJSONMarshaler()),
		runtime.WithErrorHandler(writeStatusError),
		runtime.WithRoutingErrorHandler(writeRoutingError),
		runtime.WithIncomingHeaderMatcher(incomingHeaders),
		runtime.WithOutgoingHeaderMatcher(outgoingHeaders),
		runtime.WithMetadata(clientAddressMetadata(opts.TrustedProxies)),
		runtime.WithMiddlewares(nameRoute),
		runtime.WithForwardResponseOption(offerDownload),
	)
	registrations := []struct {
		name     string
		register func(context.Context, *runtime.ServeMux, *grpc.ClientConn) error
		conn     *grpc.ClientConn
	}{
		{"auth", authv1.RegisterAuthServiceHandler, opts.Backends.Auth},
		{"competition", competitionv1.RegisterCompetitionServiceHandler, opts.Backends.Competition},
		{"registration", registrationv1.RegisterRegistrationServiceHandler, opts.Backends.Competition},
		{"results", resultsv1.RegisterResultsServiceHandler, opts.Backends.Results},
		{"public", publicv1.RegisterPublicServiceHandler, opts.Backends.Public},
	}
	for _, r := range registrations {
		if err := r.register(ctx, mux, r.conn); err != nil {
			return nil, fmt.Errorf("register %s routes: %w", r.name, err)
		}
	}

	api := newPublicCache(withBackendDeadline(limitBody(mux, opts.MaxBodyBytes), opts.BackendTimeout), opts)
	hits := newHitSummary(ctx, opts.Log)
	handler := observeRequests(withRequestLog(newRoot(ctx, api, opts), opts.Log, hits))
	if opts.Telemetry != nil && opts.Telemetry.Tracing() {
		handler = opts.Telemetry.HTTPHandler(handler)
	} else {
		handler = answerHits(api, handler, opts.Log, hits)
	}
	return withSecurityHeaders(handler, newSecurityHeaders(opts.HSTSMaxAge)), nil
}

// newRoot routes a request to the /api handler, the live streams, the health checks or the
// web app.
func newRoot(ctx context.Context, api *publiccache.Cache, opts Options) http.Handler {
	health := newHealth(opts.Backends, opts.Database)
	root := http.NewServeMux()
	root.Handle("/api/", api)
	root.Handle("/api", api)
	root.Handle("POST "+stripeWebhookPath, newStripeWebhook(registrationv1.NewRegistrationServiceClient(opts.Backends.Competition), opts.BackendTimeout))
	if opts.Changes != nil {
		live := newStreams(ctx, opts.Changes, opts.Streams, publicv1.NewPublicServiceClient(opts.Backends.Public), opts.TrustedProxies, api.NoteChange, opts.Log)
		root.Handle(streamPath, live)
		root.HandleFunc(seriesStreamPath, live.serveSeries)
		followChanges(ctx, opts.Changes, api, live)
	}
	root.HandleFunc("GET /healthz", health.live)
	root.HandleFunc("GET /readyz", health.ready)
	var pages *pageMetas
	if opts.Backends.Public != nil {
		pages = newPageMetas(publicv1.NewPublicServiceClient(opts.Backends.Public), opts.PublicURL)
	}
	web := newWebApp(opts.WebDir, pages, api.SeqFloor)
	root.Handle("/", web)
	if opts.Backends.Competition != nil {
		root.Handle(embedPrefix, newEmbedFrames(competitionv1.NewCompetitionServiceClient(opts.Backends.Competition)).wrap(web))
	}
	return root
}

// outgoingHeaders passes on only the events a write changed and public-svc's advice on how
// to keep an answer, which the public cache reads and removes.
func outgoingHeaders(key string) (string, bool) {
	if key == changes.ChangedEventsHeader || strings.HasPrefix(key, cache.AdvicePrefix) {
		return key, true
	}
	return "", false
}

// incomingHeaders forwards the request id to the services; the bearer token is forwarded by
// grpc-gateway itself, the client address by clientAddressMetadata.
func incomingHeaders(key string) (string, bool) {
	if strings.EqualFold(key, requestIDHeader) {
		return "x-request-id", true
	}
	return "", false
}
