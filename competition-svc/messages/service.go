// Package messages owns what an organiser sends to a group of an event (all athletes, a
// division, a heat, the judges, the athletes with something to do): the recipients resolved
// once and stored, the mails queued through the outbox in the same transaction, and the
// athlete's banner (docs/competition-day.md, "Messages"). It reads registrations, heats and
// the crew from the store and writes only its own tables; a message reaches athletes by mail,
// by push (core.QueuePushes) and by the banner.
package messages

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
)

// WaiverGate names the registrations whose waiver is missing (waivers.Gate).
type WaiverGate interface {
	MissingRegistrations(ctx context.Context, eventID string) (map[string]bool, error)
}

// service holds the messages' use cases; its RPCs (grpc.go) are their only callers.
type service struct {
	*core.Service
	waivers WaiverGate
}

// Messages implements the messages' RPCs of competitionv1.CompetitionServiceServer.
type Messages struct{ svc *service }

// New returns the messages' RPCs over the shared service core.
func New(c *core.Service, waivers WaiverGate) *Messages {
	return &Messages{svc: &service{Service: c, waivers: waivers}}
}
