// Package streamhub keeps a gateway's open live streams and writes each public change to the
// streams of its event (docs/operations.md, "Live updates").
//
// A stream costs no goroutine and no buffer of its own: the gateway hands over the connection
// once the response headers are sent (http.Hijacker), and the hub writes every message with
// one non-blocking system call. A stream whose connection cannot take a message at once (its
// client stopped reading and the socket buffer is full) or has gone is dropped; its browser
// reconnects and catches up through Last-Event-ID. That is what lets a gateway hold tens of
// thousands of idle streams for a few kilobytes each (the streams benchmark, scripts/
// bench-streams.sh). Changes of one event are written in sequence order and once: a change
// whose sequence number is not above the last one a stream was told is skipped.
package streamhub

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"runtime"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// Retry is the reconnection delay browsers are told when a stream opens.
const Retry = 3 * time.Second

var (
	// ErrFull: the gateway holds as many streams as it may.
	ErrFull = errors.New("streamhub: too many open streams")
	// ErrClientFull: the client address holds as many streams as one address may.
	ErrClientFull = errors.New("streamhub: too many open streams from one client address")
	// ErrClosed: the gateway is shutting down.
	ErrClosed = errors.New("streamhub: closed")
	// ErrGone: the connection could not take the stream's first message.
	ErrGone = errors.New("streamhub: connection gone")
)

// Conn is a stream's connection after its response headers: chunked is whether the body is
// sent in HTTP/1.1 chunks (else it ends when the connection closes); Client is the client
// address it counts against (the one Admit was given).
type Conn struct {
	net.Conn
	Chunked bool
	Client  string
}

// stream is one open stream of an event.
type stream struct {
	eventID string
	client  string
	conn    net.Conn
	raw     syscall.RawConn
	chunked bool
	last    int64 // the last sequence number the client was told
	known   bool
	// io is the stream's one system call at a time (try, hungUp): made once when the stream
	// opens, so that a delivery allocates nothing per stream.
	io streamIO
}

// streamIO holds what a write or read of a stream passes to and from its callback. A
// callback made per call escapes to the heap (syscall.RawConn is an interface): three
// allocations per stream and delivery. The hub never writes to one stream from two
// goroutines at once (each holds mu), so one set per stream serves every call.
type streamIO struct {
	out     []byte
	n       int
	err     error
	scratch [64]byte
	write   func(fd uintptr) bool
	read    func(fd uintptr) bool
}

func (o *streamIO) writeFd(fd uintptr) bool {
	for {
		o.n, o.err = syscall.Write(int(fd), o.out)
		if !errors.Is(o.err, syscall.EINTR) {
			return true // never wait for the socket to drain
		}
	}
}

func (o *streamIO) readFd(fd uintptr) bool {
	o.n, o.err = syscall.Read(int(fd), o.scratch[:])
	return true
}

func newStream(eventID string, c Conn, raw syscall.RawConn, seq int64, known bool) *stream {
	s := &stream{eventID: eventID, client: c.Client, conn: c.Conn, raw: raw, chunked: c.Chunked, last: seq, known: known}
	s.io.write, s.io.read = s.io.writeFd, s.io.readFd
	return s
}

// Hub holds the streams of one gateway.
type Hub struct {
	max       int
	perClient int // streams one client address may hold; 0: no such cap
	perWriter int // how many streams make it worth starting another writer

	mu      sync.Mutex
	streams map[string]map[*stream]struct{}
	seqs    map[string]int64 // the last sequence number delivered per event
	open    int              // streams held or admitted
	clients map[string]int   // streams held or admitted per client address
	// touched says, per event, which change last touched each division (touch.go).
	touched map[string]*touch
	closed  bool
}

// New returns a hub that holds at most max streams, and at most perClient of them for one
// client address (0: no cap per address), so that one address cannot take every place and
// push every other spectator onto polling.
func New(max, perClient int) *Hub {
	return &Hub{
		max: max, perClient: perClient, perWriter: 512,
		streams: map[string]map[*stream]struct{}{}, seqs: map[string]int64{}, clients: map[string]int{},
		touched: map[string]*touch{},
	}
}

// Admit reserves a place for a stream about to open from client (its address); Add fills it,
// Release gives it back.
func (h *Hub) Admit(client string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return ErrClosed
	}
	if h.open >= h.max {
		return ErrFull
	}
	if h.perClient > 0 && h.clients[client] >= h.perClient {
		return ErrClientFull
	}
	h.open++
	h.clients[client]++
	telemetry.LiveStreams.Inc()
	return nil
}

// Release gives back a place Admit reserved for client when the stream did not open.
func (h *Hub) Release(client string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.release(client)
}

func (h *Hub) release(client string) {
	h.open--
	if h.clients[client]--; h.clients[client] <= 0 {
		delete(h.clients, client)
	}
	telemetry.LiveStreams.Dec()
}

// Add starts an admitted stream of an event on c and writes its opening: the retry delay and
// the event's latest sequence number seq as a `current` event (known false: none could be
// read), which a page compares with the change numbers of the views it holds (a view it got
// from a cache may be older). When the client
// reconnects with Last-Event-ID lastSeen (haveLast) and the event changed since, the opening
// is a change of the whole event instead. A change the hub delivered after seq was read
// counts too, so nothing falls between the read and Add. On an error c is closed and the
// place released.
func (h *Hub) Add(eventID string, c Conn, seq int64, known bool, lastSeen int64, haveLast bool) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	fail := func(err error) error {
		c.Close() // the stream is refused either way
		h.release(c.Client)
		return err
	}
	if h.closed {
		return fail(ErrClosed)
	}
	sc, ok := c.Conn.(syscall.Conn)
	if !ok {
		return fail(errors.New("streamhub: connection without a file descriptor"))
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return fail(err)
	}
	if n, ok := h.seqs[eventID]; ok && (!known || n > seq) {
		seq, known = n, true
	}
	s := newStream(eventID, c, raw, seq, known)
	msg := "retry: " + strconv.FormatInt(Retry.Milliseconds(), 10) + "\n"
	switch {
	case known && haveLast && seq > lastSeen:
		msg += string(appendChanged(nil, seq, changedData(changes.Change{EventID: eventID, Seq: seq})))
	case known:
		msg += current(h.touchOf(eventID, seq), seq)
	default:
		msg += "\n"
	}
	if !try(s, frame(nil, msg, s.chunked)) {
		return fail(ErrGone)
	}
	set := h.streams[eventID]
	if set == nil {
		set = map[*stream]struct{}{}
		h.streams[eventID] = set
	}
	set[s] = struct{}{}
	return nil
}

// Len returns the number of open (and admitted) streams.
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

// Deliver writes a change to every stream of its event, dropping the streams that cannot take
// it at once. It reports whether the change was new.
func (h *Hub) Deliver(ch changes.Change) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if ch.Seq <= h.seqs[ch.EventID] {
		return false
	}
	h.seqs[ch.EventID] = ch.Seq
	h.touch(ch)
	set := h.streams[ch.EventID]
	if len(set) == 0 {
		return true
	}
	targets := make([]*stream, 0, len(set))
	for s := range set {
		if !s.known || ch.Seq > s.last {
			targets = append(targets, s)
		}
	}
	framed := changedFrames(ch)
	h.each(targets, func(s *stream) bool {
		if !try(s, framed[b2i(s.chunked)]) {
			return false
		}
		s.last, s.known = ch.Seq, true
		return true
	})
	return true
}

// each runs write on every stream, spread over the CPUs (a loopback or LAN write costs a few
// microseconds of system time, ten thousand of them a good part of a core), and drops the
// streams it failed on. The caller holds mu, so writes to a stream never overtake each other.
func (h *Hub) each(streams []*stream, write func(*stream) bool) {
	workers := min(runtime.GOMAXPROCS(0), (len(streams)+h.perWriter-1)/h.perWriter)
	if workers <= 1 {
		for _, s := range streams {
			if !write(s) {
				h.drop(s)
			}
		}
		return
	}
	failed := make([][]*stream, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(streams); i += workers {
				if !write(streams[i]) {
					failed[w] = append(failed[w], streams[i])
				}
			}
		})
	}
	wg.Wait()
	for _, list := range failed {
		for _, s := range list {
			h.drop(s)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
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

// Run sends a heartbeat comment every interval until ctx ends, then ends every stream and
// refuses new ones (the gateway's shutdown: browsers reconnect to another pod). One timer
// serves every stream. The heartbeat also drops the streams whose client has gone.
func (h *Hub) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			h.shutdown()
			return
		case <-t.C:
			h.heartbeat()
		}
	}
}

func (h *Hub) heartbeat() {
	h.mu.Lock()
	defer h.mu.Unlock()
	var all []*stream
	for _, set := range h.streams {
		for s := range set {
			all = append(all, s)
		}
	}
	framed := [2][]byte{frame(nil, ":\n\n", false), frame(nil, ":\n\n", true)}
	h.each(all, func(s *stream) bool { return !hungUp(s) && try(s, framed[b2i(s.chunked)]) })
}

func (h *Hub) shutdown() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for _, set := range h.streams {
		for s := range set {
			if s.chunked {
				try(s, []byte("0\r\n\r\n")) // the body's clean end
			}
			h.drop(s)
		}
	}
}

// drop closes a stream and forgets it; the caller holds mu and may be ranging over its set.
func (h *Hub) drop(s *stream) {
	s.conn.Close() // gone either way
	set := h.streams[s.eventID]
	delete(set, s)
	if len(set) == 0 {
		delete(h.streams, s.eventID)
	}
	h.release(s.client)
}

// frame appends msg to b, as an HTTP/1.1 chunk when the body is chunked.
func frame(b []byte, msg string, chunked bool) []byte {
	if !chunked {
		return append(b, msg...)
	}
	b = strconv.AppendInt(b, int64(len(msg)), 16)
	b = append(b, "\r\n"...)
	b = append(b, msg...)
	return append(b, "\r\n"...)
}

// try writes b with one non-blocking system call: all of it, or the stream is broken (a
// partial message cannot be taken back).
func try(s *stream, b []byte) bool {
	s.io.out = b
	err := s.raw.Write(s.io.write)
	s.io.out = nil // the message is shared by every stream: not kept past the call
	return err == nil && s.io.err == nil && s.io.n == len(b)
}

// hungUp reports whether the client closed its end (a read at end of file). Anything it sent
// is read and ignored.
func hungUp(s *stream) bool {
	if s.raw.Read(s.io.read) != nil {
		return true
	}
	if errors.Is(s.io.err, syscall.EAGAIN) {
		return false
	}
	return s.io.err != nil || s.io.n == 0
}

// changedData is the JSON of the `changed` event of c.
func changedData(c changes.Change) []byte {
	// Every change a stream carries is public: the browser's message keeps to the event and cells.
	c.Public = false
	data, _ := json.Marshal(c) //nolint:errchkjson // a struct of strings
	return data
}

// appendChanged appends the `changed` event with sequence number seq and data to b.
func appendChanged(b []byte, seq int64, data []byte) []byte {
	b = append(b, "id: "...)
	b = strconv.AppendInt(b, seq, 10)
	b = append(b, "\nevent: changed\ndata: "...)
	b = append(b, data...)
	return append(b, "\n\n"...)
}

// changedFrames is the `changed` event of c as a plain body writes it and as a chunked one
// does (frame), in one buffer: the plain message is the chunk between its size line and its
// end.
func changedFrames(c changes.Change) [2][]byte {
	data := changedData(c)
	var digits [20]byte
	n := len("id: ") + len(strconv.AppendInt(digits[:0], c.Seq, 10)) + len("\nevent: changed\ndata: ") + len(data) + len("\n\n")
	b := make([]byte, 0, 16+2+n+2)
	b = append(strconv.AppendInt(b, int64(n), 16), "\r\n"...)
	start := len(b)
	b = appendChanged(b, c.Seq, data)
	end := len(b)
	b = append(b, "\r\n"...)
	return [2][]byte{b[start:end:end], b}
}
