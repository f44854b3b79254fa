package gateway_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
)

// Every answer of the gateway carries the security headers: API successes and errors, routing
// 404s, health checks, static files, the app's HTML and the web app's own errors.
func TestEveryResponseCarriesTheSecurityHeaders(t *testing.T) {
	t.Parallel()
	web := t.TempDir()
	if err := os.MkdirAll(filepath.Join(web, "assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"index.html":         "<!doctype html><title>Podium</title>",
		"assets/app-1.js":    "console.log(1)",
		"assets/app-1.js.gz": "gzip bytes",
	} {
		if err := os.WriteFile(filepath.Join(web, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_WEB_DIR": web}})

	requests := []struct {
		method, path, body, token string
		status                    int
	}{
		{http.MethodGet, "/api/public/events", "", "", http.StatusOK},
		{http.MethodGet, "/api/public/events", "", "", http.StatusOK}, // a public cache hit
		{http.MethodHead, "/assets/app-1.js", "", "", http.StatusOK},
		{http.MethodGet, "/api/events", "", s.Token, http.StatusOK},
		{http.MethodGet, "/api/events", "", "", http.StatusUnauthorized},
		{http.MethodPost, "/api/auth/login", `{"username": `, "", http.StatusBadRequest},
		{http.MethodGet, "/api/no-such-route", "", "", http.StatusNotFound},
		{http.MethodGet, "/api/public/events/00000000-0000-0000-0000-000000000000", "", "", http.StatusNotFound},
		{http.MethodGet, "/healthz", "", "", http.StatusOK},
		{http.MethodGet, "/readyz", "", "", http.StatusOK},
		{http.MethodGet, "/", "", "", http.StatusOK},
		{http.MethodGet, "/public/events", "", "", http.StatusOK},
		{http.MethodGet, "/assets/app-1.js", "", "", http.StatusOK},
		{http.MethodGet, "/assets/missing-2.js", "", "", http.StatusNotFound},
		{http.MethodGet, "/favicon.ico", "", "", http.StatusNotFound},
		{http.MethodPost, "/public/events", "{}", "", http.StatusMethodNotAllowed},
	}
	for _, rq := range requests {
		var body any
		if rq.body != "" {
			body = rq.body
		}
		resp := s.DoWithHeaders(rq.method, rq.path, body, rq.token, map[string]string{"Accept-Encoding": "gzip"})
		if resp.Status != rq.status {
			t.Errorf("%s %s: status %d, want %d", rq.method, rq.path, resp.Status, rq.status)
		}
		h := resp.Header
		csp := h.Get("Content-Security-Policy")
		for _, directive := range []string{"default-src 'self'", "script-src 'self';", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, directive) {
				t.Errorf("%s %s: CSP %q lacks %q", rq.method, rq.path, csp, directive)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("%s %s: CSP allows inline script or eval: %q", rq.method, rq.path, csp)
		}
		want := map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY",
			"Permissions-Policy": "camera=(), microphone=(), geolocation=(), usb=()"}
		for k, v := range want {
			if got := h.Values(k); len(got) != 1 || got[0] != v {
				t.Errorf("%s %s: %s = %q, want %q", rq.method, rq.path, k, got, v)
			}
		}
		if h.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s %s: HSTS sent without PODIUM_HSTS_MAX_AGE", rq.method, rq.path)
		}
	}
}

func TestHSTSWhenConfiguredForTLS(t *testing.T) {
	t.Parallel()
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_HSTS_MAX_AGE": "8760h"}})
	for _, path := range []string{"/healthz", "/api/public/events", "/api/no-such-route"} {
		resp := s.Do(http.MethodGet, path, nil, "")
		if got := resp.Header.Get("Strict-Transport-Security"); got != "max-age=31536000; includeSubDomains" {
			t.Errorf("%s: Strict-Transport-Security %q", path, got)
		}
	}
}

// The check-in screen's page may use the camera, from the site's own origin, for the door's QR
// scanner; no other page may (docs/operations.md, "Security headers").
func TestOnlyTheCheckInScreenMayUseTheCamera(t *testing.T) {
	t.Parallel()
	web := t.TempDir()
	if err := os.WriteFile(filepath.Join(web, "index.html"), []byte("<!doctype html><title>Podium</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_WEB_DIR": web}})
	const id = "5d1c9c2e-8a54-4a8e-9a43-2d5c1d8f0a11"
	for path, want := range map[string]string{
		"/admin/events/" + id + "/check-in":   "camera=(self), microphone=(), geolocation=(), usb=()",
		"/admin/events/" + id + "/check-in/":  "camera=(self), microphone=(), geolocation=(), usb=()",
		"/admin/events/" + id:                 "camera=(), microphone=(), geolocation=(), usb=()",
		"/admin/events/" + id + "/check-ins":  "camera=(), microphone=(), geolocation=(), usb=()",
		"/admin/events/" + id + "/check-in/x": "camera=(), microphone=(), geolocation=(), usb=()",
		"/public/events/" + id + "/check-in":  "camera=(), microphone=(), geolocation=(), usb=()",
		"/embed/events/" + id + "/check-in":   "camera=(), microphone=(), geolocation=(), usb=()",
		"/api/events/" + id + "/check-in":     "camera=(), microphone=(), geolocation=(), usb=()",
		"/admin/events//check-in":             "camera=(), microphone=(), geolocation=(), usb=()",
	} {
		r := s.Do(http.MethodGet, path, nil, "")
		if got := r.Header.Values("Permissions-Policy"); len(got) != 1 || got[0] != want {
			t.Errorf("%s (%d): Permissions-Policy %q, want %q", path, r.Status, got, want)
		}
	}
}
