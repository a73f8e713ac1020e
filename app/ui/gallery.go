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

// wkGroupItems groups items in the fixed group order, keeping the order of
// the list inside a group.
func wkGroupItems(items []GalleryItem) []wkGroup {
	order := []string{GroupGuide, Group1996, GroupReal, GroupToday, GroupOther}
	by := map[string][]GalleryItem{}
	for _, it := range items {
		g := GalleryGroup(it)
		by[g] = append(by[g], it)
	}
	var out []wkGroup
	for _, g := range order {
		if len(by[g]) > 0 {
			out = append(out, wkGroup{g, by[g]})
		}
	}
	return out
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
				c.openErr = "“" + it.Title + "” could not be opened: " + err.Error() + ". Nothing was changed."
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

func (c *Gallery) retry(ctx app.Context, e app.Event) { c.err = ""; c.load() }

// Render shows the groups. The alert comes last so that it never shifts
// the list (go-app diffs by position).
func (c *Gallery) Render() app.UI {
	items := c.items()
	if !wkSameItems(c.groupsOf, items) {
		c.groups, c.groupsOf = wkGroupItems(items), items
	}
	groups := c.groups
	status := ""
	switch {
	case c.loading:
		status = "Loading the gallery…"
	case c.busy != "":
		status = "Opening…"
	case items != nil:
		status = wkItoa(len(items)) + " example files"
	}
	return app.Section().Class("wk-gallery").Aria("labelledby", "wk-gallery-h").Body(
		app.H2().ID("wk-gallery-h").Text("Gallery of examples"),
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
	return app.Li().Class("wk-card").Body(
		app.H4().ID(hid).Text(it.Title),
		app.P().Class("wk-desc").Text(it.Description),
		app.Dl().Class("wk-meta").Body(
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
			app.Span().Class("sr-only").Text(" — "+it.Title),
		).
			OnClick(func(ctx app.Context, e app.Event) { c.open(it) }),
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
