package grpcx

import (
	"context"
	"log/slog"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// An Unavailable status comes either from a Podium service, whose message is its own and meant
// for the client ("The database is unavailable right now…", made by apperr.ToStatus from
// typed errors only), or from grpc-go's transport on the caller's side ("connection error:
// desc = … dial tcp 10.0.3.7:9002: connect: connection refused"), which names addresses. The
// service marks the statuses it sends (markSent), so its caller passes those on and words only
// the transport's; both are logged with the call, so the engineer on call reads what failed
// (docs/operations.md, "A service that is unavailable").

// sentMark is the detail a service adds to the Unavailable statuses it sends.
var sentMark = &errdetails.ErrorInfo{Reason: "PODIUM_SERVICE_STATUS", Domain: "podium"}

// markSent adds sentMark to an Unavailable status that has none yet (one passed on from a
// service further down already has it).
func markSent(st *status.Status) *status.Status {
	if st.Code() != codes.Unavailable || sentByService(st) {
		return st
	}
	if marked, err := st.WithDetails(sentMark); err == nil {
		return marked
	}
	return st
}

// sentByService reports whether a status carries sentMark.
func sentByService(st *status.Status) bool {
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok && info.GetReason() == sentMark.GetReason() && info.GetDomain() == sentMark.GetDomain() {
			return true
		}
	}
	return false
}

// explainUnavailable logs every Unavailable answer of the service called name with the call's
// method and message, passes on the service's own, and replaces the transport's (addresses)
// with a message that names the service.
func explainUnavailable(log *slog.Logger, name string) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		err := invoker(ctx, method, req, reply, cc, opts...)
		st, ok := status.FromError(err)
		if !ok || st.Code() != codes.Unavailable {
			return err
		}
		fromService := sentByService(st)
		log.LogAttrs(ctx, slog.LevelWarn, "service unavailable", slog.String("service", name), slog.String("method", method),
			slog.Bool("answered", fromService), slog.String("message", st.Message()))
		if fromService {
			return err
		}
		return apperr.Unavailablef("The %s service is unavailable right now. Please try again shortly.", name)
	}
}
