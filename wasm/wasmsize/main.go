//go:build !wasm

// Command wasmsize tells what a Go WebAssembly binary is made of: the bytes
// of code of each package (from the function bodies of the code section,
// named by the "name" section, so after the linker dropped what is never
// called), and the other sections (data: type descriptors, strings, tables
// and variables, which the binary does not attribute to packages).
//
// The binary must keep its name section: link it without -s. The linker
// writes names with every character but letters, digits, '_' and '.'
// replaced by '_' (go-app/v10 becomes go_app_v10); -pkgs names a file of
// the program's import paths (go list -deps) to read them back. E.g.
//
//	GOOS=js GOARCH=wasm go build -ldflags=-w -o out/app-names.wasm ./wasm
//	GOOS=js GOARCH=wasm go list -deps ./wasm > out/app-packages.txt
//	go run ./wasm/wasmsize -pkgs out/app-packages.txt out/app-names.wasm
//
// (`make sizes` does this with the flags of `make build`.)
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
)

func main() {
	top := flag.Int("top", 15, "packages to list")
	pkgs := flag.String("pkgs", "", "file of the program's import paths, one a line (go list -deps)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-top 15] [-pkgs file] file.wasm")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	var paths []string
	if *pkgs != "" {
		b, err := os.ReadFile(*pkgs)
		if err != nil {
			fmt.Fprintln(os.Stderr, "wasmsize:", err)
			os.Exit(1)
		}
		paths = strings.Fields(string(b))
	}
	b, err := os.ReadFile(flag.Arg(0))
	if err == nil {
		var r *Report
		r, err = Analyze(b, paths)
		if err == nil {
			r.Print(os.Stdout, *top)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
}

// Report is what a binary is made of.
type Report struct {
	Total    int
	Sections map[string]int // by section name, headers included
	Code     map[string]int // bytes of function bodies by package
	CodeGzip map[string]int // the same functions gzipped together, by package
	Funcs    map[string]int // functions by package
	Unnamed  int            // bytes of bodies the name section does not name
}

// Analyze reads a WebAssembly binary; paths are the import paths of its
// packages, or none.
func Analyze(b []byte, paths []string) (*Report, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly binary")
	}
	r := &Report{Total: len(b), Sections: map[string]int{}, Code: map[string]int{}, CodeGzip: map[string]int{}, Funcs: map[string]int{}}
	var (
		imported int
		bodies   [][]byte
		names    = map[int]string{}
	)
	p := b[8:]
	for len(p) > 0 {
		id := p[0]
		size, n := binary.Uvarint(p[1:])
		if n <= 0 || uint64(len(p)-1-n) < size {
			return nil, errors.New("truncated section")
		}
		body := p[1+n : 1+n+int(size)]
		name := sectionName(id)
		if id == 0 {
			cname, _, err := readName(body)
			if err != nil {
				return nil, err
			}
			name = "custom " + cname
		}
		r.Sections[name] += 1 + n + int(size)
		p = p[1+n+int(size):]
		var err error
		switch id {
		case 2:
			imported, err = countFuncImports(body)
		case 10:
			bodies, err = readBodies(body)
		case 0:
			if strings.HasSuffix(name, " name") {
				err = readFuncNames(body, names)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("section %s: %w", name, err)
		}
	}
	if len(names) == 0 {
		return nil, errors.New("the binary has no name section: link it without -s")
	}
	pkgOf := Packages(paths)
	byPkg := map[string]*bytes.Buffer{}
	for i, body := range bodies {
		name, ok := names[imported+i]
		if !ok {
			r.Unnamed += len(body)
			continue
		}
		pkg := pkgOf(name)
		r.Code[pkg] += len(body)
		r.Funcs[pkg]++
		if byPkg[pkg] == nil {
			byPkg[pkg] = new(bytes.Buffer)
		}
		byPkg[pkg].Write(body)
	}
	for pkg, buf := range byPkg {
		var z countWriter
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(buf.Bytes())
		w.Close()
		r.CodeGzip[pkg] = int(z)
	}
	return r, nil
}

type countWriter int

func (c *countWriter) Write(b []byte) (int, error) { *c += countWriter(len(b)); return len(b), nil }

var nameRE = regexp.MustCompile(`[^\w.]`)

// Packages returns a function that tells the package of a function from
// its name in the name section: the longest of paths, written as the
// linker writes names, followed by a dot; else the name up to its first dot
// (up to the first dot after the first '_' when it begins with a domain).
// The linker's own functions get a name in parentheses.
func Packages(paths []string) func(sym string) string {
	known := map[string]string{}
	for _, p := range paths {
		known[nameRE.ReplaceAllString(p, "_")] = p
	}
	return func(sym string) string {
		switch {
		case strings.HasPrefix(sym, "type_."), strings.HasPrefix(sym, "type:"):
			return "(type equality and hash functions)"
		case strings.HasPrefix(sym, "go_"), strings.HasPrefix(sym, "go:"):
			return "(linker functions)"
		}
		best := ""
		for i := 0; i < len(sym); i++ {
			if sym[i] == '.' {
				if p, ok := known[sym[:i]]; ok {
					best = p
				}
			}
		}
		if best != "" {
			return best
		}
		from := 0
		if first, _, ok := strings.Cut(sym, "_"); ok && strings.Contains(first, ".") {
			from = len(first) + 1
		}
		if dot := strings.IndexByte(sym[from:], '.'); dot >= 0 {
			return sym[:from+dot]
		}
		return "(other)"
	}
}

func sectionName(id byte) string {
	names := []string{"custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "data count"}
	if int(id) < len(names) {
		return names[id]
	}
	return fmt.Sprintf("section %d", id)
}

func readName(p []byte) (string, []byte, error) {
	n, k := binary.Uvarint(p)
	if k <= 0 || uint64(len(p)-k) < n {
		return "", nil, errors.New("truncated name")
	}
	return string(p[k : k+int(n)]), p[k+int(n):], nil
}

func readU(p []byte) (int, []byte, error) {
	n, k := binary.Uvarint(p)
	if k <= 0 {
		return 0, nil, errors.New("truncated number")
	}
	return int(n), p[k:], nil
}

func countFuncImports(p []byte) (int, error) {
	count, p, err := readU(p)
	if err != nil {
		return 0, err
	}
	funcs := 0
	for range count {
		if _, p, err = readName(p); err != nil {
			return 0, err
		}
		if _, p, err = readName(p); err != nil {
			return 0, err
		}
		if len(p) == 0 {
			return 0, errors.New("truncated import")
		}
		kind := p[0]
		p = p[1:]
		switch kind {
		case 0: // function: type index
			funcs++
			_, p, err = readU(p)
		case 1: // table: reference type, limits
			if len(p) == 0 {
				return 0, errors.New("truncated table import")
			}
			p, err = skipLimits(p[1:])
		case 2: // memory: limits
			p, err = skipLimits(p)
		case 3: // global: value type, mutability
			if len(p) < 2 {
				return 0, errors.New("truncated global import")
			}
			p = p[2:]
		default:
			return 0, fmt.Errorf("unknown import kind %d", kind)
		}
		if err != nil {
			return 0, err
		}
	}
	return funcs, nil
}

func skipLimits(p []byte) ([]byte, error) {
	if len(p) == 0 {
		return nil, errors.New("truncated limits")
	}
	flags := p[0]
	_, p, err := readU(p[1:])
	if err == nil && flags&1 != 0 {
		_, p, err = readU(p)
	}
	return p, err
}

func readBodies(p []byte) ([][]byte, error) {
	count, p, err := readU(p)
	if err != nil {
		return nil, err
	}
	out := make([][]byte, 0, count)
	for range count {
		var n int
		if n, p, err = readU(p); err != nil {
			return nil, err
		}
		if n > len(p) {
			return nil, errors.New("truncated function body")
		}
		out = append(out, p[:n])
		p = p[n:]
	}
	return out, nil
}

func readFuncNames(p []byte, names map[int]string) error {
	var err error
	if _, p, err = readName(p); err != nil { // the section's own name
		return err
	}
	for len(p) > 0 {
		id := p[0]
		var size int
		if size, p, err = readU(p[1:]); err != nil || size > len(p) {
			return errors.New("truncated name subsection")
		}
		sub := p[:size]
		p = p[size:]
		if id != 1 {
			continue
		}
		var count int
		if count, sub, err = readU(sub); err != nil {
			return err
		}
		for range count {
			var idx int
			if idx, sub, err = readU(sub); err != nil {
				return err
			}
			var name string
			if name, sub, err = readName(sub); err != nil {
				return err
			}
			names[idx] = name
		}
	}
	return nil
}

// Print writes the report: the sections, then the top packages by bytes of
// code, then the code by module.
func (r *Report) Print(out io.Writer, top int) {
	w := bufio.NewWriter(out)
	defer w.Flush()
	code := 0
	for _, n := range r.Code {
		code += n
	}
	code += r.Unnamed
	pct := func(n int) string { return fmt.Sprintf("%5.1f %%", 100*float64(n)/float64(r.Total)) }
	fmt.Fprintf(w, "%-40s %10d bytes\n", "app.wasm (with its name section)", r.Total)
	secs := sortedKeys(r.Sections)
	for _, s := range secs {
		fmt.Fprintf(w, "  section %-32s %10d  %s\n", s, r.Sections[s], pct(r.Sections[s]))
	}
	fmt.Fprintf(w, "\nCode by package (function bodies; %d bytes, %.1f %% of the file; gzip: the package's functions compressed alone):\n", code, 100*float64(code)/float64(r.Total))
	pkgs := sortedKeys(r.Code)
	fmt.Fprintf(w, "  %-60s %10s %7s %9s %6s\n", "package", "bytes", "share", "gzip", "funcs")
	for i, p := range pkgs {
		if i == top {
			break
		}
		fmt.Fprintf(w, "  %-60s %10d %s %9d %6d\n", p, r.Code[p], pct(r.Code[p]), r.CodeGzip[p], r.Funcs[p])
	}
	rest, restN := 0, 0
	for _, p := range pkgs[min(top, len(pkgs)):] {
		rest += r.Code[p]
		restN++
	}
	if restN > 0 {
		fmt.Fprintf(w, "  %-60s %10d %s\n", fmt.Sprintf("(%d other packages)", restN), rest, pct(rest))
	}
	mods := map[string]int{}
	for p, n := range r.Code {
		mods[module(p)] += n
	}
	fmt.Fprintf(w, "\nCode by module:\n")
	for _, m := range sortedKeys(mods) {
		fmt.Fprintf(w, "  %-60s %10d %s\n", m, mods[m], pct(mods[m]))
	}
	std := map[string]int{}
	for p, n := range r.Code {
		if module(p) == "standard library" {
			first, _, _ := strings.Cut(p, "/")
			std[first+"/..."] += n
		}
	}
	fmt.Fprintf(w, "\nStandard library by tree (top %d):\n", top/2)
	for i, m := range sortedKeys(std) {
		if i == top/2 {
			break
		}
		fmt.Fprintf(w, "  %-60s %10d %s\n", m, std[m], pct(std[m]))
	}
}

// module groups a package path: the standard library, this module, or the
// module path of a dependency (its first three elements).
func module(pkg string) string {
	if strings.HasPrefix(pkg, "(") {
		return "(linker)"
	}
	first, _, _ := strings.Cut(pkg, "/")
	if !strings.Contains(first, ".") {
		return "standard library"
	}
	parts := strings.Split(pkg, "/")
	if len(parts) > 3 {
		parts = parts[:3]
	}
	if len(parts) == 3 && parts[2] == "workbench" {
		return strings.Join(parts, "/") + " (this module)"
	}
	return strings.Join(parts, "/")
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}
