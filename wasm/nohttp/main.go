//go:build !wasm

// Command nohttp prepares the build of app.wasm without net/http: `make
// wasm` builds with -modfile=out/wasm-build/wasm.mod, the project's go.mod
// plus a replace of go-app by a copy that leaves its HTTP server out.
//
// go-app's package imports net/http for its Handler, the server side, which
// the browser never runs: the linker drops that code, but not the start-up
// of the packages net/http imports (crypto/tls and the self-tests of the
// FIPS 140 module, certificates, math/big, ...), which keeps about 1.9 MB
// of app.wasm alive (0.47 MB gzip). For each module outside the standard
// library with a package of the wasm build that imports net/http, nohttp
// copies the module's packages of the build from the module cache, and
// rewrites each file that imports net/http to leave out what uses it:
//
//   - a function or method whose receiver, parameters or results name a
//     net/http type is removed;
//   - a function or method whose body uses net/http gets the body
//     panic("..."): nothing in the browser calls it (the server's code is
//     reached only from Handler.ServeHTTP);
//   - a struct field, type, variable or constant whose type or value uses
//     net/http is removed;
//   - then every import no longer used.
//
// Only the wasm build uses the copy; the server and the static site
// generator are compiled from go-app as it is. A change of go-app that the
// rules do not cover makes the wasm build fail, not misbehave, since a
// removed name still used does not compile. (A build overlay cannot do
// this: the go command refuses to overlay files of the module cache.)
//
//	go run ./wasm/nohttp -o out/wasm-build   # writes out/wasm-build/wasm.mod
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Target is the import path the copy leaves out.
const Target = "net/http"

func main() {
	out := flag.String("o", "out/wasm-build", "directory to write wasm.mod, wasm.sum and the modules' copies to")
	pkg := flag.String("pkg", "./wasm", "package whose wasm build it is for")
	flag.Parse()
	if err := run(*out, *pkg); err != nil {
		fmt.Fprintln(os.Stderr, "nohttp:", err)
		os.Exit(1)
	}
}

// listed is what nohttp reads of `go list -json`.
type listed struct {
	ImportPath string
	Name       string
	Dir        string
	Standard   bool
	GoFiles    []string
	SFiles     []string
	EmbedFiles []string
	Imports    []string
	Module     *struct {
		Path  string
		Dir   string
		GoMod string
		Main  bool
	}
}

func run(out, pkg string) error {
	cmd := exec.Command("go", "list", "-deps", "-json", pkg)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go list: %v", err)
	}
	var pkgs []listed
	names := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(b))
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return err
		}
		names[p.ImportPath] = p.Name
		pkgs = append(pkgs, p)
	}
	if out, err = filepath.Abs(out); err != nil {
		return err
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	// The modules to copy.
	mods := map[string]bool{}
	mainMod := ""
	for _, p := range pkgs {
		if p.Module == nil {
			continue
		}
		if p.Module.Main {
			mainMod = p.Module.Dir
		} else if contains(p.Imports, Target) {
			mods[p.Module.Path] = true
		}
	}
	if mainMod == "" {
		return errors.New("the main module is not in the build")
	}
	if len(mods) == 0 {
		return errors.New("no package of the build imports " + Target + ": nohttp is no longer needed")
	}
	var replaces []string
	for _, p := range pkgs {
		if p.Module == nil || !mods[p.Module.Path] {
			continue
		}
		root := filepath.Join(out, "mod", strings.ReplaceAll(p.Module.Path, "/", "_"))
		if !contains(replaces, p.Module.Path) {
			replaces = append(replaces, p.Module.Path, root)
			if err := copyFile(p.Module.GoMod, filepath.Join(root, "go.mod")); err != nil {
				return err
			}
			// The licence goes with the copy.
			if err := copyFile(filepath.Join(p.Module.Dir, "LICENSE"), filepath.Join(root, "LICENSE")); err != nil && !os.IsNotExist(err) {
				return err
			}
		}
		rel, err := filepath.Rel(p.Module.Dir, p.Dir)
		if err != nil {
			return err
		}
		dir := filepath.Join(root, rel)
		files := append(append(append([]string{}, p.GoFiles...), p.SFiles...), p.EmbedFiles...)
		for _, name := range files {
			src, err := os.ReadFile(filepath.Join(p.Dir, name))
			if err != nil {
				return err
			}
			if strings.HasSuffix(name, ".go") {
				if src, _, err = Slim(filepath.Join(p.Dir, name), src, names); err != nil {
					return err
				}
			}
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
				return err
			}
		}
	}
	gomod, err := os.ReadFile(filepath.Join(mainMod, "go.mod"))
	if err != nil {
		return err
	}
	gomod = append(gomod, "\n// Written by wasm/nohttp for the WebAssembly build.\n"...)
	for i := 0; i < len(replaces); i += 2 {
		gomod = append(gomod, "replace "+replaces[i]+" => "+replaces[i+1]+"\n"...)
	}
	if err := os.WriteFile(filepath.Join(out, "wasm.mod"), gomod, 0o644); err != nil {
		return err
	}
	return copyFile(filepath.Join(mainMod, "go.sum"), filepath.Join(out, "wasm.sum"))
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Slim returns the file src without what uses net/http (see the package
// comment), and whether it changed. names gives the package name of an
// import path, for the imports whose name differs from the path's last
// element; a path missing from it is taken to name its package by its last
// element (without a /vN suffix).
func Slim(filename string, src []byte, names map[string]string) ([]byte, bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, false, err
	}
	local := ""
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == Target {
			local = importName(imp, names)
		}
	}
	if local == "" || local == "_" || local == "." {
		return src, false, nil
	}
	cmap := ast.NewCommentMap(fset, f, f.Comments)
	uses := func(n ast.Node) bool { return mentions(n, local) }
	var decls []ast.Decl
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil && uses(d.Recv) || uses(d.Type) {
				continue
			}
			if d.Body != nil && uses(d.Body) {
				d.Body = &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{
					Fun:  ast.NewIdent("panic"),
					Args: []ast.Expr{&ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(d.Name.Name + ": left out of the WebAssembly build (wasm/nohttp)")}},
				}}}}
			}
		case *ast.GenDecl:
			if d.Tok != token.IMPORT {
				var specs []ast.Spec
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if fields := fieldsOf(s.Type); fields != nil {
							var kept []*ast.Field
							for _, fl := range fields.List {
								if !uses(fl.Type) {
									kept = append(kept, fl)
								}
							}
							fields.List = kept
						}
						if uses(s.Type) || s.TypeParams != nil && uses(s.TypeParams) {
							continue
						}
					case *ast.ValueSpec:
						if uses(s) {
							continue
						}
					}
					specs = append(specs, s)
				}
				if len(specs) == 0 {
					continue
				}
				d.Specs = specs
			}
		}
		decls = append(decls, d)
	}
	f.Decls = decls

	// Imports no longer used.
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			continue
		}
		var specs []ast.Spec
		for _, s := range g.Specs {
			imp := s.(*ast.ImportSpec)
			if n := importName(imp, names); n == "_" || n == "." || used[n] {
				specs = append(specs, s)
			}
		}
		g.Specs = specs
	}
	var imports []*ast.ImportSpec
	for _, imp := range f.Imports {
		if n := importName(imp, names); n == "_" || n == "." || used[n] {
			imports = append(imports, imp)
		}
	}
	f.Imports = imports
	f.Comments = cmap.Filter(f).Comments()

	var b bytes.Buffer
	b.WriteString("// Code generated by wasm/nohttp from " + filepath.Base(filename) + " for the WebAssembly build. DO NOT EDIT.\n\n")
	if err := format.Node(&b, fset, f); err != nil {
		return nil, false, err
	}
	// Check that the result parses, so a bad rewrite is reported here.
	if _, err := parser.ParseFile(token.NewFileSet(), filename, b.Bytes(), 0); err != nil {
		return nil, false, fmt.Errorf("rewritten %s: %v", filename, err)
	}
	return b.Bytes(), true, nil
}

// importName is the name an import is referred to by in its file.
func importName(imp *ast.ImportSpec, names map[string]string) string {
	if imp.Name != nil {
		return imp.Name.Name
	}
	p, _ := strconv.Unquote(imp.Path.Value)
	if n, ok := names[p]; ok && n != "" {
		return n
	}
	elems := strings.Split(p, "/")
	n := elems[len(elems)-1]
	if len(elems) > 1 && len(n) > 1 && n[0] == 'v' && strings.Trim(n[1:], "0123456789") == "" {
		n = elems[len(elems)-2]
	}
	return strings.ReplaceAll(n, "-", "_")
}

// mentions reports whether n refers to the package imported as local
// (a selector local.Name).
func mentions(n ast.Node, local string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok && id.Name == local {
				found = true
			}
		}
		return !found
	})
	return found
}

// fieldsOf gives the fields of a struct type and the methods of an
// interface type, nil for other types.
func fieldsOf(t ast.Expr) *ast.FieldList {
	switch t := t.(type) {
	case *ast.StructType:
		return t.Fields
	case *ast.InterfaceType:
		return t.Methods
	}
	return nil
}
