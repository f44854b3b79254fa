// Package crew owns an event's crew: the volunteers who signed up on its public page, the
// organiser's shifts and who works them, and the judge rotation over the heat schedule
// (docs/crew.md). It reads heats and teams from the store and writes only its own tables.
package crew

import (
	"github.com/podium-dev/podium/competition-svc/core"
)

// service holds the crew's use cases; its RPCs (grpc.go) are their only callers.
type service struct {
	*core.Service
}

// Crew implements the crew's RPCs of competitionv1.CompetitionServiceServer.
type Crew struct{ svc *service }

// New returns the crew's RPCs over the shared service core.
func New(c *core.Service) *Crew {
	return &Crew{svc: &service{Service: c}}
}
