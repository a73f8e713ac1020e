package policy

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestCorpus reads every real publisher's file: no panic, every byte in a
// token, and the problems these files really have are found.
func TestCorpus(t *testing.T) {
	paths, _ := filepath.Glob("testdata/corpus/*.txt")
	if len(paths) < 66 {
		t.Fatalf("found %d corpus files, want 66", len(paths))
	}
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
