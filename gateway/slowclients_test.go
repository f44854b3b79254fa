package gateway_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/sseclient"
)

// closedWithin is how long a test waits for the server to end a connection it must end; the
// configured timeouts are 1 s, so only a server that never times out runs into it.
const closedWithin = 20 * time.Second

func dial(t *testing.T, s *stacktest.Stack) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(s.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// waitForClose reads (and drops) whatever the server sends until it closes the connection,
// failing the test when it is still open after closedWithin.
func waitForClose(t *testing.T, c net.Conn, what string) {
	t.Helper()
	if err := c.SetReadDeadline(time.Now().Add(closedWithin)); err != nil {
		t.Fatal(err)
	}
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("%s: the connection is still open after %s", what, closedWithin)
	}
}

// A client that sends its request body one byte every 100 ms is cut off once the read
// timeout has passed, not held for as long as it keeps trickling.
func TestSlowRequestBodyIsCutOffByTheReadTimeout(t *testing.T) {
	t.Parallel()
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_HTTP_READ_TIMEOUT": "1s"}})
	c := dial(t, s)
	if _, err := io.WriteString(c, "POST /api/auth/login HTTP/1.1\r\nHost: podium\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go func() { // one byte every 100 ms: the whole body would take 100 s
		for ctx.Err() == nil {
			if _, err := c.Write([]byte(" ")); err != nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	}()
	waitForClose(t, c, "a trickled request body")
}

// A client that sends its request headers one byte every 100 ms is cut off too.
func TestSlowRequestHeadersAreCutOffByTheReadTimeout(t *testing.T) {
	t.Parallel()
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_HTTP_READ_TIMEOUT": "1s"}})
	c := dial(t, s)
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go func() {
		for _, b := range []byte("GET /healthz HTTP/1.1\r\nHost: podium\r\nX-Slow: " + strings.Repeat("x", 1000)) {
			if ctx.Err() != nil {
				return
			}
			if _, err := c.Write([]byte{b}); err != nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	}()
	waitForClose(t, c, "trickled request headers")
}

// An idle keep-alive connection is closed after the idle timeout.
func TestIdleKeepAliveConnectionIsClosed(t *testing.T) {
	t.Parallel()
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_HTTP_IDLE_TIMEOUT": "1s"}})
	c := dial(t, s)
	if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: podium\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != http.StatusOK || resp.Close {
		t.Fatalf("first request: %v %v", resp, err)
	}
	resp.Body.Close()
	waitForClose(t, c, "an idle keep-alive connection")
}

// A client that does not read its answer is cut off once the write timeout has passed: its
// receive window is a few kilobytes and the answer many megabytes, so the server's writes
// block until the deadline ends them and the client never gets the whole answer.
func TestSlowReaderIsCutOffByTheWriteTimeout(t *testing.T) {
	t.Parallel()
	web := t.TempDir()
	const size = 48 << 20
	if err := os.WriteFile(filepath.Join(web, "index.html"), []byte("<!doctype html>"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(web, "big.txt"), []byte(strings.Repeat("x", size)), 0o600); err != nil {
		t.Fatal(err)
	}
	// The write timeout also bounds the stack's own set-up requests (the administrator's
	// sign-in, a bcrypt check): long enough for them on a loaded machine, and the reader waits
	// past it.
	const writeTimeout = 4 * time.Second
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_HTTP_WRITE_TIMEOUT": writeTimeout.String(), "PODIUM_WEB_DIR": web}})
	d := net.Dialer{Control: func(_, _ string, raw syscall.RawConn) error {
		var set error
		if err := raw.Control(func(fd uintptr) { set = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) }); err != nil {
			return err
		}
		return set
	}}
	c, err := d.Dial("tcp", strings.TrimPrefix(s.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, "GET /big.txt HTTP/1.1\r\nHost: podium\r\nAccept-Encoding: identity\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(writeTimeout + 2*time.Second) // not reading: the answer waits in the server's socket
	if err := c.SetReadDeadline(time.Now().Add(closedWithin)); err != nil {
		t.Fatal(err)
	}
	n, _ := io.Copy(io.Discard, c)
	if n >= size {
		t.Fatalf("the slow reader got the whole answer (%d bytes): no write timeout", n)
	}
}

// One address holds at most PODIUM_HTTP_MAX_CONNS_PER_ADDRESS connections; the next one is
// answered 429 and closed, and a place comes back when one of them closes. (The test's own
// process may hold a connection to the stack already, so the count starts at what it finds.)
func TestConnectionsAreCappedPerClientAddress(t *testing.T) {
	t.Parallel()
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_HTTP_MAX_CONNS_PER_ADDRESS": "3"}})
	var held []net.Conn
	for {
		c := dial(t, s)
		status, header, err := healthz(c)
		if err != nil {
			t.Fatal(err)
		}
		if status == http.StatusTooManyRequests {
			if header.Get("Retry-After") == "" {
				t.Error("429 without Retry-After")
			}
			break
		}
		if held = append(held, c); len(held) > 3 {
			t.Fatalf("%d connections of one address answered; the cap is 3", len(held))
		}
	}
	if len(held) == 0 {
		t.Fatal("no connection was let in")
	}
	held[0].Close()
	deadline := time.Now().Add(closedWithin)
	for { // the server sees the close a moment later
		status, _, err := healthz(dial(t, s))
		if err == nil && status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after one closed: %d %v", status, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Connections from a trusted proxy carry many clients: they are not capped.
func TestConnectionsFromTrustedProxiesAreNotCapped(t *testing.T) {
	t.Parallel()
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{
		"PODIUM_HTTP_MAX_CONNS_PER_ADDRESS": "2", "PODIUM_TRUSTED_PROXIES": "127.0.0.0/8,::1/128",
	}})
	for range 4 {
		if status, _, err := healthz(dial(t, s)); err != nil || status != http.StatusOK {
			t.Fatalf("a proxy's connection: %d %v", status, err)
		}
	}
}

// A live stream outlives the read and write timeouts: it hears heartbeats long after both.
func TestLiveStreamOutlivesTheTimeouts(t *testing.T) {
	t.Parallel()
	// The timeouts also bound the stack's set-up requests (a bcrypt sign-in among them): 3 s
	// fits them on a loaded machine; the stream then lives through five 1 s heartbeats, past both.
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{
		"PODIUM_HTTP_READ_TIMEOUT": "3s", "PODIUM_HTTP_WRITE_TIMEOUT": "3s", "PODIUM_STREAM_HEARTBEAT": "1s",
	}})
	ctx, cancel := context.WithTimeout(context.Background(), failAfter)
	defer cancel()
	st, err := sseclient.Open(ctx, http.DefaultClient, publicEventStream(t, s), "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Preamble(); err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if err := st.NextComment(); err != nil {
			t.Fatalf("heartbeat %d: %v", i+1, err)
		}
	}
}

// healthz asks for /healthz on c and returns the answer's status and headers.
func healthz(c net.Conn) (int, http.Header, error) {
	if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: podium\r\n\r\n"); err != nil {
		return 0, nil, err
	}
	if err := c.SetReadDeadline(time.Now().Add(closedWithin)); err != nil {
		return 0, nil, err
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, resp.Header, nil
}
