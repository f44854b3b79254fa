//go:build chaos

package chaos

import (
	"os"
	"testing"
)

// TestChaosSummary runs last (files run in name order) and prints the table of what the suite
// held. It fails when an acknowledged write was not found stored as acknowledged.
// serial: it prints the table of every scenario, so it runs after them all (files run in name order)
func TestChaosSummary(t *testing.T) {
	printSummary(os.Stdout)
	ledgerMu.Lock()
	defer ledgerMu.Unlock()
	for _, sc := range scenarios {
		sc.mu.Lock()
		if sc.acked != sc.stored {
			t.Errorf("%s: %d writes acknowledged, %d stored as acknowledged", sc.name, sc.acked, sc.stored)
		}
		for _, l := range sc.lost {
			t.Errorf("%s: %s", sc.name, l)
		}
		if sc.hangs > 0 {
			t.Errorf("%s: %d answers later than %s", sc.name, sc.hangs, hangAfter)
		}
		sc.mu.Unlock()
	}
}
