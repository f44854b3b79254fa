package publicsvc

import (
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/access"
)

// Rules: the admin preview needs a grant on the event (docs/access.md).
var Rules = access.Rules{
	publicv1.PublicService_GetAdminDivisionLeaderboard_FullMethodName: {Level: access.Read, Targets: func(req any) []access.Target {
		r := req.(*publicv1.DivisionLeaderboardRequest)
		return []access.Target{
			// The handler's answer when both are missing, so a hidden event answers the same.
			{Kind: access.Event, IDs: []string{r.GetEventId()}, NotFound: msgDivisionNotFound},
			{Kind: access.Division, IDs: []string{r.GetDivisionId()}, NotFound: msgDivisionNotFound},
		}
	}},
}
