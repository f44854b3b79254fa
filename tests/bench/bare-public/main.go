// Command bare-public is the ceiling of the public benchmark (scripts/bench-public.sh): a bare
// net/http server that answers every request with the bytes the gateway serves for the hot
// leaderboard and the same response headers, and does nothing else. What it reaches against
// nginx bounds what any change of the gateway's own work can reach.
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8090", "listen address")
	body := flag.String("body", "", "file with the identity body")
	gz := flag.String("gz", "", "file with the gzipped body")
	flag.Parse()
	plain, err := os.ReadFile(*body)
	if err != nil {
		fail(err)
	}
	zipped, err := os.ReadFile(*gz)
	if err != nil {
		fail(err)
	}
	srv := &http.Server{Addr: *addr, Handler: handler(plain, zipped), ReadHeaderTimeout: 10 * time.Second}
	fail(srv.ListenAndServe())
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bare-public:", err)
	os.Exit(1)
}

// handler sets the header values the gateway sends on a public cache hit, built once.
func handler(plain, zipped []byte) http.Handler {
	fixed := map[string][]string{
		"Content-Security-Policy": {"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"},
		"X-Content-Type-Options":  {"nosniff"},
		"Referrer-Policy":         {"same-origin"},
		"X-Frame-Options":         {"DENY"},
		"X-Request-Id":            {"0123456789abcdef"},
		"Cache-Control":           {"public, max-age=5, stale-while-revalidate=30"},
		"Vary":                    {"Accept-Encoding"},
		"Content-Type":            {"application/json"},
	}
	etag, etagZ := []string{`"0123456789abcdefghijklmnopqrstuv"`}, []string{`"0123456789abcdefghijklmnopqrstuv-gz"`}
	lenPlain, lenZipped := []string{strconv.Itoa(len(plain))}, []string{strconv.Itoa(len(zipped))}
	gzipEnc := []string{"gzip"}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for k, v := range fixed {
			h[k] = v
		}
		if ae := r.Header["Accept-Encoding"]; len(ae) > 0 && strings.Contains(ae[0], "gzip") {
			h["Etag"], h["Content-Encoding"], h["Content-Length"] = etagZ, gzipEnc, lenZipped
			w.Write(zipped) //nolint:errcheck // the client went away
			return
		}
		h["Etag"], h["Content-Length"] = etag, lenPlain
		w.Write(plain) //nolint:errcheck // the client went away
	})
}
