//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/platform/porttest"
	"github.com/podium-dev/podium/tests/edge"
)

// TestChaosRollingUpgrade plays a release rolling out (docs/operations.md, "Rolling upgrades"):
// the previous release's binary serves behind the shipped edge (nginx), judges save and
// spectators read through it; the new binary's `podium migrate` applies the new release's
// migrations (expand steps: tests/migrations refuses anything else) while the previous
// release serves; then each target is replaced one at a time — the new process starts, the
// target's address (a TCP proxy standing in for the Kubernetes Service) turns to it, the old one
// gets SIGTERM — first a second gateway of the new release beside the old one, then auth,
// competition, results and public, then the old gateway. Every request must succeed and every
// acknowledged save be stored.
//
// The previous release is CHAOS_PREVIOUS_RELEASE (a git revision; default HEAD~1, main's
// previous commit), exported with `git archive` and built. A clone without that commit (a
// shallow one) skips the scenario, saying so.
// serial: it replaces processes one by one under its own load and counts every failed request, which a neighbour's load would slow
func TestChaosRollingUpgrade(t *testing.T) {
	sc := newScenario(t, "rolling-upgrade")
	w := getWorld(t)
	oldBin, rev := previousRelease(t, w)

	// The targets' addresses as their clients see them: proxies, each in front of one process.
	targets := []string{"auth", "competition", "results", "public"}
	proxies := map[string]*tcpProxy{}
	env := map[string]string{}
	listen := map[string]string{}
	for _, target := range targets {
		listen[target] = porttest.Addr(t)
		proxies[target] = startTCPProxy(t, listen[target])
		env["PODIUM_"+strings.ToUpper(target)+"_ADDR"] = proxies[target].addr
	}
	s := newStack(t, "upgrade", stackOptions{env: env, bin: oldBin, listen: listen})
	ev := buildEvent(t, s, eventSpec{name: "Upgrade Games", divisions: 1, teamsPerDiv: 30, workouts: 2, scoreType: "POINTS", publishStatus: "start"})

	// The edge in front of both gateways, as a Service balancing over them: the new one is down
	// until its turn, and nginx passes a refused connection to the next gateway. max_fails=0:
	// nginx's own marking of a refusing server as down for 10 s is the Service's business here.
	newGatewayAddr := porttest.Addr(t)
	edgeDir := filepath.Join(w.dir, "upgrade-edge")
	if err := os.MkdirAll(edgeDir, 0o755); err != nil {
		t.Fatal(err)
	}
	front, err := edge.Launch(edgeDir, porttest.Addr(t), strings.TrimPrefix(s.urls["gateway"], "http://")+" max_fails=0; server "+newGatewayAddr+" max_fails=0", 1)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(front.Stop)

	migrationsBefore := countMigrations(t, s)

	// The load: 3 judges each saving their own 10 cells, 2 spectators reading the boards.
	c := newClient(sc)
	ctx, stopLoad := context.WithCancel(context.Background())
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		expected = map[string]float64{} // team|workout → the last acknowledged value
		acked    int
		failed   []string
		seq      atomic.Int64
		reads    atomic.Int64
		phase    atomic.Pointer[string] // the step under way, to name in a failure
	)
	step := func(name string) { phase.Store(&name) }
	step("the previous release alone")
	fail := func(r reply) {
		mu.Lock()
		if len(failed) < 20 {
			failed = append(failed, *phase.Load()+": "+r.String())
		}
		mu.Unlock()
	}
	for judge := 0; judge < 3; judge++ {
		cells := ev.Teams[judge*10 : judge*10+10]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				value := float64(seq.Add(1))
				rows := make([]row, 0, 2*len(cells))
				for _, tm := range cells {
					for _, wk := range ev.Workouts {
						rows = append(rows, row{TeamID: tm.ID, WorkoutID: wk, Value: value})
					}
				}
				r := c.post(front.URL+"/api/results/batch", s.token, map[string]any{"results": rows})
				if r.err != nil || r.status != http.StatusOK {
					fail(r)
					time.Sleep(100 * time.Millisecond)
					continue
				}
				mu.Lock()
				acked += len(rows)
				for _, rw := range rows {
					expected[rw.TeamID+"|"+rw.WorkoutID] = value
				}
				mu.Unlock()
				time.Sleep(50 * time.Millisecond)
			}
		}()
	}
	for spectator := 0; spectator < 2; spectator++ {
		paths := []string{
			"/api/public/events/" + ev.ID + "/divisions/" + ev.Divisions[0] + "/leaderboard",
			"/api/public/events/" + ev.ID,
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ctx.Err() == nil; i++ {
				r := c.get(front.URL+paths[i%len(paths)], "")
				reads.Add(1)
				if r.err != nil || r.status != http.StatusOK {
					fail(r)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}()
	}

	begin := time.Now()
	time.Sleep(2 * time.Second) // the previous release alone under load

	// Expand: the new release's migrations while the previous release serves.
	step("the new release's migrate")
	s.bin = w.bin
	s.runOnce("migrate-new", nil, "migrate")
	expanded := countMigrations(t, s) - migrationsBefore
	sc.fault("the new release's migrate (%d migrations) while the previous release (%s) served", expanded, rev)
	time.Sleep(time.Second)

	// A gateway of the new release beside the old one.
	step("a new gateway beside the old one")
	s.start("gateway-new", "gateway", map[string]string{"PODIUM_HTTP_ADDR": newGatewayAddr})
	s.waitReady("gateway-new", 60*time.Second)
	time.Sleep(2 * time.Second)

	// Each target in turn: the new process, the address turned to it, the old one drained.
	for _, target := range targets {
		step("replacing " + target)
		addr := porttest.Addr(t)
		s.start(target+"-new", target, map[string]string{"PODIUM_GRPC_LISTEN": addr})
		waitListening(t, s, target+"-new", addr)
		proxies[target].turnTo(addr)
		old := s.procs[target]
		old.signal(syscall.SIGTERM)
		if !old.wait(40 * time.Second) {
			t.Fatalf("the previous %s did not stop within 40 s of SIGTERM", target)
		}
		if code := old.exitCode(); code != 0 {
			t.Errorf("the previous %s exited with code %d: %s", target, code, tail(old.log, 1500))
		}
		time.Sleep(time.Second)
	}
	// The old gateway last.
	step("draining the old gateway")
	old := s.procs["gateway"]
	old.signal(syscall.SIGTERM)
	if !old.wait(40 * time.Second) {
		t.Fatal("the previous gateway did not stop within 40 s of SIGTERM")
	}
	if code := old.exitCode(); code != 0 {
		t.Errorf("the previous gateway exited with code %d: %s", code, tail(old.log, 1500))
	}
	rolled := time.Since(begin)
	step("the new release alone")
	sc.faultN(6, "6 processes replaced one at a time (gateway beside gateway, 4 targets, old gateway drained) in %s", rolled.Round(100*time.Millisecond))
	time.Sleep(2 * time.Second) // the new release alone under load
	stopLoad()
	wg.Wait()

	// Every acknowledged save stored with its value.
	got := storedResults(t, s, ev.ID)
	stored := 0
	var lost []string
	for key, want := range expected {
		rows := got[key]
		switch {
		case len(rows) != 1:
			lost = append(lost, fmt.Sprintf("%s: %d rows", key, len(rows)))
		case rows[0].Value == nil || *rows[0].Value != want:
			lost = append(lost, fmt.Sprintf("%s: stored %s, acknowledged %v", key, floatOrNull(rows[0].Value), want))
		}
	}
	// acked counts every acknowledged row; the cells hold the last one each.
	if len(lost) == 0 {
		stored = acked
	}
	sc.writes(acked, stored, 0, lost)
	for _, f := range failed {
		t.Errorf("failed request during the upgrade: %s", f)
	}
	if len(failed) > 0 {
		t.Errorf("%d failed requests (none is a deliberate refusal here)", sc.requests-sc.statusCount(200, 200))
	}
	sc.setNote("previous release %s → this tree; %d saves' rows acked, %d reads; %d failed requests; rolled in %s",
		rev, acked, reads.Load(), sc.requests-sc.statusCount(200, 200), rolled.Round(100*time.Millisecond))
	t.Logf("rolled %s → new in %s: %d rows acked, %d reads, %d failed", rev, rolled, acked, reads.Load(), len(failed))
}

// previousRelease builds the podium binary of CHAOS_PREVIOUS_RELEASE (default HEAD~1) and
// returns it with the revision's name; it skips the test when the clone lacks it. The binary
// is kept under the temp dir by commit, so the next run (and Go's build cache, which keys on
// the source's folder) starts from it.
func previousRelease(t *testing.T, w *world) (bin, rev string) {
	t.Helper()
	rev = os.Getenv("CHAOS_PREVIOUS_RELEASE")
	if rev == "" {
		rev = "HEAD~1"
	}
	out, err := exec.Command("git", "-C", w.root, "rev-parse", "--verify", rev+"^{commit}").Output()
	if err != nil {
		t.Skipf("no previous release to upgrade from: %s is not in this clone (a shallow clone? fetch with full history, or set CHAOS_PREVIOUS_RELEASE)", rev)
	}
	commit := strings.TrimSpace(string(out))
	if !strings.HasPrefix(commit, rev) {
		rev = fmt.Sprintf("%s (%s)", rev, commit[:7])
	}
	dir := filepath.Join(os.TempDir(), "podium-chaos-previous", commit)
	bin = filepath.Join(dir, "podium")
	if _, err := os.Stat(bin); err == nil {
		return bin, rev
	}
	src := filepath.Join(dir, "src")
	os.RemoveAll(src) // a run killed while building left it
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	archive := exec.Command("sh", "-c", `git -C "$1" archive --format=tar "$2" | tar -x -C "$3"`, "sh", w.root, commit, src)
	if out, err := archive.CombinedOutput(); err != nil {
		t.Fatalf("git archive %s: %v\n%s", rev, err, out)
	}
	build := exec.Command(goTool(), "build", "-o", bin+".tmp", "./cmd/podium")
	build.Dir = src
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build the previous release %s: %v\n%s", rev, err, out)
	}
	if err := os.Rename(bin+".tmp", bin); err != nil {
		t.Fatal(err)
	}
	return bin, rev
}

// countMigrations is how many migrations the database has applied, over every schema.
func countMigrations(t *testing.T, s *stack) int {
	t.Helper()
	var n int
	err := s.db.QueryRow(context.Background(), `SELECT
		(SELECT count(*) FROM auth.schema_migrations) + (SELECT count(*) FROM competition.schema_migrations) +
		(SELECT count(*) FROM results.schema_migrations)`).Scan(&n)
	if err != nil {
		t.Fatalf("count migrations: %v", err)
	}
	return n
}

// waitListening waits until a process accepts connections on addr.
func waitListening(t *testing.T, s *stack, name, addr string) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if p := s.procs[name]; p.exited() {
			t.Fatalf("%s exited while starting: %s", name, tail(p.log, 2000))
		}
		if conn, err := net.Dial("tcp", addr); err == nil {
			conn.Close()
			return
		}
	}
	t.Fatalf("%s not listening on %s after 60 s", name, addr)
}

// tcpProxy stands in for a Kubernetes Service in front of one target: each new connection goes
// to the process it currently points at; connections already open stay with theirs until that
// process closes them.
type tcpProxy struct {
	addr    string
	ln      net.Listener
	backend atomic.Pointer[string]
}

func startTCPProxy(t *testing.T, backend string) *tcpProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &tcpProxy{addr: ln.Addr().String(), ln: ln}
	p.backend.Store(&backend)
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go p.pipe(conn)
		}
	}()
	t.Cleanup(func() { ln.Close() })
	return p
}

func (p *tcpProxy) turnTo(backend string) { p.backend.Store(&backend) }

func (p *tcpProxy) pipe(client net.Conn) {
	defer client.Close()
	server, err := net.DialTimeout("tcp", *p.backend.Load(), 5*time.Second)
	if err != nil {
		return
	}
	defer server.Close()
	// Either side ending ends both (the deferred closes end the other copy).
	done := make(chan struct{}, 2)
	go func() { io.Copy(server, client); done <- struct{}{} }() //nolint:errcheck // ends with either side
	go func() { io.Copy(client, server); done <- struct{}{} }() //nolint:errcheck // ends with either side
	<-done
}
