package intent

import (
	"sort"
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

func catCell(c policy.Category, v Value, scopes ...Scope) Cell {
	return Cell{Column: CategoryColumn(c), Value: v, Scopes: scopes}
}

// TestValidate checks that each kind of unwritable intent is refused with
// its reason, and that names as the directory writes them are accepted.
func TestValidate(t *testing.T) {
	search := CategoryColumn(policy.CategorySearch)
	tests := []struct {
		name string
		in   Intent
		want string // part of the error; "" for none
	}{
		{"valid", Intent{Rows: []Row{{Crawlers: []string{"GPTBot", "Brightbot 1.0", "brightbot"}, Cells: []Cell{{Column: search, Value: Yes, Scopes: []Scope{{Path: "/a/", Value: No}}}}}}}, ""},
		{"no crawler", Intent{Rows: []Row{{Name: "empty"}}}, "no crawler"},
		{"bad use", Intent{Rows: []Row{{Crawlers: []string{"A"}, Uses: []policy.Category{policy.CategoryNone}}}}, "a use must be"},
		{"not a token", Intent{Rows: []Row{{Crawlers: []string{" /x"}}}}, "does not start with a product token"},
		{"star with others", Intent{Rows: []Row{{Crawlers: []string{"*", "GPTBot"}}}}, "stands alone"},
		{"crawler in two rows", Intent{Rows: []Row{{Crawlers: []string{"GPTBot"}}, {Crawlers: []string{"gptbot/1.1"}}}}, "already in row 1"},
		{"column with both", Intent{Rows: []Row{{Crawlers: []string{"A"}, Cells: []Cell{{Column: Column{Category: policy.CategorySearch, Usage: policy.UsageIndex}}}}}}, "one category or one usage"},
		{"column with none", Intent{Rows: []Row{{Crawlers: []string{"A"}, Cells: []Cell{{}}}}}, "one category or one usage"},
		{"two cells", Intent{Rows: []Row{{Crawlers: []string{"A"}, Cells: []Cell{{Column: search}, {Column: search}}}}}, "two cells for search"},
		{"bad value", Intent{Rows: []Row{{Crawlers: []string{"A"}, Cells: []Cell{{Column: search, Value: 7}}}}}, "unknown value"},
		{"wildcard scope", Intent{Rows: []Row{{Crawlers: []string{"A"}, Cells: []Cell{{Column: search, Scopes: []Scope{{Path: "/a*", Value: No}}}}}}}, "not allowed in a plain prefix"},
		{"whole-site scope", Intent{Rows: []Row{{Crawlers: []string{"A"}, Cells: []Cell{{Column: search, Scopes: []Scope{{Path: "/", Value: No}}}}}}}, "must start with '/'"},
		{"scope twice", Intent{Rows: []Row{{Crawlers: []string{"A"}, Cells: []Cell{{Column: search, Scopes: []Scope{{Path: "/a", Value: No}, {Path: "/a", Value: Yes}}}}}}}, "given twice"},
		{"case only", Intent{Rows: []Row{{Crawlers: []string{"A"}, Cells: []Cell{{Column: search, Scopes: []Scope{{Path: "/A", Value: No}, {Path: "/ab", Value: Yes}}}}}}}, "differ in case"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.in.Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("unexpected error: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
			if _, werr := Write(&tt.in, nil); (werr == nil) != (tt.want == "") {
				t.Errorf("Write error %v, want an error: %v", werr, tt.want != "")
			}
		})
	}
}

// TestPurposeTokens writes rows that speak for Google's and Apple's
// crawlers, and rows that list the per-purpose tokens themselves, and
// checks the token groups written, that the proof finds no mismatch, and
// which checks it lists as not expressible.
func TestPurposeTokens(t *testing.T) {
	tests := []struct {
		name   string
		rows   []Row
		groups []string // the token groups' rules, "Token: rule; rule"
		notExp []string // "row column scope kind" of the checks not expressible
	}{
		{"Googlebot refuses training and AI answers",
			[]Row{{Name: "g", Crawlers: []string{"Googlebot"}, Cells: []Cell{catCell(policy.CategorySearch, Yes), catCell(policy.CategoryTrainAI, No), catCell(policy.CategoryAIInput, No)}}},
			[]string{"Google-Extended: Disallow: /"},
			[]string{"g ai-input / today", "g ai-input / acap"}},
		{"Googlebot refuses training only",
			[]Row{{Name: "g", Crawlers: []string{"Googlebot"}, Cells: []Cell{catCell(policy.CategoryTrainAI, No), catCell(policy.CategoryAIInput, Yes)}}},
			[]string{"Google-Extended: Allow: /"},
			[]string{"g train-ai / today", "g ai-input / acap"}},
		{"Googlebot refuses training under /archive/",
			[]Row{{Name: "g", Crawlers: []string{"Googlebot"}, Cells: []Cell{catCell(policy.CategoryTrainAI, NotStated, Scope{"/archive/", No}), catCell(policy.CategoryAIInput, NotStated, Scope{"/archive/", No})}}},
			[]string{"Google-Extended: Disallow: /archive/"},
			[]string{"g ai-input /archive/ today", "g ai-input /archive/ acap"}},
		{"Googlebot and its token in one row",
			[]Row{{Name: "g", Crawlers: []string{"Googlebot", "Google-Extended"}, Cells: []Cell{catCell(policy.CategoryTrainAI, No), catCell(policy.CategoryAIInput, No)}}},
			[]string{"Google-Extended: Disallow: /"},
			[]string{"g ai-input / today", "g ai-input / acap"}},
		{"the token alone says yes",
			[]Row{{Name: "t", Crawlers: []string{"Google-Extended", "Applebot-Extended"}, Cells: []Cell{catCell(policy.CategoryTrainAI, Yes)}}},
			[]string{"Google-Extended: Allow: /", "Applebot-Extended: Allow: /"},
			[]string{"t train-ai / today", "t train-ai / today"}},
		{"Applebot refuses training, its search goes on",
			[]Row{{Name: "a", Crawlers: []string{"Applebot"}, Cells: []Cell{catCell(policy.CategorySearch, Yes), catCell(policy.CategoryTrainAI, No)}}},
			[]string{"Applebot-Extended: Disallow: /"},
			nil},
		{"rows disagree for Google-Extended",
			[]Row{{Name: "g", Crawlers: []string{"Googlebot"}, Cells: []Cell{catCell(policy.CategoryTrainAI, No), catCell(policy.CategoryAIInput, No)}},
				{Name: "o", Crawlers: []string{"GoogleOther"}, Cells: []Cell{catCell(policy.CategoryTrainAI, Yes)}}},
			[]string{"Google-Extended: Allow: /"},
			[]string{"g ai-input / today", "g ai-input / acap", "g train-ai / today"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := &Intent{Rows: tt.rows}
			res, err := Write(in, nil)
			if err != nil {
				t.Fatal(err)
			}
			f := policy.MustParse(string(res.Text))
			if got := tokenGroups(f); strings.Join(got, "|") != strings.Join(tt.groups, "|") {
				t.Errorf("token groups %q, want %q\n%s", got, tt.groups, res.Text)
			}
			p, err := Prove(in, nil, f)
			if err != nil {
				t.Fatal(err)
			}
			if !p.OK() {
				t.Errorf("mismatches:\n%s\n%s", p, res.Text)
			}
			var got []string
			for _, c := range p.Checks {
				if c.Status == NotExpressible {
					scope := c.Scope
					if scope == "" {
						scope = "/"
					}
					got = append(got, c.RowName+" "+c.Column.String()+" "+scope+" "+c.Kind.String())
				}
			}
			sort.Strings(got)
			want := append([]string(nil), tt.notExp...)
			sort.Strings(want)
			if strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("not expressible %q, want %q\n%s", got, want, p)
			}
		})
	}
}

// tokenGroups lists the rules of the per-purpose tokens' groups, in file
// order.
func tokenGroups(f *policy.File) []string {
	var out []string
	for _, g := range f.Groups {
		for _, a := range g.Agents {
			if _, ok := purposeOf(a.Value.Text); ok {
				var rules []string
				for _, r := range g.Rules {
					rules = append(rules, f.LineText(r.Line))
				}
				out = append(out, a.Value.Text+": "+strings.Join(rules, "; "))
			}
		}
	}
	return out
}

// TestACAPUsageCells writes ACAP usage cells beside today's categories and
// reads them back as an ACAP crawler, directly: a usage's own cell beats
// the category it stands for; present-X beats present in every scope;
// crawl no refuses crawling whatever else is allowed.
func TestACAPUsageCells(t *testing.T) {
	usage := func(u policy.Usage, v Value, scopes ...Scope) Cell {
		return Cell{Column: UsageColumn(u), Value: v, Scopes: scopes}
	}
	tests := []struct {
		name  string
		cells []Cell
		asks  []struct {
			u    policy.Usage
			path string
			ok   bool
		}
	}{
		{"snippet refused where search is allowed",
			[]Cell{catCell(policy.CategorySearch, Yes), usage(policy.UsagePresentSnippet, No, Scope{"/open/", Yes})},
			[]struct {
				u    policy.Usage
				path string
				ok   bool
			}{{policy.UsageIndex, "/x", true}, {policy.UsagePresent, "/x", true}, {policy.UsagePresentSnippet, "/x", false}, {policy.UsagePresentSnippet, "/open/x", true}}},
		{"snippet allowed where present is refused under a scope",
			[]Cell{catCell(policy.CategorySearch, Yes, Scope{"/archive/", No}), usage(policy.UsagePresentSnippet, Yes)},
			[]struct {
				u    policy.Usage
				path string
				ok   bool
			}{{policy.UsagePresent, "/archive/x", false}, {policy.UsagePresentSnippet, "/archive/x", true}, {policy.UsageIndex, "/archive/x", false}}},
		{"index cell beats search",
			[]Cell{catCell(policy.CategorySearch, No), usage(policy.UsageIndex, Yes)},
			[]struct {
				u    policy.Usage
				path string
				ok   bool
			}{{policy.UsageIndex, "/x", true}, {policy.UsagePresent, "/x", false}}},
		{"crawl no",
			[]Cell{usage(policy.UsageCrawl, No, Scope{"/public/", Yes}), catCell(policy.CategorySearch, Yes)},
			[]struct {
				u    policy.Usage
				path string
				ok   bool
			}{{policy.UsageCrawl, "/x", false}, {policy.UsageIndex, "/x", false}, {policy.UsageCrawl, "/public/x", true}, {policy.UsageIndex, "/public/x", true}}},
		{"training refused, following links is not",
			[]Cell{catCell(policy.CategoryTrainAI, No)},
			[]struct {
				u    policy.Usage
				path string
				ok   bool
			}{{policy.UsageOther, "/x", false}, {policy.UsagePreserve, "/x", false}, {policy.UsageFollow, "/x", true}, {policy.UsageCrawl, "/x", true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := &Intent{Rows: []Row{{Name: "r", Crawlers: []string{"ExampleBot"}, Cells: tt.cells}}}
			res, err := Write(in, nil)
			if err != nil {
				t.Fatal(err)
			}
			f := policy.MustParse(string(res.Text))
			pol := policy.NewPolicy(f)
			for _, q := range tt.asks {
				a := pol.Decide(policy.Question{Crawler: "ExampleBot", URL: q.path, Usage: q.u, Kind: policy.KindACAP})
				if a.Allowed != q.ok {
					t.Errorf("%s %s: allowed=%v, want %v\n%s\n%s", q.u, q.path, a.Allowed, q.ok, a.Trace, res.Text)
				}
			}
			p, err := Prove(in, nil, f)
			if err != nil {
				t.Fatal(err)
			}
			if !p.OK() {
				t.Errorf("mismatches:\n%s\n%s", p, res.Text)
			}
		})
	}
}

// TestProveFindsMismatch proves an intent against files that do not say
// it and checks that the mismatch names the crawler, the witness and the
// deciding line.
func TestProveFindsMismatch(t *testing.T) {
	in := &Intent{Rows: []Row{
		{Name: "training", Crawlers: []string{"GPTBot"}, Uses: []policy.Category{policy.CategoryTrainAI}, Cells: []Cell{catCell(policy.CategoryTrainAI, No)}},
		{Name: "others", Crawlers: []string{AnyCrawler}, Cells: []Cell{catCell(policy.CategorySearch, Yes)}},
	}}
	tests := []struct {
		name, file string
		want       string // a part of the proof's table
	}{
		{"crawler allowed", "User-agent: GPTBot\nAllow: /\n", "✗ | training | crawl | elsewhere (/w) | rfc9309 | intent no: not allowed | GPTBot at /w: allowed, line 2 (Allow: /)"},
		{"search not stated", "User-agent: GPTBot\nDisallow: /\n", "✗ | others | search | elsewhere (/w) | today | intent yes: allowed | other-crawler at /w: no preference, no line decides"},
		{"search refused", "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nContent-Usage: search=n\n", "other-crawler at /w: disallowed, line 5 (Content-Usage: search=n)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Prove(in, nil, policy.MustParse(tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if p.OK() || p.Count(Differs) == 0 {
				t.Errorf("proof finds no mismatch:\n%s", p)
			}
			if !strings.Contains(p.String(), tt.want) {
				t.Errorf("proof lacks %q:\n%s", tt.want, p)
			}
		})
	}
}
