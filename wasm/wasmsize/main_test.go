//go:build !wasm

package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestPackages(t *testing.T) {
	pkgOf := Packages([]string{"runtime", "internal/abi", "github.com/maxence-charriere/go-app/v10/pkg/app", "github.com/acap-workbench/workbench/app/ui", "github.com/acap-workbench/workbench/app"})
	for sym, want := range map[string]string{
		"runtime.mallocgc":          "runtime",
		"internal_abi.__Type_.Kind": "internal/abi",
		"github.com_maxence_charriere_go_app_v10_pkg_app.nodeManager.Mount": "github.com/maxence-charriere/go-app/v10/pkg/app",
		"github.com_acap_workbench_workbench_app_ui.__Workbench_.OnMount":   "github.com/acap-workbench/workbench/app/ui",
		"type_.eq.internal_abi.UncommonType":                                "(type equality and hash functions)",
		"go_buildid":                                                        "(linker functions)",
		"example.com_x_y.F":                                                 "example.com_x_y", // unknown: up to the dot after the domain
		"strings.Index":                                                     "strings",
		"wasm_export_run":                                                   "(other)",
	} {
		if got := pkgOf(sym); got != want {
			t.Errorf("%s: got %q, want %q", sym, got, want)
		}
	}
}

// A hand-made binary: one imported function, two bodies, a name section.
func TestAnalyze(t *testing.T) {
	uleb := func(n int) []byte {
		var b []byte
		for {
			c := byte(n & 0x7f)
			n >>= 7
			if n != 0 {
				b = append(b, c|0x80)
				continue
			}
			return append(b, c)
		}
	}
	str := func(s string) []byte { return append(uleb(len(s)), s...) }
	section := func(id byte, body []byte) []byte { return append(append([]byte{id}, uleb(len(body))...), body...) }
	var imp []byte
	imp = append(imp, uleb(1)...)
	imp = append(imp, str("go")...)
	imp = append(imp, str("debug")...)
	imp = append(imp, 0, 0) // function of type 0
	bodies := [][]byte{bytes.Repeat([]byte{1}, 10), bytes.Repeat([]byte{2}, 30)}
	code := uleb(len(bodies))
	for _, b := range bodies {
		code = append(append(code, uleb(len(b))...), b...)
	}
	names := uleb(2)
	names = append(append(names, uleb(1)...), str("runtime.f")...)
	names = append(append(names, uleb(2)...), str("github.com_a_b.g")...)
	name := append(str("name"), section(1, names)...)
	bin := []byte("\x00asm\x01\x00\x00\x00")
	bin = append(bin, section(2, imp)...)
	bin = append(bin, section(10, code)...)
	bin = append(bin, section(0, name)...)
	r, err := Analyze(bin, []string{"runtime", "github.com/a/b"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Code["runtime"] != 10 || r.Code["github.com/a/b"] != 30 || r.Funcs["runtime"] != 1 || r.Total != len(bin) {
		t.Errorf("%+v", r)
	}
	var out strings.Builder
	r.Print(&out, 5)
	if !strings.Contains(out.String(), "github.com/a/b") || !strings.Contains(out.String(), "section code") {
		t.Errorf("report:\n%s", out.String())
	}
	if _, err := Analyze(bin[:len(bin)-len(section(0, name))], nil); err == nil {
		t.Error("a binary without names analysed")
	}
}
