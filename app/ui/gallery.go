// Gallery: the example files of web/gallery, grouped into the
// Implementation Guide, the 1996 documents and real publishers' files, each
// with its description, source and the crawlers, purposes and URLs to try.
//
// Wiring (a few lines in the Workbench):
//
//	&Gallery{
//		// Items: nil, so it fetches RootPrefix()+"/web/gallery/gallery.json"
//		// when it mounts (tests and callers may set it instead).
//		OnOpen: func(name, text string, urls []string, crawler, purpose string) {
//			c.ctx.Dispatch(func(app.Context) { /* open as a new file */ })
//		},
//	}
//
// OnOpen receives the file's name (such as "guide-ex-1-1.txt"), its text,
// the entry's URLs, its first suggested crawler and its first purpose ("" if
// none). GalleryItem.Kind (the kind of crawler an entry is meant for, such
// as "draft1996"; "" for acap) is not passed: a wiring that wants it finds
// it with the Gallery's ItemByFile(name). OnOpen must never open
// over unsaved work without asking: use the
// Workbench's offerLoad (which asks) or add the text as a new tab. Load
// errors are shown inside the component (role=alert); nothing is opened
// half-way.
package ui

import (
	"bytes"
	"encoding/json"
	"errors"
	"sort"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// GalleryItem is an entry of web/gallery/gallery.json.
type GalleryItem struct {
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	File        string   `json:"file"`
	Source      string   `json:"source"`
	Description string   `json:"description"`
	URLs        []string `json:"urls"`
	Crawlers    []string `json:"crawlers"`
	Purposes    []string `json:"purposes"`
	Kind        string   `json:"kind,omitempty"` // kind of crawler to try ("" for acap)
}

// Gallery groups, in the order shown.
const (
	GroupGuide = "Implementation Guide"
	Group1996  = "1996 documents"
	GroupReal  = "Real publishers' files"
	GroupToday = "Today's AI crawlers (2026)"
	GroupOther = "Other examples"
)

// GalleryGroup returns the group an entry is shown in, from its ID.
func GalleryGroup(it GalleryItem) string {
	switch {
	case strings.HasPrefix(it.ID, "guide-"):
		return GroupGuide
	case strings.HasPrefix(it.ID, "draft1996-"), strings.HasPrefix(it.ID, "rep-"):
		return Group1996
	case strings.HasPrefix(it.ID, "real-"):
		return GroupReal
	case strings.HasPrefix(it.ID, "today-"):
		return GroupToday
	}
	return GroupOther
}

// idGalleryFilter is the ID of the gallery's filter box.
const idGalleryFilter = "wk-g-filter"

// galleryFilterHTML is the filter: words to find and a group. The browser
// keeps what was typed and chosen; filter reads it.
const galleryFilterHTML = `<div class="wk-filter"><label for="wk-g-filter">Filter</label>` +
	`<input id="wk-g-filter" type="search" placeholder="a site, a crawler, a word" spellcheck="false">` +
	`<label for="wk-g-group" class="sr-only">Group</label><select id="wk-g-group" class="btn">` +
	`<option value="">All groups</option><option>` + GroupToday + `</option><option>` + GroupReal +
	`</option><option>` + GroupGuide + `</option><option>` + Group1996 + `</option></select></div>`

// filter follows the filter's box and group list.
func (c *Gallery) filter(ctx app.Context, e app.Event) {
	t := e.Get("target")
	if v := t.Get("value").String(); t.Get("id").String() == idGalleryFilter {
		c.query = v
	} else {
		c.group = v
	}
}

// ParseGallery reads gallery.json. Entries without a file or a title are
// refused, as is a file name that is not a plain name in the folder.
func ParseGallery(data []byte) ([]GalleryItem, error) {
	var items []GalleryItem
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&items); err != nil {
		return nil, errors.New("the gallery list is not valid JSON: " + err.Error())
	}
	for i, it := range items {
		if it.Title == "" || it.File == "" {
			return nil, errors.New("gallery entry " + wkItoa(i+1) + " has no title or no file")
		}
		if strings.ContainsAny(it.File, "/\\?#") || strings.HasPrefix(it.File, ".") {
			return nil, errors.New("gallery entry " + wkItoa(i+1) + " has a file name that is not a plain name")
		}
	}
	return items, nil
}

type wkGroup struct {
	Name  string
	Items []GalleryItem
}

// galleryGroups are the groups, newest first.
var galleryGroups = []string{GroupToday, GroupReal, GroupGuide, Group1996, GroupOther}

// GalleryName is the name a card is shown under, from its file: the site
// for a publisher's file ("nytimes.com" for today-nytimes.com_2026-01.txt),
// else the file's name without .txt ("guide-ex-4-10").
func GalleryName(it GalleryItem) string {
	n := strings.TrimSuffix(it.File, ".txt")
	for _, p := range []string{"today-", "real-"} {
		if m, ok := strings.CutPrefix(n, p); ok {
			n, _, _ = strings.Cut(m, "_")
		}
	}
	return n
}

// galleryDate is the date in a publisher's file name ("2026-01", "2019"),
// or "".
func galleryDate(it GalleryItem) string {
	_, d, _ := strings.Cut(it.File, "_")
	d, _, _ = strings.Cut(strings.TrimSuffix(d, ".txt"), "_")
	return d
}

// wkGroupItems groups items newest first: the groups in galleryGroups'
// order, the files of a group by the date in their names, newest first,
// else in the order of the list.
func wkGroupItems(items []GalleryItem) []wkGroup {
	by := map[string][]GalleryItem{}
	for _, it := range items {
		g := GalleryGroup(it)
		by[g] = append(by[g], it)
	}
	var out []wkGroup
	for _, g := range galleryGroups {
		if its := by[g]; len(its) > 0 {
			sort.SliceStable(its, func(i, j int) bool { return galleryDate(its[i]) > galleryDate(its[j]) })
			out = append(out, wkGroup{g, its})
		}
	}
	return out
}

// galleryMatch reports whether every word of query is in the entry's
// name, file, title, description or crawlers (case aside).
func galleryMatch(it GalleryItem, query string) bool {
	hay := strings.ToLower(GalleryName(it) + " " + it.File + " " + it.Title + " " + it.Description + " " + strings.Join(it.Crawlers, " "))
	for _, w := range strings.Fields(strings.ToLower(query)) {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// wkFilter keeps the entries of group (all when "") that match query.
func wkFilter(groups []wkGroup, query, group string) (out []wkGroup, n int) {
	for _, g := range groups {
		if group != "" && g.Name != group {
			continue
		}
		var its []GalleryItem
		for _, it := range g.Items {
			if galleryMatch(it, query) {
				its = append(its, it)
			}
		}
		if len(its) > 0 {
			out = append(out, wkGroup{g.Name, its})
			n += len(its)
		}
	}
	return out, n
}

// Gallery lists the example files and opens one as a new file.
type Gallery struct {
	app.Compo

	// Items are the entries; nil makes the component fetch gallery.json
	// when it mounts in the browser (the fetched list is kept inside the
	// component, so a parent that re-renders with Items nil keeps it).
	Items []GalleryItem
	// OnOpen opens an entry's text (see the file comment).
	OnOpen OpenFunc

	ctx     app.Context
	mounted bool
	loaded  []GalleryItem // fetched, when Items is nil
	loading bool
	err     string // the list could not be loaded
	openErr string // an entry could not be opened
	busy    string // ID of the entry being fetched
	// fetch is wkFetchText; tests replace it.
	fetch func(url string, done func(string, error))
	// groups are computed once per Items (not inside Range).
	groups   []wkGroup
	groupsOf []GalleryItem
	// The filter: words to find and the group shown ("" for all).
	query, group string
}

// OnMount fetches the list when Items is nil.
func (c *Gallery) OnMount(ctx app.Context) {
	c.ctx, c.mounted = ctx, true
	if c.Items == nil && c.loaded == nil && !c.loading {
		c.load()
	}
}

// ItemByFile returns the entry whose file is name (for its Kind, say).
func (c *Gallery) ItemByFile(name string) (GalleryItem, bool) {
	for _, it := range c.items() {
		if it.File == name {
			return it, true
		}
	}
	return GalleryItem{}, false
}

// items returns Items, or the fetched list.
func (c *Gallery) items() []GalleryItem {
	if c.Items != nil {
		return c.Items
	}
	return c.loaded
}

func (c *Gallery) fetcher() func(string, func(string, error)) {
	if c.fetch != nil {
		return c.fetch
	}
	return wkFetchText
}

// run applies f on the UI goroutine (directly when not mounted: tests).
func (c *Gallery) run(f func()) {
	if c.mounted {
		c.ctx.Dispatch(func(app.Context) { f() })
		return
	}
	f()
}

func (c *Gallery) load() {
	c.loading = true
	c.fetcher()(RootPrefix()+"/web/gallery/gallery.json", func(text string, err error) {
		c.run(func() {
			c.loading = false
			if err == nil {
				var items []GalleryItem
				if items, err = ParseGallery([]byte(text)); err == nil {
					c.loaded, c.err = items, ""
					return
				}
			}
			c.err = "The gallery could not be loaded: " + err.Error() + "."
		})
	})
}

// open fetches an entry's file and hands it to OnOpen.
func (c *Gallery) open(it GalleryItem) {
	if c.busy != "" {
		return
	}
	c.busy, c.openErr = it.ID, ""
	c.fetcher()(RootPrefix()+"/web/gallery/"+it.File, func(text string, err error) {
		c.run(func() {
			c.busy = ""
			if err != nil {
				c.openErr = "“" + it.File + "” could not be opened: " + err.Error() + ". Nothing was changed."
				return
			}
			if c.OnOpen != nil {
				crawler, purpose := "", ""
				if len(it.Crawlers) > 0 {
					crawler = it.Crawlers[0]
				}
				if len(it.Purposes) > 0 {
					purpose = it.Purposes[0]
				}
				c.OnOpen(it.File, text, append([]string(nil), it.URLs...), crawler, purpose)
			}
		})
	})
}

// clickCard opens the entry of the card whose button was clicked. (One
// handler for every card: go-app keeps an element's handler when only
// the values its closure holds change, so a handler per card would open
// the entry first shown at its place once the filter changed the list.)
func (c *Gallery) clickCard(ctx app.Context, e app.Event) {
	if b := e.Get("target").Call("closest", "button[data-file]"); b.Truthy() {
		if it, ok := c.ItemByFile(b.Call("getAttribute", "data-file").String()); ok {
			c.open(it)
		}
	}
}

func (c *Gallery) retry(ctx app.Context, e app.Event) { c.err = ""; c.load() }

// Render shows the groups. The alert comes last so that it never shifts
// the list (go-app diffs by position).
func (c *Gallery) Render() app.UI {
	items := c.items()
	if !wkSameItems(c.groupsOf, items) {
		c.groups, c.groupsOf = wkGroupItems(items), items
	}
	groups, n := wkFilter(c.groups, c.query, c.group)
	status := ""
	switch {
	case c.loading:
		status = "Loading the gallery…"
	case c.busy != "":
		status = "Opening…"
	case n < len(items):
		status = wkItoa(n) + " of " + wkItoa(len(items)) + " example files, newest first"
	case items != nil:
		status = wkItoa(len(items)) + " example files, newest first"
	}
	return app.Section().Class("wk-gallery").Aria("labelledby", "wk-gallery-h").OnClick(c.clickCard).Body(
		app.H2().ID("wk-gallery-h").Text("Gallery of examples"),
		app.Div().OnInput(c.filter).OnChange(c.filter).Body(app.Raw(galleryFilterHTML)),
		app.P().Class("wk-status").Aria("live", "polite").Text(status),
		app.Range(groups).Slice(func(gi int) app.UI {
			g := groups[gi]
			return app.Section().Class("wk-group").Body(
				app.H3().Text(g.Name),
				app.Ul().Class("wk-cards").Body(
					app.Range(g.Items).Slice(func(i int) app.UI { return c.renderItem(g.Items[i]) }),
				),
			)
		}),
		app.Div().Class("wk-alerts").Body(
			app.If(c.err != "", func() app.UI {
				return app.Div().Class("wk-error").Role("alert").Body(
					app.Span().Text(c.err),
					app.Button().Class("btn").Type("button").Text("Try again").OnClick(c.retry),
				)
			}),
			app.If(c.openErr != "", func() app.UI {
				return app.P().Class("wk-error").Role("alert").Text(c.openErr)
			}),
		),
	)
}

func (c *Gallery) renderItem(it GalleryItem) app.UI {
	hid := "wk-g-" + wkSafeID(it.ID)
	name := GalleryName(it)
	return app.Li().Class("wk-card").Body(
		app.H4().ID(hid).Text(name),
		app.P().Class("wk-title").Text(it.Title),
		app.P().Class("wk-desc").Text(it.Description),
		app.Dl().Class("wk-meta").Body(
			app.Dt().Text("File"),
			app.Dd().Body(app.Code().Text(it.File)),
			app.Dt().Text("Source"),
			app.Dd().Text(it.Source),
			app.Dt().Text("Crawlers to try"),
			app.Dd().Body(wkCodeList(it.Crawlers, "any")),
			app.Dt().Text("Purposes"),
			app.Dd().Body(wkCodeList(it.Purposes, "none")),
			app.Dt().Text("URLs"),
			app.Dd().Body(wkCodeList(it.URLs, "none")),
		),
		app.Button().Class("btn").Type("button").Aria("describedby", hid).
			Disabled(c.busy != "").Body(
			// Named for its file: a list of 56 buttons all called
			// "Open as new file" tells a screen reader nothing.
			app.Text("Open as new file"),
			app.Span().Class("sr-only").Text(" — "+name),
		).DataSet("file", it.File),
	)
}

// wkCodeList renders values as code, separated by commas, or the word
// for none.
func wkCodeList(vs []string, none string) app.UI {
	if len(vs) == 0 {
		return app.Span().Class("wk-none").Text(none)
	}
	return app.Span().Body(app.Range(vs).Slice(func(i int) app.UI {
		if i == 0 {
			return app.Code().Text(vs[i])
		}
		return app.Span().Body(app.Text(", "), app.Code().Text(vs[i]))
	}))
}

func wkSameItems(a, b []GalleryItem) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0]) && (a == nil) == (b == nil)
}
