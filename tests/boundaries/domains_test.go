package boundaries

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"strings"
	"testing"
)

// competition-svc is split by domain (docs/architecture.md, "competition-svc"): setup, floor,
// registration and series each import the shared package core and the store, never a sibling
// (where one needs another it defines a small interface the root wires); core imports none of
// them. The root package wires the domains and may import them all.
const competition = module + "competition-svc"

// competitionDomains are the folders the check expects: one missing (moved back into the root
// or renamed) fails it, so the lines it guards cannot vanish unnoticed.
var competitionDomains = []string{"core", "crew", "floor", "registration", "series", "setup", "store", "waivers"}

// TestCompetitionDomainsDoNotImportEachOther lists competition-svc's packages and reports each
// import of a sibling domain, and each expected domain that is not there.
func TestCompetitionDomainsDoNotImportEachOther(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", competition+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, v := range domainCrossings(t, out) {
		t.Error(v)
	}
	for _, d := range competitionDomains {
		if !bytes.Contains(out, []byte(`"ImportPath": "`+competition+"/"+d+`"`)) {
			t.Errorf("competition-svc/%s is not a package: the domains are %v (docs/architecture.md)", d, competitionDomains)
		}
	}
}

// TestDomainCrossingsAreFound feeds the check a sibling import, an import of core by a
// domain, core importing a domain and the test fixture importing the root: the first and the
// third are reported.
func TestDomainCrossingsAreFound(t *testing.T) {
	t.Parallel()
	list := `{"ImportPath":"` + competition + `/floor","Imports":["` + competition + `/core","` + competition + `/series"]}
{"ImportPath":"` + competition + `/core","Imports":["` + competition + `/store","` + competition + `/floor"]}
{"ImportPath":"` + competition + `","Imports":["` + competition + `/floor","` + competition + `/series"]}
{"ImportPath":"` + competition + `/internal/apitest","Imports":["` + competition + `","` + competition + `/store"]}`
	got := domainCrossings(t, []byte(list))
	if len(got) != 2 || !strings.Contains(got[0], "floor imports "+competition+"/series") ||
		!strings.Contains(got[1], "core imports "+competition+"/floor") {
		t.Errorf("crossings = %q, want floor→series and core→floor", got)
	}
}

// domainCrossings reads `go list -json` output and returns the imports between competition-svc
// packages that break the domain rule.
func domainCrossings(t *testing.T, list []byte) []string {
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
		from := domain(p.ImportPath)
		if _, fixture := testFixtures[p.ImportPath]; from == "" || from == "store" || fixture {
			continue // the root wires the domains; the store is below them all; a test fixture starts them all
		}
		for _, imp := range p.Imports {
			to := domain(imp)
			if to == "" && imp != competition || to == from || to == "store" || to == "core" && from != "core" {
				continue
			}
			found = append(found, p.ImportPath+" imports "+imp+": a competition-svc domain imports only core and store, "+
				"core only store (a small interface where one domain needs another; docs/architecture.md)")
		}
	}
	return found
}

// domain is the first folder below competition-svc of a package path ("" for the root
// package and for packages outside competition-svc).
func domain(importPath string) string {
	rest, ok := strings.CutPrefix(importPath, competition+"/")
	if !ok {
		return ""
	}
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		return rest[:i]
	}
	return rest
}
