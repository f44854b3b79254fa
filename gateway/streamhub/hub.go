// Package streamhub keeps a gateway's open live streams and hands each public change to the
// streams of its event (docs/operations.md, "Live updates").
//
// Delivery never waits for a client: every stream has a small buffer, and a stream whose
// buffer is full (its client stopped reading) is dropped; its browser reconnects and catches
// up through Last-Event-ID. Changes of one event are delivered in sequence order and once: a
// change whose sequence number is not above the last one seen is ignored.
package streamhub

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/podium-dev/podium/internal/platform/push"
)

// streamBuffer is how many undelivered changes a stream may hold before it is dropped.
const streamBuffer = 16

var (
	// ErrFull: the gateway holds as many streams as it may.
	ErrFull = errors.New("streamhub: too many open streams")
	// ErrClosed: the gateway is shutting down.
	ErrClosed = errors.New("streamhub: closed")
)

// Stream is one open stream of an event.
type Stream struct {
	eventID string
	changes chan push.Change
	dropped chan struct{}
}

// Changes delivers the event's changes.
func (s *Stream) Changes() <-chan push.Change { return s.changes }

// Dropped is closed when the stream was dropped for falling behind, or the hub closed.
func (s *Stream) Dropped() <-chan struct{} { return s.dropped }

// Hub holds the streams of one gateway.
type Hub struct {
	max int

	mu      sync.Mutex
	streams map[string]map[*Stream]struct{}
	seqs    map[string]int64 // the last sequence number delivered per event
	open    int
	closed  bool
	beat    chan struct{}
}

// New returns a hub that holds at most max streams.
func New(max int) *Hub {
	return &Hub{max: max, streams: map[string]map[*Stream]struct{}{}, seqs: map[string]int64{}, beat: make(chan struct{})}
}

// Open adds a stream of an event.
func (h *Hub) Open(eventID string) (*Stream, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, ErrClosed
	}
	if h.open >= h.max {
		return nil, ErrFull
	}
	s := &Stream{eventID: eventID, changes: make(chan push.Change, streamBuffer), dropped: make(chan struct{})}
	set := h.streams[eventID]
	if set == nil {
		set = map[*Stream]struct{}{}
		h.streams[eventID] = set
	}
	set[s] = struct{}{}
	h.open++
	return s, nil
}

// Close removes a stream (once it is gone, nothing is delivered to it).
func (h *Hub) Close(s *Stream) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.remove(s)
}

func (h *Hub) remove(s *Stream) bool {
	set := h.streams[s.eventID]
	if _, ok := set[s]; !ok {
		return false
	}
	delete(set, s)
	if len(set) == 0 {
		delete(h.streams, s.eventID)
	}
	h.open--
	return true
}

// Len returns the number of open streams.
func (h *Hub) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.open
}

// Seq returns the last sequence number delivered for an event, if this hub saw one.
func (h *Hub) Seq(eventID string) (int64, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	n, ok := h.seqs[eventID]
	return n, ok
}

// Deliver hands a change to every stream of its event, dropping the streams that cannot take
// it at once. It reports whether the change was new.
func (h *Hub) Deliver(ch push.Change) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if ch.Seq <= h.seqs[ch.EventID] {
		return false
	}
	h.seqs[ch.EventID] = ch.Seq
	for s := range h.streams[ch.EventID] {
		select {
		case s.changes <- ch:
		default:
			h.remove(s)
			close(s.dropped)
		}
	}
	return true
}

// Events returns the events that have open streams.
func (h *Hub) Events() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]string, 0, len(h.streams))
	for id := range h.streams {
		out = append(out, id)
	}
	return out
}

// Beat returns a channel that is closed at the next heartbeat.
func (h *Hub) Beat() <-chan struct{} {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.beat
}

// Run beats every interval until ctx ends, then ends every stream and refuses new ones (the
// gateway's shutdown: streams would otherwise hold it for the whole grace). One timer serves
// every stream, so idle streams cost no timers of their own.
func (h *Hub) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			h.shutdown()
			return
		case <-t.C:
			h.mu.Lock()
			close(h.beat)
			h.beat = make(chan struct{})
			h.mu.Unlock()
		}
	}
}

func (h *Hub) shutdown() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for _, set := range h.streams {
		for s := range set {
			close(s.dropped)
		}
	}
	h.streams = map[string]map[*Stream]struct{}{}
	h.open = 0
}
