package security

import (
	"testing"

	"google.golang.org/grpc"

	competitionsvc "github.com/podium-dev/podium/competition-svc"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	registrationv1 "github.com/podium-dev/podium/gen/go/podium/registration/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/authn"
	publicsvc "github.com/podium-dev/podium/public-svc"
	resultssvc "github.com/podium-dev/podium/results-svc"
)

// TestEveryRPCIsClassified: every RPC of the services that hold events is public, internal or
// has an access rule (docs/access.md), so a new RPC cannot skip the grant check by omission.
func TestEveryRPCIsClassified(t *testing.T) {
	for _, svc := range []struct {
		desc   grpc.ServiceDesc
		policy authn.Policy
		rules  access.Rules
	}{
		{competitionv1.CompetitionService_ServiceDesc, competitionsvc.Policy, competitionsvc.Rules},
		{resultsv1.ResultsService_ServiceDesc, resultssvc.Policy, resultssvc.Rules},
		{publicv1.PublicService_ServiceDesc, publicsvc.Policy, publicsvc.Rules},
		{registrationv1.RegistrationService_ServiceDesc, competitionsvc.Policy, competitionsvc.Rules},
	} {
		for _, m := range svc.desc.Methods {
			name := "/" + svc.desc.ServiceName + "/" + m.MethodName
			_, inPolicy := svc.policy[name]
			_, inRules := svc.rules[name]
			if !inPolicy && !inRules {
				t.Errorf("%s has no access rule and is neither public nor internal", name)
			}
		}
	}
}
