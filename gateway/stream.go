package gateway

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strconv"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/podium-dev/podium/gateway/streamhub"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/platform/ids"
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
// see internal/platform/changes). It is not a grpc-gateway route (a stream of text events, not
// one JSON answer), so it is registered on the gateway's mux beside the API.

const (
	streamPath = "GET /api/public/events/{eventId}/stream"
	// streamHeaderTimeout bounds the write of a stream's response headers.
	streamHeaderTimeout = 10 * time.Second
	// streamFullRetryAfter is the Retry-After of a 503 when the gateway holds its cap, and of
	// a 429 when the client address holds its own.
	streamFullRetryAfter = "30"
	// eventCheckTimeout bounds asking public-svc whether the event has a public site.
	eventCheckTimeout = 2 * time.Second
	// seqTimeout bounds the read of an event's sequence number when a stream opens.
	seqTimeout = 300 * time.Millisecond
)

// StreamOptions configure the live streams.
type StreamOptions struct {
	// Max caps the open streams; beyond it new ones get 503 with Retry-After.
	Max int
	// MaxPerClient caps the open streams of one client address (clientAddress); beyond it
	// new ones get 429 with Retry-After. 0: no such cap.
	MaxPerClient int
	// Heartbeat is how often an idle stream sends a comment.
	Heartbeat time.Duration
}

type streams struct {
	hub     *streamhub.Hub
	ch      *changes.Channel
	events  *publicEvents
	series  *seriesFeeds
	trusted []netip.Prefix
	// before hears each change before the streams do (the public cache drops the event's
	// copies and files its change number: gateway/publiccache/change.go).
	before func(changes.Change)
	log    *slog.Logger
}

// newStreams serves the live streams of the public changes on ch (the gateway's one receive
// loop hands them over: changes.go); the streams end when ctx ends (SIGTERM). public says
// which events have a public site; trusted are the proxies clientAddress believes; before
// hears each change before the streams do.
func newStreams(ctx context.Context, ch *changes.Channel, opts StreamOptions, public publicv1.PublicServiceClient, trusted []netip.Prefix, before func(changes.Change), log *slog.Logger) *streams {
	s := &streams{
		hub: streamhub.New(opts.Max, opts.MaxPerClient), ch: ch,
		events: newPublicEvents(public), series: newSeriesFeeds(public), trusted: trusted, before: before, log: log,
	}
	heartbeat := opts.Heartbeat
	if heartbeat <= 0 {
		heartbeat = 25 * time.Second
	}
	go s.hub.Run(ctx, heartbeat)
	return s
}

// catchUp runs after the subscription to the channel was (re)made: changes may have been
// missed meanwhile, so every event with open streams is checked against its sequence number.
func (s *streams) catchUp(ctx context.Context) {
	s.deliverToSeries(changes.Change{}, true)
	for _, id := range s.hub.Events() {
		if isSeriesKey(id) {
			continue
		}
		c, cancel := context.WithTimeout(ctx, seqTimeout)
		n, err := s.ch.Seq(c, id)
		cancel()
		if err != nil {
			return // Redis is away; the next resubscription tries again
		}
		s.deliver(changes.Change{EventID: id, Seq: n})
	}
}

// deliver tells the public cache, then the event's streams, of a change.
func (s *streams) deliver(c changes.Change) {
	s.events.forget(c.EventID)
	if s.before != nil {
		s.before(c)
	}
	s.hub.Deliver(c)
	s.deliverToSeries(c, false)
}

// ServeHTTP answers the stream's headers, then hands the connection to the hub, which writes
// every message from then on (gateway/streamhub: no goroutine or buffer per stream). The
// request's log line and metrics are therefore written when the stream opens.
func (s *streams) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	eventID := r.PathValue("eventId")
	if !ids.IsUUID(eventID) {
		writeError(w, http.StatusBadRequest, errorBody{Code: codes.InvalidArgument, Message: "Event id must be a UUID", Field: "eventId"})
		return
	}
	if !s.eventIsPublic(w, r, eventID) {
		return
	}
	conn, ok := s.admit(w, r, eventID)
	if !ok {
		return
	}
	// The sequence number is read after the headers: a change the hub delivers meanwhile is
	// accounted for by Add, so none falls in between.
	last, known := s.seq(r.Context(), eventID)
	since, haveLast := lastEventID(r)
	if err := s.hub.Add(eventID, conn, last, known, since, haveLast); err != nil && !errors.Is(err, streamhub.ErrGone) {
		s.log.WarnContext(r.Context(), "live stream not opened", "event", eventID, "err", err)
	}
}

// admit answers a HEAD, or takes a place in the hub for the stream of key (an event or a
// series) and writes its headers; false: the request is answered.
func (s *streams) admit(w http.ResponseWriter, r *http.Request, key string) (streamhub.Conn, bool) {
	if r.Method == http.MethodHead {
		setStreamHeaders(w.Header())
		w.WriteHeader(http.StatusOK)
		return streamhub.Conn{}, false
	}
	client := clientAddress(r, s.trusted).String()
	if err := s.hub.Admit(client); err != nil {
		telemetry.LiveStreamsRefused.Inc()
		w.Header().Set("Retry-After", streamFullRetryAfter)
		switch {
		case errors.Is(err, streamhub.ErrClientFull):
			writeError(w, http.StatusTooManyRequests, errorBody{Code: codes.ResourceExhausted, Message: "Too many live connections from your address. Please close some pages and try again shortly."})
		case errors.Is(err, streamhub.ErrClosed):
			writeError(w, http.StatusServiceUnavailable, errorBody{Code: codes.Unavailable, Message: "The server is restarting. Please try again shortly."})
		default:
			writeError(w, http.StatusServiceUnavailable, errorBody{Code: codes.Unavailable, Message: "Too many live connections right now. Please try again shortly."})
		}
		return streamhub.Conn{}, false
	}
	conn, err := s.open(w, r, client)
	if err != nil {
		s.hub.Release(client)
		s.log.WarnContext(r.Context(), "live stream not opened", "stream", key, "err", err)
		return streamhub.Conn{}, false
	}
	return conn, true
}

// eventIsPublic answers 404 for an event without a public site (a DRAFT or unknown one),
// whose stream would announce what nobody may see, and 503 when public-svc cannot say.
func (s *streams) eventIsPublic(w http.ResponseWriter, r *http.Request, eventID string) bool {
	ctx, cancel := context.WithTimeout(r.Context(), eventCheckTimeout)
	defer cancel()
	exists, err := s.events.exists(ctx, eventID)
	switch {
	case err != nil:
		s.log.WarnContext(r.Context(), "live stream: could not check the event", "event", eventID, "err", err)
		w.Header().Set("Retry-After", streamFullRetryAfter)
		writeError(w, http.StatusServiceUnavailable, errorBody{Code: codes.Unavailable, Message: "Live updates are unavailable right now. Please try again shortly."})
		return false
	case !exists:
		writeError(w, http.StatusNotFound, errorBody{Code: codes.NotFound, Message: "Event not found"})
		return false
	}
	return true
}

// open takes the connection over from net/http and writes the stream's response headers
// (those set so far, e.g. the security headers, and the stream's own). The connection
// counts against client.
func (s *streams) open(w http.ResponseWriter, r *http.Request, client string) (streamhub.Conn, error) {
	h := w.Header().Clone()
	setStreamHeaders(h)
	chunked := r.ProtoAtLeast(1, 1)
	if chunked {
		h.Set("Transfer-Encoding", "chunked")
	}
	h.Set("Connection", "close") // the stream is the connection's last answer
	h.Set("Date", time.Now().UTC().Format(http.TimeFormat))
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		return streamhub.Conn{}, fmt.Errorf("take over the connection: %w", err)
	}
	var head bytes.Buffer
	if chunked {
		head.WriteString("HTTP/1.1 200 OK\r\n")
	} else {
		head.WriteString("HTTP/1.0 200 OK\r\n") // an HTTP/1.0 client: the body ends at the close
	}
	if err := h.Write(&head); err != nil {
		conn.Close() // refused either way
		return streamhub.Conn{}, err
	}
	head.WriteString("\r\n")
	conn.SetWriteDeadline(time.Now().Add(streamHeaderTimeout)) //nolint:errcheck // a failed write below says it all
	if _, err := conn.Write(head.Bytes()); err != nil {
		conn.Close() // refused either way
		return streamhub.Conn{}, fmt.Errorf("write the headers: %w", err)
	}
	// The hub never waits on a write. (net/http cleared the server's read and write timeouts
	// when it handed the connection over, so a stream outlives them.)
	conn.SetWriteDeadline(time.Time{}) //nolint:errcheck // a failed write later drops the stream
	return streamhub.Conn{Conn: conn, Chunked: chunked, Client: client}, nil
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
