package ratelimit

import (
	"strconv"
	"testing"
	"time"
)

// TestLocalCountsReopenAfterTheWindow: while Redis is down the in-process counts lock a
// guesser out and let the right password in again once the window is over.
func TestLocalCountsReopenAfterTheWindow(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	lc := newLocalCounts(func() time.Time { return now })
	cs := []counter{{key: "pair", limit: 2, window: 15 * time.Minute}, {key: "global", limit: 100, window: time.Minute}}
	for i := 1; i <= 3; i++ {
		counts, ttls := lc.incr(cs)
		if counts[0] != int64(i) || ttls[0] != 15*time.Minute {
			t.Fatalf("attempt %d: counts %v ttls %v", i, counts, ttls)
		}
	}
	now = now.Add(10 * time.Minute)
	if counts, ttls := lc.incr(cs); counts[0] != 4 || ttls[0] != 5*time.Minute || counts[1] != 1 {
		t.Fatalf("within the window: counts %v ttls %v", counts, ttls)
	}
	now = now.Add(5 * time.Minute)
	if counts, _ := lc.incr(cs); counts[0] != 1 {
		t.Fatalf("after the window: counts %v", counts)
	}
	lc.succeeded(cs)
	if counts, _ := lc.incr(cs); counts[0] != 1 || counts[1] != 1 {
		t.Fatalf("after a success the pair starts afresh and the global count is taken back: %v", counts)
	}
}

// TestLocalCountsFailClosedWhenFull: a flood of distinct keys cannot grow the counts without
// bound nor open the door: when they are full of live windows, new keys count as over the limit.
func TestLocalCountsFailClosedWhenFull(t *testing.T) {
	t.Parallel()
	now := time.Now()
	lc := newLocalCounts(func() time.Time { return now })
	for i := 0; i < maxLocalCounts; i++ {
		lc.counts[strconv.Itoa(i)] = &localCount{n: 1, expires: now.Add(time.Minute)}
	}
	if counts, _ := lc.incr([]counter{{key: "new", limit: 5, window: time.Minute}}); counts[0] <= 5 {
		t.Fatalf("a new key was counted while full: %v", counts)
	}
	now = now.Add(time.Minute)
	if counts, _ := lc.incr([]counter{{key: "new", limit: 5, window: time.Minute}}); counts[0] != 1 || len(lc.counts) != 1 {
		t.Fatalf("expired windows were not pruned: %v, %d left", counts, len(lc.counts))
	}
}
