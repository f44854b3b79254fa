// Package eligibility owns who may enter a division (docs/eligibility.md): the age range and
// composition of the division's roster rule, a valid membership in the federation's member
// list the organiser imports for the event, and no drop-back within a series. Each refusal
// names its rule and field; the organiser lets one athlete past one rule with a reason,
// recorded in the activity. It reads divisions, series and registrations from the store and
// writes only its own tables; registration asks it through Gate.
package eligibility

import (
	"github.com/podium-dev/podium/competition-svc/core"
)

// service holds eligibility's use cases; its RPCs (grpc.go) and Gate are their only callers.
type service struct {
	*core.Service
}

// Eligibility implements the eligibility RPCs of competitionv1.CompetitionServiceServer.
type Eligibility struct{ svc *service }

// New returns the eligibility RPCs over the shared service core.
func New(c *core.Service) *Eligibility {
	return &Eligibility{svc: &service{Service: c}}
}

// Gate is what registration asks of eligibility.
func (e *Eligibility) Gate() *Gate { return &Gate{svc: e.svc} }
