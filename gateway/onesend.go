package gateway

import (
	"context"
	"net"
	"net/http"
	"syscall"
)

// One TCP send per answer (docs/operations.md, "The hot path"). net/http writes a response
// through a 4 KB buffer: the header and the start of a larger body leave in one write, the
// rest in a second, so a 12 KB gzipped leaderboard goes out as two TCP sends: two packets,
// two wake-ups of the client, and on loopback two trips through the receive path on the
// gateway's own core. Corking the socket while the body is written and uncorking it once all
// of it is in the kernel makes one send of them, as nginx does with tcp_nopush. It costs two
// setsockopt calls, so bodies that fit the buffer with their header are written as they are.
// A large body (a leaderboard without gzip) is written as it is too: it leaves in several
// sends whatever we do, and corked it measured twice the kernel's CPU time per answer.

// Bodies from oneSendMinBytes up to oneSendMaxBytes are corked: a smaller one leaves with its
// header in one write anyway; a larger one is not worth it.
const (
	oneSendMinBytes = 4 << 10
	oneSendMaxBytes = 32 << 10
)

type rawConnKey struct{}

// ConnContext is the gateway's http.Server ConnContext: it keeps the socket of a TCP
// connection in the context of every request on it, for writeInOneSend.
func ConnContext(ctx context.Context, c net.Conn) context.Context {
	tc, ok := c.(*net.TCPConn)
	if !ok || corkOn == nil {
		return ctx
	}
	raw, err := tc.SyscallConn()
	if err != nil {
		return ctx
	}
	return context.WithValue(ctx, rawConnKey{}, raw)
}

// writeInOneSend writes body, the rest of an answer whose header is set, corked when the
// writer is net/http's own (it can flush) and the body's size is worth it.
func writeInOneSend(w http.ResponseWriter, r *http.Request, body []byte) int64 {
	f, canFlush := w.(http.Flusher)
	raw, corkable := r.Context().Value(rawConnKey{}).(syscall.RawConn)
	if !canFlush || !corkable || len(body) < oneSendMinBytes || len(body) > oneSendMaxBytes || r.Method == http.MethodHead {
		n, _ := w.Write(body) // the client went away
		return int64(n)
	}
	raw.Control(corkOn) //nolint:errcheck // uncorked, it is two sends as before
	n, _ := w.Write(body)
	f.Flush()            // all of it in the kernel before the cork comes off
	raw.Control(corkOff) //nolint:errcheck // a closed connection needs no uncorking
	return int64(n)
}
