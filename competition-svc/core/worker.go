package core

import (
	"context"
	"time"

	"github.com/podium-dev/podium/internal/platform/worker"
)

// RunEvery runs work at once and then every interval until ctx ends; a failure is logged as
// what is not done yet, and the next round retries it. The background workers of the service
// share it.
func (s *Service) RunEvery(ctx context.Context, interval time.Duration, what string, work func(context.Context) error) {
	worker.Run(ctx, s.Log, interval, nil, what+" not done yet; retrying", work)
}

// SweepBatch is how many due items a worker's round takes at most.
const SweepBatch = 50
