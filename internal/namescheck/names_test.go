package namescheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// suites are the measurement domains whose record names the test guards.
var suites = []string{"alu", "warp", "pipes", "memory", "dispatch", "mma", "async", "links"}

// nameFields are the fields of record.Record (and of the plans' cases
// that become its fields) that name a record.
var nameFields = []string{"ID", "Suite", "Subject", "Group"}

// nameParams are the parameter names of a package's own record-reading
// helpers through which a literal argument selects records
// (memoryGroup(run, "latency")).
var nameParams = []string{"suite", "group", "subject", "id"}

// selectFuncs are the strings functions whose second argument selects a
// record when the first is one of its name fields.
var selectFuncs = []string{"HasPrefix", "HasSuffix", "Contains", "CutPrefix", "CutSuffix", "TrimPrefix", "TrimSuffix"}

// TestNamesInNamesFiles fails on every string literal outside the names
// files (measure/<domain>/names.go) and tests that
//
//   - begins with a suite's name and a slash (an ID, or an ID's prefix:
//     "memory/bandwidth/DRAM read"), or
//   - is compared with a field named ID, Suite, Subject or Group (==, !=,
//     a switch case, or strings.HasPrefix and its kin), or passed as a
//     suite, group, subject or id to a helper of the same package that
//     takes records: a record selected by a literal name, or
//   - is the value of a Suite field in a composite literal, or
//   - joins a suite to the rest of an ID (suite + "/latency/" + path,
//     fmt.Sprintf("%s/%s/latency", suite, subject)): an ID minted
//     outside its names file.
func TestNamesInNamesFiles(t *testing.T) {
	root := filepath.Join("..", "..")
	found := map[string][]string{}
	pkgs := map[string][]string{} // directory -> its Go files, tests and names files left out
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") && !isNamesFile(rel) {
			pkgs[filepath.Dir(path)] = append(pkgs[filepath.Dir(path)], path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, files := range pkgs {
		hits, err := literalNames(files)
		if err != nil {
			t.Fatal(err)
		}
		for path, h := range hits {
			rel, _ := filepath.Rel(root, path)
			found[filepath.ToSlash(rel)] = h
		}
	}
	files := slices.Sorted(maps.Keys(found))
	for _, file := range files {
		for _, h := range found[file] {
			t.Errorf("%s:%s: a record name written as a literal: name it in measure/<domain>/names.go and use that", file, h)
		}
	}
	for _, s := range suites {
		if _, err := os.Stat(filepath.Join(root, "measure", s, "names.go")); err != nil {
			t.Errorf("the %s suite has no names file: %v", s, err)
		}
	}
}

// isNamesFile says whether rel is a domain's names file.
func isNamesFile(rel string) bool {
	dir, file := filepath.Split(rel)
	return file == "names.go" && strings.HasPrefix(dir, "measure/") && strings.Count(dir, "/") == 2
}

// literalNames returns, for each of one package's Go files that has
// any, "line: literal" for each literal record name in it.
func literalNames(files []string) (map[string][]string, error) {
	fset := token.NewFileSet()
	var parsed []*ast.File
	// params are the parameter names of the package's functions and
	// methods that read records, by name, so that a literal passed as a
	// suite, group, subject or ID to such a helper of the package
	// (memoryGroup(run, "latency")) counts as selecting.
	params := map[string][]string{}
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return nil, err
		}
		parsed = append(parsed, f)
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && readsRecords(fd.Type) {
				var names []string
				for _, p := range fd.Type.Params.List {
					for range max(1, len(p.Names)) {
						names = append(names, "")
					}
					for i, n := range p.Names {
						names[len(names)-len(p.Names)+i] = n.Name
					}
				}
				params[fd.Name.Name] = names
			}
		}
	}
	out := map[string][]string{}
	for i, f := range parsed {
		seen := map[string]bool{}
		var hits []string
		hit := func(n ast.Node, v string) {
			h := strconv.Itoa(fset.Position(n.Pos()).Line) + ": " + strconv.Quote(v)
			if !seen[h] {
				seen[h] = true
				hits = append(hits, h)
			}
		}
		imports := map[ast.Node]bool{}
		for _, im := range f.Imports {
			imports[im.Path] = true
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if v, ok := stringLit(n); ok && !imports[n] {
					for _, s := range suites {
						if strings.HasPrefix(v, s+"/") {
							hit(n, v)
						}
					}
				}
			case *ast.BinaryExpr:
				if n.Op == token.ADD && isSuite(n.X) {
					if v, ok := stringLit(n.Y); ok && strings.HasPrefix(v, "/") {
						hit(n, v)
					}
				}
				if n.Op == token.EQL || n.Op == token.NEQ {
					for _, pair := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
						if v, ok := stringLit(pair[1]); ok && isNameField(pair[0]) && v != "" {
							hit(n, v)
						}
					}
				}
			case *ast.SwitchStmt:
				if n.Tag != nil && isNameField(n.Tag) {
					for _, c := range n.Body.List {
						for _, e := range c.(*ast.CaseClause).List {
							if v, ok := stringLit(e); ok {
								hit(e, v)
							}
						}
					}
				}
			case *ast.CallExpr:
				if s, ok := n.Fun.(*ast.SelectorExpr); ok && len(n.Args) > 1 && s.Sel.Name == "Sprintf" && isSuite(n.Args[1]) {
					if v, ok := stringLit(n.Args[0]); ok && strings.HasPrefix(v, "%s/") {
						hit(n, v)
					}
				}
				if s, ok := n.Fun.(*ast.SelectorExpr); ok && len(n.Args) == 2 && slices.Contains(selectFuncs, s.Sel.Name) {
					if x, ok := s.X.(*ast.Ident); ok && x.Name == "strings" && isNameField(n.Args[0]) {
						if v, ok := stringLit(n.Args[1]); ok {
							hit(n, v)
						}
					}
				}
				if id, ok := n.Fun.(*ast.Ident); ok {
					ps := params[id.Name]
					for j, a := range n.Args {
						if v, ok := stringLit(a); ok && v != "" && j < len(ps) && slices.Contains(nameParams, ps[j]) {
							hit(a, v)
						}
					}
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Suite" {
					if v, ok := stringLit(n.Value); ok {
						hit(n, v)
					}
				}
			}
			return true
		})
		if len(hits) > 0 {
			out[files[i]] = hits
		}
	}
	return out, nil
}

// readsRecords says whether a function takes records: a parameter whose
// type names record.Run or record.Record (a pointer, a slice).
func readsRecords(ft *ast.FuncType) bool {
	for _, p := range ft.Params.List {
		found := false
		ast.Inspect(p.Type, func(n ast.Node) bool {
			if s, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := s.X.(*ast.Ident); ok && x.Name == "record" && (s.Sel.Name == "Run" || s.Sel.Name == "Record") {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// isSuite says whether e names a suite: an identifier or field named
// suite or Suite (j.suite, spec.Suite, Suite).
func isSuite(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == "suite" || e.Name == "Suite"
	case *ast.SelectorExpr:
		return e.Sel.Name == "suite" || e.Sel.Name == "Suite"
	}
	return false
}

// isNameField says whether e is a selector of a field that names a
// record (r.Subject, spec.Suite...).
func isNameField(e ast.Expr) bool {
	s, ok := e.(*ast.SelectorExpr)
	return ok && slices.Contains(nameFields, s.Sel.Name)
}

// stringLit is e's value if e is a string literal.
func stringLit(e ast.Expr) (string, bool) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", false
	}
	v, err := strconv.Unquote(b.Value)
	return v, err == nil
}
