package floor

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The venue's limits (docs/venue.md).
const (
	tvRowsMin, tvRowsMax       = 3, 30
	tvSecondsMin, tvSecondsMax = 3, 300
	embedOriginsMax            = 20
)

var (
	msgTVRows        = fmt.Sprintf("Rows per page must be between %d and %d", tvRowsMin, tvRowsMax)
	msgTVSeconds     = fmt.Sprintf("Seconds per page must be between %d and %d", tvSecondsMin, tvSecondsMax)
	msgTVDivision    = "Division not found in this event"
	msgTVDivisionTwo = "Division is listed twice"
	msgEmbedOrigin   = "Origin must be https://host or https://host:port, without a path"
	msgEmbedTwice    = "Origin is listed twice"
	msgEmbedMany     = fmt.Sprintf("At most %d origins may embed an event", embedOriginsMax)
)

// checkOrigin returns an embedding origin in its canonical form (lower case, no default port),
// or false. Only https://host[:port]: the origin goes into a Content-Security-Policy header,
// so nothing but host characters may pass (no space, ';', ',', quote or wildcard).
func checkOrigin(raw string) (string, bool) {
	s := strings.TrimSpace(raw)
	s = strings.TrimSuffix(s, "/")
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "https" || u.Opaque != "" || u.User != nil || u.Path != "" ||
		u.RawQuery != "" || u.Fragment != "" || strings.ContainsAny(s, "?#") {
		return "", false
	}
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if !validHost(host) {
		return "", false
	}
	if strings.HasSuffix(u.Host, ":") {
		return "", false
	}
	if port != "" {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 || strconv.Itoa(n) != port {
			return "", false
		}
		if n != 443 {
			return "https://" + host + ":" + port, true
		}
	}
	return "https://" + host, true
}

// validHost: dot-separated labels of letters, digits and inner hyphens (a DNS name or an IPv4
// address); at most 253 characters.
func validHost(h string) bool {
	if h == "" || len(h) > 253 {
		return false
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, c := range label {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

// checkEmbedOrigins validates and canonicalises the origin list, naming the entry at fault.
func checkEmbedOrigins(in []string) ([]string, error) {
	if len(in) > embedOriginsMax {
		return nil, apperr.Invalid("embedOrigins", msgEmbedMany)
	}
	out := make([]string, 0, len(in))
	seen := map[string]bool{}
	for i, raw := range in {
		field := fmt.Sprintf("embedOrigins[%d]", i)
		o, ok := checkOrigin(raw)
		if !ok {
			return nil, apperr.Invalid(field, msgEmbedOrigin)
		}
		if seen[o] {
			return nil, apperr.Invalid(field, msgEmbedTwice)
		}
		seen[o] = true
		out = append(out, o)
	}
	return out, nil
}
