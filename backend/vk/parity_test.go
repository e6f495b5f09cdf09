package vk

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryKindLowered checks that every kernel kind probe declares has
// its spec type, and that the lowering type switch of each backend's
// Codegen (PTX in probe/codegen.go, SPIR-V in codegen.go here) has a case
// for every kind's spec: a kind is lowered or refused
// with why, never left to the switch's default ("unknown kind"), where a
// backend that fell behind would be found only by a run.
func TestEveryKindLowered(t *testing.T) {
	kinds := kernelKinds(t, filepath.Join("..", "..", "probe", "codegen.go"))
	if len(kinds) < 10 {
		t.Fatalf("found %d kernel kinds in probe/codegen.go; the test no longer reads them", len(kinds))
	}
	specs := specTypes(t, filepath.Join("..", "..", "probe", "codegen.go"))
	for _, k := range kinds {
		if !specs[k] {
			t.Errorf("kernel kind %s has no spec type %sSpec in probe/codegen.go", k, k)
		}
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

// switchCases returns the kernel kinds whose spec types (the kind's name
// and "Spec": LatencyChainSpec) are named in the case clauses of the type
// switches over a kernel spec in the Module method of file.
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
			sw, ok := n.(*ast.TypeSwitchStmt)
			if !ok {
				return true
			}
			for _, c := range sw.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					name := ""
					switch e := e.(type) {
					case *ast.Ident:
						name = e.Name
					case *ast.SelectorExpr:
						name = e.Sel.Name
					}
					if kind, ok := strings.CutSuffix(name, "Spec"); ok {
						out[kind] = true
					}
				}
			}
			return true
		})
	}
	if len(out) == 0 {
		t.Fatalf("%s: found no type switch over a kernel spec in a Module method", file)
	}
	return out
}

// specTypes returns the kinds that have a spec type (the kind's name and
// "Spec") declared in file.
func specTypes(t *testing.T, file string) map[string]bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			continue
		}
		for _, s := range g.Specs {
			if kind, ok := strings.CutSuffix(s.(*ast.TypeSpec).Name.Name, "Spec"); ok {
				out[kind] = true
			}
		}
	}
	return out
}
