package gateway

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"

	"google.golang.org/grpc/metadata"

	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// clientAddress decides the address of the client behind r. The TCP peer is the client unless
// it is one of the trusted proxies (the CDN, the ingress); then X-Forwarded-For is read from
// the right, skipping trusted proxies, and the first address that is not one is the client.
// Entries left of it were written by the client itself and are never believed. With every
// hop trusted, the leftmost address is the client.
func clientAddress(r *http.Request, trusted []netip.Prefix) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	addr := peer.Unmap()
	if !isTrusted(addr, trusted) {
		return addr
	}
	hops := forwardedFor(r.Header)
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(hops[i])
		if err != nil {
			return addr // a hop that is no address: the last one we could check is the client
		}
		addr = hop.Unmap()
		if !isTrusted(addr, trusted) {
			return addr
		}
	}
	return addr
}

func isTrusted(addr netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// forwardedFor lists the X-Forwarded-For hops of every such header, in order.
func forwardedFor(h http.Header) []string {
	var hops []string
	for _, line := range h.Values("X-Forwarded-For") {
		for _, hop := range strings.Split(line, ",") {
			hops = append(hops, strings.TrimSpace(hop))
		}
	}
	return hops
}

// clientAddressMetadata passes the decided client address to the services, which believe it
// only because the call carries the gateway's service credential.
func clientAddressMetadata(trusted []netip.Prefix) func(context.Context, *http.Request) metadata.MD {
	return func(_ context.Context, r *http.Request) metadata.MD {
		addr := clientAddress(r, trusted)
		if !addr.IsValid() {
			return nil
		}
		return svcauth.ClientAddressMetadata(addr)
	}
}
