package ui

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/policy"
)

func TestParseGallery(t *testing.T) {
	data, err := os.ReadFile("../../web/gallery/gallery.json")
	if err != nil {
		t.Fatal(err)
	}
	items, err := ParseGallery(data)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, it := range items {
		count[GalleryGroup(it)]++
	}
	if count[GroupGuide] < 30 || count[Group1996] != 2 || count[GroupReal] < 10 || count[GroupToday] < 4 || count[GroupOther] != 0 {
		t.Errorf("groups of the real gallery: %v", count)
	}

	for _, tc := range []struct {
		name, json, err string
	}{
		{"not json", `{`, "not valid JSON"},
		{"no title", `[{"id":"a","file":"a.txt"}]`, "no title"},
		{"path", `[{"id":"a","title":"A","file":"../secret.txt"}]`, "not a plain name"},
		{"slash", `[{"id":"a","title":"A","file":"x/a.txt"}]`, "not a plain name"},
		{"query", `[{"id":"a","title":"A","file":"a.txt?x"}]`, "not a plain name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseGallery([]byte(tc.json))
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("err = %v, want %q", err, tc.err)
			}
		})
	}
}

func TestGalleryGroup(t *testing.T) {
	for id, want := range map[string]string{
		"guide-ex-1-1":            GroupGuide,
		"guide-annex-persgroep":   GroupGuide,
		"draft1996-fict-org":      Group1996,
		"rep-2-0-0-proposal":      Group1996,
		"real-wsj-com-2015-09":    GroupReal,
		"today-lobste-rs-2026-01": GroupToday,
		"mine":                    GroupOther,
	} {
		if got := GalleryGroup(GalleryItem{ID: id}); got != want {
			t.Errorf("GalleryGroup(%s) = %s, want %s", id, got, want)
		}
	}
}

func wkGalleryFixture() []GalleryItem {
	return []GalleryItem{
		{ID: "real-x", Title: "Real one", File: "real-x.txt", Source: "corpus/acap-real/x.txt — " + wkEvil, Description: "A real file. " + wkEvil,
			URLs: []string{"/", "/a?q=" + wkEvil}, Crawlers: []string{"SearchBot1", "OtherBot"}},
		{ID: "guide-ex-9-9", Title: "Guide " + wkEvil, File: "guide-ex-9-9.txt", Source: "Guide", Description: "First.",
			URLs: []string{"/news/"}, Crawlers: []string{"SearchBot1"}, Purposes: []string{"news", "sport"}},
		{ID: "draft1996-y", Title: "Old", File: "draft1996-y.txt", Source: "1996", Description: "Old file."},
	}
}

func TestGalleryRender(t *testing.T) {
	html := app.HTMLString(&Gallery{Items: wkGalleryFixture()})
	wkAssertEscaped(t, html)
	wkMustContain(t, html,
		`<h2 id="wk-gallery-h">Gallery of examples</h2>`, "3 example files", `aria-live="polite"`,
		"<dt>Source</dt>", "<code>SearchBot1</code>", "<code>news</code>", "<code>sport</code>", "<code>/news/</code>",
		`aria-describedby="wk-g-guide-ex-9-9"`, `id="wk-g-guide-ex-9-9"`, "Open as new file", `<span class="sr-only"> — x</span>`,
		`<h4 id="wk-g-real-x">x</h4>`, `<p class="wk-title">Real one</p>`, "<dt>File</dt>", "<code>real-x.txt</code>",
		`<span class="wk-none">any</span>`, `<span class="wk-none">none</span>`, `id="wk-g-filter"`, `type="search"`, `<label for="wk-g-filter">Filter</label>`,
	)
	// Groups newest first, whatever the order of the list.
	r, g, d := strings.Index(html, "Real publishers&#39;"), strings.Index(html, `<h3>`+GroupGuide), strings.Index(html, `<h3>`+Group1996)
	if !(r >= 0 && r < g && g < d) {
		t.Errorf("groups out of order: real %d, guide %d, 1996 %d", r, g, d)
	}
	if n := strings.Count(html, "<button"); n != 3 {
		t.Errorf("%d buttons, want 3", n)
	}
}

// TestGalleryNameOrderFilter: cards are named for their files, the
// newest first, and the filter keeps the entries with every word typed.
func TestGalleryNameOrderFilter(t *testing.T) {
	for file, want := range map[string]string{
		"today-nytimes.com_2026-01.txt":       "nytimes.com",
		"real-the-acap.org_2009-10_faq20.txt": "the-acap.org",
		"real-independent.ie_2019.txt":        "independent.ie",
		"guide-ex-4-10.txt":                   "guide-ex-4-10",
		"draft1996-fict-org.txt":              "draft1996-fict-org",
	} {
		if got := GalleryName(GalleryItem{File: file}); got != want {
			t.Errorf("GalleryName(%s) = %q, want %q", file, got, want)
		}
	}
	data, err := os.ReadFile("../../web/gallery/gallery.json")
	if err != nil {
		t.Fatal(err)
	}
	items, err := ParseGallery(data)
	if err != nil {
		t.Fatal(err)
	}
	groups := wkGroupItems(items)
	var names, order []string
	for _, g := range groups {
		order = append(order, g.Name)
		for _, it := range g.Items {
			names = append(names, GalleryName(it))
		}
	}
	if want := []string{GroupToday, GroupReal, GroupGuide, Group1996}; !reflect.DeepEqual(order, want) {
		t.Errorf("groups %q, want %q", order, want)
	}
	if names[0] != "lobste.rs" || names[len(names)-1] != "draft1996-fict-org" {
		t.Errorf("first %q, last %q", names[0], names[len(names)-1])
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			t.Errorf("two cards are named %q", n)
		}
		seen[n] = true
	}
	// Within the real files, by date, newest first.
	real := groups[1].Items
	for i := 1; i < len(real); i++ {
		if galleryDate(real[i-1]) < galleryDate(real[i]) {
			t.Errorf("%s before %s", real[i-1].File, real[i].File)
		}
	}
	for _, tc := range []struct {
		query, group string
		want         []string
	}{
		{"nytimes", "", []string{"nytimes.com"}},
		{"NYTIMES.com", "", []string{"nytimes.com"}},
		{"thumbnails snippets", "", []string{"guide-ex-4-10"}},
		{"cloudflare", GroupToday, []string{"davidguetta.com"}},
		{"cloudflare", Group1996, nil},
		{"", Group1996, []string{"rep-2-0-0-proposal", "draft1996-fict-org"}},
		{"no such words", "", nil},
	} {
		got, n := wkFilter(groups, tc.query, tc.group)
		var gotNames []string
		for _, g := range got {
			for _, it := range g.Items {
				gotNames = append(gotNames, GalleryName(it))
			}
		}
		if !reflect.DeepEqual(gotNames, tc.want) || n != len(tc.want) {
			t.Errorf("filter %q in %q: %q (%d), want %q", tc.query, tc.group, gotNames, n, tc.want)
		}
	}
}

func TestGalleryOpen(t *testing.T) {
	items := wkGalleryFixture()
	for _, tc := range []struct {
		name                   string
		item                   GalleryItem
		fail                   bool
		wantCrawler, wantPurpo string
	}{
		{"first crawler, no purpose", items[0], false, "SearchBot1", ""},
		{"first purpose", items[1], false, "SearchBot1", "news"},
		{"no crawler", items[2], false, "", ""},
		{"fetch fails", items[0], true, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := "/web/gallery/" + tc.item.File
			f := &wkFakeFetch{files: map[string]string{url: "User-agent: *\n" + wkEvil}}
			if tc.fail {
				f.fail = map[string]error{url: errors.New("offline")}
			}
			var calls int
			var gotName, gotText, gotCrawler, gotPurpose string
			var gotURLs []string
			c := &Gallery{Items: items, fetch: f.fetch, OnOpen: func(name, text string, urls []string, crawler, purpose string) {
				calls++
				gotName, gotText, gotURLs, gotCrawler, gotPurpose = name, text, urls, crawler, purpose
			}}
			c.open(tc.item)
			if !reflect.DeepEqual(f.asked, []string{url}) {
				t.Errorf("fetched %v", f.asked)
			}
			html := app.HTMLString(c)
			if tc.fail {
				if calls != 0 {
					t.Error("OnOpen called although the file could not be fetched")
				}
				wkMustContain(t, html, `role="alert"`, "could not be opened: offline. Nothing was changed.")
				return
			}
			if calls != 1 || gotName != tc.item.File || gotText != "User-agent: *\n"+wkEvil ||
				gotCrawler != tc.wantCrawler || gotPurpose != tc.wantPurpo || !reflect.DeepEqual(gotURLs, tc.item.URLs) {
				t.Errorf("OnOpen(%q, %q, %v, %q, %q) ×%d", gotName, gotText, gotURLs, gotCrawler, gotPurpose, calls)
			}
			if strings.Contains(html, `role="alert"`) {
				t.Error("an alert after a successful open")
			}
		})
	}
}

func TestGalleryLoad(t *testing.T) {
	f := &wkFakeFetch{}
	c := &Gallery{fetch: f.fetch}
	c.load()
	if len(c.items()) < 40 || c.err != "" {
		t.Fatalf("loaded %d items, err %q", len(c.items()), c.err)
	}
	html := app.HTMLString(c)
	wkMustContain(t, html, "Keep every crawler out", "Real publishers&#39; files", "1996 documents")
	if it, ok := c.ItemByFile("draft1996-fict-org.txt"); !ok || it.Kind != "draft1996" {
		t.Errorf("ItemByFile: %+v %v", it, ok)
	}
	if _, ok := c.ItemByFile("nope.txt"); ok {
		t.Error("ItemByFile found a file that is not there")
	}
	// A parent that renders the component again with Items nil keeps
	// the fetched list (go-app copies the parent's exported fields).
	c.Items = nil
	c.OnMount(app.Context{})
	if len(f.asked) != 1 || len(c.items()) < 40 {
		t.Errorf("fetched %v; %d items", f.asked, len(c.items()))
	}

	f = &wkFakeFetch{files: map[string]string{"/web/gallery/gallery.json": `[{"title":"` + strings.ReplaceAll(wkEvil, `"`, `\"`) + `"}]`}}
	c = &Gallery{fetch: f.fetch}
	c.load()
	html = app.HTMLString(c)
	wkMustContain(t, html, `role="alert"`, "The gallery could not be loaded", ">Try again</button>")
	if c.items() != nil {
		t.Error("items kept from a bad list")
	}
}

// TestGallery checks the sample gallery: every entry is complete, its file
// exists and parses, ids are unique, every file of the folder is listed, and
// every robots.txt example of the Implementation Guide is there.
func TestGallery(t *testing.T) {
	data, err := os.ReadFile("../../web/gallery/gallery.json")
	if err != nil {
		t.Fatal(err)
	}
	var items []GalleryItem
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&items); err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	files := map[string]bool{}
	for _, it := range items {
		t.Run(it.ID, func(t *testing.T) {
			if it.ID == "" || ids[it.ID] {
				t.Errorf("id %q is empty or used twice", it.ID)
			}
			ids[it.ID] = true
			for _, r := range it.ID {
				if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
					t.Errorf("id %q is not lower-case letters, digits and hyphens", it.ID)
					break
				}
			}
			if it.Title == "" || it.Source == "" || len(it.URLs) == 0 || len(it.Crawlers) == 0 {
				t.Errorf("incomplete entry: %+v", it)
			}
			if n := strings.Count(it.Description, ". ") + 1; n < 2 || n > 4 {
				t.Errorf("description has %d sentences; want 2 to 4: %q", n, it.Description)
			}
			if _, ok := policy.ParseKind(it.Kind); !ok {
				t.Errorf("kind %q is unknown", it.Kind)
			}
			files[it.File] = true
			src, err := os.ReadFile(filepath.Join("../../web/gallery", it.File))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := policy.Parse("/robots.txt", src); err != nil {
				t.Fatal(err)
			}
		})
	}
	txts, _ := filepath.Glob("../../web/gallery/*.txt")
	for _, p := range txts {
		if !files[filepath.Base(p)] {
			t.Errorf("%s is not listed in gallery.json", filepath.Base(p))
		}
	}
	for _, ex := range []string{"1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-1", "2-2", "3-1", "3-2", "3-3",
		"4-1", "4-3", "4-4", "4-5", "4-7", "4-8", "4-10", "4-11", "4-13", "4-14",
		"5-1", "5-2", "5-4", "5-5", "5-7", "5-8", "5-11", "5-12", "5-13", "5-14", "5-15", "5-16"} {
		if !ids["guide-ex-"+ex] {
			t.Errorf("Implementation Guide Example %s is missing", strings.ReplaceAll(ex, "-", "."))
		}
	}
	for _, id := range []string{"guide-annex-persgroep", "rep-2-0-0-proposal", "draft1996-fict-org"} {
		if !ids[id] {
			t.Errorf("%s is missing", id)
		}
	}
}

// TestStartEntry: the start screen opens nytimes.com's 2026 file with
// the settings of its gallery entry.
func TestStartEntry(t *testing.T) {
	data, err := os.ReadFile("../../web/gallery/gallery.json")
	if err != nil {
		t.Fatal(err)
	}
	items, err := ParseGallery(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if it.File == startEntry.File {
			if it.Kind != startEntry.Kind || !reflect.DeepEqual(it.URLs, startEntry.URLs) || it.Crawlers[0] != startEntry.Crawlers[0] || len(it.Purposes) != 0 {
				t.Errorf("the start screen's entry %+v differs from the gallery's %+v", startEntry, it)
			}
			if k, ok := policy.ParseKind(it.Kind); !ok || k != policy.KindToday {
				t.Errorf("kind %q", it.Kind)
			}
			return
		}
	}
	t.Errorf("%s is not in the gallery", startEntry.File)
}
