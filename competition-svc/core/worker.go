package core

import (
	"context"
	"time"
)

// RunEvery runs work every interval until ctx ends; a failure is logged as what is not done
// yet, and the next round retries it. The background workers of the service share it.
func (s *Service) RunEvery(ctx context.Context, interval time.Duration, what string, work func(context.Context) error) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
		if err := work(ctx); err != nil && ctx.Err() == nil {
			s.Log.Warn(what+" not done yet; retrying", "err", err)
		}
	}
}

// SweepBatch is how many due items a worker's round takes at most.
const SweepBatch = 50
