// Package push owns Web Push for athletes (docs/competition-day.md, "Web Push"): the VAPID
// public key the web app subscribes with, the signed-in athlete's browsers, and the worker
// that sends the pushes the other domains queue with core.QueuePushes (heat reminders,
// schedule moves, the organisers' messages), deleting a browser its push service says is gone.
package push

import (
	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/internal/platform/pushq"
)

// Config is the deployment's push: its VAPID key pair (none: push is off) and the http
// origins a browser's endpoint may have besides https ones (tests' local push services).
type Config struct {
	PublicKey, PrivateKey, Subject string
	AllowedOrigins                 []string
}

// On reports whether the deployment sends pushes.
func (c Config) On() bool { return c.PublicKey != "" && c.PrivateKey != "" }

// service holds the push use cases; its RPCs (grpc.go) and the worker are their only callers.
type service struct {
	*core.Service
	cfg    Config
	sender pushq.Sender
}

// Push implements the push RPCs of competitionv1.CompetitionServiceServer and runs the worker.
type Push struct{ svc *service }

// New returns the push RPCs over the shared service core.
func New(c *core.Service, cfg Config) *Push {
	return &Push{svc: &service{Service: c, cfg: cfg,
		sender: pushq.Sender{PublicKey: cfg.PublicKey, PrivateKey: cfg.PrivateKey, Subject: cfg.Subject,
			Client: pushq.PublicClient(cfg.AllowedOrigins)}}}
}
