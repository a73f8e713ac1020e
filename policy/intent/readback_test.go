package intent

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

// variant is how a tested cell spreads over the site.
type variant struct {
	name string
	cell func(c Column, v Value) Cell
}

func variants() []variant {
	opposite := func(v Value) Value {
		if v == Yes {
			return No
		}
		return Yes
	}
	return []variant{
		{"everywhere", func(c Column, v Value) Cell { return Cell{Column: c, Value: v} }},
		{"only under /archive/", func(c Column, v Value) Cell {
			return Cell{Column: c, Scopes: []Scope{{Path: "/archive/", Value: v}}}
		}},
		{"except /archive/", func(c Column, v Value) Cell {
			return Cell{Column: c, Value: v, Scopes: []Scope{{Path: "/archive/", Value: opposite(v)}}}
		}},
	}
}

// testRows are the rows the read-back test varies: a search engine, AI
// training crawlers, Googlebot (Google-Extended is written for it), and
// every other crawler.
func testRows() []Row {
	return []Row{
		{Name: "search engines", Crawlers: []string{"Bingbot", "DuckDuckBot"}},
		{Name: "AI training", Crawlers: []string{"GPTBot", "CCBot"}, Uses: []policy.Category{policy.CategoryTrainAI}},
		{Name: "Google", Crawlers: []string{"Googlebot"}},
		{Name: "everyone else", Crawlers: []string{AnyCrawler}},
	}
}

// wantAt is the test's own reading of an intent row at a path: each
// category's value, and whether crawling is refused (no column says yes
// and every use is refused).
func wantAt(r *Row, path string) (vals map[policy.Category]Value, denied bool) {
	vals = map[policy.Category]Value{}
	for _, c := range policy.Categories() {
		vals[c] = NotStated
	}
	for _, cell := range r.Cells {
		v, best := cell.Value, 0
		for _, s := range cell.Scopes {
			if strings.HasPrefix(path, s.Path) && len(s.Path) > best {
				v, best = s.Value, len(s.Path)
			}
		}
		vals[cell.Column.Category] = v
	}
	uses := r.Uses
	if len(uses) == 0 {
		uses = policy.Categories()
	}
	denied = true
	for _, u := range uses {
		denied = denied && vals[u] == No
	}
	for _, v := range vals {
		denied = denied && v != Yes
	}
	return vals, denied
}

// TestWriteReadBack writes every cell value × category × scope for each
// test row (with the row's other categories not stated, and refused) and
// reads the result back with the engine: crawl as RFC 9309 and the 1996
// draft, each category as today's crawlers, search and train-ai as ACAP
// crawlers (index, preserve), all asked directly here; then checks that
// Prove finds no mismatch and lists as not expressible exactly the cells
// of Googlebot the design names.
func TestWriteReadBack(t *testing.T) {
	for _, base := range testRows() {
		for _, cat := range policy.Categories() {
			for _, v := range []Value{NotStated, Yes, No} {
				for _, va := range variants() {
					for _, others := range []Value{NotStated, No} {
						name := fmt.Sprintf("%s/%s=%s %s/others %s", base.Name, cat, v, va.name, others)
						t.Run(name, func(t *testing.T) {
							row := base
							row.Cells = nil
							for _, c := range policy.Categories() {
								if c == cat {
									row.Cells = append(row.Cells, va.cell(CategoryColumn(c), v))
								} else {
									row.Cells = append(row.Cells, Cell{Column: CategoryColumn(c), Value: others})
								}
							}
							in := &Intent{Rows: []Row{row}}
							if !row.Any() {
								in.Rows = append(in.Rows, Row{Crawlers: []string{AnyCrawler}, Cells: []Cell{{Column: CategoryColumn(policy.CategorySearch), Value: Yes}}})
							}
							readBack(t, in)
						})
					}
				}
			}
		}
	}
}

// readBack writes in, then asks the engine about the first row at a path
// in and out of /archive/ and proves the file.
func readBack(t *testing.T, in *Intent) {
	t.Helper()
	res, err := Write(in, nil)
	if err != nil {
		t.Fatal(err)
	}
	f, err := policy.Parse("robots.txt", res.Text)
	if err != nil {
		t.Fatal(err)
	}
	pol := policy.NewPolicy(f)
	row := &in.Rows[0]
	names := row.Crawlers
	if row.Any() {
		other, _ := f.OtherCrawler()
		names = []string{other}
	}
	for _, path := range []string{"/page", "/archive/page"} {
		vals, denied := wantAt(row, path)
		for _, n := range names {
			for _, k := range []policy.Kind{policy.KindRFC9309, policy.KindDraft1996, policy.KindACAP} {
				if a := pol.Decide(policy.Question{Crawler: n, URL: path, Kind: k}); a.Allowed == denied {
					t.Errorf("%s %s crawl as %s: allowed=%v, want %v\n%s\n%s", n, path, k, a.Allowed, !denied, a.Trace, res.Text)
				}
			}
			for _, c := range policy.Categories() {
				want := map[Value]policy.Preference{NotStated: policy.PrefUnstated, Yes: policy.PrefAllowed, No: policy.PrefDisallowed}[vals[c]]
				if denied {
					want = policy.PrefNotCrawled
				}
				if a := pol.Decide(policy.Question{Crawler: n, URL: path, Kind: policy.KindToday, Category: c}); a.Preference != want {
					t.Errorf("%s %s %s: %s, want %s\n%s\n%s", n, path, c, a.Preference, want, a.Trace, res.Text)
				}
				if vals[c] == NotStated || c == policy.CategoryAIInput {
					continue
				}
				u := map[policy.Category]policy.Usage{policy.CategorySearch: policy.UsageIndex, policy.CategoryTrainAI: policy.UsagePreserve}[c]
				wantOK := vals[c] == Yes && !denied
				if a := pol.Decide(policy.Question{Crawler: n, URL: path, Kind: policy.KindACAP, Usage: u}); a.Allowed != wantOK {
					t.Errorf("%s %s ACAP %s: allowed=%v, want %v\n%s\n%s", n, path, u, a.Allowed, wantOK, a.Trace, res.Text)
				}
			}
		}
	}
	p, err := Prove(in, nil, f)
	if err != nil {
		t.Fatal(err)
	}
	if !p.OK() {
		t.Errorf("proof has mismatches:\n%s\n%s", p, res.Text)
	}
	if got, want := notExpressibleToday(p, 0), googleNotExpressible(row); got != want {
		t.Errorf("not expressible for today's crawlers: %q, want %q\n%s", got, want, p)
	}
}

// notExpressibleToday lists the today-kind checks of a row marked not
// expressible, as "category@scope" sorted.
func notExpressibleToday(p *Proof, row int) string {
	var out []string
	for _, c := range p.Checks {
		if c.Row == row && c.Kind == policy.KindToday && c.Status == NotExpressible {
			out = append(out, c.Column.String()+"@"+c.Scope)
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// googleNotExpressible is what the design says robots.txt cannot say for
// Googlebot where it may crawl: ai-input no (Search's AI features follow
// the pages' snippet controls), and train-ai or ai-input no while the
// other is not (Google-Extended refuses both at once).
func googleNotExpressible(r *Row) string {
	if len(r.Crawlers) != 1 || r.Crawlers[0] != "Googlebot" {
		return ""
	}
	var out []string
	for _, scope := range []string{"", "/archive/"} {
		if scope != "" && !hasScopes(r) {
			continue
		}
		vals, denied := wantAt(r, scope+"page")
		if scope == "" {
			vals, denied = wantAt(r, "/page")
		}
		if denied {
			continue
		}
		tr, ai := vals[policy.CategoryTrainAI] == No, vals[policy.CategoryAIInput] == No
		if ai {
			out = append(out, "ai-input@"+scope)
		}
		if tr && !ai {
			out = append(out, "train-ai@"+scope)
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func hasScopes(r *Row) bool {
	for _, c := range r.Cells {
		if len(c.Scopes) > 0 {
			return true
		}
	}
	return false
}
