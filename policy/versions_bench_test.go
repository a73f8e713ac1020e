package policy

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// flipRule returns src with the verdict of its middle Allow or Disallow
// line turned (mode "flip"), or with that line and the next swapped and a
// comment added ("move": the same rules in another order).
func flipRule(src, mode string) string {
	lines := strings.Split(src, "\n")
	var rules []int
	for i, l := range lines {
		if ll := strings.ToLower(l); strings.HasPrefix(ll, "disallow:") || strings.HasPrefix(ll, "allow:") {
			rules = append(rules, i)
		}
	}
	i := rules[len(rules)/2]
	switch {
	case mode == "move":
		lines[i], lines[i+1] = lines[i+1], lines[i]
		lines = slices.Insert(lines, i, "# moved")
	case strings.HasPrefix(strings.ToLower(lines[i]), "disallow:"):
		lines[i] = "Allow:" + lines[i][len("disallow:"):]
	default:
		lines[i] = "Disallow:" + lines[i][len("allow:"):]
	}
	return strings.Join(lines, "\n")
}

// benchVersions reads a file of testdata and a changed copy (flipRule).
func benchVersions(tb testing.TB, name, mode string) (*File, *File) {
	src, err := os.ReadFile(name)
	if err != nil {
		tb.Fatal(err)
	}
	return MustParse(string(src)), MustParse(flipRule(string(src), mode))
}

// directoryNames returns the crawlers of the site's crawler directory.
func directoryNames(tb testing.TB) []string {
	data, err := os.ReadFile("../web/crawlers/robots.json")
	if err != nil {
		tb.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		tb.Fatal(err)
	}
	return slices.Sorted(func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	})
}

// BenchmarkCompareVersions compares the 50 KiB benchmark file (2,005
// rules, 829 with wildcards) and a real 31 KB file with a copy in which
// one rule changed its verdict ("flip") or two rules changed places under
// a new comment ("move"), for every crawler they name, the directory's 166
// and the classes of the others, in every kind and use.
func BenchmarkCompareVersions(b *testing.B) {
	names := directoryNames(b)
	for _, f := range []string{"testdata/bench/bench_robots.txt", "testdata/corpus/sites-2026-01/www.academia.edu.txt"} {
		for _, mode := range []string{"flip", "move"} {
			before, after := benchVersions(b, f, mode)
			b.Run(f[strings.LastIndexByte(f, '/')+1:]+"/"+mode, func(b *testing.B) {
				var rep VersionReport
				for b.Loop() {
					rep = CompareVersions(before, after, VersionOptions{Crawlers: names})
				}
				if !rep.Proved() {
					b.Fatalf("not proved: %+v", rep.Groups)
				}
				b.ReportMetric(float64(rep.States), "states")
				b.ReportMetric(float64(len(rep.Changes)), "changes")
			})
		}
	}
}
