package gateway

import (
	"net/http"
	"net/netip"
	"testing"
)

func TestClientAddressBelievesOnlyTrustedProxies(t *testing.T) {
	t.Parallel()
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("2001:db8::/32")}
	cases := []struct {
		name, peer string
		forwarded  []string
		want       string
	}{
		{"direct client, forged header ignored", "198.51.100.7:5555", []string{"203.0.113.1"}, "198.51.100.7"},
		{"through the ingress", "10.1.2.3:5555", []string{"203.0.113.1"}, "203.0.113.1"},
		{"client-written entries left of the real client", "10.1.2.3:5555", []string{"1.1.1.1, 203.0.113.1"}, "203.0.113.1"},
		{"CDN then ingress", "10.1.2.3:5555", []string{"203.0.113.1, 10.9.9.9"}, "203.0.113.1"},
		{"two header lines", "10.1.2.3:5555", []string{"1.1.1.1", "203.0.113.1"}, "203.0.113.1"},
		{"trusted proxy without header", "10.1.2.3:5555", nil, "10.1.2.3"},
		{"every hop trusted", "10.1.2.3:5555", []string{"10.7.7.7"}, "10.7.7.7"},
		{"garbage hop stops the walk", "10.1.2.3:5555", []string{"203.0.113.1, nonsense"}, "10.1.2.3"},
		{"IPv6 proxy", "[2001:db8::1]:5555", []string{"2001:db8:ffff::1, 192.0.2.44"}, "192.0.2.44"},
		{"IPv4-mapped peer", "[::ffff:10.1.2.3]:5555", []string{"203.0.113.1"}, "203.0.113.1"},
	}
	for _, c := range cases {
		r, _ := http.NewRequest(http.MethodPost, "/api/auth/login", nil)
		r.RemoteAddr = c.peer
		for _, line := range c.forwarded {
			r.Header.Add("X-Forwarded-For", line)
		}
		if got := clientAddress(r, trusted).String(); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	r, _ := http.NewRequest(http.MethodGet, "/", nil)
	r.RemoteAddr = "10.1.2.3:5555"
	r.Header.Set("X-Forwarded-For", "203.0.113.1")
	if got := clientAddress(r, nil).String(); got != "10.1.2.3" {
		t.Errorf("no trusted proxies: %s", got)
	}
}
