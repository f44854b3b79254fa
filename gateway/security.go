package gateway

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// contentSecurityPolicy allows only the gateway's own origin for scripts, styles, fonts and
// API calls: no inline script, no eval, no plugins, no framing. img-src also allows data: and
// blob: because the image export (html-to-image) draws the page into an SVG data URL and
// hands the finished JPEG out as a data URL. See docs/operations.md, "Security headers".
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; manifest-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// permissionsPolicy turns off the powerful browser features the app never uses.
const permissionsPolicy = "camera=(), microphone=(), geolocation=(), usb=()"

// checkInPermissionsPolicy is the check-in screen's: the door's phone scans the athletes' QR
// codes with its camera (docs/registration.md, "Check-in"), from this origin only. A browser
// applies the policy of the document it loaded, so the app opens that screen with a page load
// of its own, and no other page gets the camera.
const checkInPermissionsPolicy = "camera=(self), microphone=(), geolocation=(), usb=()"

// isCheckInPage says whether path (cleaned) is the check-in screen, /admin/events/{id}/check-in.
func isCheckInPage(path string) bool {
	rest, ok := strings.CutPrefix(path, "/admin/events/")
	if !ok {
		return false
	}
	id, page, _ := strings.Cut(rest, "/")
	return id != "" && page == "check-in"
}

// securityHeaders are set on every response; the values are built once so the hot path only
// assigns them (each slice has len == cap, so a handler's Header().Add copies, never shares).
// A slice, not a map: ranging over a map costs more than the assignments.
type securityHeaders []struct {
	name  string
	value []string
}

// newSecurityHeaders returns the headers; hstsMaxAge > 0 adds Strict-Transport-Security (only
// when the site is reached over HTTPS, which the configuration says).
func newSecurityHeaders(hstsMaxAge time.Duration) securityHeaders {
	h := securityHeaders{
		{"Content-Security-Policy", []string{contentSecurityPolicy}},
		{"X-Content-Type-Options", []string{"nosniff"}},
		{"Referrer-Policy", []string{"same-origin"}},
		{"X-Frame-Options", []string{"DENY"}},
		// The app uses no microphone, location or USB, and the camera on the check-in screen
		// only (static.go): nothing it loads may ask for them.
		{"Permissions-Policy", []string{permissionsPolicy}},
	}
	if hstsMaxAge > 0 {
		h = append(h, securityHeaders{{"Strict-Transport-Security",
			[]string{"max-age=" + strconv.FormatInt(int64(hstsMaxAge/time.Second), 10) + "; includeSubDomains"}}}...)
	}
	return h
}

// withSecurityHeaders sets the security headers before anything else runs, so API answers,
// errors, 404s and static files all carry them.
func withSecurityHeaders(next http.Handler, headers securityHeaders) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, kv := range headers {
			h[kv.name] = kv.value
		}
		next.ServeHTTP(w, r)
	})
}
