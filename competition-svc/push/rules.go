package push

import (
	"encoding/base64"
	"net/netip"
	"net/url"
	"slices"
	"strings"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/pushq"
)

const (
	// endpointMax bounds an endpoint: the push services' are a few hundred characters.
	endpointMax = 2000

	msgEndpoint   = "Endpoint must be the https address of the browser's push service"
	msgP256dh     = "p256dh must be the browser's P-256 public key (base64url, 65 bytes)"
	msgAuth       = "auth must be the browser's authentication secret (base64url, 16 bytes)"
	msgPushOff    = "Notifications are not available on this site"
	msgAthleteNow = "Sign in as an athlete"
)

// checkSubscription checks a browser's subscription: an https endpoint (or one of the
// allowed origins) and keys of the sizes RFC 8291 gives them.
func checkSubscription(sub store.PushSubscription, allowed []string) (store.PushSubscription, error) {
	sub.Endpoint = strings.TrimSpace(sub.Endpoint)
	if err := checkEndpoint(sub.Endpoint, allowed); err != nil {
		return sub, err
	}
	sub.P256dh, sub.Auth = strings.TrimSpace(sub.P256dh), strings.TrimSpace(sub.Auth)
	if keyLen(sub.P256dh) != 65 || !strings.HasPrefix(string(mustKey(sub.P256dh)), "\x04") {
		return sub, apperr.Invalid("p256dh", msgP256dh)
	}
	if keyLen(sub.Auth) != 16 {
		return sub, apperr.Invalid("auth", msgAuth)
	}
	return sub, nil
}

// checkEndpoint accepts an http(s) URL on an allowed origin, or an absolute https URL whose
// host is a name or a public address (a name is checked where pushes dial it:
// pushq.PublicClient).
func checkEndpoint(endpoint string, allowed []string) error {
	u, err := url.Parse(endpoint)
	if err != nil || len(endpoint) > endpointMax || u.Host == "" || u.User != nil {
		return apperr.Invalid("endpoint", msgEndpoint)
	}
	if slices.Contains(allowed, u.Scheme+"://"+u.Host) {
		return nil
	}
	if u.Scheme != "https" {
		return apperr.Invalid("endpoint", msgEndpoint)
	}
	if ip, err := netip.ParseAddr(strings.Trim(u.Hostname(), "[]")); err == nil && !pushq.Public(ip) {
		return apperr.Invalid("endpoint", msgEndpoint)
	}
	return nil
}

// keyLen is the length of a base64url value (padded or not), 0 when it is not base64url.
func keyLen(key string) int { return len(mustKey(key)) }

func mustKey(key string) []byte {
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(key, "="))
	if err != nil {
		return nil
	}
	return b
}
