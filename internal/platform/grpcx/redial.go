package grpcx

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/connectivity"
)

// redialWait bounds how long a call waits for a failing connection it has just redialled.
// A service that is back answers a dial within milliseconds; one still away costs its caller
// this much more before the Unavailable answer.
const redialWait = 500 * time.Millisecond

// redialFirst lets a call that finds its connection failing redial at once instead of waiting
// for the backoff's next try (up to reconnect's two seconds): a request that arrives just after
// the other service came back (a restart, a rolling upgrade) reaches it rather than failing.
func redialFirst(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	if cc.GetState() == connectivity.TransientFailure {
		cc.ResetConnectBackoff()
		wait, cancel := context.WithTimeout(ctx, redialWait)
		awaitReady(wait, cc)
		cancel()
	}
	return invoker(ctx, method, req, reply, cc, opts...)
}

// awaitReady waits until cc is ready, its dial failed again, or ctx ends.
func awaitReady(ctx context.Context, cc *grpc.ClientConn) {
	for s := cc.GetState(); s != connectivity.Ready; {
		if !cc.WaitForStateChange(ctx, s) {
			return
		}
		next := cc.GetState()
		if s == connectivity.Connecting && next == connectivity.TransientFailure {
			return
		}
		s = next
	}
}
