package gateway

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		full := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestWebAppServesFilesAndFallsBackToIndex(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"index.html":           "<!doctype html><title>Podium</title>",
		"assets/app-3f2a1b.js": "console.log(1)",
		"favicon.svg":          "<svg/>",
		"robots.txt":           "User-agent: *",
		".vite/manifest.json":  `{"index.html":{}}`,
	})
	app := newWebApp(dir, nil, nil)

	tests := []struct {
		path, cache, body, ctype string
		status                   int
	}{
		{"/assets/app-3f2a1b.js", "public, max-age=31536000, immutable", "console.log(1)", "text/javascript; charset=utf-8", 200},
		{"/admin/events/123", "no-cache", "<!doctype html><title>Podium</title>", "text/html; charset=utf-8", 200},
		{"/", "no-cache", "<!doctype html><title>Podium</title>", "text/html; charset=utf-8", 200},
		{"/index.html", "no-cache", "<!doctype html><title>Podium</title>", "text/html; charset=utf-8", 200},
		{"/favicon.svg", "public, max-age=300", "<svg/>", "image/svg+xml", 200},
		{"/robots.txt", "public, max-age=300", "User-agent: *", "text/plain; charset=utf-8", 200},
		{"/assets/gone-123.js", "", "", "", 404},
		{"/sitemap.xml", "", "", "", 404},
		{"/apple-touch-icon.png", "", "", "", 404},
		{"/.vite/manifest.json", "", "", "", 404},
		{"/.vite/", "", "", "", 404},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
		if rec.Code != tt.status || rec.Header().Get("Cache-Control") != tt.cache || (tt.body != "" && rec.Body.String() != tt.body) {
			t.Errorf("%s: %d %q %q", tt.path, rec.Code, rec.Header().Get("Cache-Control"), rec.Body.String())
		}
		if tt.ctype != "" && rec.Header().Get("Content-Type") != tt.ctype {
			t.Errorf("%s: Content-Type %q, want %q", tt.path, rec.Header().Get("Content-Type"), tt.ctype)
		}
	}
}

func TestWebAppServesPrecompressedFilesByAcceptEncoding(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"index.html":                "<!doctype html>",
		"index.html.br":             "BR-HTML",
		"index.html.gz":             "GZ-HTML",
		"assets/app-1.js":           "plain",
		"assets/app-1.js.br":        "BR",
		"assets/app-1.js.gz":        "GZ",
		"assets/only-gzip-2.css":    "plain-css",
		"assets/only-gzip-2.css.gz": "GZ-CSS",
	})
	app := newWebApp(dir, nil, nil)

	tests := []struct {
		path, accept, encoding, body string
	}{
		{"/assets/app-1.js", "gzip, deflate, br, zstd", "br", "BR"},
		{"/assets/app-1.js", "gzip", "gzip", "GZ"},
		{"/assets/app-1.js", "", "", "plain"},
		{"/assets/app-1.js", "identity", "", "plain"},
		{"/assets/app-1.js", "br;q=0.5, gzip;q=0.8", "gzip", "GZ"},
		{"/assets/app-1.js", "br;q=0, gzip;q=0", "", "plain"},
		{"/assets/app-1.js", "*", "br", "BR"},
		{"/assets/app-1.js", "*;q=0.1, br;q=0", "gzip", "GZ"},
		{"/assets/only-gzip-2.css", "br", "", "plain-css"},
		{"/assets/only-gzip-2.css", "br, gzip", "gzip", "GZ-CSS"},
		{"/", "br, gzip", "br", "BR-HTML"},
		{"/public/events", "gzip", "gzip", "GZ-HTML"},
	}
	for _, tt := range tests {
		req := httptest.NewRequest(http.MethodGet, tt.path, nil)
		if tt.accept != "" {
			req.Header.Set("Accept-Encoding", tt.accept)
		}
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		h := rec.Header()
		if rec.Code != 200 || h.Get("Content-Encoding") != tt.encoding || rec.Body.String() != tt.body {
			t.Errorf("%s with %q: %d encoding %q body %q, want %q %q", tt.path, tt.accept, rec.Code, h.Get("Content-Encoding"), rec.Body.String(), tt.encoding, tt.body)
		}
		if h.Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s with %q: Vary %q", tt.path, tt.accept, h.Get("Vary"))
		}
		if ctype := h.Get("Content-Type"); ctype == "" || ctype == "application/octet-stream" {
			t.Errorf("%s with %q: Content-Type %q names the compressed file", tt.path, tt.accept, ctype)
		}
	}
}
