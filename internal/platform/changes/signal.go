package changes

import (
	"context"
	"log/slog"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// retries bound the background retries of a public change that failed to publish (about half
// a minute).
var retries = []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second}

// Signal is what a service sends its changes with, after they commit.
type Signal struct {
	ch  *Channel
	log *slog.Logger
}

// NewSignal returns a signal on ch; with a nil ch it only tells the caller of each write.
func NewSignal(ch *Channel, log *slog.Logger) *Signal {
	if log == nil {
		log = slog.Default()
	}
	return &Signal{ch: ch, log: log}
}

// Changed sends one committed change: to the caller of the gRPC call ctx belongs to, and on
// the channel. A Redis failure is not returned (the change is committed): a public one is
// retried in the background, so streams learn of it late rather than never; any other is
// logged, since the gateways see it within their cache TTL. A nil Signal sends nothing.
func (s *Signal) Changed(ctx context.Context, ch Change) {
	if s == nil || ch.EventID == "" {
		return
	}
	grpc.SetHeader(ctx, metadata.Pairs(ChangedEventsHeader, ch.EventID)) //nolint:errcheck // not inside a gRPC call: nobody to tell
	if s.ch == nil {
		return
	}
	ctx = context.WithoutCancel(ctx)
	if _, err := s.ch.Publish(ctx, ch); err != nil {
		if !ch.Public {
			s.log.Warn("change not signalled on redis; gateways see it within their cache TTL", "event", ch.EventID, "err", err)
			return
		}
		s.log.Warn("public change not signalled; retrying", "event", ch.EventID, "err", err)
		go s.retry(ctx, ch)
		return
	}
	telemetry.PublicCacheInvalidations.WithLabelValues("redis").Inc()
}

func (s *Signal) retry(ctx context.Context, ch Change) {
	for _, wait := range retries {
		time.Sleep(wait)
		if _, err := s.ch.Publish(ctx, ch); err == nil {
			telemetry.PublicCacheInvalidations.WithLabelValues("redis").Inc()
			return
		}
	}
	s.log.Error("public change not signalled: open streams learn of it on their next reconnect", "event", ch.EventID)
}
