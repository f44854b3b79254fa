// Command streams is the live-stream benchmark (scripts/bench-streams.sh, docs/operations.md
// "Live updates"): against a running `podium all` it seeds a small event, opens N streams of it
// on one gateway, measures the process's memory per open stream and its CPU while they idle,
// then publishes one result and reports how long each stream took to hear of it.
//
// Streams are plain TCP connections speaking just enough HTTP/1.1 (one small buffer and one
// goroutine each), so that ten thousand of them fit beside the gateway on the same machine.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/tests/bench"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "gateway base URL")
	username := flag.String("username", "admin", "administrator (password in PODIUM_ADMIN_PASSWORD)")
	n := flag.Int("n", 10000, "streams to open")
	pid := flag.Int("pid", 0, "process id of the gateway (podium all), for its memory and CPU")
	idle := flag.Duration("idle", 10*time.Second, "how long the open streams idle while the CPU is measured")
	settle := flag.Duration("settle", 3*time.Second, "pause after the last stream opened before memory is read")
	flag.Parse()
	if err := run(*base, *username, *n, *pid, *idle, *settle); err != nil {
		fmt.Fprintln(os.Stderr, "streams:", err)
		os.Exit(1)
	}
}

func run(base, username string, n, pid int, idle, settle time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	u, err := url.Parse(base)
	if err != nil {
		return err
	}
	fail := eventtest.Program("streams")
	ev := bench.Seed(fail, eventtest.Login(fail, base, username, os.Getenv("PODIUM_ADMIN_PASSWORD")), 4, 2)
	// Every seeded team has a published result; the one timed is a latecomer's first.
	late := ev.Event.AddTeams(ev.Event.Divisions[0], &competitionv1.NewTeam{Name: "Latecomers", Athlete1Name: "Late A", Athlete2Name: "Late B"})

	rssBefore, err := rss(pid)
	if err != nil {
		return err
	}
	fmt.Printf("gateway process before: %.1f MB RSS\n", float64(rssBefore)/1e6)

	b := &board{got: make([]time.Duration, n)}
	opened := time.Now()
	if err := openAll(ctx, u.Host, "/api/public/events/"+ev.EventID+"/stream", n, b); err != nil {
		return err
	}
	fmt.Printf("opened %d streams in %.1f s\n", n, time.Since(opened).Seconds())

	time.Sleep(settle)
	rssOpen, err := rss(pid)
	if err != nil {
		return err
	}
	perStream := float64(rssOpen-rssBefore) / float64(n)
	fmt.Printf("gateway process with %d streams open: %.1f MB RSS, %.1f KB per stream (goal < 20 KB: %s)\n",
		n, float64(rssOpen)/1e6, perStream/1e3, verdict(perStream < 20e3))

	cpuBefore, err := cpuTicks(pid)
	if err != nil {
		return err
	}
	time.Sleep(idle)
	cpuAfter, err := cpuTicks(pid)
	if err != nil {
		return err
	}
	idleCPU := float64(cpuAfter-cpuBefore) / clockTicks / idle.Seconds() * 100
	fmt.Printf("CPU of the process while %d streams idle %s: %.2f %% of a core (goal < 5 %%: %s)\n", n, idle, idleCPU, verdict(idleCPU < 5))
	if lost := b.lost.Load(); lost > 0 {
		return fmt.Errorf("%d streams ended while idle", lost)
	}

	// A draft save is announced to nobody; the publish that follows is what is timed.
	saved := ev.Event.Results(eventtest.Fields{"teamId": late[0].GetId(), "workoutId": ev.WorkoutIDs[0], "resultValue": 299})
	if len(saved) != 1 {
		return errors.New("save: no result saved")
	}
	time.Sleep(500 * time.Millisecond) // a draft announced by mistake would arrive meanwhile
	start := time.Now()
	b.start(start)
	ev.Event.Publish(saved...)
	answered := time.Since(start)
	missing := b.wait(n, 30*time.Second)
	got := b.times()
	fmt.Printf("publish answered in %.1f ms; streams notified (from the publish request): %d of %d\n",
		float64(answered.Microseconds())/1e3, len(got), n)
	if len(got) > 0 {
		fmt.Printf("time until notified: p50 %.1f ms, p99 %.1f ms, max %.1f ms (goal: all within 1 s: %s)\n",
			ms(pct(got, 50)), ms(pct(got, 99)), ms(got[len(got)-1]), verdict(len(got) == n && got[len(got)-1] < time.Second))
	}
	if b.early > 0 || b.extra > 0 {
		fmt.Printf("unexpected changes: %d before the publish (the draft save), %d repeated after it\n", b.early, b.extra)
	}
	if missing > 0 {
		return fmt.Errorf("%d streams were not notified within 30 s", missing)
	}
	return nil
}

// board collects when each stream heard of the change.
type board struct {
	mu    sync.Mutex
	t0    time.Time
	got   []time.Duration // 0: not yet
	count int
	early int // changes that came before the publish
	extra int // second changes after it
	done  chan struct{}
	lost  atomic.Int64
}

func (b *board) start(t time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.t0, b.done = t, make(chan struct{})
}

func (b *board) changed(i int, at time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.done == nil {
		b.early++ // before the publish: nothing should come
		return
	}
	if b.got[i] != 0 {
		b.extra++
		return
	}
	b.got[i] = max(at.Sub(b.t0), time.Nanosecond)
	b.count++
	if b.count == len(b.got) {
		close(b.done)
	}
}

// wait returns how many streams had not heard of the change by the timeout.
func (b *board) wait(n int, timeout time.Duration) int {
	select {
	case <-b.done:
	case <-time.After(timeout):
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return n - b.count
}

func (b *board) times() []time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []time.Duration
	for _, d := range b.got {
		if d > 0 {
			out = append(out, d)
		}
	}
	slices.Sort(out)
	return out
}

// openAll opens n streams, a few hundred at a time, and returns once every one got its
// opening (`retry:`) from the gateway.
func openAll(ctx context.Context, host, path string, n int, b *board) error {
	req := []byte("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nAccept: text/event-stream\r\n\r\n")
	var wg sync.WaitGroup
	errs := make(chan error, n)
	sem := make(chan struct{}, 256)
	for i := range n {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ready := make(chan error, 1)
			go follow(ctx, host, req, i, b, ready)
			errs <- <-ready
			<-sem
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

var (
	opening = []byte("retry:")
	change  = []byte("event: changed")
)

// follow opens one stream, reports on ready when it is open, then reads it until it ends,
// telling b when a change arrives.
func follow(ctx context.Context, host string, req []byte, i int, b *board, ready chan<- error) {
	var d net.Dialer
	var conn net.Conn
	var err error
	for attempt := 0; ; attempt++ { // a full accept queue refuses a few: try again
		if conn, err = d.DialContext(ctx, "tcp", host); err == nil || attempt == 5 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		ready <- fmt.Errorf("stream %d: %w", i, err)
		return
	}
	defer conn.Close()
	if _, err := conn.Write(req); err != nil {
		ready <- fmt.Errorf("stream %d: %w", i, err)
		return
	}
	buf := make([]byte, 512)
	var seen []byte // what was read so far, until the opening; then a short tail
	isOpen := false
	for {
		k, err := conn.Read(buf)
		at := time.Now()
		if k > 0 {
			seen = append(seen, buf[:k]...)
			if !isOpen {
				if !bytes.HasPrefix(seen, []byte("HTTP/1.1 200")) && len(seen) >= 12 {
					ready <- fmt.Errorf("stream %d: %s", i, firstLine(seen))
					return
				}
				if bytes.Contains(seen, opening) {
					isOpen = true
					ready <- nil
					seen = seen[bytes.Index(seen, opening):]
				}
			}
			if isOpen && bytes.Contains(seen, change) {
				b.changed(i, at)
				seen = seen[:0]
			}
			if isOpen && len(seen) > len(change) {
				seen = append(seen[:0], seen[len(seen)-len(change):]...)
			}
		}
		if err != nil {
			if !isOpen {
				ready <- fmt.Errorf("stream %d: %w", i, err)
			} else {
				b.lost.Add(1)
			}
			return
		}
	}
}

func verdict(met bool) string {
	if met {
		return "met"
	}
	return "missed"
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(string(b), "\r\n")
	return s
}

func pct(sorted []time.Duration, p int) time.Duration {
	i := (len(sorted)*p+99)/100 - 1
	return sorted[max(i, 0)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }

// clockTicks is USER_HZ, the unit of /proc/<pid>/stat's CPU times (100 on Linux).
const clockTicks = 100

// rss is the process's resident memory in bytes.
func rss(pid int) (int64, error) {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, fmt.Errorf("read the gateway's memory: %w", err)
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb * 1024, err
		}
	}
	return 0, errors.New("no VmRSS in /proc/<pid>/status")
}

// cpuTicks is the process's user plus system CPU time in clock ticks.
func cpuTicks(pid int) (int64, error) {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, fmt.Errorf("read the gateway's CPU time: %w", err)
	}
	// Fields after the command name (which may hold spaces) start at field 3 (state).
	s := string(raw)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 13 {
		return 0, errors.New("short /proc/<pid>/stat")
	}
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	return utime + stime, errors.Join(err1, err2)
}
