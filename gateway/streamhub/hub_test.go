package streamhub

import (
	"bufio"
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/platform/changes"
)

// pair returns the two ends of a real loopback TCP connection: the server's (for the hub)
// and the client's.
func pair(t testing.TB) (server *net.TCPConn, client *net.TCPConn) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, _ := l.Accept()
		accepted <- c
	}()
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	s := <-accepted
	if s == nil {
		t.Fatal("accept failed")
	}
	t.Cleanup(func() { c.Close(); s.Close() })
	return s.(*net.TCPConn), c.(*net.TCPConn)
}

// open adds a stream of event e to h and returns a reader of its client end.
func open(t *testing.T, h *Hub, e string) (*bufio.Reader, *net.TCPConn) {
	t.Helper()
	s, c := pair(t)
	if err := h.Admit(""); err != nil {
		t.Fatal(err)
	}
	if err := h.Add(e, Conn{Conn: s}, 0, true, 0, false); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(c)
	if got := message(t, c, r); got != "retry: 3000\nid: 0\nevent: current\ndata: {\"seq\":0,\"all\":0}\n" {
		t.Fatalf("opening %q", got)
	}
	return r, c
}

// message reads one message (up to its blank line).
func message(t *testing.T, c net.Conn, r *bufio.Reader) string {
	t.Helper()
	if err := c.SetReadDeadline(time.Now().Add(5 * time.Second)); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("read: %v (so far %q)", err, b.String())
		}
		if line == "\n" {
			return b.String()
		}
		b.WriteString(line)
	}
}

func seqOf(t *testing.T, msg string) string {
	t.Helper()
	id, _, _ := strings.Cut(strings.TrimPrefix(msg, "id: "), "\n")
	if !strings.Contains(msg, "event: changed\n") {
		t.Fatalf("not a change: %q", msg)
	}
	return id
}

func TestChangesAreDeliveredOnceAndInOrder(t *testing.T) {
	t.Parallel()
	h := New(10, 0)
	h.perWriter = 1 // the streams are written by several writers at once
	r, c := open(t, h, "e")
	_, _ = open(t, h, "e")
	other, oc := open(t, h, "f")
	for _, n := range []int64{1, 2, 2, 1, 3} {
		h.Deliver(changes.Change{EventID: "e", Seq: n})
	}
	for _, want := range []string{"1", "2", "3"} {
		if got := seqOf(t, message(t, c, r)); got != want {
			t.Fatalf("got %s, want %s", got, want)
		}
	}
	h.Deliver(changes.Change{EventID: "f", Seq: 1})
	if got := seqOf(t, message(t, oc, other)); got != "1" {
		t.Fatalf("the other event's stream got %s first, want its own change 1", got)
	}
}

// serial: it bounds delivery past a stalled client at 2 s, which a crowd of parallel tests could stretch
func TestAStreamThatStoppedReadingIsDroppedWithoutHoldingTheOthers(t *testing.T) {
	h := New(10, 0)
	fast, fc := open(t, h, "e")
	s, slow := pair(t)
	// The kernel's minimum: a client that stops reading fills it soon.
	if err := s.SetWriteBuffer(1024); err != nil {
		t.Fatal(err)
	}
	if err := slow.SetReadBuffer(1024); err != nil {
		t.Fatal(err)
	}
	if err := h.Admit(""); err != nil {
		t.Fatal(err)
	}
	if err := h.Add("e", Conn{Conn: s}, 0, true, 0, false); err != nil {
		t.Fatal(err)
	}
	const sends = 400 // ~40 KB: more than the slow sockets hold, less than the fast ones'
	start := time.Now()
	for i := int64(1); i <= sends; i++ {
		h.Deliver(changes.Change{EventID: "e", DivisionIDs: []string{"6f9619ff-8b86-4011-b42d-00c04fc964ff"}, Seq: i})
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("delivery waited for the slow client: %v", took)
	}
	if h.Len() != 1 {
		t.Fatalf("%d streams open, want 1 (the slow one dropped)", h.Len())
	}
	for i := 1; i <= sends; i++ {
		seqOf(t, message(t, fc, fast))
	}
}

func TestTheHeartbeatDropsStreamsWhoseClientLeft(t *testing.T) {
	t.Parallel()
	h := New(10, 0)
	r, c := open(t, h, "e")
	_, gone := open(t, h, "e")
	gone.Close()
	h.heartbeat()
	if h.Len() != 1 {
		t.Fatalf("%d streams open after a client left, want 1", h.Len())
	}
	if got := message(t, c, r); got != ":\n" {
		t.Fatalf("heartbeat %q", got)
	}
}

func TestAStreamOpeningAfterAChangeItMissedIsToldOfIt(t *testing.T) {
	t.Parallel()
	h := New(10, 0)
	h.Deliver(changes.Change{EventID: "e", Seq: 7})
	s, c := pair(t)
	if err := h.Admit(""); err != nil {
		t.Fatal(err)
	}
	// The gateway read 6 before the hub delivered 7; the browser had seen 6.
	if err := h.Add("e", Conn{Conn: s}, 6, true, 6, true); err != nil {
		t.Fatal(err)
	}
	got := message(t, c, bufio.NewReader(c))
	if !strings.HasPrefix(got, "retry: 3000\nid: 7\nevent: changed\n") {
		t.Fatalf("opening %q, want a change numbered 7", got)
	}
}

func TestTheCapAndTheShutdownRefuseNewStreams(t *testing.T) {
	t.Parallel()
	h := New(1, 0)
	if err := h.Admit(""); err != nil {
		t.Fatal(err)
	}
	if err := h.Admit(""); !errors.Is(err, ErrFull) {
		t.Fatalf("beyond the cap: %v", err)
	}
	h.Release("")
	r, c := open(t, h, "e")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	h.Run(ctx, time.Hour) // returns at once: ctx has ended
	if err := h.Admit(""); !errors.Is(err, ErrClosed) {
		t.Fatalf("after shutdown: %v", err)
	}
	if err := c.SetReadDeadline(time.Now().Add(5 * time.Second)); err != nil {
		t.Fatal(err)
	}
	var ne net.Error
	if _, err := r.ReadByte(); err == nil || errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("stream after shutdown: %v, want it closed", err)
	}
}

// One client address holds at most perClient streams; others still get theirs, and a place
// comes back when a stream of that address ends.
func TestAdmitCapsStreamsPerClientAddress(t *testing.T) {
	t.Parallel()
	h := New(10, 2)
	for range 2 {
		if err := h.Admit("192.0.2.1"); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.Admit("192.0.2.1"); !errors.Is(err, ErrClientFull) {
		t.Fatalf("third stream of one address: %v, want ErrClientFull", err)
	}
	if err := h.Admit("192.0.2.2"); err != nil {
		t.Fatalf("another address: %v", err)
	}
	s, _ := pair(t)
	if err := h.Add("e", Conn{Conn: s, Client: "192.0.2.1"}, 0, true, 0, false); err != nil {
		t.Fatal(err)
	}
	h.mu.Lock()
	for st := range h.streams["e"] {
		h.drop(st)
	}
	h.mu.Unlock()
	if err := h.Admit("192.0.2.1"); err != nil {
		t.Fatalf("after one of its streams ended: %v", err)
	}
}
