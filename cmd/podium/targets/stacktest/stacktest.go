// Package stacktest runs the whole Podium stack in-process for API tests: every service and
// the gateway on loopback ports, talking gRPC to each other, on a fresh PostgreSQL database
// and the test Redis. Tests speak HTTP to it like any client.
package stacktest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/crypto/bcrypt"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"

	"github.com/podium-dev/podium/cmd/podium/targets"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/config"
	"github.com/podium-dev/podium/internal/platform/grpcx"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/internal/platform/porttest"
	"github.com/podium-dev/podium/internal/platform/svcauth"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// AdminPassword is the password of the administrator every stack starts with.
const AdminPassword = "stacktest-password"

// Stack is a running Podium.
type Stack struct {
	// URL is the gateway's base URL, e.g. http://127.0.0.1:41234.
	URL         string
	DatabaseURL string
	Cfg         config.Config
	Keys        authn.Keys
	// ServiceKey signs the stack's service credentials (DialService).
	ServiceKey svcauth.Key
	Redis      *redis.Client
	// AdminUsername has signed in once already; Token is its session token.
	AdminUsername string
	Token         string

	t      testing.TB
	client *http.Client
	stop   func() error
}

// Stop shuts the stack down as SIGTERM does (graceful, within PODIUM_SHUTDOWN_TIMEOUT) and
// returns what the shutdown reported; the test's cleanup then has nothing left to stop.
func (s *Stack) Stop() error { return s.stop() }

// Options adjust a stack.
type Options struct {
	// Env overrides configuration variables (PODIUM_…).
	Env map[string]string
	// Telemetry, when set, is the stack's telemetry (e.g. with an in-memory span exporter).
	Telemetry *telemetry.Telemetry
	// Now, when set, is the services' clock for deadlines (a test's controllable clock).
	Now func() time.Time
}

// Start runs a stack until the test ends.
func Start(t testing.TB) *Stack { return StartWith(t, Options{}) }

// StartWith runs a stack with options until the test ends.
func StartWith(t testing.TB, opts Options) *Stack {
	t.Helper()
	dbURL := pgtest.NewDatabase(t, targets.Migrations()...)
	// A free port can be taken by someone else between choosing it and listening on it (tests
	// of other packages run at the same time): start again on new ports when that happens.
	var s *Stack
	var rt *targets.Runtime
	for attempt := 1; ; attempt++ {
		var err error
		s, rt, err = start(t, dbURL, opts)
		if err == nil {
			break
		}
		if attempt == 3 || !errors.Is(err, syscall.EADDRINUSE) {
			t.Fatalf("stacktest: %v", err)
		}
	}

	svc, err := targets.AuthService(context.Background(), rt)
	if err != nil {
		t.Fatalf("stacktest: %v", err)
	}
	s.AdminUsername = "admin-" + strings.ToLower(randomSuffix())
	if err := svc.CreateAdmin(context.Background(), s.AdminUsername, AdminPassword); err != nil {
		t.Fatalf("stacktest: create admin: %v", err)
	}
	s.Token = s.Login(s.AdminUsername, AdminPassword)
	return s
}

// start runs every target on fresh loopback ports and waits until the gateway is ready.
func start(t testing.TB, dbURL string, opts Options) (*Stack, *targets.Runtime, error) {
	httpAddr := porttest.Addr(t)
	env := map[string]string{
		"PODIUM_DATABASE_URL":       dbURL,
		"PODIUM_REDIS_URL":          pgtest.RedisURL(),
		"PODIUM_HTTP_ADDR":          httpAddr,
		"PODIUM_AUTH_ADDR":          porttest.Addr(t),
		"PODIUM_COMPETITION_ADDR":   porttest.Addr(t),
		"PODIUM_RESULTS_ADDR":       porttest.Addr(t),
		"PODIUM_PUBLIC_ADDR":        porttest.Addr(t),
		"PODIUM_WEB_DIR":            "",
		"PODIUM_SHUTDOWN_TIMEOUT":   "5s",
		"PODIUM_LOGIN_MAX_FAILURES": "5",
		"PODIUM_METRICS_ADDR":       porttest.Addr(t),
	}
	for k, v := range opts.Env {
		env[k] = v
	}
	cfg, err := config.LoadFrom(func(name string) (string, bool) {
		v, ok := env[name]
		return v, ok
	}, true)
	if err != nil {
		return nil, nil, err
	}
	level := slog.LevelWarn
	if os.Getenv("STACKTEST_LOG") != "" {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	rt := targets.NewRuntime(cfg, log)
	// bcrypt's cheapest cost: a stack hashes a password or three before its test starts, at
	// the production cost a tenth of a second of CPU each (auth-svc keeps it).
	rt.PasswordCost = bcrypt.MinCost
	if opts.Telemetry != nil {
		rt.Telemetry = opts.Telemetry
	}
	rt.Now = opts.Now
	if err := rt.ResolveKeys(); err != nil {
		return nil, nil, err
	}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- targets.Serve(ctx, rt, targets.All, func(name string) string {
			return map[string]string{targets.Auth: cfg.AuthAddr, targets.Competition: cfg.CompetitionAddr,
				targets.Results: cfg.ResultsAddr, targets.Public: cfg.PublicAddr}[name]
		})
	}()
	// The client outwaits the gateway: a test that gives the backends longer (a rescoring of
	// the largest event) gets the gateway's answer, not its own timeout.
	client := &http.Client{Timeout: max(30*time.Second, cfg.BackendTimeout+10*time.Second)}
	if err := waitReady(client, "http://"+httpAddr, done); err != nil {
		cancel()
		return nil, nil, err
	}
	s := &Stack{
		URL: "http://" + httpAddr, DatabaseURL: dbURL, Cfg: cfg, Keys: rt.Keys, ServiceKey: rt.ServiceKey,
		Redis: pgtest.NewRedis(t), t: t, client: client,
	}
	s.stop = sync.OnceValue(func() error {
		// A connection the client dialed for a request another connection then served stays
		// unused; the server waits up to 5 s for its first request before shutting down
		// (net/http), as long as the whole grace period here. Closing them ends that wait.
		client.CloseIdleConnections()
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(15 * time.Second):
			return errors.New("stack did not stop")
		}
	})
	t.Cleanup(func() {
		if err := s.stop(); err != nil {
			t.Errorf("stacktest: shutdown: %v", err)
		}
	})
	return s, rt, nil
}

// waitReady waits for /readyz; it returns the stack's own error when it stopped meanwhile.
func waitReady(client *http.Client, url string, done <-chan error) error {
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-done:
			return fmt.Errorf("stack stopped while starting: %w", err)
		default:
		}
		resp, err := client.Get(url + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return errors.New("stack not ready after 20s")
}

// DialService connects to one of the stack's services at addr the way the target caller
// ("gateway", "competition", …) does, with its service credential; the connection closes
// with the test.
func (s *Stack) DialService(caller, name, addr string) *grpc.ClientConn {
	s.t.Helper()
	conn, err := grpcx.Dial(slog.Default(), addr, name, svcauth.NewCredentials(s.ServiceKey, caller))
	if err != nil {
		s.t.Fatalf("stacktest: %v", err)
	}
	s.t.Cleanup(func() { conn.Close() })
	return conn
}

// OrphanedResults is SQL that counts result rows whose team, workout or event no longer exists:
// rows a delete left behind (docs/operations.md, "Deletes that finish").
const OrphanedResults = `SELECT count(*) FROM results.results r
	WHERE NOT EXISTS (SELECT 1 FROM competition.teams t WHERE t.id = r.team_id)
	   OR NOT EXISTS (SELECT 1 FROM competition.workouts w WHERE w.id = r.workout_id)
	   OR NOT EXISTS (SELECT 1 FROM competition.events e WHERE e.id = r.event_id)`

// API is the stack's gateway with the administrator's session.
func (s *Stack) API() eventtest.API { return eventtest.API{URL: s.URL, Token: s.Token} }

// Events builds events on the stack as the administrator, reporting failures to t
// (docs/architecture.md, "Tests").
func (s *Stack) Events(t testing.TB) *eventtest.Builder { return eventtest.New(t, s.API()) }

// Login signs in and returns the token.
func (s *Stack) Login(username, password string) string {
	s.t.Helper()
	resp := s.Do(http.MethodPost, "/api/auth/login", map[string]string{"username": username, "password": password}, "")
	if resp.Status != http.StatusOK {
		s.t.Fatalf("stacktest: login %s: %d %s", username, resp.Status, resp.Body)
	}
	var out struct{ Token string }
	resp.Decode(s.t, &out)
	return out.Token
}

// Response is an HTTP answer, read whole.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// Decode unmarshals the body into v, failing the test when it is not JSON: a generated
// contract message with protojson (eventtest.Decode: unknown fields fail), anything else with
// encoding/json.
func (r *Response) Decode(t testing.TB, v any) {
	t.Helper()
	if m, ok := v.(proto.Message); ok {
		eventtest.Decode(t, r.Body, m)
		return
	}
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// Object is the body as a JSON object.
func (r *Response) Object(t testing.TB) map[string]any {
	t.Helper()
	var v map[string]any
	r.Decode(t, &v)
	return v
}

// Objects is the body as a JSON array of objects.
func (r *Response) Objects(t testing.TB) []map[string]any {
	t.Helper()
	var v []map[string]any
	r.Decode(t, &v)
	return v
}

// WantError fails the test unless r is the error with that status, field and message.
func (r *Response) WantError(t testing.TB, status int, field, message string) {
	t.Helper()
	var body struct{ Message, Field string }
	r.Decode(t, &body)
	if r.Status != status || body.Message != message || body.Field != field {
		t.Errorf("got %d %q field %q, want %d %q field %q", r.Status, body.Message, body.Field, status, message, field)
	}
}

// Message is the "message" of an error body.
func (r *Response) Message() string {
	var e struct{ Message string }
	json.Unmarshal(r.Body, &e) //nolint:errcheck // an empty message fails the caller's check
	return e.Message
}

// Do sends a request; body is JSON-encoded unless it is a string or []byte; token, when not
// empty, goes in the Authorization header.
func (s *Stack) Do(method, path string, body any, token string) *Response {
	s.t.Helper()
	return s.DoWithHeaders(method, path, body, token, nil)
}

// Admin is Do with the administrator's token.
func (s *Stack) Admin(method, path string, body any) *Response {
	s.t.Helper()
	return s.Do(method, path, body, s.Token)
}

// DoWithHeaders is Do with extra request headers.
func (s *Stack) DoWithHeaders(method, path string, body any, token string, headers map[string]string) *Response {
	s.t.Helper()
	reader, err := Body(body)
	if err != nil {
		s.t.Fatalf("encode body: %v", err)
	}
	req, err := http.NewRequest(method, s.URL+path, reader)
	if err != nil {
		s.t.Fatalf("request: %v", err)
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
	resp, err := s.client.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		s.t.Fatalf("%s %s: read body: %v", method, path, err)
	}
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: raw}
}

// MustStatus fails the test unless r has the given status.
func (r *Response) MustStatus(t testing.TB, status int) *Response {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	return r
}

// Body is a request body: nil for none, strings and bytes as they are, anything else as JSON.
func Body(body any) (io.Reader, error) {
	switch b := body.(type) {
	case nil:
		return nil, nil
	case string:
		return strings.NewReader(b), nil
	case []byte:
		return bytes.NewReader(b), nil
	}
	raw, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(raw), nil
}

func randomSuffix() string {
	return fmt.Sprintf("%x", time.Now().UnixNano())[6:]
}
