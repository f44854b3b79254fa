//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"github.com/podium-dev/podium/internal/platform/porttest"
)

// stack is one scenario's Podium in distributed mode: one process per target, its own
// database in the chaos cluster and its own Redis db index.
type stack struct {
	t        *testing.T
	w        *world
	name     string
	dbURL    string
	redisURL string
	redisDB  int
	base     map[string]string // environment every process shares
	procs    map[string]*proc
	envs     map[string]map[string]string // per process
	targets  map[string]string            // process → target
	// grpc addresses by target, and gateway URLs by process name
	addr  map[string]string
	urls  map[string]string
	URL   string // the first gateway
	admin string
	pass  string
	token string
	db    *pgxpool.Pool
	rdb   *redis.Client
	// bin is the podium binary of the processes started from now on (a rolling upgrade
	// switches it); bins is each process's own.
	bin  string
	bins map[string]string
}

const adminPassword = "chaos-admin-password"

type stackOptions struct {
	env map[string]string
	// dbURL is a database of a server of the scenario's own instead of the chaos cluster's;
	// existing says it holds a migrated Podium already (its administrator among its users).
	dbURL    string
	existing bool
	bin      string // the podium binary (default: the world's, built from this tree)
	// listen is a target's own gRPC address when its clients dial another one (env sets
	// PODIUM_*_ADDR to a proxy in front of it).
	listen map[string]string
}

// newStack migrates a fresh database, creates an administrator and starts every target as its
// own process. Everything stops when the test ends, whatever happened.
func newStack(t *testing.T, name string, opts stackOptions) *stack {
	t.Helper()
	w := getWorld(t)
	dbURL, redisURL := w.newDatabase()
	if opts.dbURL != "" {
		dbURL = opts.dbURL
	}
	s := &stack{
		t: t, w: w, name: name, dbURL: dbURL, redisURL: redisURL,
		procs: map[string]*proc{}, envs: map[string]map[string]string{}, targets: map[string]string{},
		addr: map[string]string{}, urls: map[string]string{},
		admin: "chaos-admin", pass: adminPassword, bin: w.bin, bins: map[string]string{},
	}
	if opts.bin != "" {
		s.bin = opts.bin
	}
	fmt.Sscanf(redisURL[strings.LastIndex(redisURL, "/")+1:], "%d", &s.redisDB)
	for _, target := range []string{"auth", "competition", "results", "public"} {
		s.addr[target] = porttest.Addr(t)
		if a := opts.listen[target]; a != "" {
			s.addr[target] = a
		}
	}
	s.base = map[string]string{
		"PODIUM_DATABASE_URL":       dbURL,
		"PODIUM_REDIS_URL":          redisURL,
		"PODIUM_AUTH_ADDR":          s.addr["auth"],
		"PODIUM_COMPETITION_ADDR":   s.addr["competition"],
		"PODIUM_RESULTS_ADDR":       s.addr["results"],
		"PODIUM_PUBLIC_ADDR":        s.addr["public"],
		"PODIUM_JWT_PUBLIC_KEY":     w.pubPEM,
		"PODIUM_SERVICE_KEY":        w.serviceKey,
		"PODIUM_DEV_MODE":           "false",
		"PODIUM_WEB_DIR":            filepath.Join(w.dir, "no-web-app"),
		"PODIUM_SHUTDOWN_TIMEOUT":   "20s",
		"PODIUM_BACKEND_TIMEOUT":    "10s",
		"PODIUM_LOG_LEVEL":          "info",
		"PODIUM_LOGIN_MAX_FAILURES": "5",
	}
	for k, v := range opts.env {
		s.base[k] = v
	}
	t.Cleanup(s.close)

	// migrate, then the first administrator
	s.runOnce("migrate", nil, "migrate")
	if !opts.existing {
		s.runOnce("admin-create", map[string]string{"PODIUM_ADMIN_PASSWORD": s.pass}, "admin", "create", "--username", s.admin)
	}

	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		t.Fatalf("verifier pool: %v", err)
	}
	s.db = pool
	s.rdb = w.redis.client(s.redisDB)

	for _, target := range []string{"auth", "competition", "results", "public"} {
		s.start(target, target, nil)
	}
	s.start("gateway", "gateway", nil)
	s.URL = s.urls["gateway"]
	s.waitReady("gateway", 90*time.Second)
	s.token = s.login(s.URL, s.admin, s.pass)
	return s
}

// runOnce runs a podium command to completion.
func (s *stack) runOnce(logName string, extra map[string]string, args ...string) {
	s.t.Helper()
	logPath := filepath.Join(s.w.dir, s.name+"-"+logName+".log")
	p, err := startProc(logName, logPath, nil, s.w.dir, s.environ(s.base, extra), s.bin, args...)
	if err != nil {
		s.t.Fatal(err)
	}
	if !p.wait(2*time.Minute) || p.exitCode() != 0 {
		p.signal(syscall.SIGKILL)
		s.t.Fatalf("podium %s failed: %s", strings.Join(args, " "), tail(logPath, 3000))
	}
}

func (s *stack) environ(layers ...map[string]string) []string {
	env := []string{"PATH=/usr/bin:/bin", "HOME=" + s.w.dir}
	merged := map[string]string{}
	for _, l := range layers {
		for k, v := range l {
			merged[k] = v
		}
	}
	for k, v := range merged {
		env = append(env, k+"="+v)
	}
	return env
}

// start runs a target as the named process. Service targets listen on their address from
// the base environment unless extra says otherwise; a gateway gets a free HTTP port.
func (s *stack) start(name, target string, extra map[string]string) {
	s.t.Helper()
	env := map[string]string{}
	for k, v := range extra {
		env[k] = v
	}
	switch target {
	case "gateway":
		if _, ok := env["PODIUM_HTTP_ADDR"]; !ok {
			env["PODIUM_HTTP_ADDR"] = porttest.Addr(s.t)
		}
		s.urls[name] = "http://" + env["PODIUM_HTTP_ADDR"]
	case "auth":
		env["PODIUM_JWT_PRIVATE_KEY"] = s.w.privPEM
		fallthrough
	default:
		if _, ok := env["PODIUM_GRPC_LISTEN"]; !ok {
			env["PODIUM_GRPC_LISTEN"] = s.addr[target]
		}
	}
	if _, ok := env["PODIUM_METRICS_ADDR"]; !ok {
		env["PODIUM_METRICS_ADDR"] = "127.0.0.1:0" // several processes on one machine
	}
	s.envs[name], s.targets[name], s.bins[name] = env, target, s.bin
	s.launch(name)
}

func (s *stack) launch(name string) {
	s.t.Helper()
	logPath := filepath.Join(s.w.dir, s.name+"-"+name+".log")
	p, err := startProc(name, logPath, nil, s.w.dir, s.environ(s.base, s.envs[name]), s.bins[name], s.targets[name])
	if err != nil {
		s.t.Fatal(err)
	}
	s.procs[name] = p
}

// restart starts a process again with the same environment (after it exited).
func (s *stack) restart(name string) {
	s.t.Helper()
	if p := s.procs[name]; p != nil && !p.exited() {
		s.t.Fatalf("restart %s: still running", name)
	}
	s.launch(name)
}

// waitReady waits for a gateway's /readyz to answer 200 (every backend serving).
func (s *stack) waitReady(gateway string, d time.Duration) {
	s.t.Helper()
	client := &http.Client{Timeout: 5 * time.Second}
	deadline := time.Now().Add(d)
	var last string
	for time.Now().Before(deadline) {
		for name, p := range s.procs {
			if p.exited() {
				s.t.Fatalf("%s exited while starting (code %d): %s", name, p.exitCode(), tail(p.log, 3000))
			}
		}
		resp, err := client.Get(s.urls[gateway] + "/readyz")
		if err == nil {
			var b strings.Builder
			fmt.Fprint(&b, resp.Status)
			resp.Body.Close()
			last = b.String()
			if resp.StatusCode == http.StatusOK {
				return
			}
		} else {
			last = err.Error()
		}
		time.Sleep(200 * time.Millisecond)
	}
	s.t.Fatalf("%s not ready after %s (last: %s)", gateway, d, last)
}

// logs is the tail of every process log, for failure messages.
func (s *stack) logs() string {
	var b strings.Builder
	for name, p := range s.procs {
		fmt.Fprintf(&b, "---- %s (%s)\n%s\n", name, p.log, tail(p.log, 1500))
	}
	return b.String()
}

func (s *stack) close() {
	if s.t.Failed() {
		s.t.Logf("process logs (kept under %s while the suite runs):\n%s", s.w.dir, s.logs())
	}
	for _, p := range s.procs {
		p.stop()
	}
	if s.db != nil {
		s.db.Close()
	}
	if s.rdb != nil {
		s.rdb.Close()
	}
}
