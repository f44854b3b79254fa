// Package poll waits in tests for something that happens a moment later (a signal delivered,
// a cache dropped, a server that saw a close) by asking again until it holds, instead of
// sleeping for a guessed time: a test is as fast as the system and slow only when it fails.
// docs/architecture.md, "Tests".
package poll

import (
	"testing"
	"time"
)

// Between two asks Within waits firstWait, then half as long again each time up to maxWait:
// quick for what comes at once, gentle on the database for what takes seconds.
const (
	firstWait = 10 * time.Millisecond
	maxWait   = 250 * time.Millisecond
)

// Until calls cond until it returns true and fails the test, naming what, when it has not
// after timeout.
func Until(t testing.TB, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	if !Within(timeout, cond) {
		t.Fatalf("%s: not after %s", what, timeout)
	}
}

// Within calls cond until it returns true or timeout has passed, and reports whether it did;
// for a test that fails with a message of its own (e.g. the last answer it saw).
func Within(timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	for wait := firstWait; !cond(); wait = min(wait*3/2, maxWait) {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(wait)
	}
	return true
}
