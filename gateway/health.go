package gateway

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

type health struct {
	backends map[string]*grpc.ClientConn
	database Pinger
}

func newHealth(b Backends, db Pinger) *health {
	return &health{
		backends: map[string]*grpc.ClientConn{"auth": b.Auth, "competition": b.Competition, "results": b.Results, "public": b.Public},
		database: db,
	}
}

// live answers as long as the process serves HTTP.
func (h *health) live(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte(`{"status":"ok"}`)) //nolint:errcheck // the client went away
}

// ready checks every backend and PostgreSQL, each with a short deadline.
func (h *health) ready(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	checks := map[string]string{}
	ok := true
	for name, conn := range h.backends {
		resp, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
		switch {
		case err != nil:
			checks[name], ok = "unreachable", false
		case resp.GetStatus() != healthpb.HealthCheckResponse_SERVING:
			checks[name], ok = "not serving", false
		default:
			checks[name] = "ok"
		}
	}
	if h.database != nil {
		if err := h.database.Ping(ctx); err != nil {
			checks["postgres"], ok = "unreachable", false
		} else {
			checks["postgres"] = "ok"
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if !ok {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	json.NewEncoder(w).Encode(map[string]any{"ready": ok, "checks": checks}) //nolint:errcheck // the client went away
}
