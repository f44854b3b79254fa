package svcauth

import (
	"context"
	"net/netip"

	"google.golang.org/grpc/metadata"
)

// ClientAddrHeader carries the address of the client the gateway serves. Only the gateway's
// identity may set it: anything else sending it is ignored (ClientAddress).
const ClientAddrHeader = "x-podium-client-addr"

// ClientAddress is the address of the end client of an incoming RPC: the one the gateway
// vouches for, when the verified caller is the gateway and the value is an IP address; ""
// otherwise.
func ClientAddress(ctx context.Context) string {
	if caller, _ := CallerFrom(ctx); caller != Gateway {
		return ""
	}
	md, _ := metadata.FromIncomingContext(ctx)
	v := md.Get(ClientAddrHeader)
	if len(v) != 1 {
		return ""
	}
	addr, err := netip.ParseAddr(v[0])
	if err != nil {
		return ""
	}
	return addr.Unmap().String()
}

// ClientAddressMetadata is the metadata by which the gateway passes on its client's address.
func ClientAddressMetadata(addr netip.Addr) metadata.MD {
	return metadata.Pairs(ClientAddrHeader, addr.Unmap().String())
}
