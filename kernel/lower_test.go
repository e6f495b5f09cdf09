package kernel

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"testing"
)

// TestEveryKindLowered checks that the kinds, their spec types and the
// Lowerer's methods are one list: every Kind constant has a Lowerer method
// of its name taking its spec type (KindSpec), whose Kind is that
// constant. With that, a backend that does not lower a kind does not
// compile (each asserts that it is a Lowerer).
func TestEveryKindLowered(t *testing.T) {
	kinds := kindNames(t)
	if len(kinds) < 10 {
		t.Fatalf("found %d kinds in spec.go; the test no longer reads them", len(kinds))
	}
	lowerer := reflect.TypeFor[Lowerer]()
	if lowerer.NumMethod() != len(kinds) {
		t.Errorf("Lowerer has %d methods for %d kinds", lowerer.NumMethod(), len(kinds))
	}
	for i, name := range kinds {
		m, ok := lowerer.MethodByName(name)
		if !ok {
			t.Errorf("kind %s has no Lowerer method %s", name, name)
			continue
		}
		if m.Type.NumIn() != 1 {
			t.Errorf("Lowerer.%s takes %d arguments, not its spec", name, m.Type.NumIn())
			continue
		}
		arg := m.Type.In(0)
		if arg.Name() != name+"Spec" {
			t.Errorf("Lowerer.%s takes %s, not %sSpec", name, arg.Name(), name)
		}
		spec, ok := reflect.Zero(arg).Interface().(Spec)
		if !ok {
			t.Errorf("%s is not a Spec", arg.Name())
			continue
		}
		if want := Kind(i + 1); spec.Kind() != want {
			t.Errorf("%s.Kind() = %d, want %d (%s)", arg.Name(), spec.Kind(), want, name)
		}
	}
}

// kindNames reads the Kind constants of spec.go in their order (the first
// is 1).
func kindNames(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "spec.go", nil, 0)
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
				inKinds = id.Name == "Kind"
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
