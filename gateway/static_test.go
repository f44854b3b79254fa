package gateway

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestWebAppServesFilesAndFallsBackToIndex(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "assets"), 0o755)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>Podium</title>"), 0o644)
	os.WriteFile(filepath.Join(dir, "assets", "app-3f2a1b.js"), []byte("console.log(1)"), 0o644)
	os.WriteFile(filepath.Join(dir, "favicon.svg"), []byte("<svg/>"), 0o644)
	app := newWebApp(dir)

	tests := []struct {
		path, cache, body string
		status            int
	}{
		{"/assets/app-3f2a1b.js", "public, max-age=31536000, immutable", "console.log(1)", 200},
		{"/admin/events/123", "no-cache", "<!doctype html><title>Podium</title>", 200},
		{"/", "no-cache", "<!doctype html><title>Podium</title>", 200},
		{"/favicon.svg", "public, max-age=300", "<svg/>", 200},
		{"/assets/gone-123.js", "", "", 404},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
		if rec.Code != tt.status || rec.Header().Get("Cache-Control") != tt.cache || (tt.body != "" && rec.Body.String() != tt.body) {
			t.Errorf("%s: %d %q %q", tt.path, rec.Code, rec.Header().Get("Cache-Control"), rec.Body.String())
		}
	}
}
