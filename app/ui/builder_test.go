package ui

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/directory"
	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/intent"
)

func TestParseScopes(t *testing.T) {
	for _, tt := range []struct {
		text    string
		cell    intent.Value
		want    []intent.Scope
		wantErr string
	}{
		{"", intent.Yes, nil, ""},
		{"/archive/", intent.Yes, []intent.Scope{{Path: "/archive/", Value: intent.No}}, ""},
		{"except /archive/", intent.No, []intent.Scope{{Path: "/archive/", Value: intent.Yes}}, ""},
		{"/Archive/ no, /Archive/open/ yes", intent.NotStated,
			[]intent.Scope{{Path: "/Archive/", Value: intent.No}, {Path: "/Archive/open/", Value: intent.Yes}}, ""},
		{"/a/=no; /b/ not stated\n/c/ y", intent.Yes,
			[]intent.Scope{{Path: "/a/", Value: intent.No}, {Path: "/b/", Value: intent.NotStated}, {Path: "/c/", Value: intent.Yes}}, ""},
		{"/archive/", intent.NotStated, nil, "say yes or no"},
		{"archive", intent.Yes, nil, "has no path"},
		{"/archive/ maybe", intent.Yes, nil, "write yes, no"},
	} {
		got, err := parseScopes(tt.text, tt.cell)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("parseScopes(%q): error %v, want one saying %q", tt.text, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseScopes(%q, %v) = %v, %v; want %v", tt.text, tt.cell, got, err, tt.want)
		}
	}
}

// TestBuilderRows: the groups hold the well-known crawlers and the
// directory's by use, each token once; the file's other crawlers get a row
// each, and every other crawler comes last.
func TestBuilderRows(t *testing.T) {
	dir := []directory.Entry{
		{Token: "NewTrainer", Use: directory.UseTraining},
		{Token: "GPTBot", Use: directory.UseTraining, Known: true},
		{Token: "AskBot 1.0", Use: directory.UseUserRequest},
		{Token: "Mystery", Use: directory.UseOther},
	}
	f, err := policy.Parse("/robots.txt", []byte("User-agent: gptbot\nUser-agent: OwnBot\nDisallow: /x\n\nUser-agent: *\nAllow: /\n"))
	if err != nil {
		t.Fatal(err)
	}
	rows := builderRows(dir, f)
	byKey := map[string]builderRow{}
	seen := map[string]string{}
	for _, r := range rows {
		byKey[r.Key] = r
		for _, n := range r.Crawlers {
			tok := strings.ToLower(intent.ProductToken(n))
			if other, ok := seen[tok]; ok {
				t.Errorf("%s is in rows %s and %s", n, other, r.Key)
			}
			seen[tok] = r.Key
		}
	}
	for _, tt := range []struct{ key, crawler string }{
		{"search", "Googlebot"}, {"search", "bingbot"}, {"train", "GPTBot"}, {"train", "NewTrainer"},
		{"ai", "OAI-SearchBot"}, {"user", "AskBot 1.0"}, {"purpose", "Google-Extended"},
		{"other", "Mystery"}, {"file:ownbot", "OwnBot"}, {"*", "*"},
	} {
		if !contains(byKey[tt.key].Crawlers, tt.crawler) {
			t.Errorf("row %q lacks %s: %v", tt.key, tt.crawler, byKey[tt.key].Crawlers)
		}
	}
	if last := rows[len(rows)-1]; last.Key != "*" {
		t.Errorf("last row is %q, want every other crawler", last.Key)
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// briefCells is the intent of the builder's browser test: search engines
// yes to search, AI training crawlers no to train-ai, AI search yes to
// ai-input except /archive/.
func briefCells() map[string]builderCell {
	cat := intent.CategoryColumn
	return map[string]builderCell{
		builderCellKey("search", cat(policy.CategorySearch)):            {Value: intent.Yes},
		builderCellKey("train", cat(policy.CategoryTrainAI)):            {Value: intent.No},
		builderCellKey("ai", cat(policy.CategoryAIInput)):               {Value: intent.Yes, Scopes: "except /archive/"},
		builderCellKey("user", cat(policy.CategoryAIInput)):             {Value: intent.NotStated},
		builderCellKey("other", cat(policy.CategoryTrainAI)):            {Scopes: " "},
		builderCellKey("search", intent.UsageColumn(policy.UsageIndex)): {Value: intent.No}, // hidden column
	}
}

// TestBuilderIntent: only rows with something stated are written, hidden
// ACAP columns are left out, and a scope that cannot be read is reported
// in words, naming the row and column.
func TestBuilderIntent(t *testing.T) {
	rows := builderRows(nil, nil)
	in, err := builderIntent(rows, builderColumns(false), briefCells())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range in.Rows {
		names = append(names, r.Name)
	}
	if want := []string{"Search engines", "AI training crawlers", "AI search and assistants"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("rows %v, want %v", names, want)
	}
	if c := in.Rows[2].Cells; len(c) != 1 || len(c[0].Scopes) != 1 || c[0].Scopes[0] != (intent.Scope{Path: "/archive/", Value: intent.No}) {
		t.Errorf("AI search cells: %+v", c)
	}
	if err := in.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
	cells := briefCells()
	cells[builderCellKey("user", intent.CategoryColumn(policy.CategorySearch))] = builderCell{Scopes: "/x/"}
	if _, err := builderIntent(rows, builderColumns(false), cells); err == nil || !strings.Contains(err.Error(), "User-triggered agents, search") {
		t.Errorf("err = %v, want one naming the row and column", err)
	}
}

// TestBuilderWritesAndProves: the brief's intent merged into nytimes.com's
// file keeps the publisher's other lines, proves without a mismatch, and
// the proof's table shows ✓ and the words "not expressible".
func TestBuilderWritesAndProves(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "policy", "testdata", "corpus", "sites-2026-01", "www.nytimes.com.txt"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := policy.Parse("/robots.txt", src)
	if err != nil {
		t.Fatal(err)
	}
	in, err := builderIntent(builderRows(nil, f), builderColumns(false), briefCells())
	if err != nil {
		t.Fatal(err)
	}
	res, err := intent.Write(in, f)
	if err != nil {
		t.Fatal(err)
	}
	out := string(res.Text)
	for _, want := range []string{"User-agent: GPTBot", "Content-Signal:", "Content-Usage:", "ACAP-crawler: GPTBot", "# new york times content", "user-agent: *\ndisallow: /ads/", "user-agent: twitterbot"} {
		if !strings.Contains(out, want) {
			t.Errorf("written file lacks %q", want)
		}
	}
	g, err := policy.Parse("/robots.txt", res.Text)
	if err != nil {
		t.Fatal(err)
	}
	p, err := intent.Prove(in, f, g)
	if err != nil {
		t.Fatal(err)
	}
	if !p.OK() {
		t.Fatalf("mismatches:\n%s", p)
	}
	html := proofHTML(p, g)
	if n := strings.Count(html, "✓ "); n != p.Count(intent.Proved) {
		t.Errorf("%d ✓ in the table, want %d", n, p.Count(intent.Proved))
	}
	if p.Count(intent.NotExpressible) == 0 || !strings.Contains(html, "Not expressible</strong>") || !strings.Contains(html, `data-help="builder"`) {
		t.Errorf("the table does not say what is not expressible:\n%s", html)
	}
	// The checks over every path have a line of their own per row.
	if n := strings.Count(html, `<code>every path</code>`); n != len(in.Rows) {
		t.Errorf("%d lines over every path in the table, want one per row (%d)", n, len(in.Rows))
	}
	if strings.Contains(html, "<script") {
		t.Error("unescaped markup")
	}
}

// TestBuilderRender: every cell's controls are labelled by row and column,
// and the ACAP toggle adds a column per usage.
func TestBuilderRender(t *testing.T) {
	c := &Builder{}
	html := app.HTMLString(c)
	for _, want := range []string{`aria-label="AI training crawlers: train-ai"`, `aria-label="Every other crawler: ai-input"`, `id="bld-write"`} {
		if !strings.Contains(html, want) {
			t.Errorf("render lacks %s", want)
		}
	}
	if strings.Contains(html, "present-snippet") {
		t.Error("ACAP usages shown with the toggle off")
	}
	c.acap = true
	if html := app.HTMLString(c); !strings.Contains(html, `aria-label="Search engines: present-snippet"`) {
		t.Error("ACAP usages not shown with the toggle on")
	}
}

// BenchmarkBuilderWriteProve: what "Write into the file" computes for the
// browser test's intent over the shipped directory, on nytimes.com's file,
// in the steps the panel runs as tasks of their own: the intent and Write;
// the parse of the result, Prove and the proof's table.
func BenchmarkBuilderWriteProve(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "..", "policy", "testdata", "corpus", "sites-2026-01", "www.nytimes.com.txt"))
	if err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "web", "crawlers", "robots.json"))
	if err != nil {
		b.Fatal(err)
	}
	dir, err := directory.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	f, err := policy.Parse("/robots.txt", src)
	if err != nil {
		b.Fatal(err)
	}
	in, err := builderIntent(builderRows(dir, f), builderColumns(false), briefCells())
	if err != nil {
		b.Fatal(err)
	}
	res, err := intent.Write(in, f)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("write", func(b *testing.B) {
		for b.Loop() {
			in, err := builderIntent(builderRows(dir, f), builderColumns(false), briefCells())
			if err != nil {
				b.Fatal(err)
			}
			if _, err := intent.Write(in, f); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("prove", func(b *testing.B) {
		for b.Loop() {
			g, err := policy.Parse("/robots.txt", res.Text)
			if err != nil {
				b.Fatal(err)
			}
			p, err := intent.Prove(in, f, g)
			if err != nil || !p.OK() {
				b.Fatalf("%v\n%s", err, p)
			}
			_ = proofHTML(p, g)
		}
	})
}

// TestProofMismatchHTML: a mismatch names the crawler, the witness URL,
// both answers and the deciding line as a button that goes to it; text is
// escaped.
func TestProofMismatchHTML(t *testing.T) {
	f, err := policy.Parse("/robots.txt", []byte("User-agent: GPTBot\nDisallow: /<x>\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := &intent.Proof{Checks: []intent.Check{{
		RowName: "AI <training>", Column: intent.CategoryColumn(policy.CategoryTrainAI), Kind: policy.KindToday,
		Witness: "/w", Intent: intent.Yes, Want: "allowed", Status: intent.Differs,
		Mismatches: []intent.Mismatch{{Crawler: "GPTBot", URL: "/<x>/w", Got: "not crawled", Line: 2}},
	}}}
	html := proofHTML(p, f)
	for _, want := range []string{`AI &lt;training&gt;`, `✗ GPTBot`, `<code>/&lt;x&gt;/w</code>`, `“not crawled”`, `“allowed”`,
		`data-line="2"`, `line 2: <code>Disallow: /&lt;x&gt;</code>`, `class="bld-bad"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the table lacks %s:\n%s", want, html)
		}
	}
}
