// HelpView: the in-app help pages of app/help, rendered from data
// with go-app's own elements, so every string is escaped.
//
// Wiring (a few lines in the Workbench):
//
//	&HelpView{
//		Page: c.helpPage, // a help.Page ID such as "verdict"; "" shows the first page
//		OnPage: func(id string) { c.helpPage = id }, // optional: keep it, e.g. for #help/<id> links
//		OnOpen: func(name, text string, urls []string, crawler, purpose string) {
//			c.ctx.Dispatch(func(app.Context) { /* open as a new file, never over unsaved work */ })
//		},
//	}
//
// OnOpen receives a name such as "help-verdict-1.txt" (page ID and the
// number of the example) and the example's text; urls, crawler and purpose
// are empty. The page list is made of buttons (Tab and Enter reach
// everything); choosing a page moves the focus to its heading.
package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/help"
)

// HelpView shows the list of help pages and the chosen page.
type HelpView struct {
	app.Compo

	// Page is the ID of the page to show ("" or unknown: the first).
	Page string
	// OnPage, if set, is told the ID of a page the user chose.
	OnPage func(id string)
	// OnOpen opens an example as a new file (see the file comment).
	OnOpen OpenFunc

	ctx     app.Context
	mounted bool
	pages   []help.Page
	sel     string // the page chosen here, overriding Page until Page changes
	lastArg string
}

// OnMount keeps the context for moving the focus.
func (c *HelpView) OnMount(ctx app.Context) { c.ctx, c.mounted = ctx, true }

// OnUpdate follows a new Page from the parent.
func (c *HelpView) OnUpdate(ctx app.Context) {
	if c.Page != c.lastArg {
		c.sel, c.lastArg = "", c.Page
	}
}

// current returns the page shown.
func (c *HelpView) current() help.Page {
	if c.pages == nil {
		c.pages = help.Pages()
	}
	id := c.sel
	if id == "" {
		id = c.Page
	}
	for _, p := range c.pages {
		if p.ID == id {
			return p
		}
	}
	if len(c.pages) == 0 {
		return help.Page{Title: "Help"}
	}
	return c.pages[0]
}

// choose shows page id.
func (c *HelpView) choose(id string) {
	c.sel = id
	if c.OnPage != nil {
		c.OnPage(id)
	}
	if c.mounted && app.IsClient {
		c.ctx.Defer(func(app.Context) {
			if el := app.Window().GetElementByID("wk-help-h"); el.Truthy() {
				el.Call("focus")
			}
		})
	}
}

func (c *HelpView) openExample(p help.Page, i int) {
	if c.OnOpen != nil {
		c.OnOpen("help-"+wkSafeID(p.ID)+"-"+wkItoa(i+1)+".txt", p.Sections[i].Example, nil, "", "")
	}
}

// Render shows the page list and the page.
func (c *HelpView) Render() app.UI {
	page := c.current()
	pages := c.pages
	return app.Div().Class("wk-help").Body(
		app.Nav().Class("wk-help-nav").Aria("label", "Help pages").Body(
			app.Ul().Body(
				app.Range(pages).Slice(func(i int) app.UI {
					p := pages[i]
					b := app.Button().Class("wk-link").Type("button").Text(p.Title).
						OnClick(func(ctx app.Context, e app.Event) { c.choose(p.ID) })
					if p.ID == page.ID {
						b = b.Aria("current", "page")
					}
					return app.Li().Body(b, app.Span().Class("wk-summary-line").Text(p.Summary))
				}),
			),
		),
		app.Article().Class("wk-help-page").Aria("labelledby", "wk-help-h").Body(
			app.H2().ID("wk-help-h").TabIndex(-1).Text(page.Title),
			app.P().Class("wk-lead").Text(page.Summary),
			app.Range(page.Sections).Slice(func(i int) app.UI {
				s := page.Sections[i]
				hid := "wk-help-s" + wkItoa(i+1)
				return app.Section().Body(
					app.H3().ID(hid).Text(s.Heading),
					app.Range(s.Paragraphs).Slice(func(j int) app.UI { return app.P().Text(s.Paragraphs[j]) }),
					app.If(s.Example != "", func() app.UI {
						return app.Div().Class("wk-example").Body(
							app.If(s.ShowsMistake, func() app.UI {
								return app.P().Class("wk-mistake").Text("⚠ This example is wrong on purpose: the checker reports a problem in it.")
							}),
							app.Pre().Class("wk-code").TabIndex(0).Body(app.Code().Text(s.Example)),
							app.Button().Class("btn").Type("button").Aria("describedby", hid).Text("Try this example").
								OnClick(func(ctx app.Context, e app.Event) { c.openExample(page, i) }),
						)
					}),
				)
			}),
		),
	)
}
