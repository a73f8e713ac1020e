//go:build !wasm

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const sample = `//go:build !windows

// Package p serves and resolves.
package p

import (
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Server serves.
type Server struct {
	http.Handler
	Name string
	client *http.Client
}

// Resolver resolves.
type Resolver interface {
	Resolve(string) string
	ServeHTTP(http.ResponseWriter, *http.Request)
}

type handlerFunc http.HandlerFunc

var defaultClient = http.DefaultClient

const status = http.StatusOK

// Serve is the server's.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	io.WriteString(w, s.Name)
}

// Dir serves a directory.
func Dir(d string) *Server {
	return &Server{Handler: http.FileServer(http.Dir(d)), Name: d}
}

// Resolve is kept.
func (s *Server) Resolve(p string) string {
	return fmt.Sprint(strings.TrimPrefix(p, "/"), s.Name)
}
`

func TestSlim(t *testing.T) {
	out, stubs, err := Slim("p.go", []byte(sample), nil)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(stubs, " ") != "Dir" {
		t.Errorf("stubs %q, want Dir", stubs)
	}
	got := string(out)
	for _, gone := range []string{"net/http", `"io"`, "http.", "client", "handlerFunc", "defaultClient", "status", "ServeHTTP", "Serve is the server's"} {
		if strings.Contains(got, gone) {
			t.Errorf("%q left in:\n%s", gone, got)
		}
	}
	for _, kept := range []string{"//go:build !windows", "// Package p serves and resolves.", `"fmt"`, `"strings"`, "Name string", "Resolve(string) string", "// Dir serves a directory.", "func Dir(d string) *Server {", `panic("Dir: left out`, "// Resolve is kept.", `return fmt.Sprint(strings.TrimPrefix(p, "/"), s.Name)`} {
		if !strings.Contains(got, kept) {
			t.Errorf("%q lost:\n%s", kept, got)
		}
	}
	if i, j := strings.Index(got, "//go:build"), strings.Index(got, "package p"); i < 0 || i > j {
		t.Errorf("build constraint not before the package clause:\n%s", got)
	}

	// A file without net/http is left as it is.
	plain := "package p\n\nimport \"fmt\"\n\nfunc F() { fmt.Println() }\n"
	out, stubs, err = Slim("q.go", []byte(plain), nil)
	if err != nil || stubs != nil || string(out) != plain {
		t.Errorf("file without net/http: stubs %v, err %v:\n%s", stubs, err, out)
	}

	// net/http under another name.
	renamed := "package p\n\nimport (\n\th \"net/http\"\n\t\"fmt\"\n)\n\nfunc F(w h.ResponseWriter) {}\n\nfunc G() { fmt.Println() }\n\nfunc (t T) H() { h.Get(\"x\") }\n\nfunc (t *T) I() { h.Get(\"x\") }\n\nfunc (t *U[A]) J() { h.Get(\"x\") }\n"
	out, stubs, err = Slim("r.go", []byte(renamed), nil)
	if err != nil || strings.Contains(string(out), "net/http") || strings.Contains(string(out), "func F") || !strings.Contains(string(out), "func G") {
		t.Errorf("renamed import: err %v:\n%s", err, out)
	}
	if got := strings.Join(stubs, " "); got != "T.H (*T).I (*U).J" {
		t.Errorf("stubs %q", got)
	}
}

// TestWasmBuildHasNoHTTP: the go.mod nohttp writes gives a wasm build of
// the app without net/http. (That the copy compiles, `make wasm` checks.)
func TestWasmBuildHasNoHTTP(t *testing.T) {
	out := t.TempDir()
	wd, _ := os.Getwd()
	root := filepath.Join(wd, "..", "..")
	if err := os.Chdir(root); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	if err := run(out, "./wasm"); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(out, "stubs.txt")); err != nil || !strings.Contains(string(b), "github.com/maxence-charriere/go-app/v10/pkg/app.LocalDir\n") {
		t.Errorf("stubs.txt (err %v):\n%s", err, b)
	}
	mod := "-modfile=" + filepath.Join(out, "wasm.mod")
	goCmd := func(args ...string) string {
		cmd := exec.Command("go", args...)
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, b)
		}
		return string(b)
	}
	deps := strings.Fields(goCmd("list", mod, "-deps", "./wasm"))
	for _, d := range deps {
		if d == "net/http" || strings.HasPrefix(d, "crypto/tls") {
			t.Errorf("the wasm build still holds %s", d)
		}
	}
	if len(deps) < 50 {
		t.Errorf("only %d packages listed", len(deps))
	}
	// The native build is go-app as it is.
	cmd := exec.Command("go", "list", "-deps", "./wasm")
	b, err := cmd.Output()
	if err != nil || !strings.Contains(string(b), "\nnet/http\n") {
		t.Errorf("the native build should keep net/http (err %v)", err)
	}
}

// wasmWithNames is a wasm binary of one custom section and a name section
// naming the functions given.
func wasmWithNames(names ...string) []byte {
	leb := func(b []byte, v int) []byte {
		for {
			c := byte(v & 0x7f)
			v >>= 7
			if v == 0 {
				return append(b, c)
			}
			b = append(b, c|0x80)
		}
	}
	section := func(id byte, body []byte) []byte { return append(leb([]byte{id}, len(body)), body...) }
	custom := func(name string, body []byte) []byte {
		return section(0, append(append(leb(nil, len(name)), name...), body...))
	}
	var m []byte
	m = leb(m, len(names))
	for i, n := range names {
		m = leb(m, i)
		m = append(leb(m, len(n)), n...)
	}
	b := []byte("\x00asm\x01\x00\x00\x00")
	b = append(b, custom("producers", []byte("x"))...)
	b = append(b, section(1, []byte{0})...)
	return append(b, custom("name", section(1, m))...)
}

func TestCheckAndStrip(t *testing.T) {
	dir := t.TempDir()
	stubs := filepath.Join(dir, "stubs.txt")
	os.WriteFile(stubs, []byte("example.com/go-app/v2/app.LocalDir\nexample.com/go-app/v2/app.(*Handler).init\n"), 0o644)
	path := filepath.Join(dir, "app.wasm")

	stripped := filepath.Join(dir, "stripped.wasm")
	os.WriteFile(path, wasmWithNames("runtime.main", "example.com_go_app_v2_app.__Handler_.init"), 0o644)
	if err := checkAndStrip(path, stripped, stubs); err == nil || !strings.Contains(err.Error(), "(*Handler).init") {
		t.Errorf("a kept stub: err %v", err)
	}

	if _, err := os.Stat(stripped); err == nil {
		t.Error("a binary that failed the check was written")
	}
	os.WriteFile(path, wasmWithNames("runtime.main", "example.com_go_app_v2_app.LocalDirs"), 0o644)
	if err := checkAndStrip(path, stripped, stubs); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); !bytes.Contains(b, []byte("LocalDirs")) {
		t.Error("the checked binary was changed")
	}
	b, _ := os.ReadFile(stripped)
	secs, err := Sections(b)
	if err != nil || len(secs) != 2 || secs[0].Custom != "producers" || secs[1].ID != 1 {
		t.Errorf("stripped: %v %+v", err, secs)
	}
	if err := checkAndStrip(stripped, "", stubs); err == nil || !strings.Contains(err.Error(), "no name section") {
		t.Errorf("without a name section: err %v", err)
	}
}
