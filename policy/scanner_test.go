package policy

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tokString renders tokens as "kind:text" separated by spaces, leaving out
// spaces and line endings, for compact test tables.
func tokString(src []byte, toks []Token) string {
	var parts []string
	for _, t := range toks {
		if t.Kind == TokSpace || t.Kind == TokNewline {
			continue
		}
		parts = append(parts, t.Kind.String()+":"+t.Text(src))
	}
	return strings.Join(parts, " ")
}

func TestScanKinds(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"User-agent: *", "field:User-agent colon:: value:*"},
		{"Disallow: /private/*.pdf$", "field:Disallow colon:: pattern:/private/ wildcard:* pattern:.pdf anchor:$"},
		{"Disallow /a:b", "field:Disallow /a colon:: pattern:b"}, // Google: the name runs to the first colon
		{"Disallow /a", "field:Disallow pattern:/a"},
		{"Crawl-delay 10:5", "field:Crawl-delay value:10:5"},
		{"Disallow:\v/a\f", "field:Disallow colon:: pattern:/a"},
		{"\fAllow: /a", "field:Allow colon:: pattern:/a"},
		{"Disallow: /a\x00b # c", "field:Disallow colon:: pattern:/a comment:\x00b # c"},
		{"\x00Disallow: /", "comment:\x00Disallow: /"},
		{"Disallow: /a b  # note", "field:Disallow colon:: pattern:/a b comment:# note"},
		{"##ACAP version=1.1", "version:##ACAP version=1.1"},
		{"###ACAP version=1.0", "version:###ACAP version=1.0"},
		{"#ACAP version=1.0  # pilot", "version:#ACAP version=1.0 comment:# pilot"},
		{"# ACAP policies here...", "comment:# ACAP policies here..."},
		{"ACAP-crawler: SearchBot1", "field:ACAP-crawler colon:: value:SearchBot1"},
		{"ACAP-allow-index: /news/ time-limit=until-recrawled", "field:ACAP-allow-index colon:: pattern:/news/ qualifier-name:time-limit equals:= qualifier-value:until-recrawled"},
		{"ACAP-allow-present-snippet: /n/ max-length = 20-words", "field:ACAP-allow-present-snippet colon:: pattern:/n/ qualifier-name:max-length equals:= qualifier-value:20-words"},
		{"ACAP-allow-present-snippet /news/ max-length=20-words", "field:ACAP-allow-present-snippet pattern:/news/ qualifier-name:max-length equals:= qualifier-value:20-words"},
		{"ACAP-allow preserve: /  time-limit=100-days", "field:ACAP-allow preserve colon:: pattern:/ qualifier-name:time-limit equals:= qualifier-value:100-days"},
		{"ACAP-disallow-crawl: /a /b", "field:ACAP-disallow-crawl colon:: pattern:/a error:/b"},
		{"ACAP-allow-(basic-usages): the-acap:resource-set:crawlable", "field:ACAP-allow- local-usage:(basic-usages) colon:: set-ref:the-acap:resource-set:crawlable"},
		{"ACAP-resource-set: images *.gif /T/*.png$", "field:ACAP-resource-set colon:: value:images wildcard:* pattern:.gif pattern:/T/ wildcard:* pattern:.png anchor:$"},
		{"ACAP-qualified-usage: cache preserve time-limit=until-recrawled", "field:ACAP-qualified-usage colon:: value:cache usage:preserve qualifier-name:time-limit equals:= qualifier-value:until-recrawled"},
		{"ACAP-composite-usage: my (snip) present-thumbnail", "field:ACAP-composite-usage colon:: value:my local-usage:(snip) usage:present-thumbnail"},
		{"ACAP-usage-purpose: http://news.search.*/", "field:ACAP-usage-purpose colon:: pattern:http://news.search. wildcard:* pattern:/"},
		{"ACAP-ignore-conventional-records", "field:ACAP-ignore-conventional-records"},
		{"ACAP-ignore-conventional-records yes", "field:ACAP-ignore-conventional-records error:yes"},
		{"Content-Signal: search=yes, ai-train=no", "field:Content-Signal colon:: qualifier-name:search equals:= qualifier-value:yes punct:, qualifier-name:ai-train equals:= qualifier-value:no"},
		{"Content-Usage: /blog/ train-ai=n", "field:Content-Usage colon:: pattern:/blog/ qualifier-name:train-ai equals:= qualifier-value:n"},
		{"Sitemap: https://example.com/s.xml", "field:Sitemap colon:: value:https://example.com/s.xml"},
		{"Sitemap https://example.com/s.xml", "field:Sitemap https colon:: value://example.com/s.xml"},
		{"User agent: x", "field:User agent colon:: value:x"},
		{"   ", ""},
		{"", ""},
		{"\xEF\xBB\xBFUser-agent: a", "bom:\xEF\xBB\xBF field:User-agent colon:: value:a"},
		{"\xEF\xBBUser-agent: a", "bom:\xEF\xBB field:User-agent colon:: value:a"},
		{"foo", "field:foo"},
		{":", "colon::"},
		{"ACAP-allow-x): /", "field:ACAP-allow-x) colon:: pattern:/"},
	}
	for _, tt := range tests {
		src := []byte(tt.in)
		got := tokString(src, Scan(src))
		if got != tt.want {
			t.Errorf("Scan(%q)\n got  %s\n want %s", tt.in, got, tt.want)
		}
	}
}

// checkTokens verifies that toks cover src exactly, in order, and that
// only newline tokens hold line endings.
func checkTokens(t *testing.T, src []byte, toks []Token) {
	t.Helper()
	off := 0
	for i, tk := range toks {
		if int(tk.Off) != off {
			t.Fatalf("token %d (%s) starts at %d, want %d", i, tk.Kind, tk.Off, off)
		}
		if tk.End <= tk.Off {
			t.Fatalf("token %d (%s) is empty", i, tk.Kind)
		}
		if tk.Kind != TokNewline && bytes.ContainsAny(src[tk.Off:tk.End], "\r\n") {
			t.Fatalf("token %d (%s) %q holds a line ending", i, tk.Kind, src[tk.Off:tk.End])
		}
		off = int(tk.End)
	}
	if off != len(src) {
		t.Fatalf("tokens end at %d, input at %d", off, len(src))
	}
}

// fileTokens returns the tokens of every line of f, from File.LineTokens,
// after checking that each line's tokens lie within the line and end with
// its line ending.
func fileTokens(t *testing.T, f *File) []Token {
	t.Helper()
	var toks []Token
	for _, l := range f.Lines {
		lt := f.LineTokens(l.Num)
		for _, tk := range lt {
			if int(tk.Off) < l.Start || int(tk.End) > l.Next || (tk.Kind == TokNewline) != (int(tk.Off) >= l.End) {
				t.Fatalf("line %d [%d %d %d]: token %s %d-%d", l.Num, l.Start, l.End, l.Next, tk.Kind, tk.Off, tk.End)
			}
		}
		toks = append(toks, lt...)
	}
	return toks
}

// scanByLines scans src one line at a time with ScanLine, as the editor does.
func scanByLines(src []byte) []Token {
	var toks []Token
	start := 0
	for off := 0; off < len(src); {
		end := off
		for end < len(src) && src[end] != '\n' && src[end] != '\r' {
			end++
		}
		if end < len(src) {
			if src[end] == '\r' && end+1 < len(src) && src[end+1] == '\n' {
				end++
			}
			end++
		}
		toks = append(toks, ScanLine(src[off:end], start)...)
		start = end
		off = end
	}
	return toks
}

func testInputs(t *testing.T) map[string][]byte {
	t.Helper()
	in := map[string][]byte{
		"crlf":     []byte("User-agent: a\r\nDisallow: /x\r\n"),
		"cr-only":  []byte("User-agent: a\rDisallow: /x\rACAP-crawler: *\r"),
		"nul":      []byte("User-agent: \x00\nDisallow: /\x00x\n\x00"),
		"bad-utf8": []byte("User-agent: \xff\xfe\nDisallow: /\xc3\x28\n#\xe2\x82"),
		"bom":      []byte("\xEF\xBB\xBF##ACAP version=1.1\nACAP-crawler: *\n"),
		"long":     append([]byte("Disallow: /"), bytes.Repeat([]byte("a*"), 50000)...),
		"no-final": []byte("User-agent: *\nDisallow: /"),
		"empty":    {},
		"blank":    []byte("\n\n\r\n   \t\n"),
	}
	for _, p := range append(corpusPaths(t, "acap-real"), "testdata/bench/bench_robots.txt") {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		in[filepath.Base(p)] = b
	}
	return in
}

// checkScan scans src whole and line by line: the tokens cover the input
// and both ways give the same tokens.
func checkScan(t *testing.T, src []byte) {
	t.Helper()
	toks := Scan(src)
	checkTokens(t, src, toks)
	byLine := scanByLines(src)
	if len(byLine) != len(toks) {
		t.Fatalf("line-by-line scan gave %d tokens, whole-file scan %d", len(byLine), len(toks))
	}
	for i := range toks {
		if toks[i] != byLine[i] {
			t.Fatalf("token %d: whole file %+v, line by line %+v", i, toks[i], byLine[i])
		}
	}
	// The parser keeps lines, not tokens: File.LineTokens must give the
	// same tokens again.
	if f, err := Parse("/robots.txt", src); err == nil {
		// The parser's first count gives the lines exactly and the fields
		// at least (TestCountLinesExact: exactly on real files).
		if n, nf := countLines(f.text); n != len(f.Lines) || nf < len(f.Fields) {
			t.Fatalf("countLines = %d lines, %d fields; the file has %d and %d", n, nf, len(f.Lines), len(f.Fields))
		}
		// The parser takes a field's kind from the scanner's look-up of
		// its name: the same as looking the name up again.
		for _, fd := range f.Fields {
			if info := lookupField(fd.Name.Text); info.kind != fd.Kind || info.near != fd.Near || info.usage != fd.Usage {
				t.Fatalf("line %d: field %s near %v usage %s; lookupField(%q) gives %s near %v usage %s",
					fd.Line, fd.Kind, fd.Near, fd.Usage, fd.Name.Text, info.kind, info.near, info.usage)
			}
		}
		byFile := fileTokens(t, f)
		if len(byFile) != len(toks) {
			t.Fatalf("File.LineTokens gave %d tokens, Scan %d", len(byFile), len(toks))
		}
		for i := range toks {
			if toks[i] != byFile[i] {
				t.Fatalf("token %d: Scan %+v, File.LineTokens %+v", i, toks[i], byFile[i])
			}
		}
	}
}

func TestScanCoversInput(t *testing.T) {
	for name, src := range testInputs(t) {
		t.Run(name, func(t *testing.T) {
			checkScan(t, src)
		})
	}
}

func TestScanLineColumns(t *testing.T) {
	// A line scanned from the middle of a file gets the file's positions.
	line := []byte("Disallow: /x\n")
	toks := ScanLine(line, 100)
	want := []Token{
		{100, 108, TokField},
		{108, 109, TokColon},
		{109, 110, TokSpace},
		{110, 112, TokPattern},
		{112, 113, TokNewline},
	}
	if len(toks) != len(want) {
		t.Fatalf("got %d tokens %+v", len(toks), toks)
	}
	for i := range want {
		if toks[i] != want[i] {
			t.Errorf("token %d = %+v, want %+v", i, toks[i], want[i])
		}
	}
	// No BOM in the middle of a file.
	toks = ScanLine([]byte("\xEF\xBB\xBFx"), 5)
	if toks[0].Kind == TokBOM {
		t.Errorf("BOM recognised away from the start of the file")
	}
}

func FuzzScan(f *testing.F) {
	for _, s := range []string{
		"User-agent: *\nDisallow: /\n",
		"##ACAP version=1.1\r\nACAP-crawler: *\r\nACAP-allow-index: /a/ time-limit=until-2008-01-01\r\n",
		"ACAP-allow-(x): the-acap:resource-set:y # c\rDisallow /a",
		"\xEF\xBB\xBF#ACAP\n:::\n= = =\n(",
		"Content-Signal: search=yes,ai-train=no\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkScan(t, src)
	})
}
