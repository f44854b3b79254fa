package stacktest

import (
	"sync"
	"time"
)

// Clock is a clock a test moves, for Options.Now (release times, deadlines).
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock is a clock at now.
func NewClock(now time.Time) *Clock { return &Clock{now: now} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Set moves the clock to t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}
