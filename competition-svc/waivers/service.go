// Package waivers owns an event's waiver: the organiser's text in versions, each athlete's
// acceptance of a version (typed full name, time, address), the guardian's acceptance for a
// minor by a mailed link, and the signing at the door (docs/waivers.md). It reads the event's
// registrations from the store and writes only its own tables; check-in and the registrations
// list ask it through Gate.
package waivers

import (
	"github.com/podium-dev/podium/competition-svc/core"
)

// service holds the waivers' use cases; its RPCs (grpc.go) and Gate are their only callers.
type service struct {
	*core.Service
}

// Waivers implements the waivers' RPCs of competitionv1.CompetitionServiceServer.
type Waivers struct{ svc *service }

// New returns the waivers' RPCs over the shared service core.
func New(c *core.Service) *Waivers {
	return &Waivers{svc: &service{Service: c}}
}

// Gate is what check-in and the registrations list ask of the waivers.
func (w *Waivers) Gate() *Gate { return &Gate{svc: w.svc} }
