//go:build !wasm

// Command nohttp prepares the build of app.wasm without net/http: `make
// wasm` builds with -modfile=out/wasm-build/wasm.mod, the project's go.mod
// plus a replace of go-app by a copy that leaves its HTTP server out.
//
// go-app's package imports net/http for its Handler, the server side, which
// the browser never runs: the linker drops that code, but not the start-up
// of the packages net/http imports (crypto/tls, crypto/x509, crypto/ecdh
// with its curves, crypto/rsa, math/big, ...), which keeps about 1.9 MB of
// app.wasm alive (0.47 MB gzip). For each module outside the standard
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
// generator are compiled from go-app as it is. (A build overlay cannot do
// this: the go command refuses to overlay files of the module cache.) A
// change of go-app that the rules do not cover makes the wasm build fail
// rather than misbehave: a removed name still used does not compile, and
// a function given a panic that the browser's code can reach is reported
// by the second step, which `make wasm` runs on the binary it links with
// its name section (-ldflags=-w, without -s): it fails if the linker kept
// any of those functions (out/wasm-build/stubs.txt), and otherwise writes
// a copy of the binary without its name section, as -s would have.
//
//	go run ./wasm/nohttp -o out/wasm-build   # writes out/wasm-build/wasm.mod
//	go run ./wasm/nohttp -o out/wasm-build -check out/app-names.wasm -strip dist/web/app.wasm
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
	check := flag.String("check", "", "a wasm binary built with its name section: fail if it holds a function nohttp gave a panic")
	strip := flag.String("strip", "", "with -check: where to write the binary without its name section")
	flag.Parse()
	var err error
	if *check != "" {
		err = checkAndStrip(*check, *strip, filepath.Join(*out, "stubs.txt"))
	} else {
		err = run(*out, *pkg)
	}
	if err != nil {
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
	var replaces, stubs []string
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
				var stubbed []string
				if src, stubbed, err = Slim(filepath.Join(p.Dir, name), src, names); err != nil {
					return err
				}
				for _, f := range stubbed {
					stubs = append(stubs, p.ImportPath+"."+f)
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
	if err := os.WriteFile(filepath.Join(out, "stubs.txt"), []byte(strings.Join(stubs, "\n")+"\n"), 0o644); err != nil {
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
// comment), and the functions whose body it replaced by a panic, named as
// in a stack trace (F, T.M, (*T).M); src itself if it does not import
// net/http. names gives the package name of an
// import path, for the imports whose name differs from the path's last
// element; a path missing from it is taken to name its package by its last
// element (without a /vN suffix).
func Slim(filename string, src []byte, names map[string]string) ([]byte, []string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	local := ""
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == Target {
			local = importName(imp, names)
		}
	}
	if local == "" || local == "_" || local == "." {
		return src, nil, nil
	}
	var stubs []string
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
				stubs = append(stubs, funcName(d))
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
		return nil, nil, err
	}
	// Check that the result parses, so a bad rewrite is reported here.
	if _, err := parser.ParseFile(token.NewFileSet(), filename, b.Bytes(), 0); err != nil {
		return nil, nil, fmt.Errorf("rewritten %s: %v", filename, err)
	}
	return b.Bytes(), stubs, nil
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

// funcName names a function as a stack trace does: F, T.M or (*T).M.
func funcName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	star := false
	if s, ok := t.(*ast.StarExpr); ok {
		star, t = true, s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	name := "?"
	if id, ok := t.(*ast.Ident); ok {
		name = id.Name
	}
	if star {
		return "(*" + name + ")." + d.Name.Name
	}
	return name + "." + d.Name.Name
}

// checkAndStrip fails if the wasm binary at path names a function listed in
// stubs (one a line, as funcName and the import path give them); else it
// writes the binary without its name section to strip, if not "".
func checkAndStrip(path, strip, stubs string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	list, err := os.ReadFile(stubs)
	if err != nil {
		return err
	}
	secs, err := Sections(b)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	var names []string
	out := append([]byte{}, b[:8]...)
	for _, sec := range secs {
		if sec.Custom == "name" {
			if names, err = FuncNames(sec.Body); err != nil {
				return fmt.Errorf("%s: name section: %v", path, err)
			}
			continue
		}
		out = append(out, sec.Raw...)
	}
	if names == nil {
		return fmt.Errorf("%s has no name section: link it with -ldflags=-w, without -s", path)
	}
	kept := map[string]bool{}
	for _, n := range names {
		kept[n] = true
	}
	var reached []string
	for _, stub := range strings.Fields(string(list)) {
		if kept[LinkerName(stub)] {
			reached = append(reached, stub)
		}
	}
	if len(reached) > 0 {
		return fmt.Errorf("%s keeps functions that wasm/nohttp replaced by a panic, so the browser's code may call them: %s", path, strings.Join(reached, ", "))
	}
	if strip == "" {
		return nil
	}
	return os.WriteFile(strip, out, 0o755)
}

// LinkerName is a function's name as the Go linker writes it in a wasm
// name section: every byte but letters, digits, '_' and '.' becomes '_'.
func LinkerName(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.') {
			b[i] = '_'
		}
	}
	return string(b)
}

// Section is a section of a wasm binary: Raw is all of it (id, size and
// body), Custom the name of a custom section.
type Section struct {
	ID     byte
	Custom string
	Body   []byte
	Raw    []byte
}

// Sections splits a wasm binary into its sections.
func Sections(b []byte) ([]Section, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a wasm binary")
	}
	var secs []Section
	for i := 8; i < len(b); {
		id := b[i]
		size, n := uleb(b[i+1:])
		if n == 0 || i+1+n+int(size) > len(b) {
			return nil, errors.New("truncated section")
		}
		body := b[i+1+n : i+1+n+int(size)]
		sec := Section{ID: id, Body: body, Raw: b[i : i+1+n+int(size)]}
		if id == 0 {
			l, m := uleb(body)
			if m == 0 || m+int(l) > len(body) {
				return nil, errors.New("bad custom section")
			}
			sec.Custom = string(body[m : m+int(l)])
			sec.Body = body[m+int(l):]
		}
		secs = append(secs, sec)
		i += 1 + n + int(size)
	}
	return secs, nil
}

// FuncNames reads the function names of a name section's body.
func FuncNames(b []byte) ([]string, error) {
	var names []string
	for len(b) > 0 {
		id := b[0]
		size, n := uleb(b[1:])
		if n == 0 || 1+n+int(size) > len(b) {
			return nil, errors.New("truncated subsection")
		}
		sub := b[1+n : 1+n+int(size)]
		b = b[1+n+int(size):]
		if id != 1 { // function names
			continue
		}
		count, m := uleb(sub)
		sub = sub[m:]
		for range count {
			_, m := uleb(sub) // index
			if m == 0 {
				return nil, errors.New("bad name map")
			}
			sub = sub[m:]
			l, k := uleb(sub)
			if k == 0 || k+int(l) > len(sub) {
				return nil, errors.New("bad name")
			}
			names = append(names, string(sub[k:k+int(l)]))
			sub = sub[k+int(l):]
		}
	}
	return names, nil
}

// uleb reads an unsigned LEB128 number; n is 0 if it is cut short.
func uleb(b []byte) (v uint64, n int) {
	for shift := 0; n < len(b) && shift < 64; shift += 7 {
		c := b[n]
		n++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v, n
		}
	}
	return 0, 0
}
