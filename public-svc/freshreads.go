package publicsvc

import (
	"context"
	"sync"
	"time"
)

// freshReads coalesces the reads of an event's versions without ever answering a request
// with a read that started before it arrived (docs/operations.md, "Caching": a view is never
// older than the newest change committed before the call). A request joins the next read of
// its event that has not started yet, or starts one; while a read runs, every request that
// arrives waits for the one read after it. So under a crowd each event costs at most one
// read in flight and one waiting, instead of one per request: on a federation day the
// version reads were most of the database pool's queue, ahead of the judges' saves.
type freshReads struct {
	read    func(ctx context.Context, eventID string) (versions, error)
	timeout time.Duration

	mu      sync.Mutex
	running map[string]*freshRead // the read in flight, by event
	waiting map[string]*freshRead // the read that starts when it ends
}

type freshRead struct {
	ctx     context.Context // the first joiner's, without its cancellation
	done    chan struct{}
	joiners int // the requests waiting on it, counted under freshReads.mu
	v       versions
	err     error
}

func newFreshReads(read func(context.Context, string) (versions, error), timeout time.Duration) *freshReads {
	return &freshReads{read: read, timeout: timeout, running: map[string]*freshRead{}, waiting: map[string]*freshRead{}}
}

// versions reads eventID's versions with a read that starts after the call.
func (f *freshReads) versions(ctx context.Context, eventID string) (versions, error) {
	f.mu.Lock()
	r := f.waiting[eventID]
	switch {
	case r != nil: // joins the read that starts when the running one ends
	case f.running[eventID] != nil:
		r = &freshRead{ctx: context.WithoutCancel(ctx), done: make(chan struct{})}
		f.waiting[eventID] = r
	default:
		r = &freshRead{ctx: context.WithoutCancel(ctx), done: make(chan struct{})}
		f.running[eventID] = r
		go f.run(eventID, r)
	}
	r.joiners++
	f.mu.Unlock()
	select {
	case <-r.done:
		return r.v, r.err
	case <-ctx.Done():
		return versions{}, ctx.Err()
	}
}

// run reads, answers its joiners, then starts the read that waited for it, if any.
func (f *freshReads) run(eventID string, r *freshRead) {
	for r != nil {
		ctx, cancel := context.WithTimeout(r.ctx, f.timeout)
		r.v, r.err = f.read(ctx, eventID)
		cancel()
		close(r.done)
		f.mu.Lock()
		next := f.waiting[eventID]
		delete(f.waiting, eventID)
		if next != nil {
			f.running[eventID] = next
		} else {
			delete(f.running, eventID)
		}
		f.mu.Unlock()
		r = next
	}
}
