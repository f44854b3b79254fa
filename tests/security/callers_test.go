package security

import (
	"context"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"

	authsvc "github.com/podium-dev/podium/auth-svc"
	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionsvc "github.com/podium-dev/podium/competition-svc"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/svcauth"
	publicsvc "github.com/podium-dev/podium/public-svc"
	resultssvc "github.com/podium-dev/podium/results-svc"
)

// TestEveryRPCAcceptsOnlyItsCallers walks every RPC of every service with a credential signed
// with the stack's real service key under every target's name and a made-up one: a caller a
// service does not list for an RPC is refused as if it had no credential, one it lists gets
// past the service check (whatever the call then answers). No RPC lets "evil" in, and no
// internal RPC lets the gateway in (it would hand the internal views to the internet).
func TestEveryRPCAcceptsOnlyItsCallers(t *testing.T) {
	s := stacktest.Start(t)
	services := []struct {
		desc    grpc.ServiceDesc
		addr    string
		policy  authn.Policy
		callers svcauth.Callers
	}{
		{authv1.AuthService_ServiceDesc, s.Cfg.AuthAddr, authsvc.Policy, authsvc.Callers},
		{competitionv1.CompetitionService_ServiceDesc, s.Cfg.CompetitionAddr, competitionsvc.Policy, competitionsvc.Callers},
		{resultsv1.ResultsService_ServiceDesc, s.Cfg.ResultsAddr, resultssvc.Policy, resultssvc.Callers},
		{publicv1.PublicService_ServiceDesc, s.Cfg.PublicAddr, publicsvc.Policy, publicsvc.Callers},
	}
	names := []string{svcauth.Gateway, "auth", "competition", "results", "public", "evil"}
	calls := 0
	for _, svc := range services {
		if len(svc.desc.Streams) > 0 {
			t.Errorf("%s has streaming RPCs this walk does not cover", svc.desc.ServiceName)
		}
		for method := range svc.callers {
			if svc.policy[method] != authn.Internal {
				t.Errorf("%s lists callers for %s, which is no internal RPC", svc.desc.ServiceName, method)
			}
		}
		for _, caller := range names {
			conn := s.DialService(caller, svc.desc.ServiceName, svc.addr)
			for _, m := range svc.desc.Methods {
				method := "/" + svc.desc.ServiceName + "/" + m.MethodName
				internal := svc.policy[method] == authn.Internal
				if _, listed := svc.callers[method]; internal && !listed {
					t.Errorf("%s: an internal RPC without its list of callers", method)
				}
				// An empty message is a valid request of every type: the services refuse or
				// answer it, nothing else.
				err := conn.Invoke(context.Background(), method, &emptypb.Empty{}, &emptypb.Empty{})
				calls++
				refused := status.Code(err) == codes.Unauthenticated && status.Convert(err).Message() == svcauth.RefusedMessage
				want := !svc.callers.Allows(method, caller)
				if caller == "evil" || (internal && caller == svcauth.Gateway) {
					want = true
				}
				if refused != want {
					t.Errorf("%s as %q: %v; want refused %v", method, caller, err, want)
				}
			}
		}
	}
	t.Logf("%d calls", calls)
}
