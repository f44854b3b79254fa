// Package errwrap checks that errors have a place (docs/architecture.md, "Errors"): every use
// case and store method of the four services names itself on the errors it returns, with
// apperr.Wrap as its first statement, so a logged error reads as the path it came by. `make
// lint` runs it.
package errwrap

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// services are the folders whose use cases (methods of service) and store methods (of Store)
// must wrap what they return.
var services = []string{"auth-svc", "competition-svc", "results-svc", "public-svc"}

// TestUseCasesAndStoreMethodsWrapTheirErrors reports each method of service or Store that
// returns an error without `defer apperr.Wrap(&err, "<pkg>.<Method>(…)", …)` first.
// Helpers that only translate an error they are given (they take an error) are left out, and
// so is InTx, which hands back its function's own error.
func TestUseCasesAndStoreMethodsWrapTheirErrors(t *testing.T) {
	t.Parallel()
	for _, dir := range services {
		for _, problem := range unwrapped(t, filepath.Join("..", "..", dir)) {
			t.Error(problem)
		}
	}
}

// unwrapped parses the non-test Go files under root and returns each method that should wrap
// its errors and does not, or wraps them under another name.
func unwrapped(t *testing.T, root string) []string {
	var found []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !mustWrap(fd) {
				continue
			}
			want := f.Name.Name + "." + fd.Name.Name + "("
			if op, ok := wrapOp(fd.Body); !ok {
				found = append(found, fmt.Sprintf("%s: %s returns an error without `defer apperr.Wrap(&err, %q, …)` first",
					fset.Position(fd.Pos()), fd.Name.Name, want+"…)"))
			} else if !strings.HasPrefix(op, want) {
				found = append(found, fmt.Sprintf("%s: %s wraps its errors as %q; its operation is %q",
					fset.Position(fd.Pos()), fd.Name.Name, op, want+"…)"))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("reading %s: %v", root, err)
	}
	return found
}

// mustWrap reports a use case or store method that returns an error of its own.
func mustWrap(fd *ast.FuncDecl) bool {
	if fd.Recv == nil || fd.Type.Results == nil || fd.Name.Name == "InTx" {
		return false
	}
	recv := fd.Recv.List[0].Type
	if star, ok := recv.(*ast.StarExpr); ok {
		recv = star.X
	}
	if id, ok := recv.(*ast.Ident); !ok || (id.Name != "service" && id.Name != "Store") {
		return false
	}
	results := fd.Type.Results.List
	if !isIdent(results[len(results)-1].Type, "error") {
		return false
	}
	for _, p := range fd.Type.Params.List {
		if isIdent(p.Type, "error") {
			return false
		}
	}
	return true
}

// wrapOp returns the operation text of a leading `defer apperr.Wrap(&err, "op", …)`.
func wrapOp(body *ast.BlockStmt) (string, bool) {
	if len(body.List) == 0 {
		return "", false
	}
	d, ok := body.List[0].(*ast.DeferStmt)
	if !ok {
		return "", false
	}
	sel, ok := d.Call.Fun.(*ast.SelectorExpr)
	if !ok || !isIdent(sel.X, "apperr") || sel.Sel.Name != "Wrap" || len(d.Call.Args) < 2 {
		return "", false
	}
	lit, ok := d.Call.Args[1].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	op, err := strconv.Unquote(lit.Value)
	return op, err == nil
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}
