package worker_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/platform/worker"
)

// lockedBuffer is a log the worker's goroutine writes and the test reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// A round runs at once, again on a kick long before the interval, a failure is logged and
// retried, and the worker ends with its context.
func TestRunRoundsKicksAndRetries(t *testing.T) {
	t.Parallel()
	var logged lockedBuffer
	rounds := make(chan int, 10)
	n := 0
	ctx, cancel := context.WithCancel(context.Background())
	kick := make(chan struct{}, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		worker.Run(ctx, slog.New(slog.NewTextHandler(&logged, nil)), time.Hour, kick, "mails not sent yet; retrying", func(context.Context) error {
			n++
			rounds <- n
			if n == 2 {
				return errors.New("mail server down")
			}
			return nil
		})
	}()
	wait := func(want int) {
		t.Helper()
		select {
		case got := <-rounds:
			if got != want {
				t.Fatalf("round %d, want %d", got, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("round %d never ran", want)
		}
	}
	wait(1) // at once
	worker.Kick(kick)
	wait(2) // kicked, an hour before the interval; it fails
	worker.Kick(kick)
	worker.Kick(kick) // a nudge already pending: this one is dropped, not blocked on
	wait(3)
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the worker did not end with its context")
	}
	if log := logged.String(); !strings.Contains(log, "mails not sent yet; retrying") || !strings.Contains(log, "mail server down") {
		t.Errorf("the failed round is not logged:\n%s", log)
	}
}
