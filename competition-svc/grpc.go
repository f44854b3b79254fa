package competitionsvc

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/calendar"
	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/crew"
	"github.com/podium-dev/podium/competition-svc/eligibility"
	"github.com/podium-dev/podium/competition-svc/floor"
	"github.com/podium-dev/podium/competition-svc/messages"
	"github.com/podium-dev/podium/competition-svc/money"
	"github.com/podium-dev/podium/competition-svc/push"
	"github.com/podium-dev/podium/competition-svc/registration"
	"github.com/podium-dev/podium/competition-svc/series"
	"github.com/podium-dev/podium/competition-svc/setup"
	"github.com/podium-dev/podium/competition-svc/waivers"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/ratelimit"
)

// Server implements competitionv1.CompetitionServiceServer: it turns requests into use-case
// calls and results into messages. Errors are apperr values; the gRPC server's interceptors
// map them to statuses. The RPCs of a domain package (series/, …) are its Server's, promoted
// here by embedding.
type Server struct {
	unimplemented
	*series.Series
	*floor.Floor
	*crew.Crew
	*registration.Open
	*setup.Setup
	*waivers.Waivers
	*eligibility.Eligibility
	*calendar.Calendar
	*money.Money
	*messages.Messages
	*push.Push
	svc *service
	reg *registration.Server
}

// unimplemented sits one level deeper than the domains' servers, so their methods win over
// its placeholders.
type unimplemented struct {
	competitionv1.UnimplementedCompetitionServiceServer
}

// New returns the CompetitionService implementation.
func New(d Deps) *Server {
	c := newCore(d)
	judgeCodes := ratelimit.New("judge-codes", "card codes tried", d.Redis, d.CodeLimits, d.Namespace, c.Log, c.Now)
	w, el := waivers.New(c), eligibility.New(c)
	reg, open := newRegistration(c, d, w.Gate(), el.Gate())
	return &Server{Series: series.New(c), Floor: floor.New(c, judgeCodes), Crew: crew.New(c), Open: open,
		Setup: setup.New(c), Waivers: w, Eligibility: el, Calendar: calendar.New(c), Money: money.New(c),
		Messages: messages.New(c, w.Gate()), Push: push.New(c, d.Push), svc: &service{Service: c}, reg: reg}
}

// Registration returns the RegistrationService of the same process (registration/).
func (s *Server) Registration() *registration.Server { return s.reg }

// RunPayments makes the queued calls to Stripe until ctx ends (registration/payment_outbox.go).
func (s *Server) RunPayments(ctx context.Context) { s.reg.RunPayments(ctx) }

// RunFinalInvitations sweeps the invitations to the final until ctx ends
// (registration/final_worker.go).
func (s *Server) RunFinalInvitations(ctx context.Context) { s.reg.RunFinalInvitations(ctx) }

// RunErasures applies auth-svc's erasure feed until ctx ends (registration/erasure_feed.go).
func (s *Server) RunErasures(ctx context.Context) { s.reg.RunErasures(ctx) }

// RunPurges delivers queued purges until ctx ends: those a delete could not deliver at once,
// and those of a replica that stopped before it could (core/purges.go).
func (s *Server) RunPurges(ctx context.Context) {
	s.svc.RunEvery(ctx, core.PurgeInterval, "queued purges", s.svc.DeliverPurges)
}

var _ competitionv1.CompetitionServiceServer = (*Server)(nil)
