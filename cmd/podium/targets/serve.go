package targets

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/errgroup"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/podium-dev/podium/gateway"
	"github.com/podium-dev/podium/internal/platform/grpcx"
)

// Serve runs the named targets until ctx ends, then shuts them down gracefully: in-flight HTTP
// requests and RPCs finish (up to the shutdown timeout) before the process exits. Each
// service listens on listenAddr(name); the gateway on the HTTP address.
func Serve(ctx context.Context, rt *Runtime, names []string, listenAddr func(name string) string) error {
	defer rt.Close()
	defer rt.Telemetry.Shutdown(context.WithoutCancel(ctx)) //nolint:errcheck // spans lost at exit are only logged by the SDK
	if err := rt.ResolveKeys(); err != nil {
		return err
	}
	g, ctx := errgroup.WithContext(ctx)
	metricsLn, err := net.Listen("tcp", rt.Cfg.MetricsAddr)
	if err != nil {
		return fmt.Errorf("metrics: listen on %s: %w", rt.Cfg.MetricsAddr, err)
	}
	g.Go(func() error { return rt.Telemetry.Serve(ctx, metricsLn, rt.Log, rt.Cfg.Pprof) })
	checksSessions := false
	for _, name := range names {
		if name == Gateway {
			// A gateway on its own never touches PostgreSQL (in a cluster it cannot reach it):
			// its readiness sees the database through the services' health, which follows
			// their own connection. In one process it checks the shared pool directly.
			handler, err := newGateway(ctx, rt, len(names) > 1)
			if err != nil {
				return err
			}
			srv := gateway.NewServer(rt.Cfg.HTTPAddr, handler, gateway.ServerOptions{
				ReadTimeout: rt.Cfg.HTTPReadTimeout, WriteTimeout: rt.Cfg.HTTPWriteTimeout, IdleTimeout: rt.Cfg.HTTPIdleTimeout,
				MaxConnsPerAddress: rt.Cfg.HTTPMaxConnsPerAddress, TrustedProxies: rt.Cfg.TrustedProxies,
			})
			ln, err := net.Listen("tcp", rt.Cfg.HTTPAddr)
			if err != nil {
				return fmt.Errorf("gateway: listen on %s: %w", rt.Cfg.HTTPAddr, err)
			}
			rt.Log.Info("gateway listening", "addr", ln.Addr().String())
			g.Go(func() error { return serveHTTP(ctx, srv, ln, rt.Cfg.ShutdownTimeout) })
			continue
		}
		svc, ok := services[name]
		if !ok {
			return fmt.Errorf("unknown target %q", name)
		}
		verifier, err := rt.Verifier(name)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		var guard grpc.UnaryServerInterceptor
		if svc.access != nil {
			if guard, err = svc.access(ctx, rt); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		srv, hs := grpcx.NewGuardedServer(rt.Log.With("service", name), rt.Callers().Accepting(svc.callers), verifier, svc.policy, guard, rt.Telemetry.ServerOptions()...)
		if err := svc.register(ctx, rt, srv); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		rt.Telemetry.InitializeServer(srv)
		addr := listenAddr(name)
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return fmt.Errorf("%s: listen on %s: %w", name, addr, err)
		}
		if svc.usesDatabase {
			pool, err := rt.Pool(ctx)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			g.Go(func() error { reportDatabaseHealth(ctx, pool, hs); return nil })
		} else {
			hs.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
		}
		rt.Log.Info("service listening", "service", name, "addr", ln.Addr().String())
		g.Go(func() error { return serveGRPC(ctx, srv, ln, rt.Cfg.ShutdownTimeout) })
		checksSessions = true
	}
	if checksSessions {
		// Ended sessions reach this process's session caches at once (docs/access.md).
		g.Go(func() error { return rt.FollowRevocations(ctx) })
	}
	return g.Wait()
}

// reportDatabaseHealth keeps a service's health status in step with its database: a service
// that cannot reach PostgreSQL reports NOT_SERVING, so probes and the gateway's /readyz see it.
func reportDatabaseHealth(ctx context.Context, pool *pgxpool.Pool, hs *health.Server) {
	ticker := time.NewTicker(3 * time.Second)
	defer ticker.Stop()
	for {
		pingCtx, cancel := context.WithTimeout(ctx, 2*time.Second)
		status := healthpb.HealthCheckResponse_SERVING
		if pool.Ping(pingCtx) != nil {
			status = healthpb.HealthCheckResponse_NOT_SERVING
		}
		cancel()
		if ctx.Err() != nil {
			return
		}
		hs.SetServingStatus("", status)
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

func serveHTTP(ctx context.Context, srv *http.Server, ln net.Listener, grace time.Duration) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("gateway shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func serveGRPC(ctx context.Context, srv *grpc.Server, ln net.Listener, grace time.Duration) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	stopped := make(chan struct{})
	go func() {
		srv.GracefulStop()
		close(stopped)
	}()
	select {
	case <-stopped:
	case <-time.After(grace):
		srv.Stop()
	}
	return nil
}
