package policy

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// outline summarises a file's groups and records for test tables:
// "G[agents|rule lines]" and "R[crawlers|rule lines|subs|ignored]".
func outline(f *File) string {
	var parts []string
	lines := func(fs []*Field) string {
		var s []string
		for _, fd := range fs {
			s = append(s, fmt.Sprint(fd.Line))
		}
		return strings.Join(s, ",")
	}
	for _, g := range f.Groups {
		var names []string
		for _, a := range g.Agents {
			names = append(names, a.Value.Text)
		}
		parts = append(parts, fmt.Sprintf("G[%s|%s]", strings.Join(names, ","), lines(g.Rules)))
	}
	for _, r := range f.Records {
		var names []string
		for _, c := range r.Crawlers {
			names = append(names, c.Value.Text)
		}
		var subs []string
		for _, s := range r.Subs {
			subs = append(subs, lines(s.Purposes)+">"+lines(s.Rules))
		}
		ref := ""
		if r.Reference != nil {
			ref = "ref" + fmt.Sprint(r.Reference.Line)
		}
		parts = append(parts, fmt.Sprintf("R[%s|%s|%s|%s%s]", strings.Join(names, ","), lines(r.Rules), strings.Join(subs, ";"), lines(r.Ignored), ref))
	}
	return strings.Join(parts, " ")
}

func TestParseStructure(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"groups merge agents", "User-agent: a\nUser-agent: b\nDisallow: /x\nUser-agent: c\nAllow: /y\n",
			"G[a,b|3] G[c|5]"},
		{"sitemap does not end a group", "User-agent: a\nDisallow: /x\nSitemap: https://e.example/s\nDisallow: /y\n",
			"G[a|2,4]"},
		{"acap record and sub-records", "ACAP-crawler: a\nACAP-crawler: b\nACAP-allow-crawl: /\nACAP-usage-purpose: news\nACAP-usage-purpose: sport\nACAP-disallow-index: /x\nACAP-allow-index: /y\nACAP-usage-purpose: other\nACAP-allow-present: /\n",
			"R[a,b|3|4,5>6,7;8>9|]"},
		{"record ends at next crawler after fields", "ACAP-crawler: a\nACAP-allow-crawl: /\nACAP-crawler: b\nACAP-allow-crawl: /b\n",
			"R[a|2||] R[b|4||]"},
		{"user-agent ends a record", "ACAP-crawler: a\nACAP-allow-crawl: /\nUser-agent: *\nDisallow: /\n",
			"G[*|4] R[a|2||]"},
		{"conventional inside ACAP record stays in the group", "User-agent: *\nDisallow: /a\nACAP-crawler: *\nACAP-disallow-crawl: /a\nDisallow: /b\n",
			"G[*|2,5] R[*|4||5]"},
		{"reference record", "ACAP-crawler: a\nACAP-permissions-reference: /a.txt\nACAP-crawler: *\nACAP-disallow-crawl: /\n",
			"R[a|||ref2] R[*|4||]"},
		{"blank lines and comments do not end records", "ACAP-crawler: a\n\n# c\nACAP-allow-crawl: /\n\nACAP-disallow-crawl: /x\n",
			"R[a|4,6||]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := outline(MustParse(tt.src)); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestParseLines(t *testing.T) {
	src := "\xEF\xBB\xBF##ACAP version=1.1\r\n# comment\r\n\r\nUser-agent: *  # all\rDisallow: /x\n"
	f := MustParse(src)
	kinds := []LineKind{LineVersion, LineComment, LineBlank, LineField, LineField, LineBlank}
	if len(f.Lines) != len(kinds) {
		t.Fatalf("got %d lines, want %d", len(f.Lines), len(kinds))
	}
	for i, k := range kinds {
		if f.Lines[i].Kind != k || f.Lines[i].Num != i+1 {
			t.Errorf("line %d: kind %d num %d, want kind %d", i+1, f.Lines[i].Kind, f.Lines[i].Num, k)
		}
	}
	if f.VersionValue != "1.1" || f.Version != &f.Lines[0] {
		t.Errorf("version %q %v", f.VersionValue, f.Version)
	}
	if got := f.LineText(4); got != "User-agent: *  # all" {
		t.Errorf("LineText(4) = %q", got)
	}
	ua := f.FieldAt(4)
	if ua.Kind != FieldUserAgent || ua.Value.Text != "*" || ua.Value.Pos != (Pos{Offset: len("\xEF\xBB\xBF##ACAP version=1.1\r\n# comment\r\n\r\n") + 12, Line: 4, Col: 13}) {
		t.Errorf("field on line 4: %+v", ua)
	}
	if d := f.FieldAt(5); d.Kind != FieldDisallow || d.Pattern().Text != "/x" {
		t.Errorf("field on line 5: %+v", d)
	}
}

func TestParseLimits(t *testing.T) {
	big := bytes.Repeat([]byte("Disallow: /aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n"), MaxFileSize/60+10)
	_, err := Parse("/robots.txt", big)
	var se *SizeError
	if !errors.As(err, &se) || se.Size != len(big) || !strings.Contains(err.Error(), "5.0 MiB") {
		t.Fatalf("Parse of %d bytes: err = %v", len(big), err)
	}
	// Over 500 KiB: parsed, with a warning on the line that crosses the limit.
	src := append([]byte("User-agent: *\n"), bytes.Repeat([]byte("Disallow: /0123456789\n"), ReadLimit/22+100)...)
	f, err := Parse("/robots.txt", src)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range Check(f) {
		if d.Code == CodeFileTooLarge {
			found = true
			l := f.Line(d.Pos.Line)
			if !(l.Start <= ReadLimit && l.Next > ReadLimit) {
				t.Errorf("size warning on line %d (%d-%d), not at the 500 KiB mark", d.Pos.Line, l.Start, l.Next)
			}
		}
	}
	if !found {
		t.Errorf("no %s warning for %d bytes", CodeFileTooLarge, len(src))
	}
	// Odd bytes parse without panic and print back unchanged.
	for name, in := range testInputs(t) {
		f, err := Parse(name, in)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		Check(f)
		var b bytes.Buffer
		if err := Print(&b, f); err != nil || !bytes.Equal(b.Bytes(), in) {
			t.Errorf("%s: Print changed the file", name)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"User-agent: *\nDisallow: /\n",
		"##ACAP version=1.1\nACAP-resource-set: s /a/ /b/\nACAP-qualified-usage: q present-snippet max-length=2-words\nACAP-composite-usage: c crawl (q)\nACAP-crawler: *\nACAP-allow-(c): the-acap:resource-set:s\nACAP-usage-purpose: n*\nACAP-disallow-index: /x$\n",
		"ACAP-crawler: a\rACAP-permissions-reference: /x\rUser-agent: a\rDisallow /y\r",
		"ACAP-allow preserve: / time-limit=until-2008-02-30 junk\nUser agent:\n:\n=",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := Parse("/robots.txt", src)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Print(&b, file); err != nil || !bytes.Equal(b.Bytes(), src) {
			t.Fatalf("Print(Parse(x)) != x")
		}
		if len(file.Lines) == 0 || file.Lines[len(file.Lines)-1].Next != len(src) {
			t.Fatalf("lines do not cover the input")
		}
		for _, d := range Check(file) {
			if d.Pos.Line < 1 || d.Pos.Line > len(file.Lines) || d.Pos.Offset < 0 || d.End.Offset < d.Pos.Offset || d.End.Offset > len(src) {
				t.Fatalf("diagnostic out of range: %+v", d)
			}
			if d.Fix != nil {
				d.Fix.Apply(src)
			}
		}
		tidy := Tidy(file)
		again, err := Parse("/robots.txt", tidy)
		if err == nil && !bytes.Equal(Tidy(again), tidy) {
			t.Fatalf("Tidy is not idempotent:\n%q\n%q", tidy, Tidy(again))
		}
	})
}

func TestFileCrawlersAndPurposes(t *testing.T) {
	f := MustParse("User-agent: A\nUser-agent: *\nDisallow: /\nACAP-crawler: MSNPTC/1.0\nACAP-crawler: a\nACAP-usage-purpose: news\nACAP-allow-index: /\nACAP-usage-purpose: NEWS\nACAP-usage-purpose: sport*\nACAP-allow-index: /s/\n")
	if got := strings.Join(f.Crawlers(), ","); got != "A,MSNPTC" {
		t.Errorf("Crawlers() = %q", got)
	}
	if got := strings.Join(f.Purposes(), ","); got != "news,sport*" {
		t.Errorf("Purposes() = %q", got)
	}
}

// TestCountLinesExact: on real files, the parser's first count of the lines
// that may hold a field is exact, so fields are allocated once with no
// waste.
func TestCountLinesExact(t *testing.T) {
	paths := append(corpusPaths(t, "acap-real"), "testdata/bench/bench_robots.txt")
	for _, p := range paths {
		f, _ := parseTestFile(t, p)
		if n, nf := countLines(f.text); n != len(f.Lines) || nf != len(f.Fields) {
			t.Errorf("%s: countLines = %d lines, %d fields; the file has %d and %d", p, n, nf, len(f.Lines), len(f.Fields))
		}
	}
	if len(paths) < 2 {
		t.Fatalf("found only %v", paths)
	}
}

// TestParseYields: a parse given a yield (a conversion's, in a page) calls
// it every parseStep lines and fields, and reads the file as Parse does.
func TestParseYields(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&b, "Disallow: /p%d/\nACAP-disallow-crawl: /q%d/\n", i, i)
	}
	src := []byte(b.String())
	want := MustParse(b.String())
	yields := 0
	got := parse("/robots.txt", src, nil, func() { yields++ })
	// Lines, then fields twice (structure, resolve), then records.
	if least := (len(want.Lines) + 2*len(want.Fields)) / parseStep; yields < least {
		t.Errorf("%d yields for %d lines and %d fields, want at least %d", yields, len(want.Lines), len(want.Fields), least)
	}
	if len(got.Lines) != len(want.Lines) || len(got.Fields) != len(want.Fields) || len(got.Groups) != len(want.Groups) || len(got.Records) != len(want.Records) ||
		len(Check(got)) != len(Check(want)) {
		t.Errorf("parsed with a yield: %d lines, %d fields, %d groups, %d records, %d problems; without: %d, %d, %d, %d, %d",
			len(got.Lines), len(got.Fields), len(got.Groups), len(got.Records), len(Check(got)),
			len(want.Lines), len(want.Fields), len(want.Groups), len(want.Records), len(Check(want)))
	}
}
