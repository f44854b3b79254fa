//go:build chaos

package chaos

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/podium-dev/podium/tests/security"
)

// scenario is one fault scenario's ledger: every request and answer of its load, the faults
// injected, the writes acknowledged and found stored, and its outcome.
type scenario struct {
	name string
	mu   sync.Mutex

	requests   int
	byStatus   map[int]int
	transport  int // requests that got no answer at all
	hangs      int // answers later than hangAfter
	maxLatency time.Duration

	faults  []string
	nFaults int
	hostile int

	// rows the client saw acknowledged (200) and rows found stored with exactly those values;
	// ambiguous are rows of a save the client saw fail whose values were committed anyway.
	acked, stored, ambiguous int
	lost                     []string

	outcome string // PASS, FAIL, SKIP
	note    string
}

var (
	ledgerMu  sync.Mutex
	scenarios []*scenario
)

// newScenario opens the ledger of the running test; its outcome is set when the test ends.
func newScenario(t *testing.T, name string) *scenario {
	sc := &scenario{name: name, byStatus: map[int]int{}}
	ledgerMu.Lock()
	scenarios = append(scenarios, sc)
	ledgerMu.Unlock()
	t.Cleanup(func() {
		sc.mu.Lock()
		defer sc.mu.Unlock()
		switch {
		case t.Failed():
			sc.outcome = "FAIL"
		case t.Skipped():
			sc.outcome = "SKIP"
		default:
			sc.outcome = "PASS"
		}
	})
	return sc
}

func (sc *scenario) record(r reply) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	sc.requests++
	if r.err != nil {
		sc.transport++
	} else {
		sc.byStatus[r.status]++
	}
	if r.dur > hangAfter {
		sc.hangs++
	}
	if r.dur > sc.maxLatency {
		sc.maxLatency = r.dur
	}
}

func (sc *scenario) fault(format string, args ...any) { sc.faultN(1, format, args...) }

// faultN records n injected faults (or races) described by one line.
func (sc *scenario) faultN(n int, format string, args ...any) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	sc.faults = append(sc.faults, fmt.Sprintf(format, args...))
	sc.nFaults += n
}

func (sc *scenario) addHostile(n int) {
	sc.mu.Lock()
	sc.hostile += n
	sc.mu.Unlock()
}

func (sc *scenario) writes(acked, stored, ambiguous int, lost []string) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	sc.acked += acked
	sc.stored += stored
	sc.ambiguous += ambiguous
	sc.lost = append(sc.lost, lost...)
}

func (sc *scenario) setNote(format string, args ...any) {
	sc.mu.Lock()
	sc.note = fmt.Sprintf(format, args...)
	sc.mu.Unlock()
}

func (sc *scenario) statusCount(lo, hi int) int {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	n := 0
	for s, c := range sc.byStatus {
		if s >= lo && s <= hi {
			n += c
		}
	}
	return n
}

func (sc *scenario) statuses() string {
	keys := make([]int, 0, len(sc.byStatus))
	for k := range sc.byStatus {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	parts := make([]string, 0, len(keys)+1)
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d:%d", k, sc.byStatus[k]))
	}
	if sc.transport > 0 {
		parts = append(parts, fmt.Sprintf("no-answer:%d", sc.transport))
	}
	return strings.Join(parts, " ")
}

// ---- the summary table --------------------------------------------------------------------

var summaryPrinted bool

// hostileInSecuritySuite counts the hostile cases of tests/security: every admin route × 2 ids
// × 4 bad tokens (access_test.go) and the table of hostile bodies (hostile_test.go); and it
// runs the committed fuzz seeds of fuzz_test.go (they need no database) and counts them.
func hostileInSecuritySuite() (access, bodies, seeds int, seedNote string) {
	if routes, err := security.Routes(); err == nil {
		for _, r := range routes {
			if !r.Public() {
				access += 2 * 4
			}
		}
	}
	_, here, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(here), "..", "..")
	if b, err := os.ReadFile(filepath.Join(root, "tests", "security", "hostile_test.go")); err == nil {
		bodies = len(regexp.MustCompile(`(?m)^\s*\{"[^"]+", "(GET|POST|PUT|DELETE)"`).FindAll(b, -1))
	}
	cmd := exec.Command(goTool(), "test", "-count=1", "-run", "^Fuzz", "-v", "./tests/security/")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	// one subtest per f.Add seed (seed#N) and per committed testdata/fuzz file
	passed := regexp.MustCompile(`(?m)^\s*--- PASS: Fuzz\w+/\S+`).FindAll(out, -1)
	failed := regexp.MustCompile(`(?m)^\s*--- FAIL: Fuzz\w+/\S+`).FindAll(out, -1)
	seeds = len(passed) + len(failed)
	switch {
	case err != nil:
		seedNote = fmt.Sprintf(" (FUZZ SEEDS FAILED: %d failing, %v)", len(failed), err)
	default:
		seedNote = " (all answered 4xx with a message, or passed validation only when the spec allows)"
	}
	return access, bodies, seeds, seedNote
}

func printSummary(out io.Writer) {
	summaryPrinted = true
	ledgerMu.Lock()
	defer ledgerMu.Unlock()
	if len(scenarios) == 0 {
		return
	}
	line := strings.Repeat("=", 118)
	fmt.Fprintf(out, "\n%s\nPODIUM CHAOS SUMMARY  %s  (%d CPUs)\n%s\n", line, time.Now().Format(time.RFC3339), runtime.NumCPU(), line)
	fmt.Fprintf(out, "%-18s %-4s %6s  %-42s %5s %8s %6s %6s %4s\n",
		"scenario", "", "reqs", "answers by status", "hangs", "max lat", "acked", "stored", "lost")
	var reqs, hangs, acked, stored, ambiguous, lost, hostile, transport int
	total := map[int]int{}
	for _, sc := range scenarios {
		sc.mu.Lock()
		fmt.Fprintf(out, "%-18s %-4s %6d  %-42s %5d %8s %6d %6d %4d\n",
			sc.name, sc.outcome, sc.requests, sc.statuses(), sc.hangs, sc.maxLatency.Round(time.Millisecond),
			sc.acked, sc.stored, len(sc.lost))
		for _, f := range sc.faults {
			fmt.Fprintf(out, "    fault survived: %s\n", f)
		}
		if sc.note != "" {
			fmt.Fprintf(out, "    note: %s\n", sc.note)
		}
		reqs += sc.requests
		hangs += sc.hangs
		transport += sc.transport
		acked += sc.acked
		stored += sc.stored
		ambiguous += sc.ambiguous
		lost += len(sc.lost)
		hostile += sc.hostile
		for k, v := range sc.byStatus {
			total[k] += v
		}
		sc.mu.Unlock()
	}
	all := &scenario{byStatus: total, transport: transport}
	fmt.Fprintf(out, "%s\n", strings.Repeat("-", 118))
	fmt.Fprintf(out, "load held:            %d requests; answers by status %s; %d hangs (> %s)\n", reqs, all.statuses(), hangs, hangAfter)
	nFaults := 0
	for _, sc := range scenarios {
		nFaults += sc.nFaults
	}
	fmt.Fprintf(out, "faults survived:      %d faults and races injected under load (see table)\n", nFaults)
	access, bodies, seeds, seedNote := hostileInSecuritySuite()
	fmt.Fprintf(out, "hostile inputs tried: %d in this suite under faults (login guesses, spoofed addresses, bad tokens, malformed ids and bodies)\n", hostile)
	fmt.Fprintf(out, "                      + tests/security: %d route×token refusals, %d hostile bodies (make test), %d fuzz seeds run now%s\n",
		access, bodies, seeds, seedNote)
	eq := "EQUAL"
	if acked != stored {
		eq = "NOT EQUAL"
	}
	fmt.Fprintf(out, "writes:               %d acknowledged, %d stored with exactly the acknowledged values (%s); %d rows of saves the client saw fail were committed whole (ambiguous outcome, never partial)\n",
		acked, stored, eq, ambiguous)
	if lost == 0 && acked == stored {
		fmt.Fprintf(out, "nothing lost:         yes\n")
	} else {
		fmt.Fprintf(out, "nothing lost:         NO — %d problems\n", lost)
		for _, sc := range scenarios {
			for _, l := range sc.lost {
				fmt.Fprintf(out, "  %s: %s\n", sc.name, l)
			}
		}
	}
	fmt.Fprintf(out, "%s\n", line)
}
