package vk

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"
)

// TestEveryKindLowered checks that the lowering switch of each backend's
// Codegen (PTX in probe/codegen.go, SPIR-V in codegen.go here) has a case
// for every kernel kind probe declares: a kind is lowered or refused
// with why, never left to the switch's default ("unknown kind"), where a
// backend that fell behind would be found only by a run.
func TestEveryKindLowered(t *testing.T) {
	kinds := kernelKinds(t, filepath.Join("..", "..", "probe", "codegen.go"))
	if len(kinds) < 10 {
		t.Fatalf("found %d kernel kinds in probe/codegen.go; the test no longer reads them", len(kinds))
	}
	for _, file := range []string{filepath.Join("..", "..", "probe", "codegen.go"), "codegen.go"} {
		handled := switchCases(t, file)
		for _, k := range kinds {
			if !handled[k] {
				t.Errorf("%s: the Module switch has no case for kernel kind %s: lower it, or return an error saying why this backend cannot", file, k)
			}
		}
	}
}

// kernelKinds reads the KernelKind constants declared in file.
func kernelKinds(t *testing.T, file string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		inKinds := false
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if id, ok := v.Type.(*ast.Ident); ok {
				inKinds = id.Name == "KernelKind"
			}
			if inKinds {
				for _, n := range v.Names {
					out = append(out, n.Name)
				}
			}
		}
	}
	return out
}

// switchCases returns the kernel kinds named in the case clauses of the
// switches over a kernel's Kind in the Module method of file.
func switchCases(t *testing.T, file string) map[string]bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "Module" || fn.Recv == nil {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			sw, ok := n.(*ast.SwitchStmt)
			if !ok {
				return true
			}
			if sel, ok := sw.Tag.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Kind" {
				return true
			}
			for _, c := range sw.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					switch e := e.(type) {
					case *ast.Ident:
						out[e.Name] = true
					case *ast.SelectorExpr:
						out[e.Sel.Name] = true
					}
				}
			}
			return true
		})
	}
	if len(out) == 0 {
		t.Fatalf("%s: found no switch over a kernel's Kind in a Module method", file)
	}
	return out
}
