package publicsvc

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/poll"
)

// Requests that arrive while a read runs share the next read, never the running one: each is
// answered with versions read after it arrived.
func TestFreshReadsNeverAnswerWithAnEarlierRead(t *testing.T) {
	t.Parallel()
	var committed, reads atomic.Int64 // the database's version; reads started
	started := make(chan struct{}, 10)
	release := make(chan struct{})
	f := newFreshReads(func(ctx context.Context, _ string) (versions, error) {
		reads.Add(1)
		v := committed.Load() // read as the query starts
		started <- struct{}{}
		<-release
		return versions{res: v, ok: true}, nil
	}, time.Second)

	first := make(chan versions, 1)
	go func() { v, _ := f.versions(context.Background(), "e"); first <- v }()
	<-started // the first read runs, with version 0
	committed.Store(1)
	var wg sync.WaitGroup
	later := make([]versions, 5)
	for i := range later {
		wg.Add(1)
		go func() { defer wg.Done(); later[i], _ = f.versions(context.Background(), "e") }()
	}
	poll.Until(t, 5*time.Second, "the five joining the waiting read", func() bool {
		f.mu.Lock()
		defer f.mu.Unlock()
		return f.waiting["e"] != nil && f.waiting["e"].joiners == len(later)
	})
	close(release)
	if v := <-first; v.res != 0 {
		t.Errorf("first request: version %d, want 0", v.res)
	}
	wg.Wait()
	for i, v := range later {
		if v.res != 1 {
			t.Errorf("request %d arrived after the change: version %d, want 1", i, v.res)
		}
	}
	if n := reads.Load(); n != 2 {
		t.Errorf("%d reads for 6 requests, want 2 (the running one and the one after it)", n)
	}
	// Another event is read on its own.
	if v, err := f.versions(context.Background(), "other"); err != nil || v.res != 1 || reads.Load() != 3 {
		t.Errorf("another event: %v %v after %d reads", v, err, reads.Load())
	}
}

func TestFreshReadsPassErrorsAndCallerDeadlines(t *testing.T) {
	t.Parallel()
	boom := errors.New("database away")
	f := newFreshReads(func(context.Context, string) (versions, error) { return versions{}, boom }, time.Second)
	if _, err := f.versions(context.Background(), "e"); !errors.Is(err, boom) {
		t.Errorf("err %v, want the read's", err)
	}
	slow := newFreshReads(func(ctx context.Context, _ string) (versions, error) {
		<-ctx.Done()
		return versions{}, ctx.Err()
	}, time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := slow.versions(ctx, "e"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a caller's deadline: err %v", err)
	}
}
