package intent

import (
	"bytes"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

// intentFrom decodes fuzz bytes into an intent: rows of crawlers from a
// small pool (Google's and Apple's crawlers and tokens among them, and
// '*'), cells of the three categories and some ACAP usages, values and
// scopes from small pools (nested, and differing in case). Crawlers
// already used are skipped, so most intents are valid.
func intentFrom(spec []byte) *Intent {
	next := func() int {
		if len(spec) == 0 {
			return 0
		}
		b := spec[0]
		spec = spec[1:]
		return int(b)
	}
	crawlers := []string{"GPTBot", "CCBot", "Googlebot", "Google-Extended", "Applebot", "Applebot-Extended", "Bingbot", AnyCrawler, "GoogleOther", "ClaudeBot", "Googlebot-Image"}
	paths := []string{"/archive/", "/a", "/archive/open/", "/news", "/ab", "/A/b"}
	cols := []Column{CategoryColumn(policy.CategorySearch), CategoryColumn(policy.CategoryTrainAI), CategoryColumn(policy.CategoryAIInput),
		UsageColumn(policy.UsageCrawl), UsageColumn(policy.UsageIndex), UsageColumn(policy.UsagePresentSnippet), UsageColumn(policy.UsageOther)}
	used := map[string]bool{}
	in := &Intent{}
	for n := next()%4 + 1; n > 0; n-- {
		var r Row
		for k := next()%3 + 1; k > 0; k-- {
			c := crawlers[next()%len(crawlers)]
			if used[c] || (c == AnyCrawler && len(r.Crawlers) > 0) || (len(r.Crawlers) == 1 && r.Crawlers[0] == AnyCrawler) {
				continue
			}
			used[c] = true
			r.Crawlers = append(r.Crawlers, c)
		}
		if next()%2 == 1 {
			r.Uses = []policy.Category{policy.Categories()[next()%3]}
		}
		mask := next()
		for i, col := range cols {
			if mask&(1<<i) == 0 {
				continue
			}
			cell := Cell{Column: col, Value: Value(next() % 3)}
			for s := next() % 3; s > 0; s-- {
				cell.Scopes = append(cell.Scopes, Scope{Path: paths[next()%len(paths)], Value: Value(next() % 3)})
			}
			r.Cells = append(r.Cells, cell)
		}
		if len(r.Crawlers) > 0 {
			in.Rows = append(in.Rows, r)
		}
	}
	return in
}

// FuzzWrite writes random intents, alone and merged into an arbitrary
// file. Nothing may panic; the proof (with its checks over every path that
// crawl is kept) must account for every check (a ✓ has no mismatch, a ✗
// lists each with the crawler, the witness and the deciding line, a check
// not expressible or not proved says why); the builder's own file,
// written without an existing one, must prove; and writing again on the
// result must change nothing.
func FuzzWrite(f *testing.F) {
	f.Add([]byte{2, 1, 0, 0, 7, 2, 1, 0, 1}, "")
	f.Add([]byte{3, 2, 2, 3, 1, 2, 255, 2, 1, 0, 1, 1, 1, 2, 0, 2}, "User-agent: *\nDisallow: /private/\n")
	f.Add([]byte{1, 1, 7, 0, 5, 2, 2, 1, 2}, "User-agent: googlebot\nUser-agent: bingbot\nDisallow: /x\nCrawl-delay: 3\n\nSitemap: https://e.com/s\n")
	f.Add([]byte{4, 3, 0, 1, 2, 1, 1, 127, 1, 2, 0, 1, 2, 2, 1, 0}, "##ACAP version=1.1\nACAP-crawler: *\nACAP-disallow-index: /a\n")
	f.Add([]byte{2, 2, 3, 5, 0, 3, 1, 2, 1, 1, 3, 2}, "User-agent: GPTBot\r\nDisallow: /\r\n")
	f.Fuzz(func(t *testing.T, spec []byte, file string) {
		in := intentFrom(spec)
		if in.Validate() != nil {
			return
		}
		alone, err := Write(in, nil)
		if err != nil {
			t.Fatal(err)
		}
		own := proveChecked(t, in, nil, alone.Text)
		if !own.OK() {
			t.Fatalf("the builder's own file does not prove:\n%s\n%s", own, alone.Text)
		}
		ex, err := policy.Parse("robots.txt", []byte(file))
		if err != nil {
			return // over the size limit
		}
		merged, err := Write(in, ex)
		if err != nil {
			t.Fatal(err)
		}
		proveChecked(t, in, ex, merged.Text)
		out, err := policy.Parse("robots.txt", merged.Text)
		if err != nil {
			return
		}
		again, err := Write(in, out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again.Text, merged.Text) {
			t.Fatalf("writing again changed the file:\n%q\n---\n%q", merged.Text, again.Text)
		}
	})
}

// proveChecked proves text, written on before, and checks that the proof
// accounts for every check.
func proveChecked(t *testing.T, in *Intent, before *policy.File, text []byte) *Proof {
	t.Helper()
	f, err := policy.Parse("robots.txt", text)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prove(in, before, f)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Checks {
		switch {
		case c.Status == Proved && len(c.Mismatches) > 0:
			t.Fatalf("✓ with mismatches: %s", c)
		case c.Status == Differs && len(c.Mismatches) == 0:
			t.Fatalf("✗ without a mismatch: %s", c)
		case (c.Status == NotExpressible || c.Status == NotProved) && c.Reason == "":
			t.Fatalf("%s without a reason: %s", c.Status, c)
		case len(c.Crawlers) == 0:
			t.Fatalf("a check that asks no crawler: %s", c)
		}
		for _, m := range c.Mismatches {
			if m.URL != c.Witness || m.Line > 0 && m.File == "" && m.LineText != f.LineText(m.Line) {
				t.Fatalf("mismatch without its witness or deciding line: %s", c)
			}
		}
	}
	return p
}
