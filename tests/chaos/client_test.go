//go:build chaos

package chaos

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The deadline of every API call (PODIUM_BACKEND_TIMEOUT's default, README.md): an answer later than this plus
// some slack for a busy machine counts as a hang.
const (
	apiDeadline = 10 * time.Second
	hangAfter   = apiDeadline + 3*time.Second
)

// client speaks HTTP to a gateway and records every answer in its scenario's ledger.
type client struct {
	hc *http.Client
	sc *scenario
}

func newClient(sc *scenario) *client {
	return newClientFrom(sc, "")
}

// newClientFrom dials from a given loopback source address (127.0.0.2 looks like another
// client to the gateway); "" is the default.
func newClientFrom(sc *scenario, sourceIP string) *client {
	dialer := &net.Dialer{Timeout: 5 * time.Second}
	if sourceIP != "" {
		dialer.LocalAddr = &net.TCPAddr{IP: net.ParseIP(sourceIP)}
	}
	tr := &http.Transport{
		DialContext:         dialer.DialContext,
		MaxIdleConns:        64,
		MaxIdleConnsPerHost: 32,
		IdleConnTimeout:     30 * time.Second,
	}
	return &client{hc: &http.Client{Transport: tr, Timeout: hangAfter + 5*time.Second}, sc: sc}
}

// reply is one answer, read whole.
type reply struct {
	method, path string
	status       int // 0 when the request failed without an answer
	body         []byte
	header       http.Header
	err          error
	dur          time.Duration
}

func (r reply) String() string {
	if r.err != nil {
		return fmt.Sprintf("%s %s: %v (after %s)", r.method, r.path, r.err, r.dur.Round(time.Millisecond))
	}
	b := string(r.body)
	if len(b) > 300 {
		b = b[:300] + "…"
	}
	return fmt.Sprintf("%s %s: %d %s (after %s)", r.method, r.path, r.status, b, r.dur.Round(time.Millisecond))
}

// message is the "message" of a JSON error body ("" when there is none).
func (r reply) message() string {
	var e struct {
		Message string `json:"message"`
	}
	json.Unmarshal(r.body, &e) //nolint:errcheck // "" is the answer for a body that is not one
	return e.Message
}

// jsonError reports whether the body is a JSON error with a code and a readable message that
// leaks nothing internal.
func (r reply) jsonError() error {
	var e struct {
		Code    *int   `json:"code"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(r.body, &e); err != nil {
		return fmt.Errorf("error body is not JSON: %q", r.body)
	}
	if e.Code == nil || strings.TrimSpace(e.Message) == "" {
		return fmt.Errorf("error body lacks code or message: %s", r.body)
	}
	for _, leak := range []string{"dial tcp", "connection refused", "SQLSTATE", "pgx", "goroutine ", "127.0.0.1:"} {
		if strings.Contains(e.Message, leak) {
			return fmt.Errorf("error message leaks %q: %s", leak, e.Message)
		}
	}
	return nil
}

func (r reply) decode(t testing.TB, v any) {
	t.Helper()
	if m, ok := v.(proto.Message); ok { // a generated contract type: as the gateway writes it
		eventtest.Decode(t, r.body, m)
		return
	}
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("decode %s: %v", r, err)
	}
}

// do sends one request; body is JSON-encoded unless it is a string or []byte.
func (c *client) do(method, url, token string, body any, headers map[string]string) reply {
	reader, err := stacktest.Body(body)
	if err != nil {
		panic(err)
	}
	path := url
	if i := strings.Index(url, "/api/"); i >= 0 {
		path = url[i:]
	}
	r := reply{method: method, path: path}
	ctx, cancel := context.WithTimeout(context.Background(), hangAfter+5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, url, reader)
	if err != nil {
		panic(err)
	}
	if reader != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	start := time.Now()
	resp, err := c.hc.Do(req)
	if err == nil {
		r.status, r.header = resp.StatusCode, resp.Header
		r.body, err = io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	r.err, r.dur = err, time.Since(start)
	if c.sc != nil {
		c.sc.record(r)
	}
	return r
}

func (c *client) get(url, token string) reply { return c.do(http.MethodGet, url, token, nil, nil) }

func (c *client) post(url, token string, body any) reply {
	return c.do(http.MethodPost, url, token, body, nil)
}

// must sends a request that has to succeed with 200 (set-up and checks, not load).
func (c *client) must(t testing.TB, method, url, token string, body any) reply {
	t.Helper()
	var r reply
	for attempt := 0; attempt < 3; attempt++ {
		r = c.do(method, url, token, body, nil)
		if r.err == nil && r.status != http.StatusServiceUnavailable {
			break
		}
		time.Sleep(time.Second) // the machine is shared: a set-up call may meet a slow moment
	}
	if r.status != http.StatusOK {
		t.Fatalf("%s", r)
	}
	return r
}

// login signs in and returns the token.
func (s *stack) login(gatewayURL, username, password string) string {
	s.t.Helper()
	c := newClient(nil)
	r := c.must(s.t, http.MethodPost, gatewayURL+"/api/auth/login", "", map[string]string{"username": username, "password": password})
	var out struct{ Token string }
	r.decode(s.t, &out)
	if out.Token == "" {
		s.t.Fatalf("login %s: no token: %s", username, r)
	}
	return out.Token
}
