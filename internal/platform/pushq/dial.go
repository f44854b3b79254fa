package pushq

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"syscall"
	"time"
)

// A browser's push endpoint is an address an athlete hands us: without a check, a made-up
// subscription would have the server post to anything it can reach (its own database, a
// cloud's metadata service). So pushes go only to public addresses, checked on the address
// each connection actually dials (after DNS, so a name that resolves inward is refused too),
// never through a proxy, never following a redirect. The allowed origins (tests' local push
// services) are the only exceptions.

// errNotPublic is a push endpoint that resolves to an address not on the public internet.
var errNotPublic = errors.New("push endpoint is not a public address")

// PublicClient is the client pushes are sent with: a 30 s timeout, public addresses only,
// except the host:port of each allowed origin ("http://127.0.0.1:9000").
func PublicClient(allowedOrigins []string) *http.Client {
	var allowed []netip.AddrPort
	for _, o := range allowedOrigins {
		if u, err := url.Parse(o); err == nil {
			if ap, err := netip.ParseAddrPort(u.Host); err == nil {
				allowed = append(allowed, ap)
			}
		}
	}
	dialer := &net.Dialer{Timeout: 10 * time.Second, Control: func(_, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return fmt.Errorf("push endpoint %s: %w", address, errNotPublic)
		}
		if slices.Contains(allowed, ap) || Public(ap.Addr()) {
			return nil
		}
		return fmt.Errorf("push endpoint %s: %w", address, errNotPublic)
	}}
	return &http.Client{
		Timeout: 30 * time.Second,
		Transport: &http.Transport{
			Proxy: nil,
			DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				return dialer.DialContext(ctx, network, addr)
			},
			TLSHandshakeTimeout: 10 * time.Second,
			MaxIdleConnsPerHost: 4,
			IdleConnTimeout:     90 * time.Second,
			ForceAttemptHTTP2:   true,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// nonPublic are the ranges that are global unicast to netip yet not the public internet.
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT (RFC 6598)
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking (RFC 2544)
	netip.MustParsePrefix("64:ff9b::/96"),    // NAT64, which would reach any IPv4 address
	netip.MustParsePrefix("64:ff9b:1::/48"),  // local-use NAT64
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
}

// Public reports whether a is an address on the public internet: global unicast, not
// private, loopback, link-local, shared or reserved.
func Public(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsGlobalUnicast() || a.IsPrivate() || a.IsLoopback() || a.IsLinkLocalUnicast() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(a) {
			return false
		}
	}
	return true
}
