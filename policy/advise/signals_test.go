package advise

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

func TestSignals(t *testing.T) {
	tests := []struct {
		name string
		src  string
		// want are proposals Apply writes, as "line|line|...", that must be
		// present; alt are alternatives (not applied) that must be present;
		// noEq are explanation words that must start a NoEquivalent entry's
		// explanation; none are line blocks that must not be proposed.
		want []string
		alt  []string
		from map[string][]int // proposal -> FromLines
		noEq []string
		none []string
	}{
		{
			name: "crawl only (Ex 3.1), already conventional elsewhere",
			src:  "User-agent: *\nDisallow: /\nACAP-crawler: *\nACAP-allow-crawl: /\nACAP-disallow-crawl: /nocrawl/\n",
			want: []string{"User-agent: *|Allow: /|Disallow: /nocrawl/"},
			from: map[string][]int{"User-agent: *|Allow: /|Disallow: /nocrawl/": {4, 5}},
		},
		{
			name: "crawl lines the conventional part already has",
			src:  "User-agent: *\nDisallow: /private/\n\nACAP-crawler: *\nACAP-disallow-crawl: /private/\n",
			none: []string{"User-agent: *|Disallow: /private/"},
		},
		{
			name: "thumbnails but not snippets (Ex 4.11)",
			src:  "ACAP-crawler: SearchBot1\nACAP-allow-crawl: /news/\nACAP-allow-present: /news/\nACAP-disallow-present-thumbnail: /news/\n",
			want: []string{"User-agent: SearchBot1|Allow: /news/"},
			noEq: []string{"ACAP could refuse thumbnails"},
			none: []string{"User-agent: SearchBot1|Allow: /news/|Content-Usage: /news/ search=n"},
		},
		{
			name: "no indexing for two crawlers, with an exception",
			src:  "ACAP-crawler: SearchBot1\nACAP-crawler: SearchBot2\nACAP-disallow-index: /private/\nACAP-allow-index: /private/press/\n",
			want: []string{
				"User-agent: SearchBot1|User-agent: SearchBot2|Allow: /|Content-Usage: /private/ search=n|Content-Usage: /private/press/ search=y",
				"License: https://example.com/license.xml",
			},
			alt:  []string{"User-agent: SearchBot1|User-agent: SearchBot2|Disallow: /private/|Allow: /private/press/|Content-Usage: /private/ search=n|Content-Usage: /private/press/ search=y"},
			from: map[string][]int{"User-agent: SearchBot1|User-agent: SearchBot2|Allow: /|Content-Usage: /private/ search=n|Content-Usage: /private/press/ search=y": {3, 4}},
			noEq: []string{"ACAP told indexing"},
		},
		{
			name: "no presenting anywhere",
			src:  "ACAP-crawler: *\nACAP-disallow-present: /\n",
			want: []string{"User-agent: *|Allow: /|Content-Usage: / search=n|Content-Signal: search=no"},
			alt:  []string{"User-agent: *|Disallow: /|Content-Usage: / search=n|Content-Signal: search=no"},
		},
		{
			name: "no copies (Ex 4.7) for every crawler",
			src:  "ACAP-crawler: *\nACAP-allow-crawl: /\nACAP-disallow-preserve: /\n",
			want: []string{
				"User-agent: *|Allow: /|Content-Usage: / train-ai=n|Content-Signal: ai-train=no",
				"License: https://example.com/license.xml",
			},
			alt: []string{"User-agent: GPTBot|User-agent: Google-Extended|User-agent: CCBot|Disallow: /|Content-Usage: / train-ai=n|Content-Signal: ai-train=no"},
		},
		{
			name: "no copies for a named crawler: no per-purpose agents",
			src:  "ACAP-crawler: SearchBot1\nACAP-disallow-preserve: /public/\n",
			want: []string{"User-agent: SearchBot1|Allow: /|Content-Usage: /public/ train-ai=n"},
			none: []string{"User-agent: GPTBot|User-agent: Google-Extended|User-agent: CCBot|Allow: /|Disallow: /public/|Content-Usage: /public/ train-ai=n"},
		},
		{
			name: "other (Ex 4.3)",
			src:  "ACAP-crawler: *\nACAP-disallow-crawl: /\nACAP-allow-crawl: /$\nACAP-allow-crawl: /public/\nACAP-allow-index: /public/\nACAP-disallow-other: /public/\n",
			want: []string{"User-agent: *|Disallow: /|Allow: /$|Allow: /public/|Content-Usage: /public/ train-ai=n"},
			alt:  []string{"User-agent: GPTBot|User-agent: Google-Extended|User-agent: CCBot|Disallow: /|Allow: /$|Disallow: /public/|Content-Usage: /public/ train-ai=n"},
			noEq: []string{"ACAP-disallow-other refuses"},
		},
		{
			name: "qualifiers",
			src: "ACAP-crawler: *\nACAP-allow-index: /serial/ time-limit=until-2008-03-01\n" +
				"ACAP-allow-present-snippet: /news/ max-length=20-words\nACAP-allow-present: / prohibited-modification=translation\n" +
				"ACAP-allow-present-currentcopy: / prohibited-context=within-user-frame\nACAP-allow-index: /a/ must-use-resource=the-acap:extract:class:abstract\n",
			want: []string{"License: https://example.com/license.xml"},
			from: map[string][]int{"License: https://example.com/license.xml": {2, 3, 4, 5, 6}},
			noEq: []string{"time-limit allowed", "max-length capped", "prohibited-modification refused", "prohibited-context and", "must-use-resource and", "ACAP could allow or refuse snippets", "ACAP separated showing a cached copy"},
		},
		{
			name: "purposes (Ex 2.1), follow, reference, ignore",
			src: "ACAP-ignore-conventional-records\nACAP-crawler: *\nACAP-allow-crawl: /\nACAP-disallow-follow: /comments/\n" +
				"ACAP-crawler: SearchBot1\nACAP-usage-purpose: news.*\nACAP-disallow-crawl: /\n" +
				"ACAP-crawler: OtherBot\nACAP-permissions-reference: /acap.txt\n",
			want: []string{"User-agent: *|Allow: /"},
			from: map[string][]int{"purpose": {6, 7}, "ignore": {1}, "reference": {9}, "follow": {4}},
			noEq: []string{"ACAP-usage-purpose lets", "Following links", "ACAP-permissions-reference sends", "ACAP-ignore-conventional-records told"},
		},
		{
			name: "line read as a prohibition counts; skipped lines do not",
			src:  "ACAP-crawler: *\nACAP-allow-preserve: / time-limit=soon\nACAP-allow-present-links: /x/\n",
			want: []string{"User-agent: *|Allow: /|Content-Usage: / train-ai=n|Content-Signal: ai-train=no"},
			none: []string{"present-link"},
		},
		{
			name: "crawler version and pattern without slash",
			src:  "ACAP-crawler: MSNPTC/1.0\nACAP-disallow-crawl: *-print.html$\nACAP-disallow-crawl: news/\n",
			want: []string{"User-agent: MSNPTC|Disallow: *-print.html$|Disallow: /news/"},
		},
		{
			name: "a named record repeats the any record's crawl lines (Ex 4.10)",
			src: "User-agent: *\nDisallow: /\nACAP-crawler: *\nACAP-disallow-crawl: /\nACAP-crawler: SearchBot1\nACAP-allow-crawl: /$\nACAP-allow-crawl: /news/\n" +
				"ACAP-allow-index: /news/\nACAP-disallow-present: /news/\nACAP-allow-present-snippet: /news/*.htm$\n",
			want: []string{"User-agent: SearchBot1|Allow: /$|Allow: /news/|Disallow: /|Content-Usage: /news/ search=n"},
			alt:  []string{"User-agent: SearchBot1|Allow: /$|Disallow: /|Disallow: /news/|Content-Usage: /news/ search=n"},
			from: map[string][]int{"User-agent: SearchBot1|Allow: /$|Allow: /news/|Disallow: /|Content-Usage: /news/ search=n": {4, 6, 7, 9}},
			noEq: []string{"ACAP could allow or refuse snippets", "ACAP told indexing"},
			none: []string{"User-agent: *|Disallow: /"},
		},
		// A crawler no conventional group names reads the group for *;
		// a group of its own must carry what it obeys there.
		{
			name: "a new group for a crawler repeats the group for * it obeys now",
			src:  "User-agent: *\nDisallow: /admin/\nContent-Signal: ai-train=no\n\nACAP-crawler: SearchBot1\nACAP-disallow-index: /private/\n",
			want: []string{"User-agent: SearchBot1|Disallow: /admin/|Content-Signal: ai-train=no|Content-Usage: /private/ search=n"},
			from: map[string][]int{"User-agent: SearchBot1|Disallow: /admin/|Content-Signal: ai-train=no|Content-Usage: /private/ search=n": {2, 3, 6}},
		},
		{
			name: "a crawler with a group of its own: its rules, not those of *",
			src:  "User-agent: *\nDisallow: /admin/\n\nUser-agent: SearchBot1\nDisallow: /tmp/\n\nACAP-crawler: SearchBot1\nACAP-disallow-index: /private/\n",
			want: []string{"User-agent: SearchBot1|Disallow: /tmp/|Content-Usage: /private/ search=n"},
		},
		{
			name: "crawlers named and not named get a group each",
			src:  "User-agent: *\nDisallow: /admin/\n\nUser-agent: SearchBot1\nDisallow: /tmp/\n\nACAP-crawler: SearchBot1\nACAP-crawler: SearchBot2\nACAP-disallow-preserve: /x/\n",
			want: []string{"User-agent: SearchBot1|Disallow: /tmp/|Content-Usage: /x/ train-ai=n", "User-agent: SearchBot2|Disallow: /admin/|Content-Usage: /x/ train-ai=n"},
		},
		{
			name: "ACAP crawlers ignoring the conventional part: nothing of * repeated",
			src:  "User-agent: *\nDisallow: /admin/\n\nACAP-ignore-conventional-records\nACAP-crawler: SearchBot1\nACAP-disallow-index: /private/\n",
			want: []string{"User-agent: SearchBot1|Allow: /|Content-Usage: /private/ search=n"},
		},
		{
			name: "a named record repeats what the records for * say of search and train-ai",
			src:  "ACAP-crawler: *\nACAP-disallow-preserve: /\nACAP-crawler: SearchBot1\nACAP-disallow-index: /private/\n",
			want: []string{
				"User-agent: *|Allow: /|Content-Usage: / train-ai=n|Content-Signal: ai-train=no",
				"User-agent: SearchBot1|Allow: /|Content-Usage: /private/ search=n|Content-Usage: / train-ai=n|Content-Signal: ai-train=no",
			},
		},
		{
			name: "an exception to a refusal of preserve",
			src:  "ACAP-crawler: *\nACAP-disallow-preserve: /\nACAP-allow-preserve: /public/\n",
			want: []string{"User-agent: *|Allow: /|Content-Usage: / train-ai=n|Content-Usage: /public/ train-ai=y"},
		},
		{
			name: "an exception to a refusal of index for the whole site: no Content-Signal",
			src:  "ACAP-crawler: *\nACAP-disallow-index: /\nACAP-allow-index: /press/\nACAP-disallow-preserve: /\n",
			want: []string{"User-agent: *|Allow: /|Content-Usage: / search=n, train-ai=n|Content-Usage: /press/ search=y|Content-Signal: ai-train=no"},
		},
		{
			name: "a permission of preserve alone is not written as train-ai=y",
			src:  "ACAP-crawler: *\nACAP-allow-crawl: /\nACAP-allow-preserve: /\nACAP-allow-other: /x/\n",
			want: []string{"User-agent: *|Allow: /"},
			from: map[string][]int{"permission": {3, 4}},
			noEq: []string{"ACAP-allow-preserve and ACAP-allow-other gave permission"},
			none: []string{"User-agent: *|Allow: /|Content-Usage: / train-ai=y"},
		},
		{
			name: "action requests",
			src:  "ACAP-crawler: *\nACAP-request-take-down: /old.html\nACAP-request-re-crawl: /new.html\n",
			from: map[string][]int{"request": {2, 3}},
			noEq: []string{"ACAP-request-take-down and ACAP-request-re-crawl"},
		},
		{
			name: "refusing index and present alike says no more than search=n",
			src:  "ACAP-crawler: *\nACAP-disallow-index: /p/\nACAP-disallow-present: /p/\n",
			want: []string{"User-agent: *|Allow: /|Content-Usage: /p/ search=n"},
			none: []string{"index-present"},
		},
		{
			name: "nothing to propose for a conventional file",
			src:  "User-agent: *\nDisallow: /tmp/\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := policy.MustParse(tt.src)
			ps := Signals(f)
			got := map[string]Proposal{}
			for _, p := range ps {
				if p.Explanation == "" {
					t.Errorf("a proposal without explanation: %+v", p)
				}
				if len(p.FromLines) == 0 {
					t.Errorf("a proposal without source lines: %+v", p)
				}
				if p.NoEquivalent != (len(p.Lines) == 0) {
					t.Errorf("NoEquivalent = %v with lines %q", p.NoEquivalent, p.Lines)
				}
				got[strings.Join(p.Lines, "|")] = p
			}
			for _, w := range tt.want {
				if p, ok := got[w]; !ok || p.Alternative {
					t.Errorf("missing proposal %q; got:\n%s", w, dump(ps))
				}
			}
			for _, w := range tt.alt {
				if p, ok := got[w]; !ok || !p.Alternative {
					t.Errorf("missing alternative %q; got:\n%s", w, dump(ps))
				}
			}
			for _, n := range tt.none {
				for k := range got {
					if k == n || (n == "present-link" && strings.Contains(got[k].Explanation, "present-link")) ||
						(n == "index-present" && strings.HasPrefix(got[k].Explanation, "ACAP told indexing")) {
						t.Errorf("unexpected proposal %q", n)
					}
				}
			}
			for _, w := range tt.noEq {
				found := false
				for _, p := range ps {
					if p.NoEquivalent && strings.HasPrefix(p.Explanation, w) {
						found = true
					}
				}
				if !found {
					t.Errorf("no NoEquivalent entry starting %q; got:\n%s", w, dump(ps))
				}
			}
			for key, lines := range tt.from {
				var p *Proposal
				for i := range ps {
					j := strings.Join(ps[i].Lines, "|")
					if j == key || (ps[i].NoEquivalent && keyOf(ps[i]) == key) {
						p = &ps[i]
					}
				}
				if p == nil {
					t.Errorf("no proposal %q", key)
				} else if !slices.Equal(p.FromLines, lines) {
					t.Errorf("%q FromLines = %v, want %v", key, p.FromLines, lines)
				}
			}
			if tt.want == nil && tt.noEq == nil && tt.none == nil && len(ps) != 0 {
				t.Errorf("proposals for a file without ACAP: %s", dump(ps))
			}
		})
	}
}

func keyOf(p Proposal) string {
	for key, start := range map[string]string{"purpose": "ACAP-usage-purpose", "ignore": "ACAP-ignore", "reference": "ACAP-permissions-reference", "follow": "Following links",
		"permission": "ACAP-allow-preserve and ACAP-allow-other", "request": "ACAP-request-take-down"} {
		if strings.HasPrefix(p.Explanation, start) {
			return key
		}
	}
	return ""
}

func dump(ps []Proposal) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString("  ")
		if p.NoEquivalent {
			b.WriteString("(none) " + p.Explanation[:min(50, len(p.Explanation))])
		} else {
			if p.Alternative {
				b.WriteString("(alternative) ")
			}
			b.WriteString(strings.Join(p.Lines, "|"))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestSignalsCheck runs Signals on every conformance file with
// ACAP lines and on the gallery, and checks that every proposed block is
// clean for the checker: no errors, no warnings.
func TestSignalsCheck(t *testing.T) {
	var paths []string
	for _, g := range []string{"../testdata/conformance/guide-*.json", "../testdata/conformance/feature-*.json"} {
		m, _ := filepath.Glob(g)
		paths = append(paths, m...)
	}
	gallery, _ := filepath.Glob("../../web/gallery/*.txt")
	paths = append(paths, gallery...)
	paths = append(paths, corpusPaths(t, "acap-real", acapRealFiles)...)
	if len(paths) < 20 {
		t.Fatalf("only %d files found", len(paths))
	}
	blocks := 0
	for _, p := range paths {
		var src []byte
		if strings.HasSuffix(p, ".json") {
			src = caseFileRobots(t, p)
		} else {
			var err error
			if src, err = os.ReadFile(p); err != nil {
				t.Fatal(err)
			}
		}
		f, err := policy.Parse("/robots.txt", src)
		if err != nil {
			t.Fatal(err)
		}
		for _, prop := range Signals(f) {
			if prop.NoEquivalent {
				continue
			}
			blocks++
			block := strings.Join(prop.Lines, "\n") + "\n"
			for _, d := range policy.Check(policy.MustParse(block)) {
				if d.Severity != policy.SevInfo {
					t.Errorf("%s: proposed block\n%s has %v", p, block, d)
				}
			}
			for _, n := range prop.FromLines {
				if n < 1 || n > len(f.Lines) {
					t.Errorf("%s: FromLines %d out of range", p, n)
				}
			}
		}
	}
	t.Logf("%d files, %d proposed blocks checked", len(paths), blocks)
}

// BenchmarkSignalsConverted: today's signals for www.wikipedia.org's file
// once converted to ACAP, as the workbench offers them after Convert and
// Apply. Its hundreds of records each inherit the lines of the records for
// every crawler (recordUses.inherit).
func BenchmarkSignalsConverted(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "corpus", "sites-2026-01", "www.wikipedia.org.txt"))
	if err != nil {
		b.Fatal(err)
	}
	f, _ := policy.Parse("/robots.txt", src)
	conv := policy.Convert(f, policy.ConvertOptions{})
	if conv.Text == nil {
		b.Fatal("not converted:", conv.Err)
	}
	if f, err = policy.Parse("/robots.txt", conv.Text); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(Signals(f)) == 0 {
			b.Fatal("no proposal")
		}
	}
}

// TestSignalerSteps: a Signaler stepped a record at a time gives the
// proposals of Signals on every real file with ACAP lines, in as many
// steps as there are records and two more.
func TestSignalerSteps(t *testing.T) {
	for _, p := range corpusPaths(t, "acap-real", acapRealFiles) {
		_, f := parseFile(t, p)
		want := Signals(f)
		s := NewSignaler(f)
		steps := 1
		for ; !s.Step(1); steps++ {
			if s.Proposals() != nil {
				t.Fatalf("%s: proposals before the last step", p)
			}
		}
		if got := s.Proposals(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %d proposals stepped, %d from Signals, or different", filepath.Base(p), len(got), len(want))
		}
		if len(f.Records) > 0 && steps != len(f.Records)+2 {
			t.Errorf("%s: %d steps for %d records, want %d", filepath.Base(p), steps, len(f.Records), len(f.Records)+2)
		}
	}
}
