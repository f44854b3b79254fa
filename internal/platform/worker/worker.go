// Package worker runs a service's background work (mail queues, feeds, due boards): a round at
// once, then every interval and whenever the process nudges it, until the context ends. Several
// replicas may run the same worker; each round takes its own locks. A failed round is logged and
// the next one retries it, so a worker never stops on an error.
package worker

import (
	"context"
	"log/slog"
	"time"
)

// Run runs round until ctx ends: at once, then every interval and when kick fires (nil: never).
// A failure is logged with failing as its message ("heat mails not queued yet; retrying").
func Run(ctx context.Context, log *slog.Logger, interval time.Duration, kick <-chan struct{}, failing string, round func(context.Context) error) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		if err := round(ctx); err != nil && ctx.Err() == nil {
			log.Warn(failing, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		case <-kick:
		}
	}
}

// Kick nudges the worker listening on queue without waiting: one nudge pending is enough.
func Kick(queue chan<- struct{}) {
	select {
	case queue <- struct{}{}:
	default:
	}
}
