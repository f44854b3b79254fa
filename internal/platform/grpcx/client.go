package grpcx

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/backoff"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
)

// MaxMessageBytes bounds one gRPC message. An event of the spec's size (5,000 teams; tested with
// 20 workouts, every result entered: public-svc/largest_event_test.go) needs about 10 MB in its
// biggest answer, the event standings; gRPC's default of 4 MiB is too small for it. The largest
// event allowed (300,000 teams: competition-svc/limits.go) reads its structure, every team, in
// one message, a few hundred bytes a team.
const MaxMessageBytes = 256 << 20

// DefaultDeadline bounds every service-to-service call that has no deadline of its own.
const DefaultDeadline = 10 * time.Second

// reconnect is how soon a connection that failed tries again. gRPC's default waits a second,
// then longer up to two minutes, and fails every call meanwhile: a service started a moment
// before the one it calls (each target starts on its own) or one restarted in a rolling upgrade
// would refuse requests for seconds after the other is back. Within a deployment a refused
// dial is cheap, so the wait starts at 100 ms and never exceeds two seconds; a call that finds
// the connection failing does not wait for the next try but redials at once (redial.go).
var reconnect = grpc.ConnectParams{
	Backoff:           backoff.Config{BaseDelay: 100 * time.Millisecond, Multiplier: 1.6, Jitter: 0.2, MaxDelay: 2 * time.Second},
	MinConnectTimeout: 5 * time.Second,
}

// Dial returns a lazily connecting client for the service at addr; name says which service
// it is in errors and in log, which hears of every Unavailable answer ("results-svc"); every
// call carries the caller's service credential. extra options (instrumentation) apply inside
// the deadline.
func Dial(log *slog.Logger, addr, name string, caller credentials.PerRPCCredentials, extra ...grpc.DialOption) (*grpc.ClientConn, error) {
	opts := append([]grpc.DialOption{
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(MaxMessageBytes), grpc.MaxCallSendMsgSize(MaxMessageBytes)),
		grpc.WithPerRPCCredentials(caller),
		grpc.WithConnectParams(reconnect),
		grpc.WithChainUnaryInterceptor(withDeadline, redialFirst, explainUnavailable(log, name)),
	}, extra...)
	conn, err := grpc.NewClient(addr, opts...)
	if err != nil {
		return nil, fmt.Errorf("dial %s at %s: %w", name, addr, err)
	}
	return conn, nil
}

func withDeadline(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultDeadline)
		defer cancel()
	}
	return invoker(ctx, method, req, reply, cc, opts...)
}
