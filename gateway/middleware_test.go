package gateway

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/poll"
)

// logBuffer collects log lines from concurrent requests.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) lines(msg string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, line := range strings.Split(l.buf.String(), "\n") {
		if strings.Contains(line, "msg="+msg) {
			out = append(out, line)
		}
	}
	return out
}

// The access log at info keeps one line per miss, error and admin call, and none per public
// answer served from memory, nor per request that joined another's fetch
// (docs/operations.md, "Logs").
func TestAccessLogLeavesOutMemoryHits(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logs := &logBuffer{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	b := &backend{Delay: 50 * time.Millisecond}
	h := withRequestLog(newPublicCache(b, Options{}), log, newHitSummary(ctx, log))

	// Five at once on a cold key: one fetch, logged by the request that made it.
	var wg sync.WaitGroup
	for range 5 {
		wg.Go(func() {
			if r := get(h, "/api/public/events/1/leaderboard"); r.Code != http.StatusOK {
				t.Errorf("status %d", r.Code)
			}
		})
	}
	wg.Wait()
	if b.Calls.Load() != 1 {
		t.Fatalf("backend called %d times, want 1", b.Calls.Load())
	}
	if n := len(logs.lines("http")); n != 1 {
		t.Fatalf("%d access log lines for one fetch and four joined requests, want 1:\n%s", n, logs.buf.String())
	}

	for range 10 {
		get(h, "/api/public/events/1/leaderboard")
		get(h, "/api/public/events/1/leaderboard", "Accept-Encoding", "gzip")
	}
	get(h, "/api/public/missing") // an error
	get(h, "/api/events")         // an admin call
	lines := logs.lines("http")
	if len(lines) != 3 || !strings.Contains(lines[1], "status=404") || !strings.Contains(lines[2], "path=/api/events") {
		t.Fatalf("access log after hits, an error and an admin call:\n%s", strings.Join(lines, "\n"))
	}
	for _, line := range lines {
		if !strings.Contains(line, "requestId=") {
			t.Errorf("no request id: %s", line)
		}
	}
}

func TestHitSummaryCountsWhatIsNotLogged(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logs := &logBuffer{}
	hits := &hitSummary{}
	for range 3 {
		hits.add(http.StatusOK, 100)
	}
	hits.add(http.StatusNotModified, 0)
	go hits.run(ctx, slog.New(slog.NewTextHandler(logs, nil)), 10*time.Millisecond)
	poll.Within(5*time.Second, func() bool { return len(logs.lines(`"public cache hits"`)) > 0 })
	lines := logs.lines(`"public cache hits"`)
	if len(lines) != 1 || !strings.Contains(lines[0], "answered=3 notModified=1 bytes=300") {
		t.Fatalf("summary lines: %q", lines)
	}
}

// A request id from the client is kept when it is sane, else replaced; the answer carries it.
func TestRequestIDs(t *testing.T) {
	t.Parallel()
	log := slog.New(slog.NewTextHandler(&logBuffer{}, nil))
	h := withRequestLog(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Seen", r.Header.Get(requestIDHeader))
	}), log, &hitSummary{})
	kept := get(h, "/x", requestIDHeader, "abc-123")
	if kept.Header().Get(requestIDHeader) != "abc-123" || kept.Header().Get("Seen") != "abc-123" {
		t.Errorf("client id not kept: %v", kept.Header())
	}
	ids := map[string]bool{}
	for range 100 {
		r := get(h, "/x", requestIDHeader, "bad id!")
		id := r.Header().Get(requestIDHeader)
		if len(id) != 16 || !validRequestID(id) || r.Header().Get("Seen") != id || ids[id] {
			t.Fatalf("id %q (seen by the handler as %q)", id, r.Header().Get("Seen"))
		}
		ids[id] = true
	}
}
