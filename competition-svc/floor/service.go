// Package floor owns the competition floor: heats and their seeding, the heat mails to the
// teams, the judges' links and card codes, and the venue's settings for the TVs
// (docs/judging.md, docs/venue.md).
package floor

import (
	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/internal/platform/ratelimit"
)

// service holds the floor's use cases; its RPCs (grpc.go, judgelinks_grpc.go, venue_grpc.go)
// are their only callers.
type service struct {
	*core.Service
	// judgeCodeAttempts limits the judge cards' codes tried (judgecodes.go).
	judgeCodeAttempts *ratelimit.Limiter
}

// Floor implements the floor's RPCs of competitionv1.CompetitionServiceServer.
type Floor struct{ svc *service }

// New returns the floor's RPCs over the shared service core; judgeCodes limits the judge
// cards' codes tried.
func New(c *core.Service, judgeCodes *ratelimit.Limiter) *Floor {
	return &Floor{svc: &service{Service: c, judgeCodeAttempts: judgeCodes}}
}
