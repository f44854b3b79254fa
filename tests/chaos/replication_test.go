//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// PostgreSQL servers of a scenario's own, beside the chaos cluster: a primary, a standby
// streaming from it, a server restored from a backup, and the TCP proxy that plays the
// operator's read-write Service (docs/operations.md, "PostgreSQL and Redis at scale").

// ownServer initialises a server of the scenario's own, not started: the caller configures
// it, then startOwn.
func ownServer(t *testing.T, w *world, name string) *postgres {
	t.Helper()
	pg, err := newPostgres(w.dir, name)
	if err != nil {
		t.Fatal(err)
	}
	if err := pg.initdb(); err != nil {
		t.Fatal(err)
	}
	return pg
}

// ownStandby is a streaming-replication standby of primary, made the way an operator makes
// one: `pg_basebackup -R` (it writes primary_conninfo and standby.signal). A standby waits
// for no standby of its own once promoted.
func ownStandby(t *testing.T, w *world, name string, primary *postgres) *postgres {
	t.Helper()
	pg, err := newPostgres(w.dir, name)
	if err != nil {
		t.Fatal(err)
	}
	if err := pg.run("pg_basebackup", "-h", "127.0.0.1", "-p", strconv.Itoa(primary.port), "-U", "postgres",
		"-D", pg.dataDir, "-R", "-X", "stream", "-c", "fast", "--no-sync"); err != nil {
		t.Fatal(err)
	}
	pg.configure(t, "synchronous_standby_names = ''")
	startOwn(t, pg)
	return pg
}

// startOwn starts a server and stops it when the test ends.
func startOwn(t *testing.T, pg *postgres) {
	t.Helper()
	if err := pg.start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pg.stop)
}

// configure appends settings to the server's postgresql.conf (a later line wins).
func (pg *postgres) configure(t *testing.T, conf ...string) {
	t.Helper()
	if len(conf) == 0 {
		return
	}
	f, err := os.OpenFile(filepath.Join(pg.dataDir, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := fmt.Fprintf(f, "\n# chaos scenario\n%s\n", strings.Join(conf, "\n")); err != nil {
		t.Fatal(err)
	}
}

// kill is a crash of the server's machine: SIGKILL to the postmaster, then to each of its
// processes (by pid), so no backend finishes anything. It returns at once, with the time the
// postmaster got it (the processes are gone a moment later).
func (pg *postgres) kill() time.Time {
	pg.mu.Lock()
	p := pg.proc
	pg.mu.Unlock()
	children := childPids(p.cmd.Process.Pid)
	p.signal(syscall.SIGKILL)
	killed := time.Now()
	for _, pid := range children {
		syscall.Kill(pid, syscall.SIGKILL) //nolint:errcheck // it may have exited meanwhile
	}
	return killed
}

// childPids lists the processes whose parent is pid (/proc).
func childPids(pid int) []int {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var out []int
	for _, st := range stats {
		b, err := os.ReadFile(st)
		if err != nil {
			continue
		}
		// pid (comm) state ppid …; comm may hold spaces, so read after its last ')'.
		s := string(b)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(fields) > 1 && fields[1] == strconv.Itoa(pid) {
			child, _ := strconv.Atoi(filepath.Base(filepath.Dir(st)))
			out = append(out, child)
		}
	}
	return out
}

// query runs one statement on the server's postgres database and scans its one row.
func (pg *postgres) query(t *testing.T, sql string, dest ...any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, pg.url("postgres"))
	if err != nil {
		t.Fatalf("connect to %s: %v", pg.dataDir, err)
	}
	defer conn.Close(ctx)
	if err := conn.QueryRow(ctx, sql).Scan(dest...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// waitFor polls the server's answer to sql (one boolean) until it is true.
func (pg *postgres) waitFor(t *testing.T, d time.Duration, what, sql string) {
	t.Helper()
	var last error
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		conn, err := pgx.Connect(ctx, pg.url("postgres"))
		if err == nil {
			var ok bool
			err = conn.QueryRow(ctx, sql).Scan(&ok)
			conn.Close(ctx)
			if err == nil && ok {
				cancel()
				return
			}
		}
		cancel()
		last = err
	}
	t.Fatalf("%s: not after %s (last error: %v): %s", what, d, last, tail(pg.logPath, 1500))
}

// ---- the read-write Service -----------------------------------------------------------------

// serviceProxy forwards TCP to the server it points at, as a Kubernetes Service forwards to
// the pod its selector names. Pointing it elsewhere ends every connection it carries; a
// connection whose either side ends is ended on the other side too.
type serviceProxy struct {
	ln     net.Listener
	mu     sync.Mutex
	target string
	conns  map[net.Conn]bool
}

func newServiceProxy(t *testing.T, port int) *serviceProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &serviceProxy{ln: ln, conns: map[net.Conn]bool{}}
	p.point(port)
	go p.serve()
	t.Cleanup(func() { ln.Close(); p.point(0) })
	return p
}

func (p *serviceProxy) port() int { return p.ln.Addr().(*net.TCPAddr).Port }

// point sends new connections to the server on port and ends the ones it carried.
func (p *serviceProxy) point(port int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.target = fmt.Sprintf("127.0.0.1:%d", port)
	for c := range p.conns {
		c.Close()
	}
	p.conns = map[net.Conn]bool{}
}

func (p *serviceProxy) serve() {
	for {
		in, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.carry(in)
	}
}

func (p *serviceProxy) carry(in net.Conn) {
	p.mu.Lock()
	target := p.target
	p.mu.Unlock()
	out, err := net.DialTimeout("tcp", target, 2*time.Second)
	if err != nil {
		in.Close() // nothing listens there: the client sees the connection refused
		return
	}
	p.mu.Lock()
	if p.target != target { // pointed elsewhere while dialling
		p.mu.Unlock()
		in.Close()
		out.Close()
		return
	}
	p.conns[in], p.conns[out] = true, true
	p.mu.Unlock()
	end := func() {
		in.Close()
		out.Close()
		p.mu.Lock()
		delete(p.conns, in)
		delete(p.conns, out)
		p.mu.Unlock()
	}
	go func() { io.Copy(out, in); end() }() //nolint:errcheck // either side ending ends both
	io.Copy(in, out)                        //nolint:errcheck // either side ending ends both
	end()
}
