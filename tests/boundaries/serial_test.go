package boundaries

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestEverySerialTestSaysWhy reads every Go test file of the repository (build tags aside) and
// fails on a top-level test that neither calls t.Parallel() nor says in its doc comment, on a
// line `// serial: why`, what keeps it from running beside the others (docs/architecture.md,
// "Tests"): a process-wide setting, a shared server, a timed wait.
func TestEverySerialTestSaysWhy(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	fset := token.NewFileSet()
	found := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == ".git" || name == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || !isTest(fn) {
				continue
			}
			found++
			if callsParallel(fn) || saysSerial(fn.Doc) {
				continue
			}
			rel, _ := filepath.Rel(root, path)
			t.Errorf("%s:%d: %s runs alone: call t.Parallel(), or say why it cannot in its doc comment (`// serial: why`)",
				rel, fset.Position(fn.Pos()).Line, fn.Name.Name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Fatal("found no tests: the reader is broken")
	}
}

// isTest reports whether fn is a top-level test: TestXxx(t *testing.T), TestMain aside.
func isTest(fn *ast.FuncDecl) bool {
	name, ok := strings.CutPrefix(fn.Name.Name, "Test")
	if fn.Recv != nil || !ok || name == "Main" || (name != "" && strings.ToUpper(name[:1]) != name[:1]) {
		return false
	}
	params := fn.Type.Params.List
	if len(params) != 1 || len(params[0].Names) != 1 {
		return false
	}
	star, ok := params[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "T"
}

// callsParallel reports whether fn's body calls t.Parallel() as one of its own statements.
func callsParallel(fn *ast.FuncDecl) bool {
	if fn.Body == nil {
		return false
	}
	param := fn.Type.Params.List[0].Names[0].Name
	for _, stmt := range fn.Body.List {
		expr, ok := stmt.(*ast.ExprStmt)
		if !ok {
			continue
		}
		call, ok := expr.X.(*ast.CallExpr)
		if !ok {
			continue
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Parallel" {
			continue
		}
		if id, ok := sel.X.(*ast.Ident); ok && id.Name == param {
			return true
		}
	}
	return false
}

// saysSerial reports whether a doc comment has a line `// serial: why` with a why.
func saysSerial(doc *ast.CommentGroup) bool {
	if doc == nil {
		return false
	}
	for _, c := range doc.List {
		if why, ok := strings.CutPrefix(c.Text, "// serial:"); ok && strings.TrimSpace(why) != "" {
			return true
		}
	}
	return false
}
