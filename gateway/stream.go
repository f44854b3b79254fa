package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/podium-dev/podium/gateway/streamhub"
	"github.com/podium-dev/podium/internal/platform/ids"
	"github.com/podium-dev/podium/internal/platform/push"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// Live streams (docs/operations.md, "Live updates"): GET /api/public/events/{eventId}/stream
// is a Server-Sent Events stream, open to anyone, that sends
//
//	id: <sequence number>
//	event: changed
//	data: {"eventId":"…","divisionIds":[…],"workoutIds":[…]}
//
// each time a public view of the event changes (results-svc and competition-svc decide that;
// see internal/platform/push). It is not a grpc-gateway route (a stream of text events, not
// one JSON answer), so it is registered on the gateway's mux beside the API.

const (
	streamPath = "GET /api/public/events/{eventId}/stream"
	// streamRetry is the reconnection delay browsers are told.
	streamRetry = 3 * time.Second
	// streamWriteTimeout bounds each write: a client that does not take a few hundred bytes in
	// that time is gone, and its stream is dropped.
	streamWriteTimeout = 10 * time.Second
	// streamFullRetryAfter is the Retry-After of a 503 when the gateway holds its cap.
	streamFullRetryAfter = "30"
	// seqTimeout bounds the read of an event's sequence number when a stream opens.
	seqTimeout = 300 * time.Millisecond
)

// StreamOptions configure the live streams.
type StreamOptions struct {
	// Channel carries the public changes; nil turns the streams off (404).
	Channel *push.Channel
	// Max caps the open streams; beyond it new ones get 503 with Retry-After.
	Max int
	// Heartbeat is how often an idle stream sends a comment.
	Heartbeat time.Duration
}

type streams struct {
	hub *streamhub.Hub
	ch  *push.Channel
	log *slog.Logger
}

// newStreams starts following the channel; the streams end when ctx ends (SIGTERM).
func newStreams(ctx context.Context, opts StreamOptions, log *slog.Logger) *streams {
	s := &streams{hub: streamhub.New(opts.Max), ch: opts.Channel, log: log}
	heartbeat := opts.Heartbeat
	if heartbeat <= 0 {
		heartbeat = 25 * time.Second
	}
	go s.hub.Run(ctx, heartbeat)
	go opts.Channel.Follow(ctx, func(c push.Change) { s.hub.Deliver(c) }, func() { s.catchUp(ctx) })
	return s
}

// catchUp runs after the subscription to the channel was (re)made: changes may have been
// missed meanwhile, so every event with open streams is checked against its sequence number.
func (s *streams) catchUp(ctx context.Context) {
	for _, id := range s.hub.Events() {
		c, cancel := context.WithTimeout(ctx, seqTimeout)
		n, err := s.ch.Seq(c, id)
		cancel()
		if err != nil {
			return // Redis is away; the next resubscription tries again
		}
		s.hub.Deliver(push.Change{EventID: id, Seq: n})
	}
}

func (s *streams) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	eventID := r.PathValue("eventId")
	if !ids.IsUUID(eventID) {
		writeError(w, http.StatusBadRequest, errorBody{Code: codes.InvalidArgument, Message: "Event id must be a UUID", Field: "eventId"})
		return
	}
	if r.Method == http.MethodHead {
		setStreamHeaders(w.Header())
		w.WriteHeader(http.StatusOK)
		return
	}
	st, err := s.hub.Open(eventID)
	if err != nil {
		telemetry.LiveStreamsRefused.Inc()
		w.Header().Set("Retry-After", streamFullRetryAfter)
		msg := "Too many live connections right now. Please try again shortly."
		if errors.Is(err, streamhub.ErrClosed) {
			msg = "The server is restarting. Please try again shortly."
		}
		writeError(w, http.StatusServiceUnavailable, errorBody{Code: codes.Unavailable, Message: msg})
		return
	}
	defer s.hub.Close(st)
	telemetry.LiveStreams.Inc()
	defer telemetry.LiveStreams.Dec()

	setStreamHeaders(w.Header())
	w.WriteHeader(http.StatusOK)

	out := sseWriter{w: w, rc: http.NewResponseController(w)}
	// The stream is open (subscribed) before the sequence number is read, so a change that
	// comes in between is delivered, not lost; last keeps it from being sent twice.
	last, known := s.seq(r.Context(), eventID)
	preamble := fmt.Sprintf("retry: %d\n", streamRetry.Milliseconds())
	if known {
		if since, ok := lastEventID(r); ok && last > since {
			preamble += changedEvent(push.Change{EventID: eventID, Seq: last})
		} else {
			preamble += "id: " + strconv.FormatInt(last, 10) + "\n\n"
		}
	} else {
		preamble += "\n"
	}
	if out.send(preamble) != nil {
		return
	}
	beat := s.hub.Beat()
	for {
		select {
		case c := <-st.Changes():
			if known && c.Seq <= last {
				continue
			}
			last, known = c.Seq, true
			if out.send(changedEvent(c)) != nil {
				return
			}
		case <-beat:
			beat = s.hub.Beat()
			if out.send(":\n\n") != nil {
				return
			}
		case <-st.Dropped():
			return
		case <-r.Context().Done():
			return
		}
	}
}

func setStreamHeaders(h http.Header) {
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store, no-transform")
	h.Set("X-Accel-Buffering", "no") // nginx and the proxies that follow it: do not buffer
}

// seq is the event's latest sequence number: the hub's when it delivered one, else Redis's.
func (s *streams) seq(ctx context.Context, eventID string) (int64, bool) {
	if n, ok := s.hub.Seq(eventID); ok {
		return n, true
	}
	ctx, cancel := context.WithTimeout(ctx, seqTimeout)
	defer cancel()
	n, err := s.ch.Seq(ctx, eventID)
	if err != nil {
		s.log.WarnContext(ctx, "live stream opened without a sequence number", "event", eventID, "err", err)
		return 0, false
	}
	return n, true
}

// lastEventID reads the Last-Event-ID a reconnecting browser sends.
func lastEventID(r *http.Request) (int64, bool) {
	v := r.Header.Get("Last-Event-ID")
	if v == "" {
		return 0, false
	}
	n, err := strconv.ParseInt(v, 10, 64)
	return n, err == nil && n >= 0
}

func changedEvent(c push.Change) string {
	data, _ := json.Marshal(c) //nolint:errchkjson // a struct of strings
	return "id: " + strconv.FormatInt(c.Seq, 10) + "\nevent: changed\ndata: " + string(data) + "\n\n"
}

// sseWriter writes and flushes each message with a deadline.
type sseWriter struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

func (o sseWriter) send(msg string) error {
	o.rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout)) //nolint:errcheck // not every writer has deadlines; Flush still bounds nothing then
	if _, err := o.w.Write([]byte(msg)); err != nil {
		return err
	}
	return o.rc.Flush()
}
