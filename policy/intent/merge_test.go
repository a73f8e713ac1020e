package intent

import (
	"bytes"
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

// mergeIntent is a publisher's intent of 2026: search yes, AI training no,
// AI answers yes but not from /archive/.
func mergeIntent() *Intent {
	cat := func(c policy.Category, v Value, scopes ...Scope) Cell {
		return Cell{Column: CategoryColumn(c), Value: v, Scopes: scopes}
	}
	return &Intent{Rows: []Row{
		{Name: "AI training crawlers", Crawlers: []string{"GPTBot", "CCBot", "ClaudeBot"}, Uses: []policy.Category{policy.CategoryTrainAI},
			Cells: []Cell{cat(policy.CategoryTrainAI, No)}},
		{Name: "Google", Crawlers: []string{"Googlebot"},
			Cells: []Cell{cat(policy.CategorySearch, Yes), cat(policy.CategoryTrainAI, No), cat(policy.CategoryAIInput, Yes, Scope{Path: "/archive/", Value: No})}},
		{Name: "every other crawler", Crawlers: []string{AnyCrawler},
			Cells: []Cell{cat(policy.CategorySearch, Yes), cat(policy.CategoryTrainAI, No), cat(policy.CategoryAIInput, Yes, Scope{Path: "/archive/", Value: No})}},
	}}
}

// mergeTouched are the crawler names whose groups mergeIntent rewrites.
var mergeTouched = map[string]bool{"gptbot": true, "ccbot": true, "claudebot": true, "googlebot": true, "*": true, "google-extended": true}

// TestMergeKeepsUntouchedLines writes mergeIntent on real files and checks,
// with the engine's own grouping (File.Groups), that every line of a group
// naming none of the intent's crawlers, every comment and every Sitemap
// line is kept byte for byte and in order before the builder's block; that
// no User-agent line outside the block names a crawler of the intent; that
// writing again changes nothing; and that the proof has no mismatch.
func TestMergeKeepsUntouchedLines(t *testing.T) {
	files := []string{"www.nytimes.com.txt", "www.bbc.com.txt", "stackoverflow.com.txt", "www.theguardian.com.txt", "cnn.com.txt"}
	for _, name := range files {
		t.Run(name, func(t *testing.T) {
			f := corpusFile(t, name, name)
			in := mergeIntent()
			res, err := Write(in, f)
			if err != nil {
				t.Fatal(err)
			}
			before, _, ok := strings.Cut(string(res.Text), beginMarker)
			if !ok {
				t.Fatalf("no block in\n%s", res.Text)
			}
			assertSubsequence(t, keptLines(f), lines(before))
			out, err := policy.Parse(name, res.Text)
			if err != nil {
				t.Fatal(err)
			}
			for _, fd := range out.Fields {
				if fd.Kind == policy.FieldUserAgent && fd.Line <= strings.Count(before, "\n") && mergeTouched[agentName(fd.Value.Text)] {
					t.Errorf("line %d names a crawler of the intent outside the block: %s", fd.Line, out.LineText(fd.Line))
				}
			}
			again, err := Write(in, out)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again.Text, res.Text) {
				t.Errorf("writing again changed the file:\n%s\n---\n%s", res.Text, again.Text)
			}
			p, err := Prove(in, f, out)
			if err != nil {
				t.Fatal(err)
			}
			if !p.OK() {
				t.Errorf("mismatches:\n%s\n%s", p, res.Text)
			}
		})
	}
}

// keptLines are the lines the merge must keep: comments, Sitemap lines and
// every line of a group (as the engine groups) that names no crawler of
// the intent.
func keptLines(f *policy.File) []string {
	keep := map[int]bool{}
	for _, l := range f.Lines {
		if strings.HasPrefix(strings.TrimSpace(f.LineText(l.Num)), "#") {
			keep[l.Num] = true
		}
	}
	for _, fd := range f.Sitemaps {
		keep[fd.Line] = true
	}
	for _, g := range f.Groups {
		touched := false
		for _, a := range g.Agents {
			touched = touched || mergeTouched[agentName(a.Value.Text)]
		}
		if touched {
			continue
		}
		for _, list := range [][]*policy.Field{g.Agents, g.Rules, g.Other} {
			for _, fd := range list {
				keep[fd.Line] = true
			}
		}
	}
	var out []string
	for _, l := range f.Lines {
		if keep[l.Num] {
			out = append(out, string(f.Src[l.Start:l.End]))
		}
	}
	return out
}

func lines(s string) []string {
	return strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
}

// assertSubsequence checks that want appears in got in order.
func assertSubsequence(t *testing.T, want, got []string) {
	t.Helper()
	j := 0
	for _, w := range want {
		for j < len(got) && got[j] != w {
			j++
		}
		if j == len(got) {
			t.Fatalf("line %q is not kept (in order)", w)
		}
		j++
	}
}

// TestWriteIdempotent writes intents on their own output: nothing changes,
// with or without an existing file, with LF or CR LF line endings.
func TestWriteIdempotent(t *testing.T) {
	tests := []struct {
		name     string
		existing string
	}{
		{"no file", ""},
		{"empty file", "\n"},
		{"comments and sitemap", "# my robots\nSitemap: https://example.com/s.xml\n"},
		{"a group shared with another crawler", "User-agent: GPTBot\nUser-agent: Other\nDisallow: /private/\nCrawl-delay: 5\n"},
		{"crlf", "User-agent: *\r\nDisallow: /tmp/\r\n\r\nUser-agent: GPTBot\r\nDisallow: /\r\n"},
		{"acap definitions kept", "##ACAP version=1.1\nACAP-qualified-usage: snip present-snippet max-length=20-words\nACAP-crawler: Other\nACAP-allow-(snip): /\n"},
		{"no final newline", "User-agent: X\nDisallow: /x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var f *policy.File
			if tt.existing != "" {
				f = policy.MustParse(tt.existing)
			}
			in := mergeIntent()
			first, err := Write(in, f)
			if err != nil {
				t.Fatal(err)
			}
			second, err := Write(in, policy.MustParse(string(first.Text)))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(first.Text, second.Text) {
				t.Errorf("second write differs:\n%s\n---\n%s", first.Text, second.Text)
			}
			if f != nil {
				assertSubsequence(t, keptLines(f), lines(string(first.Text)))
			}
			p, err := Prove(in, f, policy.MustParse(string(first.Text)))
			if err != nil {
				t.Fatal(err)
			}
			if !p.OK() {
				t.Errorf("mismatches:\n%s\n%s", p, first.Text)
			}
		})
	}
}
