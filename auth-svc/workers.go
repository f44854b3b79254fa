package authsvc

import (
	"context"
	"time"
)

// workerPoll is how often a worker looks at its queue for what other replicas queued.
const workerPoll = time.Second

// runQueue runs work until ctx ends: every workerPoll, and at once when kick (a nudge from
// this process: it just queued something) fires. A failure is logged as failing, and retried
// on the next round.
func (s *service) runQueue(ctx context.Context, kick <-chan struct{}, failing string, work func(context.Context) error) {
	ticker := time.NewTicker(workerPoll)
	defer ticker.Stop()
	for {
		if err := work(ctx); err != nil && ctx.Err() == nil {
			s.log.Warn(failing, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		case <-kick:
		}
	}
}

// kick nudges the worker of queue without waiting: one nudge pending is enough.
func kick(queue chan<- struct{}) {
	select {
	case queue <- struct{}{}:
	default:
	}
}
