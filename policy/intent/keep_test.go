package intent

import (
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/internal/obey"
)

// exerciseIntent is the builder exercise's intent on foxnews.com's file:
// search engines may use the pages for search; AI training crawlers may
// not train on them (they fetch for nothing else); AI search engines and
// assistants may use them for AI answers, except under /archive/.
func exerciseIntent() *Intent {
	return &Intent{Rows: []Row{
		{Name: "Search engines", Crawlers: []string{"Googlebot", "bingbot", "Applebot"},
			Cells: []Cell{catCell(policy.CategorySearch, Yes)}},
		{Name: "AI training crawlers", Crawlers: []string{"GPTBot", "CCBot", "ClaudeBot"}, Uses: []policy.Category{policy.CategoryTrainAI},
			Cells: []Cell{catCell(policy.CategoryTrainAI, No)}},
		{Name: "AI search and assistants", Crawlers: []string{"OAI-SearchBot", "PerplexityBot", "Claude-SearchBot"},
			Uses:  []policy.Category{policy.CategorySearch, policy.CategoryAIInput},
			Cells: []Cell{catCell(policy.CategoryAIInput, Yes, Scope{Path: "/archive/", Value: No})}},
	}}
}

// starDisallowPaths returns a path under each Disallow line of the groups
// for * (a wildcard read as "x", a final '$' left out).
func starDisallowPaths(f *policy.File) []string {
	rules, _ := obey.Star(f)
	var out []string
	for _, r := range rules {
		v := strings.TrimSpace(r.Value.Text)
		if r.Kind != policy.FieldDisallow || v == "" || obey.WholeSite(v) {
			continue
		}
		p := strings.ReplaceAll(strings.TrimSuffix(v, "$"), "*", "x")
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		if !strings.HasSuffix(v, "$") {
			p += "x"
		}
		out = append(out, p)
	}
	return out
}

// TestWriteKeepsStarRules writes intents into real files whose group for *
// disallows paths and checks, for every crawler the intent gives a group
// of its own (and the row of every other crawler), that RFC 9309 and
// today's crawlers answer crawl on those paths as before, unless the
// intent refuses crawling there (or a line for the whole site decided it
// before: the intent decides the whole site); and that the proof, over
// every path, says so. A crawler named by a group reads only that group: a builder
// that wrote "Allow: /" for Googlebot opened foxnews.com's
// /printer_friendly_story/ to it.
func TestWriteKeepsStarRules(t *testing.T) {
	files := []string{"www.foxnews.com.txt", "www.cambridge.org.txt", "www.washingtonpost.com.txt", "www.theguardian.com.txt", "www.nytimes.com.txt"}
	intents := []struct {
		name string
		in   func() *Intent
	}{
		{"exercise", exerciseIntent},
		{"with every other crawler", mergeIntent},
	}
	for _, name := range files {
		for _, it := range intents {
			t.Run(name+"/"+it.name, func(t *testing.T) {
				f := corpusFile(t, name, name)
				paths := starDisallowPaths(f)
				if len(paths) == 0 {
					t.Fatalf("%s: the group for * disallows nothing", name)
				}
				in := it.in()
				res, err := Write(in, f)
				if err != nil {
					t.Fatal(err)
				}
				out := policy.MustParse(string(res.Text))
				pl := makePlan(in)
				// The intent decides the whole site: a crawler's own
				// Disallow: / (or the group for *'s) gives way to it.
				before, after := policy.NewPolicy(withoutWholeSite(f)), policy.NewPolicy(out)
				other, _ := out.OtherCrawler()
				for _, rp := range pl.rows {
					names := rp.crawlers
					if rp.row.Any() {
						names = []string{other}
					}
					for _, n := range names {
						for _, p := range paths {
							for _, k := range []policy.Kind{policy.KindRFC9309, policy.KindToday} {
								q := policy.Question{Crawler: n, URL: p, Kind: k, Usage: policy.UsageCrawl}
								want := before.Decide(q).Allowed && !deniedAt(rp.regions, rp.denied, p)
								if got := after.Decide(q); got.Allowed != want {
									t.Errorf("%s, %s as %s: allowed=%v, want %v (as before, unless the intent refuses)\n%s", n, p, k, got.Allowed, want, got.Trace)
								}
							}
						}
					}
				}
				proof, err := Prove(in, f, out)
				if err != nil {
					t.Fatal(err)
				}
				if !proof.OK() {
					t.Errorf("mismatches:\n%s", proof)
				}
				kept := map[string]bool{}
				for _, c := range proof.Checks {
					if c.AllPaths && c.Status == Proved {
						kept[c.RowName+" "+c.Kind.String()] = true
					}
				}
				for _, rp := range pl.rows {
					for _, k := range []policy.Kind{policy.KindRFC9309, policy.KindToday} {
						if !kept[rowTitle(&rp)+" "+k.String()] {
							t.Errorf("no check over every path proves %s as %s:\n%s", rowTitle(&rp), k, proof)
						}
					}
				}
			})
		}
	}
}

// TestWriteKeepsStarLines checks on small files what a crawler's new group
// keeps of the group for * it read: every Allow and Disallow line for a
// part of the site, in the publisher's order, but those the intent's
// refusals make moot; the Content-Usage and Content-Signal labels the
// intent does not set; and that the intent decides the whole site.
func TestWriteKeepsStarLines(t *testing.T) {
	search := catCell(policy.CategorySearch, Yes)
	tests := []struct {
		name string
		file string
		row  Row
		want string // the lines of the row's group after its User-agent lines
	}{
		{"disallows kept", "User-agent: *\nDisallow: /private/\nDisallow: /*.pdf$\n",
			Row{Crawlers: []string{"Googlebot"}, Cells: []Cell{search}},
			"Disallow: /private/|Disallow: /*.pdf$|Content-Usage: search=y|Content-Signal: search=yes"},
		{"allow inside a disallow kept", "User-agent: *\nDisallow: /a/\nAllow: /a/public/\n",
			Row{Crawlers: []string{"Googlebot"}, Cells: []Cell{search}},
			"Disallow: /a/|Allow: /a/public/|Content-Usage: search=y|Content-Signal: search=yes"},
		{"the whole site is the intent's", "User-agent: *\nDisallow: /\nDisallow: /tmp/\n",
			Row{Crawlers: []string{"Googlebot"}, Cells: []Cell{search}},
			"Disallow: /tmp/|Content-Usage: search=y|Content-Signal: search=yes"},
		{"refused whole: only Disallow: /", "User-agent: *\nDisallow: /tmp/\nAllow: /tmp/ok\n",
			Row{Crawlers: []string{"GPTBot"}, Uses: []policy.Category{policy.CategoryTrainAI}, Cells: []Cell{catCell(policy.CategoryTrainAI, No)}},
			"Disallow: /"},
		{"an Allow that would open a refused scope", "User-agent: *\nDisallow: /a\nAllow: /archive/open/\nAllow: /*.css\n",
			Row{Crawlers: []string{"GPTBot"}, Uses: []policy.Category{policy.CategoryTrainAI}, Cells: []Cell{catCell(policy.CategoryTrainAI, Yes, Scope{Path: "/archive/", Value: No})}},
			"Disallow: /archive/|Disallow: /a|Allow: /*.css|Content-Usage: train-ai=y|Content-Signal: ai-train=yes"},
		{"a long wildcard Allow is kept out of a refused scope", "User-agent: *\nDisallow: /*?\nAllow: /*?mode=*\n",
			Row{Crawlers: []string{"GPTBot"}, Uses: []policy.Category{policy.CategoryTrainAI}, Cells: []Cell{catCell(policy.CategoryTrainAI, Yes, Scope{Path: "/archive/", Value: No})}},
			"Disallow: /archive/|Disallow: /archive/*?mode=*|Disallow: /*?|Allow: /*?mode=*|Content-Usage: train-ai=y|Content-Signal: ai-train=yes"},
		{"labels the intent does not set", "User-agent: *\nDisallow: /x/\nContent-Usage: train-ai=n\nContent-Signal: ai-train=no, ai-input=no\n",
			Row{Crawlers: []string{"Googlebot"}, Cells: []Cell{search}},
			"Disallow: /x/|Content-Usage: train-ai=n, search=y|Content-Signal: search=yes, ai-input=no, ai-train=no"},
		{"labels the intent sets", "User-agent: *\nDisallow: /x/\nContent-Usage: search=n, train-ai=n\n",
			Row{Crawlers: []string{"Googlebot"}, Cells: []Cell{search}},
			"Disallow: /x/|Content-Usage: train-ai=n, search=y|Content-Signal: search=yes"},
		{"labels under a path", "User-agent: *\nDisallow: /x/\nContent-Usage: /drafts/ train-ai=n\n",
			Row{Crawlers: []string{"Googlebot"}, Cells: []Cell{search}},
			"Disallow: /x/|Content-Usage: search=y|Content-Usage: /drafts/ train-ai=n, search=y|Content-Signal: search=yes"},
		{"a crawler with a group of its own keeps its own", "User-agent: *\nDisallow: /x/\n\nUser-agent: Googlebot\nDisallow: /\nDisallow: /g/\n",
			Row{Crawlers: []string{"Googlebot"}, Cells: []Cell{search}},
			"Disallow: /g/|Content-Usage: search=y|Content-Signal: search=yes"},
		{"a crawler that says nothing more keeps reading as before", "User-agent: *\nAllow: /\n",
			Row{Crawlers: []string{"Googlebot"}, Cells: []Cell{search}},
			"Allow: /|Content-Usage: search=y|Content-Signal: search=yes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := &Intent{Rows: []Row{tt.row}}
			f := policy.MustParse(tt.file)
			res, err := Write(in, f)
			if err != nil {
				t.Fatal(err)
			}
			out := policy.MustParse(string(res.Text))
			if got := strings.Join(groupLines(out, tt.row.Crawlers[0]), "|"); got != tt.want {
				t.Errorf("group:\n%s\nwant:\n%s\n\n%s", strings.ReplaceAll(got, "|", "\n"), strings.ReplaceAll(tt.want, "|", "\n"), res.Text)
			}
			p, err := Prove(in, f, out)
			if err != nil {
				t.Fatal(err)
			}
			if !p.OK() || p.Count(NotProved) > 0 {
				t.Errorf("proof:\n%s\n%s", p, res.Text)
			}
			again, err := Write(in, out)
			if err != nil {
				t.Fatal(err)
			}
			if string(again.Text) != string(res.Text) {
				t.Errorf("writing again changed the file:\n%s\n---\n%s", res.Text, again.Text)
			}
		})
	}
}

// groupLines returns the lines after the User-agent lines of the builder's
// group that names crawler, up to the next blank line.
func groupLines(f *policy.File, crawler string) []string {
	var out []string
	in, inBlock := false, false
	for _, l := range f.Lines {
		t := strings.TrimSpace(f.LineText(l.Num))
		switch {
		case t == beginMarker:
			inBlock = true
		case !inBlock:
		case t == "" || strings.HasPrefix(t, "#"):
			if in && len(out) > 0 {
				return out
			}
		case strings.EqualFold(t, "User-agent: "+crawler):
			in = true
		case strings.HasPrefix(t, "User-agent: "):
		case in:
			out = append(out, t)
		}
	}
	return out
}

// TestProveFindsLinesTakenAway: the check over every path finds, with the
// shortest witness, a group that takes away a line of the group for *
// that its crawlers read, even where no check at a witness looks.
func TestProveFindsLinesTakenAway(t *testing.T) {
	before := policy.MustParse("User-agent: *\nDisallow: /printer_friendly_story/\nDisallow: /xid\n")
	in := &Intent{Rows: []Row{{Name: "search", Crawlers: []string{"Googlebot"}, Cells: []Cell{catCell(policy.CategorySearch, Yes)}}}}
	// What the builder wrote before it kept the lines: its own group, with
	// Allow: / alone.
	after := policy.MustParse("User-agent: *\nDisallow: /printer_friendly_story/\nDisallow: /xid\n\nUser-agent: Googlebot\nAllow: /\nContent-Usage: search=y\nContent-Signal: search=yes\n")
	p, err := Prove(in, before, after)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range p.Checks {
		if c.AllPaths && c.Status == Differs {
			got = append(got, c.String())
		}
	}
	want := "✗ | search | crawl | every path | rfc9309 | not allowed, as before (line 3 of the file as it was: Disallow: /xid) | Googlebot at /xid: allowed, line 6 (Allow: /)"
	if len(got) == 0 || got[0] != want {
		t.Errorf("checks over every path that differ:\n%s\nwant first:\n%s", strings.Join(got, "\n"), want)
	}
	if p.OK() {
		t.Error("the proof says the file says the intent")
	}
}
