package gateway

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// newWebApp serves the built web app: hashed files under /assets/ are immutable; every other
// path that is not a file gets index.html, so client routes survive a reload.
func newWebApp(dir string) http.Handler {
	if dir == "" {
		return http.NotFoundHandler()
	}
	files := http.FileServer(http.Dir(dir))
	index := filepath.Join(dir, "index.html")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		clean := path.Clean("/" + r.URL.Path)
		if clean != "/" {
			if info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(clean))); err == nil && !info.IsDir() {
				if strings.HasPrefix(clean, "/assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "public, max-age=300")
				}
				files.ServeHTTP(w, r)
				return
			}
			if strings.HasPrefix(clean, "/assets/") {
				http.NotFound(w, r) // a missing hashed file must not turn into index.html
				return
			}
		}
		if _, err := os.Stat(index); err != nil {
			http.Error(w, "The web app is not built: run `make web`.", http.StatusNotFound)
			return
		}
		// index.html names the current hashed assets: never cache it.
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFile(w, r, index)
	})
}
