package boundaries

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	authsvc "github.com/podium-dev/podium/auth-svc"
	competitionsvc "github.com/podium-dev/podium/competition-svc"
	"github.com/podium-dev/podium/internal/platform/svcauth"
	publicsvc "github.com/podium-dev/podium/public-svc"
	resultssvc "github.com/podium-dev/podium/results-svc"
)

// order is the declared direction of the calls between services (docs/architecture.md, "Calls
// between services"), lowest first: a service calls only the services below it. The gateway
// stands above them all and is not checked here.
var order = []string{"auth", "competition", "results", "public"}

// servedBy names the target that serves each gRPC service.
var servedBy = map[string]string{
	"podium.auth.v1.AuthService":                 "auth",
	"podium.competition.v1.CompetitionService":   "competition",
	"podium.registration.v1.RegistrationService": "competition",
	"podium.results.v1.ResultsService":           "results",
	"podium.public.v1.PublicService":             "public",
}

// callers are the four caller tables (each service's policy.go), by the target they guard.
var callers = map[string]svcauth.Callers{
	"auth":        authsvc.Callers,
	"competition": competitionsvc.Callers,
	"results":     resultssvc.Callers,
	"public":      publicsvc.Callers,
}

// upward are the calls that go against the order today, each with why. Turning one around
// (a feed the lower service records and the higher one reads, as auth-svc's erasures:
// docs/architecture.md, "Calls between services") means deleting its line here; a line whose
// call is gone fails the test until it is deleted.
var upward = map[string]string{
	"competition → /podium.results.v1.ResultsService/PurgeResults": "the results of a deleted event, division, " +
		"team or workout go with it (the purge outbox), and a moved team's before it moves",
	"competition → /podium.results.v1.ResultsService/ListEventResults": "an event's export carries its results, " +
		"and a lowered time cap is checked against them",
	"competition → /podium.results.v1.ResultsService/ImportResults": "an event's import writes its results",
	"competition → /podium.results.v1.ResultsService/ListResultActivity": "the event's activity feed merges the " +
		"results' changes with its own",
	"competition → /podium.results.v1.ResultsService/GetEventStandings": "heats are seeded, and a final's " +
		"invitations made, by published standing",
}

// TestServiceCallsFollowTheDeclaredDirection reads the services' code (their test files aside:
// a test may drive a neighbour) for every RPC they call on another service, through a
// generated client or a narrower interface of its methods, and checks that the callee's caller
// table accepts the caller and that the call goes down the declared order or is listed in
// upward with its reason. The caller tables are checked the same way.
func TestServiceCallsFollowTheDeclaredDirection(t *testing.T) {
	t.Parallel()
	calls := rpcCalls(t)
	if len(calls) == 0 {
		t.Fatal("found no RPC calls between services: the reader is broken")
	}
	used := map[string]bool{}
	for _, c := range calls {
		key := c.from + " → " + c.method
		if !slices.Contains(callers[c.to][c.method], c.from) {
			t.Errorf("%s: %s calls %s, which %s-svc's caller table (policy.go, Callers) does not accept from %s",
				c.pos, c.from, c.method, c.to, c.from)
		}
		if below(c.to, c.from) {
			continue
		}
		if _, ok := upward[key]; !ok {
			t.Errorf("%s: %s calls %s on %s-svc, against the declared direction (%s, lowest first; docs/architecture.md): "+
				"turn the call around, or list it in upward with its reason", c.pos, c.from, c.method, c.to, strings.Join(order, " < "))
		}
		used[key] = true
	}
	for target, table := range callers {
		for method, from := range table {
			for _, caller := range from {
				if caller == target || below(target, caller) {
					continue
				}
				if _, ok := upward[caller+" → "+method]; !ok {
					t.Errorf("%s-svc's caller table accepts %s from %s, against the declared direction (%s)",
						target, method, caller, strings.Join(order, " < "))
				}
			}
		}
	}
	for key := range upward {
		if !used[key] {
			t.Errorf("upward lists %q, which no service calls any more: delete its line", key)
		}
	}
}

// below reports whether service a stands below service b in the declared order.
func below(a, b string) bool {
	i, j := slices.Index(order, a), slices.Index(order, b)
	return i >= 0 && j >= 0 && i < j
}

// rpcCall is one call of an RPC of another service.
type rpcCall struct {
	pos      string
	from, to string // targets
	method   string // the full method name
}

// rpc is one method of a generated client: its full name and signature.
type rpc struct {
	target, method string
	sig            *types.Signature
}

// rpcCalls type-checks the services' packages (against their dependencies' export data, which
// `go list -export` takes from the build cache) and returns their calls of other services' RPCs.
func rpcCalls(t *testing.T) []rpcCall {
	t.Helper()
	root := repoRoot(t)
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Name,Dir,GoFiles,Export",
		"./auth-svc/...", "./competition-svc/...", "./results-svc/...", "./public-svc/...")
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	type pkg struct {
		ImportPath, Name, Dir, Export string
		GoFiles                       []string
	}
	exports := map[string]string{}
	var services []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		exports[p.ImportPath] = p.Export
		if target := serviceOf(p.ImportPath); target != "" {
			services = append(services, p)
		}
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if exports[path] == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(exports[path])
	})
	var calls []rpcCall
	for _, p := range services {
		from := serviceOf(p.ImportPath)
		var files []*ast.File
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
		checked, err := (&types.Config{Importer: imp}).Check(p.ImportPath, fset, files, info)
		if err != nil {
			t.Fatalf("type-check %s: %v", p.ImportPath, err)
		}
		rpcs := clientMethods(t, checked)
		for sel, s := range info.Selections {
			if s.Kind() != types.MethodVal {
				continue
			}
			sig, ok := s.Obj().Type().(*types.Signature)
			if !ok {
				continue
			}
			var found []rpc
			for _, r := range rpcs[s.Obj().Name()] {
				if types.Identical(withoutRecv(sig), withoutRecv(r.sig)) {
					found = append(found, r)
				}
			}
			if len(found) > 1 {
				t.Errorf("%s: %s matches %d RPCs of the same signature; the reader cannot tell which", fset.Position(sel.Pos()), s.Obj().Name(), len(found))
			}
			if len(found) != 1 || found[0].target == from {
				continue // not an RPC, or a service's own client adapter (wired for the others in cmd/podium/targets)
			}
			pos := fset.Position(sel.Pos())
			rel, _ := filepath.Rel(root, pos.Filename)
			calls = append(calls, rpcCall{pos: fmt.Sprintf("%s:%d", rel, pos.Line), from: from, to: found[0].target, method: found[0].method})
		}
	}
	sort.Slice(calls, func(i, j int) bool { return calls[i].pos < calls[j].pos })
	return calls
}

// clientMethods lists, by method name, the methods of every generated client that pkg sees
// among its imports: a client interface is `<Service>Client` beside the constants
// `<Service>_<Method>_FullMethodName`.
func clientMethods(t *testing.T, pkg *types.Package) map[string][]rpc {
	t.Helper()
	out := map[string][]rpc{}
	seen := map[*types.Package]bool{}
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		for _, q := range p.Imports() {
			visit(q)
		}
		if !strings.HasPrefix(p.Path(), module+"gen/") {
			return
		}
		for _, name := range p.Scope().Names() {
			service, ok := strings.CutSuffix(name, "ServiceClient")
			if !ok {
				continue
			}
			iface, ok := p.Scope().Lookup(name).Type().Underlying().(*types.Interface)
			if !ok {
				continue
			}
			for m := range iface.Methods() {
				c, ok := p.Scope().Lookup(service + "Service_" + m.Name() + "_FullMethodName").(*types.Const)
				if !ok {
					t.Fatalf("%s.%s.%s has no FullMethodName constant", p.Path(), name, m.Name())
				}
				method := constant.StringVal(c.Val())
				grpcService := strings.Split(method, "/")[1]
				target, ok := servedBy[grpcService]
				if !ok {
					t.Fatalf("servedBy does not name the target serving %s", grpcService)
				}
				out[m.Name()] = append(out[m.Name()], rpc{target: target, method: method, sig: m.Type().(*types.Signature)})
			}
		}
	}
	visit(pkg)
	return out
}

func withoutRecv(sig *types.Signature) *types.Signature {
	return types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())
}

// serviceOf is the target whose service folder holds the package, or "".
func serviceOf(importPath string) string {
	if target, ok := strings.CutSuffix(folder(importPath), "-svc"); ok && strings.HasPrefix(importPath, module) {
		return target
	}
	return ""
}

// repoRoot is the module's root: the tests run in tests/boundaries.
func repoRoot(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(wd, "..", "..")
}
