package main

import (
	"fmt"
	"slices"
	"sync"
	"time"
)

// latencies collects the durations and failures of one kind of request.
type latencies struct {
	mu      sync.Mutex
	samples []time.Duration
	errors  int
	refused int // deliberate refusals: the answer the request was meant to get
	byError map[string]int
}

func newLatencies() *latencies { return &latencies{byError: map[string]int{}} }

func (l *latencies) ok(d time.Duration) {
	l.mu.Lock()
	l.samples = append(l.samples, d)
	l.mu.Unlock()
}

func (l *latencies) fail(d time.Duration, why string) {
	l.mu.Lock()
	l.samples = append(l.samples, d)
	l.errors++
	l.byError[why]++
	l.mu.Unlock()
}

func (l *latencies) refuse(d time.Duration) {
	l.mu.Lock()
	l.samples = append(l.samples, d)
	l.refused++
	l.mu.Unlock()
}

// count is how many requests were collected.
func (l *latencies) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.samples)
}

// summary is p50, p99 and max of what was collected.
type summary struct {
	n, errors, refused int
	p50, p99, max      time.Duration
	why                map[string]int
}

func (l *latencies) summary() summary {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := summary{n: len(l.samples), errors: l.errors, refused: l.refused, why: l.byError}
	if len(l.samples) == 0 {
		return s
	}
	sorted := slices.Clone(l.samples)
	slices.Sort(sorted)
	at := func(q float64) time.Duration { return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))] }
	s.p50, s.p99, s.max = at(0.50), at(0.99), sorted[len(sorted)-1]
	return s
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }

// goal says whether a p99 met its bound, and by how much it missed.
func goal(p99, bound time.Duration) string {
	if p99 <= bound {
		return fmt.Sprintf("p99 <= %s: met", bound)
	}
	return fmt.Sprintf("p99 <= %s: MISSED by %s (%.1fx)", bound, (p99 - bound).Round(time.Millisecond), float64(p99)/float64(bound))
}
