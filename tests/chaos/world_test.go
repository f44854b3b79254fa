//go:build chaos

package chaos

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"os/user"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/redis/go-redis/v9"

	"github.com/podium-dev/podium/internal/platform/porttest"
)

// The world is what every scenario shares: the podium binary built from this tree, a private
// PostgreSQL cluster and a private Redis server, both children of this test process on free
// loopback ports, and one token key pair. It starts on first use and ends in TestMain.

type world struct {
	dir             string // temp dir: binary, cluster, logs
	bin             string // the podium binary
	root            string // the module root
	privPEM, pubPEM string
	serviceKey      string

	pg    *postgres
	redis *redisServer

	mu        sync.Mutex
	nextDB    int
	nextRedis int
}

var (
	worldOnce sync.Once
	theWorld  *world
	worldErr  error
)

// getWorld returns the shared world, starting it on first use.
func getWorld(t *testing.T) *world {
	t.Helper()
	worldOnce.Do(func() {
		theWorld, worldErr = newWorld()
		if worldErr != nil && theWorld != nil {
			theWorld.close()
			theWorld = nil
		}
	})
	if worldErr != nil {
		t.Fatalf("chaos world: %v", worldErr)
	}
	return theWorld
}

func TestMain(m *testing.M) {
	// An interrupt (^C, or go test's own timeout signal) still stops every child.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sigs
		stopAllProcs()
		if theWorld != nil {
			theWorld.close()
		}
		os.Exit(2)
	}()
	code := m.Run()
	if !summaryPrinted {
		printSummary(os.Stdout)
	}
	stopAllProcs()
	if theWorld != nil {
		theWorld.close()
	}
	os.Exit(code)
}

func newWorld() (*world, error) {
	_, here, _, _ := runtime.Caller(0)
	root := filepath.Clean(filepath.Join(filepath.Dir(here), "..", ".."))
	removeStaleWorlds()
	dir, err := os.MkdirTemp("", "podium-chaos-")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "owner.pid"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return nil, err
	}
	w := &world{dir: dir, root: root, nextDB: 1, nextRedis: 1}

	// The binary, built from the current tree.
	w.bin = filepath.Join(dir, "podium")
	build := exec.Command(goTool(), "build", "-o", w.bin, "./cmd/podium")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		return w, fmt.Errorf("go build ./cmd/podium: %v\n%s", err, out)
	}
	keys, err := exec.Command(w.bin, "keys").Output()
	if err != nil {
		return w, fmt.Errorf("podium keys: %v", err)
	}
	i := strings.Index(string(keys), "-----BEGIN PUBLIC KEY-----")
	if i < 0 {
		return w, fmt.Errorf("podium keys: no public key in %q", keys)
	}
	w.privPEM, w.pubPEM = strings.TrimSpace(string(keys[:i])), strings.TrimSpace(string(keys[i:]))
	serviceKey, err := exec.Command(w.bin, "service-key").Output()
	if err != nil {
		return w, fmt.Errorf("podium service-key: %v", err)
	}
	w.serviceKey = strings.TrimSpace(string(serviceKey))

	if w.pg, err = startPostgres(dir); err != nil {
		return w, err
	}
	if w.redis, err = startRedis(dir); err != nil {
		return w, err
	}
	return w, nil
}

// removeStaleWorlds deletes the temp dirs of earlier chaos runs whose test process is gone
// (killed before it could clean up; its children died with it). Dirs of runs still going —
// another engineer's `make chaos` — are left alone.
func removeStaleWorlds() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "podium-chaos-*"))
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, "owner.pid"))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || pid <= 0 {
			continue
		}
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			os.RemoveAll(d)
		}
	}
}

func (w *world) close() {
	if w.redis != nil {
		w.redis.stop()
	}
	if w.pg != nil {
		w.pg.stop()
	}
	if os.Getenv("CHAOS_KEEP") == "" {
		os.RemoveAll(w.dir)
	} else {
		fmt.Fprintf(os.Stderr, "chaos: kept %s\n", w.dir)
	}
}

// newDatabase names a fresh database and Redis db index for one scenario.
func (w *world) newDatabase() (dbURL, redisURL string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	db, rdb := w.nextDB, w.nextRedis
	w.nextDB++
	w.nextRedis = w.nextRedis%15 + 1
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/chaos_%d?sslmode=disable&connect_timeout=5", w.pg.port, db),
		fmt.Sprintf("redis://127.0.0.1:%d/%d", w.redis.port, rdb)
}

func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

// ---- child processes ----------------------------------------------------------------------

// proc is a child process. Every child gets SIGKILL when this test process dies
// (Pdeathsig), so nothing outlives the suite even when it is killed.
type proc struct {
	name string
	cmd  *exec.Cmd
	done chan struct{}
	err  error
	log  string
}

var (
	procsMu  sync.Mutex
	allProcs = map[*proc]bool{}
)

func startProc(name, logPath string, cred *syscall.Credential, dir string, env []string, bin string, args ...string) (*proc, error) {
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(logf, "\n==== %s start %s %s\n", time.Now().Format(time.RFC3339Nano), bin, strings.Join(args, " "))
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Credential: cred, Setpgid: true}
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	p := &proc{name: name, cmd: cmd, done: make(chan struct{}), log: logPath}
	procsMu.Lock()
	allProcs[p] = true
	procsMu.Unlock()
	go func() {
		p.err = cmd.Wait()
		logf.Close()
		procsMu.Lock()
		delete(allProcs, p)
		procsMu.Unlock()
		close(p.done)
	}()
	return p, nil
}

func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// signal sends sig to the process (only to it: its pid, never a name or group).
func (p *proc) signal(sig syscall.Signal) {
	if !p.exited() {
		p.cmd.Process.Signal(sig) //nolint:errcheck // it may have exited meanwhile
	}
}

// wait waits up to d for the process to exit.
func (p *proc) wait(d time.Duration) bool {
	select {
	case <-p.done:
		return true
	case <-time.After(d):
		return false
	}
}

// stop asks politely (SIGTERM), then kills.
func (p *proc) stop() {
	if p.exited() {
		return
	}
	p.signal(syscall.SIGTERM)
	if !p.wait(25 * time.Second) {
		p.signal(syscall.SIGKILL)
		p.wait(5 * time.Second)
	}
}

func (p *proc) exitCode() int {
	if p.cmd.ProcessState == nil {
		return -1
	}
	return p.cmd.ProcessState.ExitCode()
}

func stopAllProcs() {
	procsMu.Lock()
	ps := make([]*proc, 0, len(allProcs))
	for p := range allProcs {
		ps = append(ps, p)
	}
	procsMu.Unlock()
	var wg sync.WaitGroup
	for _, p := range ps {
		wg.Add(1)
		go func() { defer wg.Done(); p.stop() }()
	}
	wg.Wait()
}

// tail returns the last n bytes of a log file, for failure messages.
func tail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}

// ---- PostgreSQL ---------------------------------------------------------------------------

type postgres struct {
	binDir  string
	dataDir string
	sockDir string
	logPath string
	port    int
	cred    *syscall.Credential // run as postgres when we are root
	mu      sync.Mutex
	proc    *proc
}

func startPostgres(dir string) (*postgres, error) {
	pg, err := newPostgres(dir, "pg")
	if err != nil {
		return nil, err
	}
	if err := pg.initdb(); err != nil {
		return nil, err
	}
	if err := pg.start(); err != nil {
		return pg, err
	}
	return pg, nil
}

// newPostgres names a server under dir/name (its data directory still empty) on a free port.
func newPostgres(dir, name string) (*postgres, error) {
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		return nil, errors.New("no /usr/lib/postgresql/*/bin/initdb: install PostgreSQL")
	}
	port, err := porttest.Port()
	if err != nil {
		return nil, err
	}
	logName := "postgres.log"
	if name != "pg" {
		logName = "postgres-" + name + ".log"
	}
	pg := &postgres{
		binDir: filepath.Dir(bins[len(bins)-1]), dataDir: filepath.Join(dir, name, "data"),
		sockDir: filepath.Join(dir, name), logPath: filepath.Join(dir, logName), port: port,
	}
	if err := os.MkdirAll(pg.sockDir, 0o700); err != nil {
		return nil, err
	}
	if os.Geteuid() == 0 {
		// initdb refuses to run as root: the cluster belongs to the postgres user.
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, fmt.Errorf("running as root and no postgres user: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		pg.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		os.Chmod(dir, 0o755) //nolint:errcheck // postgres must traverse the temp dir
		if err := os.Chown(pg.sockDir, uid, gid); err != nil {
			return nil, err
		}
	}
	return pg, nil
}

// initdb creates the server's cluster.
func (pg *postgres) initdb() error {
	return pg.run("initdb", "-D", pg.dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
}

// run runs one of PostgreSQL's programs as the server's user, to completion.
func (pg *postgres) run(program string, args ...string) error {
	p, err := startProc(program, pg.logPath, pg.cred, pg.sockDir, []string{"LANG=C", "LC_ALL=C", "PATH=/usr/bin:/bin"},
		filepath.Join(pg.binDir, program), args...)
	if err != nil {
		return err
	}
	if !p.wait(2*time.Minute) || p.exitCode() != 0 {
		p.signal(syscall.SIGKILL)
		return fmt.Errorf("%s failed: %s", program, tail(pg.logPath, 2000))
	}
	return nil
}

// start runs the postmaster as a child and waits until it answers.
func (pg *postgres) start() error {
	pg.mu.Lock()
	defer pg.mu.Unlock()
	p, err := startProc("postgres", pg.logPath, pg.cred, pg.sockDir, []string{"LANG=C", "LC_ALL=C", "PATH=/usr/bin:/bin"},
		filepath.Join(pg.binDir, "postgres"), "-D", pg.dataDir, "-k", pg.sockDir, "-p", strconv.Itoa(pg.port),
		"-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "fsync=off",
		"-c", "log_min_messages=warning", "-c", "logging_collector=off")
	if err != nil {
		return err
	}
	pg.proc = p
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if p.exited() {
			return fmt.Errorf("postgres exited: %s", tail(pg.logPath, 2000))
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		conn, err := pgx.Connect(ctx, pg.url("postgres"))
		if err == nil {
			conn.Close(ctx)
			cancel()
			return nil
		}
		cancel()
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("postgres not ready after 60s: %s", tail(pg.logPath, 2000))
}

// restartFast is `pg_ctl restart -m fast`: SIGINT to the postmaster (fast shutdown: open
// transactions are rolled back, sessions end), wait for it to exit, start it again — after
// hold, to keep it down a little longer than a bare restart does.
func (pg *postgres) restartFast(hold time.Duration) (down time.Duration, err error) {
	begin := time.Now()
	pg.mu.Lock()
	p := pg.proc
	pg.mu.Unlock()
	p.signal(syscall.SIGINT)
	if !p.wait(60 * time.Second) {
		return 0, errors.New("postgres did not shut down within 60s")
	}
	time.Sleep(hold)
	if err := pg.start(); err != nil {
		return 0, err
	}
	return time.Since(begin), nil
}

func (pg *postgres) stop() {
	pg.mu.Lock()
	p := pg.proc
	pg.mu.Unlock()
	if p == nil || p.exited() {
		return
	}
	p.signal(syscall.SIGINT) // fast shutdown
	if !p.wait(30 * time.Second) {
		p.signal(syscall.SIGQUIT) // immediate
		if !p.wait(10 * time.Second) {
			p.signal(syscall.SIGKILL)
			p.wait(5 * time.Second)
		}
	}
}

func (pg *postgres) url(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable&connect_timeout=5", pg.port, db)
}

// ---- Redis --------------------------------------------------------------------------------

type redisServer struct {
	dir     string
	logPath string
	port    int
	mu      sync.Mutex
	proc    *proc
}

func startRedis(dir string) (*redisServer, error) {
	port, err := porttest.Port()
	if err != nil {
		return nil, err
	}
	r := &redisServer{dir: filepath.Join(dir, "redis"), logPath: filepath.Join(dir, "redis.log"), port: port}
	if err := os.MkdirAll(r.dir, 0o700); err != nil {
		return nil, err
	}
	return r, r.start()
}

func (r *redisServer) start() error {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return errors.New("redis-server not found: install Redis")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	p, err := startProc("redis", r.logPath, nil, r.dir, []string{"PATH=/usr/bin:/bin"}, bin,
		"--port", strconv.Itoa(r.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--dir", r.dir, "--daemonize", "no", "--databases", "16", "--protected-mode", "yes")
	if err != nil {
		return err
	}
	r.proc = p
	rdb := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", r.port)})
	defer rdb.Close()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if p.exited() {
			return fmt.Errorf("redis exited: %s", tail(r.logPath, 2000))
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := rdb.Ping(ctx).Err()
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("redis not ready after 30s: %s", tail(r.logPath, 2000))
}

// stop shuts Redis down (SIGTERM; nothing is saved, so it comes back empty).
func (r *redisServer) stop() {
	r.mu.Lock()
	p := r.proc
	r.mu.Unlock()
	if p == nil || p.exited() {
		return
	}
	p.signal(syscall.SIGTERM)
	if !p.wait(15 * time.Second) {
		p.signal(syscall.SIGKILL)
		p.wait(5 * time.Second)
	}
}

func (r *redisServer) client(db int) *redis.Client {
	return redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", r.port), DB: db,
		DialTimeout: time.Second, ReadTimeout: time.Second, WriteTimeout: time.Second})
}
