// Package boundaries checks the import rules of docs/architecture.md ("What runs"): services
// talk only over gRPC, so no service imports another service's package, the gateway imports
// none, and internal/ imports nothing above it; and the direction of the calls between
// services (calls_test.go). `make lint` runs it.
package boundaries

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/podium-dev/podium/"

// allowed says which top-level folders a package in each folder may import (besides its own
// folder). A folder not listed (cmd, tests) may import anything: it wires the services.
var allowed = map[string][]string{
	"auth-svc":        {"internal", "gen"},
	"competition-svc": {"internal", "gen"},
	"results-svc":     {"internal", "gen"},
	"public-svc":      {"internal", "gen"},
	"gateway":         {"internal", "gen"},
	"internal":        {"gen"},
}

// testFixtures are packages only tests import, each with why it may import past its folder's
// rule: a fixture starts the real neighbours its tests talk to, as a test's own imports may.
// Since nothing but tests may import one (crossings reports any other importer), the rule
// still holds for every package that runs in production.
var testFixtures = map[string]string{
	module + "competition-svc/internal/apitest": "competition-svc's tests' fixture: starts the whole stack " +
		"(cmd/podium/targets/stacktest) and the real results-svc beside the Server",
}

// TestImportsKeepTheBoundaries lists every package's imports (tests' own imports aside: a
// use-case test may start the real neighbour service) and reports each one that crosses a
// boundary, with the rule it breaks.
func TestImportsKeepTheBoundaries(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, v := range crossings(t, out) {
		t.Error(v)
	}
}

// crossings reads `go list -json` output and returns the imports that break a rule.
func crossings(t *testing.T, list []byte) []string {
	var found []string
	dec := json.NewDecoder(bytes.NewReader(list))
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		for _, imp := range p.Imports {
			if _, fixture := testFixtures[imp]; fixture {
				found = append(found, p.ImportPath+" imports "+imp+": a test fixture is for tests only (tests/boundaries, testFixtures)")
			}
		}
		from := folder(p.ImportPath)
		may, ruled := allowed[from]
		if _, fixture := testFixtures[p.ImportPath]; !ruled || fixture {
			continue
		}
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, module) {
				continue // the standard library and third-party modules
			}
			to := folder(imp)
			if to == from || slices.Contains(may, to) {
				continue
			}
			found = append(found, p.ImportPath+" imports "+imp+": "+from+" may import only its own packages and "+strings.Join(may, ", ")+
				" (services talk over gRPC; shared code goes in internal/, docs/architecture.md)")
		}
	}
	return found
}

// folder is the top-level folder of a package of this module.
func folder(importPath string) string {
	rest := strings.TrimPrefix(importPath, module)
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		return rest[:i]
	}
	return rest
}

// TestFixturesAreTestOnly feeds the check a fixture importing past its folder's rule (allowed)
// and a service package importing the fixture (reported).
func TestFixturesAreTestOnly(t *testing.T) {
	t.Parallel()
	fixture := module + "competition-svc/internal/apitest"
	list := `{"ImportPath":"` + fixture + `","Imports":["` + module + `cmd/podium/targets/stacktest","` + module + `results-svc"]}
{"ImportPath":"` + module + `competition-svc/setup","Imports":["` + fixture + `"]}`
	got := crossings(t, []byte(list))
	if len(got) != 1 || !strings.Contains(got[0], "competition-svc/setup imports "+fixture+": a test fixture is for tests only") {
		t.Errorf("crossings = %q, want only setup importing the fixture", got)
	}
}
