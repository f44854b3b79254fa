package gateway

import (
	"bytes"
	"compress/gzip"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// precompressed are the encodings the web build writes next to each compressible file
// (web/build/compress-assets.ts), best first: the client's q-values choose, br wins a tie.
var precompressed = []struct{ coding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// contentTypes names the types Go's table may lack or spell differently on some systems; every
// other file type comes from mime.TypeByExtension.
var contentTypes = map[string]string{
	".webmanifest": "application/manifest+json",
	".ico":         "image/x-icon",
	".txt":         "text/plain; charset=utf-8",
	".svg":         "image/svg+xml",
}

// staticExtensions are file names no client route has: missing ones are 404, not index.html
// (a crawler asking for /sitemap.xml must not get the app).
var staticExtensions = map[string]bool{
	".js": true, ".css": true, ".map": true, ".png": true, ".ico": true, ".svg": true, ".txt": true,
	".xml": true, ".json": true, ".webmanifest": true, ".woff2": true, ".jpg": true, ".webp": true,
}

// newWebApp serves the built web app: hashed files under /assets/ are immutable; every other
// path that is not a file gets index.html, so client routes survive a reload. Every file goes
// out precompressed (br or gzip) when the client accepts it, with Vary: Accept-Encoding. A
// public page's index.html carries its title and description (pagemeta.go; pages may be nil),
// a leaderboard's the preload of its JSON under the event's latest change (boardpreload.go;
// seq may be nil).
func newWebApp(dir string, pages *pageMetas, seq changeSource) http.Handler {
	if dir == "" {
		return http.NotFoundHandler()
	}
	index := filepath.Join(dir, "index.html")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		clean := path.Clean("/" + r.URL.Path)
		if strings.Contains(clean, "/.") {
			// The build's own records (.vite/manifest.json, read by the bundle-size test) are
			// nobody's business: no dot file or folder is served, and none is a client route.
			http.NotFound(w, r)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/embed/") {
			if _, ok := embedEvent(r.URL.Path); !ok {
				// Only the embed pages themselves are served under /embed/ (embed.go): a
				// mistyped or crafted address gets no app page a frame could show.
				http.NotFound(w, r)
				return
			}
		}
		if clean != "/" && clean != "/index.html" {
			name := filepath.Join(dir, filepath.FromSlash(clean))
			if isFile(name) {
				switch {
				case strings.HasPrefix(clean, "/assets/"):
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				case strings.HasSuffix(clean, "-sw.js"):
					// A service worker (the judge screen's, docs/judging.md): a new
					// deployment's must reach the phones at their next visit.
					w.Header().Set("Cache-Control", "no-cache")
				default:
					w.Header().Set("Cache-Control", "public, max-age=300")
				}
				serveFile(w, r, name)
				return
			}
			if strings.HasPrefix(clean, "/assets/") || staticExtensions[path.Ext(clean)] {
				http.NotFound(w, r) // a missing file must not turn into index.html
				return
			}
		}
		if !isFile(index) {
			http.Error(w, "The web app is not built: run `make web`.", http.StatusNotFound)
			return
		}
		// index.html names the current hashed assets: never cache it.
		w.Header().Set("Cache-Control", "no-cache")
		if isCheckInPage(clean) {
			w.Header().Set("Permissions-Policy", checkInPermissionsPolicy)
		}
		m, hasMeta := pages.meta(r.Context(), clean)
		preload := boardPreloadHref(r.Context(), clean, r.URL.Query(), seq)
		if !hasMeta && preload == "" {
			serveFile(w, r, index)
			return
		}
		serveIndexFor(w, r, index, func(b []byte) []byte {
			if hasMeta {
				b = withPageMeta(b, m, pages.image)
			}
			if preload != "" {
				b = withPreload(b, preload)
			}
			return b
		})
	})
}

// serveIndexFor answers with index.html as page rewrites it (its title and description, its
// board's preload), gzipped when the client accepts it (it is a few hundred bytes).
func serveIndexFor(w http.ResponseWriter, r *http.Request, index string, page func([]byte) []byte) {
	b, err := os.ReadFile(index)
	if err != nil {
		http.Error(w, "file not readable", http.StatusInternalServerError)
		return
	}
	b = page(b)
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Add("Vary", "Accept-Encoding")
	if acceptQuality(r.Header.Get("Accept-Encoding"), "gzip") > 0 {
		var z bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&z, gzip.BestSpeed) // a valid level: no error
		_, _ = zw.Write(b)
		if zw.Close() == nil {
			b = z.Bytes()
			h.Set("Content-Encoding", "gzip")
		}
	}
	http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(b))
}

// serveFile answers with the best precompressed variant of name the client accepts, or name
// itself. Content-Type always describes the original file.
func serveFile(w http.ResponseWriter, r *http.Request, name string) {
	h := w.Header()
	ext := filepath.Ext(name)
	ctype, ok := contentTypes[ext]
	if !ok {
		ctype = mime.TypeByExtension(ext)
	}
	chosen, coding := name, ""
	if ctype != "" { // an unknown type would be sniffed from the compressed bytes
		accept := r.Header.Get("Accept-Encoding")
		best := 0.0
		varies := false
		for _, p := range precompressed {
			if !isFile(name + p.suffix) {
				continue
			}
			varies = true
			if q := acceptQuality(accept, p.coding); q > best {
				chosen, coding, best = name+p.suffix, p.coding, q
			}
		}
		if varies {
			h.Add("Vary", "Accept-Encoding")
		}
		h.Set("Content-Type", ctype)
	}
	f, err := os.Open(chosen)
	if err != nil {
		http.Error(w, "file not readable", http.StatusInternalServerError)
		return
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		http.Error(w, "file not readable", http.StatusInternalServerError)
		return
	}
	if coding != "" {
		h.Set("Content-Encoding", coding)
	}
	http.ServeContent(w, r, name, info.ModTime(), f)
}

// acceptQuality is the q-value an Accept-Encoding header gives coding: its own entry, else
// the "*" entry, else 0 (RFC 9110 section 12.5.3).
func acceptQuality(header, coding string) float64 {
	wildcard := 0.0
	for _, entry := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(entry, ";")
		name = strings.TrimSpace(name)
		q := 1.0
		if k, v, found := strings.Cut(strings.TrimSpace(params), "="); found && strings.EqualFold(strings.TrimSpace(k), "q") {
			parsed, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				continue
			}
			q = parsed
		}
		if strings.EqualFold(name, coding) {
			return q
		}
		if name == "*" {
			wildcard = q
		}
	}
	return wildcard
}

func isFile(name string) bool {
	info, err := os.Stat(name)
	return err == nil && !info.IsDir()
}
