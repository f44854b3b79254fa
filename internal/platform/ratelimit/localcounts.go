package ratelimit

import (
	"sync"
	"time"
)

// maxLocalCounts bounds the in-process counters; when they are full of live windows, new
// attempts are refused (guessing fails closed) until windows end.
const maxLocalCounts = 100_000

// localCounts are the sign-in counters of this process, used while Redis cannot be reached.
// They mirror the Redis counters: a count per key in a window that starts with its first
// attempt, so the right password works again once the window is over.
type localCounts struct {
	now func() time.Time

	mu     sync.Mutex
	counts map[string]*localCount
}

type localCount struct {
	n       int64
	expires time.Time
}

func newLocalCounts(now func() time.Time) *localCounts {
	return &localCounts{now: now, counts: map[string]*localCount{}}
}

// incr counts one attempt in each counter and returns the counts and the time left of their
// windows.
func (lc *localCounts) incr(cs []counter) ([]int64, []time.Duration) {
	lc.mu.Lock()
	defer lc.mu.Unlock()
	now := lc.now()
	counts := make([]int64, len(cs))
	ttls := make([]time.Duration, len(cs))
	for i, c := range cs {
		e := lc.live(c.key, now)
		if e == nil {
			if len(lc.counts) >= maxLocalCounts {
				lc.prune(now)
			}
			if len(lc.counts) >= maxLocalCounts {
				counts[i], ttls[i] = int64(c.limit)+1, c.window
				continue
			}
			e = &localCount{expires: now.Add(c.window)}
			lc.counts[c.key] = e
		}
		e.n++
		counts[i], ttls[i] = e.n, e.expires.Sub(now)
	}
	return counts, ttls
}

// succeeded clears the first counter (the pair) and takes one count back from the others.
func (lc *localCounts) succeeded(cs []counter) {
	lc.mu.Lock()
	defer lc.mu.Unlock()
	now := lc.now()
	for i, c := range cs {
		e := lc.live(c.key, now)
		switch {
		case e == nil:
		case i == 0:
			delete(lc.counts, c.key)
		case e.n > 0:
			e.n--
		}
	}
}

// live returns the counter of key unless its window is over.
func (lc *localCounts) live(key string, now time.Time) *localCount {
	e, ok := lc.counts[key]
	if !ok {
		return nil
	}
	if !now.Before(e.expires) {
		delete(lc.counts, key)
		return nil
	}
	return e
}

func (lc *localCounts) prune(now time.Time) {
	for k, e := range lc.counts {
		if !now.Before(e.expires) {
			delete(lc.counts, k)
		}
	}
}
