package policy

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorpus2026Signals reads every real 2026 file: the drafts' reading of
// Content-Usage, Content-Signal and License raises nothing on them (the
// three files with Content-Signal and the one with License are correct),
// and the today kind answers every category without contradiction.
func TestCorpus2026Signals(t *testing.T) {
	paths := corpusPaths(t, "sites-2026-01")
	withSignals := 0
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse("/robots.txt", src)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if len(f.Signals) > 0 {
			withSignals++
		}
		for _, d := range Check(f) {
			if d.Code == CodeSignalSyntax {
				t.Errorf("%s: %s", filepath.Base(p), d)
			}
		}
		pol := NewPolicy(f)
		for _, crawler := range []string{"GPTBot", "Googlebot", "ClaudeBot"} {
			crawl := pol.Decide(Question{Crawler: crawler, URL: "/news/x", Kind: KindToday})
			for _, u := range Categories() {
				a := pol.Decide(Question{Crawler: crawler, URL: "/news/x", Category: u, Kind: KindToday})
				if !crawl.Allowed && a.Preference != PrefNotCrawled || crawl.Allowed && a.Preference == PrefNotCrawled {
					t.Errorf("%s: %s %s: crawl %v but preference %s", filepath.Base(p), crawler, u, crawl.Allowed, a.Preference)
				}
				if steps := a.Trace.Steps; len(steps) == 0 || steps[len(steps)-1].Kind != StepDecision {
					t.Errorf("%s: %s %s: the trace does not end with the decision", filepath.Base(p), crawler, u)
				}
			}
		}
	}
	if withSignals < 3 {
		t.Errorf("%d files with Content-Signal, Content-Usage or License lines; want at least 3 (stackoverflow.com, lobste.rs, davidguetta.com)", withSignals)
	}
}

// TestToday2026Files asks a publisher's questions of real files: may
// GPTBot train on /news/x, may OAI-SearchBot show it in search, may Google
// use it for Gemini (train-ai and ai-input through Google-Extended)?
func TestToday2026Files(t *testing.T) {
	dir := corpusDir(t, "sites-2026-01")
	tests := []struct {
		file    string
		crawler string
		usage   Category
		want    Preference
		line    int
		trace   string
	}{
		{"davidguetta.com.txt", "GPTBot", CategoryTrainAI, PrefNotCrawled, 51, "Disallow: /"},
		{"davidguetta.com.txt", "OAI-SearchBot", CategorySearch, PrefAllowed, 29, "Content-Signal: search=yes,ai-train=no"},
		{"davidguetta.com.txt", "OAI-SearchBot", CategoryTrainAI, PrefDisallowed, 29, "train-ai is disallowed"},
		{"davidguetta.com.txt", "OAI-SearchBot", CategoryAIInput, PrefUnstated, 0, "says nothing about ai-input"},
		{"davidguetta.com.txt", "Googlebot", CategoryTrainAI, PrefDisallowed, 29, "Google-Extended"},
		{"davidguetta.com.txt", "Googlebot", CategoryAIInput, PrefDisallowed, 48, "in Google-Extended's group: ai-input is disallowed"},
		{"davidguetta.com.txt", "Googlebot", CategorySearch, PrefAllowed, 29, "search is allowed"},
		{"lobste.rs.txt", "Googlebot", CategoryAIInput, PrefDisallowed, 14, "Content-Signal: ai-input=no"},
		{"lobste.rs.txt", "GPTBot", CategorySearch, PrefNotCrawled, 18, "not crawled"},
		{"stackoverflow.com.txt", "OAI-SearchBot", CategorySearch, PrefNotCrawled, 5, "Disallow: /"},
	}
	for _, tt := range tests {
		src, err := os.ReadFile(filepath.Join(dir, tt.file))
		if err != nil {
			t.Fatal(err)
		}
		f, _ := Parse("/robots.txt", src)
		a := NewPolicy(f).Decide(Question{Crawler: tt.crawler, URL: "/news/x", Category: tt.usage, Kind: KindToday})
		if a.Preference != tt.want || a.Line != tt.line || !strings.Contains(a.Trace.String(), tt.trace) {
			t.Errorf("%s %s %s: %s line %d, want %s line %d with %q in\n%s", tt.file, tt.crawler, tt.usage, a.Preference, a.Line, tt.want, tt.line, tt.trace, a.Trace)
		}
	}
}

// TestTodayTraceNamesEveryLine checks that the trace names each line read:
// the User-agent lines, the crawl rule, every Content-Usage line that
// matched and the per-purpose token's lines.
func TestTodayTraceNamesEveryLine(t *testing.T) {
	src := "User-agent: *\nAllow: /\nContent-Usage: train-ai=y\nContent-Usage: /news/ train-ai=n\nContent-Signal: ai-train=yes\n\nUser-agent: Google-Extended\nDisallow: /news/\n"
	f, _ := Parse("/robots.txt", []byte(src))
	a := NewPolicy(f).Decide(Question{Crawler: "Googlebot", URL: "/news/a", Category: CategoryTrainAI, Kind: KindToday})
	lines := a.Trace.Lines()
	for _, n := range []int{1, 2, 3, 4, 5, 7, 8} {
		found := false
		for _, l := range lines {
			found = found || l == n
		}
		if !found {
			t.Errorf("line %d is not named; the trace names %v:\n%s", n, lines, a.Trace)
		}
	}
	if a.Preference != PrefDisallowed || a.Line != 4 {
		t.Errorf("got %s line %d, want disallowed by line 4", a.Preference, a.Line)
	}
}

func TestParseStatement(t *testing.T) {
	tests := []struct {
		kind  FieldKind
		value string
		path  string
		err   bool
		prefs [3]Preference
	}{
		{FieldContentUsage, "train-ai=n", "", false, [3]Preference{PrefUnstated, PrefDisallowed, PrefUnstated}},
		{FieldContentUsage, "/a/ search=y, train-ai=n", "/a/", false, [3]Preference{PrefAllowed, PrefDisallowed, PrefUnstated}},
		{FieldContentUsage, "/a/\ttrain-ai=y", "/a/", false, [3]Preference{PrefUnstated, PrefAllowed, PrefUnstated}},
		{FieldContentUsage, "train-ai=y, train-ai, search=n, search=\"n\"", "", false, [3]Preference{PrefUnstated, PrefUnstated, PrefUnstated}},
		{FieldContentUsage, "train-ai;allow=n, train-ai=y", "", false, [3]Preference{PrefUnstated, PrefAllowed, PrefUnstated}},
		{FieldContentUsage, "train-ai;has;parameters=\"?\";", "", true, [3]Preference{PrefUnstated, PrefUnstated, PrefUnstated}},
		{FieldContentUsage, "Train-AI=n", "", true, [3]Preference{PrefUnstated, PrefUnstated, PrefUnstated}},
		{FieldContentUsage, "ai-input=n", "", false, [3]Preference{PrefUnstated, PrefUnstated, PrefUnstated}},
		{FieldContentUsage, "train-ai=(n y), search=?1, x=:aGk=:, y=@12, z=-1.5, w=%\"a\"", "", false, [3]Preference{PrefUnstated, PrefUnstated, PrefUnstated}},
		{FieldContentSignal, "search=yes,ai-train=no", "", false, [3]Preference{PrefAllowed, PrefDisallowed, PrefUnstated}},
		{FieldContentSignal, "ai-input=no, ai-train=no, search=yes", "", false, [3]Preference{PrefAllowed, PrefDisallowed, PrefDisallowed}},
		{FieldContentSignal, "search=y", "", false, [3]Preference{PrefUnstated, PrefUnstated, PrefUnstated}},
		{FieldContentSignal, "search=yes ai-train=no", "", true, [3]Preference{PrefUnstated, PrefUnstated, PrefUnstated}},
		{FieldContentSignal, "", "", false, [3]Preference{PrefUnstated, PrefUnstated, PrefUnstated}},
	}
	for _, tt := range tests {
		st := ParseStatement(tt.kind, tt.value)
		if st.Path != tt.path || (st.Err != "") != tt.err || st.Prefs != tt.prefs {
			t.Errorf("ParseStatement(%s, %q) = path %q, err %q, prefs %v; want %q, err %v, %v", tt.kind, tt.value, st.Path, st.Err, st.Prefs, tt.path, tt.err, tt.prefs)
		}
	}
}

// TestTodayDiagnostics checks the messages and fixes of the drafts'
// checks.
func TestTodayDiagnostics(t *testing.T) {
	tests := []struct {
		line, msg, fixed string
		sev              Severity
	}{
		{"Content-Usage: Train-AI=n", "lower case", "Content-Usage: train-ai=n", SevWarning},
		{"Content-Usage: train-ai=no", "states no preference", "Content-Usage: train-ai=n", SevWarning},
		{"Content-Signal: ai-train=n", "states no preference", "Content-Signal: ai-train=no", SevWarning},
		{"Content-Usage: /my docs/ train-ai=n", "ends at the first space", "Content-Usage: /my%20docs/ train-ai=n", SevWarning},
		{"Content-Usage: train-genai=n", "did you mean train-ai", "Content-Usage: train-ai=n", SevInfo},
		{"Content-Signal: ai-train=no search=yes", "separated by commas", "Content-Signal: ai-train=no, search=yes", SevWarning},
		{"Content-Usage: train-ai=n; search=n", "parameter", "Content-Usage: train-ai=n, search=n", SevWarning},
		{"Content-Usage: blog/ train-ai=n", "starts with /", "Content-Usage: /blog/ train-ai=n", SevWarning},
		{"Content-Usage: search=y, search=n", "only the last value counts", "", SevWarning},
		{"Content-Usage: search", "no value", "", SevWarning},
		{"Content-Usage:", "no preference", "", SevWarning},
		{"Content-Usage: future-label=y, train-ai=n", "ignored", "", SevInfo},
	}
	for _, tt := range tests {
		src := "User-agent: *\n" + tt.line + "\n"
		f, _ := Parse("/robots.txt", []byte(src))
		var got *Diagnostic
		for _, d := range Check(f) {
			if d.Code == CodeSignalSyntax && d.Pos.Line == 2 {
				d := d
				got = &d
			}
		}
		if got == nil {
			t.Errorf("%q: no diagnostic", tt.line)
			continue
		}
		if !strings.Contains(got.Message, tt.msg) || got.Severity != tt.sev {
			t.Errorf("%q: got %s %q, want %s with %q", tt.line, got.Severity, got.Message, tt.sev, tt.msg)
		}
		if tt.fixed != "" {
			if got.Fix == nil {
				t.Errorf("%q: no fix", tt.line)
				continue
			}
			out := string(got.Fix.Apply([]byte(src)))
			if out != "User-agent: *\n"+tt.fixed+"\n" {
				t.Errorf("%q: fixed to %q, want %q", tt.line, out, tt.fixed)
			}
		}
	}
	for _, ok := range []string{"Content-Usage: train-ai=n, search=y", "Content-Usage: /a/ train-ai=y;reason=\"x\"", "Content-Signal: search=yes, ai-input=no, ai-train=no", "Content-Signal: /blog/ ai-train=no", "License: https://example.com/license.xml"} {
		f, _ := Parse("/robots.txt", []byte("User-agent: *\n"+ok+"\n"))
		for _, d := range Check(f) {
			t.Errorf("%q: unexpected %s", ok, d)
		}
	}
}

// FuzzParseStatement: any value is read without panic; offsets stay in
// the value; a line that cannot be parsed states nothing; every entry's
// label is written where it says; and a today decision over a file with the
// value never contradicts crawl.
func FuzzParseStatement(f *testing.F) {
	for _, s := range []string{"train-ai=n", "/a/ search=y, train-ai=n", "search=yes,ai-train=no", "Train-AI=n", "/my docs/ train-ai=n",
		"train-ai=(n y);a=?1, b=:aGk=:, c=@1, d=-1.5, e=%\"x\"", "a;b;c=\"\\\"\"", "x=n,", ";", "/"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, v string, signal bool) {
		kind := FieldContentUsage
		if signal {
			kind = FieldContentSignal
		}
		st := ParseStatement(kind, v)
		if st.PrefsOff > len(v) || st.ErrOff > len(v) {
			t.Fatalf("offsets out of range: %+v", st)
		}
		for _, e := range st.Entries {
			if e.LabelOff+len(e.Label) > len(v) || v[e.LabelOff:e.LabelOff+len(e.Label)] != e.Label ||
				e.ValueOff+len(e.Value) > len(v) || v[e.ValueOff:e.ValueOff+len(e.Value)] != e.Value {
				t.Fatalf("entry %+v is not where it says in %q", e, v)
			}
		}
		if st.Err != "" && st.Prefs != [numCategories]Preference{PrefUnstated, PrefUnstated, PrefUnstated} {
			t.Fatalf("%q cannot be parsed (%s) but states %v", v, st.Err, st.Prefs)
		}
		if strings.ContainsAny(v, "\r\n#") {
			return
		}
		file, err := Parse("/robots.txt", []byte("User-agent: *\nDisallow: /x\n"+kind.String()+": "+v+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		Check(file)
		pol := NewPolicy(file)
		for _, u := range Categories() {
			a := pol.Decide(Question{Crawler: "Bot", URL: "/x/a", Category: u, Kind: KindToday})
			if a.Preference != PrefNotCrawled {
				t.Fatalf("%s on /x/a: %s, want not-crawled", u, a.Preference)
			}
		}
	})
}

func ExampleParseStatement() {
	st := ParseStatement(FieldContentUsage, "/news/ train-ai=n, search=y, future=y")
	fmt.Println(st.Path)
	for i, u := range Categories() {
		fmt.Println(u, st.Prefs[i].Title())
	}
	// Output:
	// /news/
	// search allowed
	// train-ai disallowed
	// ai-input no preference
}

func ExampleKindToday() {
	src := "User-agent: *\nAllow: /\nContent-Signal: search=yes, ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: Google-Extended\nDisallow: /news/\n"
	f, _ := Parse("/robots.txt", []byte(src))
	pol := NewPolicy(f)
	for _, q := range []Question{
		{Crawler: "GPTBot", URL: "/news/x", Category: CategoryTrainAI},
		{Crawler: "OAI-SearchBot", URL: "/news/x", Category: CategorySearch},
		{Crawler: "Googlebot", URL: "/news/x", Category: CategoryAIInput},
		{Crawler: "OAI-SearchBot", URL: "/news/x", Category: CategoryAIInput},
	} {
		q.Kind = KindToday
		a := pol.Decide(q)
		fmt.Printf("%s %s: %s (line %d)\n", q.Crawler, q.Category, a.Preference.Title(), a.Line)
	}
	// Output:
	// GPTBot train-ai: not crawled (line 6)
	// OAI-SearchBot search: allowed (line 3)
	// Googlebot ai-input: disallowed (line 9)
	// OAI-SearchBot ai-input: no preference (line 0)
}

// TestBatchMatchesDecide: the quiet batch gives Decide's answers.
func TestBatchMatchesDecide(t *testing.T) {
	src := "User-agent: *\nAllow: /\nContent-Signal: search=yes, ai-train=no\nContent-Usage: /open/ train-ai=y\n\nUser-agent: GPTBot\nDisallow: /private/\n\nUser-agent: Google-Extended\nDisallow: /news/\n"
	f, _ := Parse("/robots.txt", []byte(src))
	pol := NewPolicy(f)
	crawlers := []string{"GPTBot", "Googlebot", "ClaudeBot", "Google-Extended"}
	urls := []string{"/", "/open/a", "/private/x", "/news/y", "/robots.txt"}
	for _, u := range UsesOf(KindToday) {
		got := pol.Batch(Question{Kind: KindToday, Usage: u.Usage, Category: u.Category}, crawlers, urls, nil)
		if len(got) != len(crawlers)*len(urls) {
			t.Fatalf("%d answers", len(got))
		}
		for i, c := range crawlers {
			for j, url := range urls {
				w := pol.Decide(Question{Kind: KindToday, Usage: u.Usage, Category: u.Category, Crawler: c, URL: url})
				g := got[i*len(urls)+j]
				if g.Allowed != w.Allowed || g.Preference != w.Preference || g.Line != w.Line || len(g.Trace.Steps) != 0 {
					t.Errorf("%s %s %s: batch %v/%s/%d, Decide %v/%s/%d", c, url, u, g.Allowed, g.Preference, g.Line, w.Allowed, w.Preference, w.Line)
				}
			}
		}
	}
}
