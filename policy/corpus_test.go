package policy

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// corpusSizes holds the number of .txt files of each real corpus copied
// into testdata/corpus (see its README.md; each folder keeps its SOURCES.md
// and licence).
var corpusSizes = map[string]int{
	"acap-real":     66,  // real files with ACAP lines, 2008-2019
	"sites-2026-01": 204, // about 200 news and popular sites, January 2026
}

// corpusDir returns the folder of one real corpus in the repository
// (testdata/corpus/<name>, relative to this package, so the same under
// WebAssembly, where the test runs in the package's folder). The tests read
// nothing outside the repository: a clone tests itself.
func corpusDir(t testing.TB, name string) string {
	t.Helper()
	if _, ok := corpusSizes[name]; !ok {
		t.Fatalf("no corpus %q in testdata/corpus", name)
	}
	return filepath.Join("testdata", "corpus", name)
}

// corpusPaths returns the .txt files of one real corpus, sorted, and fails
// the test unless all of them are there.
func corpusPaths(t testing.TB, name string) []string {
	t.Helper()
	dir := corpusDir(t, name)
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if want := corpusSizes[name]; len(paths) != want {
		t.Fatalf("found %d files in %s, want %d", len(paths), dir, want)
	}
	return paths
}

// corpusFiles returns the 270 files of both real corpora: acap-real, then
// sites-2026-01.
func corpusFiles(t testing.TB) []string {
	t.Helper()
	paths := corpusPaths(t, "acap-real")
	return append(paths, corpusPaths(t, "sites-2026-01")...)
}

// parseTestFile reads and parses a file of testdata, failing the test when
// it cannot.
func parseTestFile(t testing.TB, path string) (*File, []byte) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse(path, src)
	if err != nil {
		t.Fatal(err)
	}
	return f, src
}

// TestCorpus reads every real publisher's file: no panic, every byte in a
// token, and the problems these files really have are found.
func TestCorpus(t *testing.T) {
	paths := corpusPaths(t, "acap-real")
	found := map[string]map[string][]int{} // file -> code -> lines
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse(p, src)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		checkTokens(t, src, fileTokens(t, f))
		m := map[string][]int{}
		for _, d := range Check(f) {
			m[d.Code] = append(m[d.Code], d.Pos.Line)
		}
		found[filepath.Base(p)] = m
	}
	want := []struct {
		file, code string
		line       int
	}{
		{"corriere.it_2015-09.txt", CodeVersionForm, 1},               // ###ACAP
		{"jn.pt_2015-09.txt", CodeVersionForm, 1},                     // #ACAP
		{"ekstrabladet.dk_2015-09.txt", CodeVersionNotFirst, 2},       // version on line 2
		{"pressdisplay.com_2015-09.txt", CodeConventionalInRecord, 7}, // ACAP-crawler inside a conventional group
		{"gazzetta.it_2015-09.txt", CodeConventionalInRecord, 56},
		{"ilsole24ore.com_2015-09.txt", CodePatternNoSlash, 43}, // path without a leading slash
		{"quotes.wsj.com_2019.txt", CodeCrawlerVersion, 69},     // ACAP-crawler: MSNPTC/1.0
		{"rsc.org_2015-09.txt", CodeRecordsBeforeConv, 38},
		{"rsc.org_2015-09.txt", CodeBlankInGroup, 61},
		{"vg.no_2015-09.txt", CodeUnknownField, 13}, // Cache-delay
	}
	for _, w := range want {
		if !slices.Contains(found[w.file][w.code], w.line) {
			t.Errorf("%s: want %s on line %d (found: %v)", w.file, w.code, w.line, found[w.file])
		}
	}
}
