package poll

import (
	"testing"
	"time"
)

func TestWithinReturnsOnceTheConditionHolds(t *testing.T) {
	t.Parallel()
	calls := 0
	start := time.Now()
	if !Within(time.Minute, func() bool { calls++; return calls == 3 }) {
		t.Fatal("Within gave up on a condition that held")
	}
	if calls != 3 {
		t.Errorf("asked %d times, want 3", calls)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("took %s for three asks", took)
	}
}

func TestWithinGivesUpAfterTheTimeout(t *testing.T) {
	t.Parallel()
	start := time.Now()
	if Within(50*time.Millisecond, func() bool { return false }) {
		t.Fatal("Within reported a condition that never held")
	}
	if took := time.Since(start); took < 50*time.Millisecond {
		t.Errorf("gave up after %s, before the timeout", took)
	}
}
