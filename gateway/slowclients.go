package gateway

import (
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"
)

// Slow clients (docs/operations.md, "Slow clients"). A client that sends its request a byte
// at a time, reads its answer as slowly, or keeps idle connections open holds a connection
// and a goroutine each; without bounds one address could hold thousands. The server reads a
// whole request within ReadTimeout, writes its answer within WriteTimeout (live streams are
// handed over by then and keep no deadline), closes a keep-alive connection idle for
// IdleTimeout, and refuses a client address more than MaxConnsPerAddress connections at once.
// The defaults are far above what a phone on a slow mobile network needs.

// ServerOptions bound what one client may hold of the gateway's HTTP server.
type ServerOptions struct {
	ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// MaxConnsPerAddress caps the open connections of one client address; 0: no cap.
	// Connections from trusted proxies are not counted (each carries many clients).
	MaxConnsPerAddress int
	TrustedProxies     []netip.Prefix
}

// NewServer returns the gateway's HTTP server for handler, with the bounds of opts.
func NewServer(addr string, handler http.Handler, opts ServerOptions) *http.Server {
	srv := &http.Server{
		Addr: addr, Handler: handler,
		ReadHeaderTimeout: min(10*time.Second, opts.ReadTimeout),
		ReadTimeout:       opts.ReadTimeout,
		WriteTimeout:      opts.WriteTimeout,
		IdleTimeout:       opts.IdleTimeout,
		// ConnContext lets the hot path send an answer in one TCP send (onesend.go).
		ConnContext: ConnContext,
	}
	if opts.MaxConnsPerAddress > 0 {
		srv.ConnState = newConnLimit(opts.MaxConnsPerAddress, opts.TrustedProxies).track
	}
	return srv
}

// connLimitRefusal answers a connection beyond its address's cap before closing it.
var connLimitRefusal = func() []byte {
	const body = "Too many connections from your address. Please try again shortly.\n"
	return []byte("HTTP/1.1 429 Too Many Requests\r\nRetry-After: 10\r\nContent-Type: text/plain; charset=utf-8\r\n" +
		"Connection: close\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body)
}()

// connLimit counts the open connections of each client address through the server's
// connection states: a connection counts from StateNew until it closes or is handed over to a
// live stream (the stream hub caps those per address itself).
type connLimit struct {
	max     int
	trusted []netip.Prefix

	mu     sync.Mutex
	open   map[netip.Addr]int
	counts map[net.Conn]netip.Addr
}

func newConnLimit(maxConns int, trusted []netip.Prefix) *connLimit {
	return &connLimit{max: maxConns, trusted: trusted, open: map[netip.Addr]int{}, counts: map[net.Conn]netip.Addr{}}
}

func (l *connLimit) track(c net.Conn, state http.ConnState) {
	switch state {
	case http.StateNew:
		addr, ok := connClient(c, l.trusted)
		if !ok {
			return
		}
		l.mu.Lock()
		l.open[addr]++
		l.counts[c] = addr
		over := l.open[addr] > l.max
		l.mu.Unlock()
		if over {
			// Called on the server's accept loop: the answer goes into the fresh socket's
			// empty buffer, and the deadline keeps a full one from stalling the loop.
			c.SetWriteDeadline(time.Now().Add(100 * time.Millisecond)) //nolint:errcheck // closed either way
			c.Write(connLimitRefusal)                                  //nolint:errcheck // closed either way
			c.Close()                                                  // StateClosed follows and uncounts it
		}
	case http.StateClosed, http.StateHijacked:
		l.mu.Lock()
		if addr, ok := l.counts[c]; ok {
			delete(l.counts, c)
			if l.open[addr]--; l.open[addr] <= 0 {
				delete(l.open, addr)
			}
		}
		l.mu.Unlock()
	}
}

// connClient is the client address a connection counts against: its peer, unless the peer
// is a trusted proxy (whose connections carry many clients and are not capped).
func connClient(c net.Conn, trusted []netip.Prefix) (netip.Addr, bool) {
	ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
	if err != nil {
		return netip.Addr{}, false
	}
	addr := ap.Addr().Unmap()
	return addr, !isTrusted(addr, trusted)
}
