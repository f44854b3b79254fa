package gateway

import (
	"context"
	"sync"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

const (
	// publicEventTTL is how long an answer of publicEvents is kept; a change pushed for the
	// event (publishing it, say) forgets it sooner.
	publicEventTTL = 10 * time.Second
	// publicEventMaxKept bounds the answers kept: ids are the client's choice, so a flood of
	// made-up ones must not grow the memory without end.
	publicEventMaxKept = 4096
)

// publicEvents answers whether an event's public site exists, which decides whether its live
// stream may open (a DRAFT or unknown event's stream would announce what nobody may see yet).
// public-svc decides, by its event leaderboard answering (the view every public page of the
// event stands on); the answers are kept briefly so that opening streams costs no call each.
type publicEvents struct {
	client publicv1.PublicServiceClient

	mu   sync.Mutex
	kept map[string]publicEvent
}

type publicEvent struct {
	exists bool
	until  time.Time
}

func newPublicEvents(client publicv1.PublicServiceClient) *publicEvents {
	return &publicEvents{client: client, kept: map[string]publicEvent{}}
}

// exists reports whether the event has a public site; an error is public-svc's failure to say.
func (p *publicEvents) exists(ctx context.Context, eventID string) (bool, error) {
	now := time.Now()
	p.mu.Lock()
	e, ok := p.kept[eventID]
	p.mu.Unlock()
	if ok && now.Before(e.until) {
		return e.exists, nil
	}
	_, err := p.client.GetEventLeaderboard(ctx, &publicv1.PublicEventRequest{Id: eventID})
	switch {
	case err == nil:
		e = publicEvent{exists: true}
	case status.Code(err) == codes.NotFound:
		e = publicEvent{exists: false}
	default:
		return false, err
	}
	e.until = now.Add(publicEventTTL)
	p.mu.Lock()
	if len(p.kept) >= publicEventMaxKept {
		clear(p.kept)
	}
	p.kept[eventID] = e
	p.mu.Unlock()
	return e.exists, nil
}

// forget drops the answer about an event that changed (it may have been published or taken
// back to draft).
func (p *publicEvents) forget(eventID string) {
	p.mu.Lock()
	delete(p.kept, eventID)
	p.mu.Unlock()
}
