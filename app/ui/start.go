// Start screen: the choice a first visit opens on (see the help page
// "start"). "AI crawlers and my content" opens nytimes.com's 2026 file of
// the gallery, read as today's crawlers read it, with the policy builder;
// "ACAP" the welcome example, simulated as an ACAP crawler; "Workshop" the
// exercises. An example never replaces the visitor's own text: it stays in
// a tab of its own (openAsNew with keepAll).
package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/policy"
)

// KeyStart records that the start screen was answered (a choice, or
// Close): it does not open by itself again.
const KeyStart = keyPrefix + "start"

// startEntry is the gallery's entry that "AI crawlers and my content"
// opens, as web/gallery/gallery.json has it (a unit test checks that).
var startEntry = GalleryItem{File: "today-nytimes.com_2026-01.txt", Kind: "today", Crawlers: []string{"Googlebot"},
	URLs: []string{"/", "/2026/01/15/world/story.html", "/athletic/", "/ads/x"}}

// The start screen's states (Workbench.start).
const (
	startFirst = 1 // opened by a first visit
	startAgain = 2 // opened with the Start button
)

// startOnFirstVisit opens the start screen when nothing was saved, nothing
// was kept or recovered, no shared workspace is shown and the screen was
// never answered.
func (c *Workbench) startOnFirstVisit() {
	_, saved, err := storageGet(KeyDoc)
	_, seen, _ := storageGet(KeyStart)
	if saved || seen || err != nil || c.notice != "" || c.ws.sharedView || c.shareErr != nil || len(c.ws.kept) > 0 {
		return
	}
	c.start = startFirst
	c.focusSoon("start-ai")
}

func (c *Workbench) openStart(ctx app.Context, e app.Event) {
	c.start = startAgain
	c.focusSoon("start-ai")
}

// focusSoon moves the focus to the element with ID id once the page is
// drawn anew, in a task of its own: moving the focus lays the page out,
// which at the workbench's start would lengthen the start's task. It goes
// before the work already waiting for a frame (a simulation's slices).
func (c *Workbench) focusSoon(id string) {
	c.ctx.Defer(func(app.Context) { afterPaintFirst(func() { byID(id).Call("focus") }) })
}

// closeStart closes the start screen, remembers that it was answered and
// moves the focus to the element with ID focus.
func (c *Workbench) closeStart(focus string) {
	c.start = 0
	_ = storageSet(KeyStart, "1")
	c.focusSoon(focus)
}

// startChoose carries out a choice of the start screen.
func (c *Workbench) startChoose(id string) {
	switch id {
	case "ai":
		c.choosePanel(PanelBuilder)
		c.closeStart("ptab-" + PanelBuilder)
		wkFetchText(RootPrefix()+"/web/gallery/"+startEntry.File, func(text string, err error) {
			c.ctx.Dispatch(func(app.Context) {
				if err != nil {
					c.notice = "“" + startEntry.File + "” could not be opened: " + err.Error() + ". Nothing was changed."
					return
				}
				it := startEntry
				c.openAsNew(it.File, text, it.URLs, it.Crawlers[0], "", policy.KindToday, true)
				// The file moved the panels (on a phone, they follow its
				// problems): the focused tab is brought back into view,
				// the builder under it.
				afterPaint(func() {
					a := app.Window().Get("document").Get("activeElement")
					if r := a.Call("getBoundingClientRect"); a.Get("id").String() == "ptab-"+PanelBuilder &&
						(r.Get("top").Float() < 0 || r.Get("bottom").Float() > app.Window().Get("innerHeight").Float()) {
						a.Call("scrollIntoView")
					}
				})
			})
		})
	case "acap":
		c.choosePanel(PanelSim)
		c.closeStart(idInput)
		c.openAsNew("robots.txt", Welcome, nil, "", "", policy.KindACAP, true)
	case "workshop":
		c.choosePanel(PanelExercises)
		c.closeStart("ptab-" + PanelExercises)
	case "gallery":
		c.choosePanel(PanelGallery)
		c.closeStart(idGalleryFilter)
	case "help":
		c.showHelp("start")
		c.closeStart("ptab-" + PanelHelp)
	default: // Close: what is in the editor stays
		focus := idInput
		if c.start == startAgain {
			focus = "start-open"
		}
		c.closeStart(focus)
	}
}

// startHTML is the start screen: a modal dialog of three choices, the
// help, the gallery and Close (also Escape). A choice is a card, which a
// click anywhere chooses, around a button named by its title and
// described by its text; data-start names it.
const startHTML = `<div id="start" class="dialog start" role="dialog" aria-modal="true" aria-labelledby="start-h">` +
	`<h2 id="start-h">What would you like to do?</h2>` +
	`<p class="start-lead">Write, check and test robots.txt files, here in your browser: nothing you type leaves your computer.</p>` +
	`<div class="start-choices">` +
	`<div class="start-choice" data-start="ai"><button type="button" id="start-ai" class="start-title" aria-describedby="start-ai-d">AI crawlers and my content</button>` +
	`<span id="start-ai-d" class="start-text">Say which crawlers may use your pages for search, AI training and AI answers: the policy builder writes it into robots.txt ` +
	`in every vocabulary and proves it. Starts on nytimes.com's file of January 2026.</span></div>` +
	`<div class="start-choice" data-start="acap"><button type="button" id="start-acap" class="start-title" aria-describedby="start-acap-d">ACAP</button>` +
	`<span id="start-acap-d" class="start-text">Write and test ACAP 1.1 records (index, preserve, present, time limits) and see what an ACAP crawler may do with each page. ` +
	`Starts on an ACAP example.</span></div>` +
	`<div class="start-choice" data-start="workshop"><button type="button" id="start-workshop" class="start-title" aria-describedby="start-workshop-d">Workshop</button>` +
	`<span id="start-workshop-d" class="start-text">Exercises whose checks turn green as you fix the file, for a training session or on your own.</span></div>` +
	`</div>` +
	`<div class="dialog-buttons"><button type="button" id="start-help" class="btn" data-start="help">Help</button>` +
	`<button type="button" id="start-gallery" class="btn" data-start="gallery">Browse the gallery</button>` +
	`<button type="button" id="start-close" class="btn" data-start="close">Close</button></div>` +
	`<p class="help">Your own text is never replaced: an example opens in front of it, and your file stays in a tab of its own. ` +
	`The Start button at the top of the page brings this choice back.</p></div>`

// renderStart is the start screen over the page, which is inert meanwhile.
// The page pre-rendered for the static site holds it too, as start-pre:
// its CSS shows it only on a first visit (web/guard.js marks one before
// the page is drawn), so that a first visit sees the screen with the page
// instead of once the workbench has started, which then draws the same
// screen in its place.
func (c *Workbench) renderStart() app.UI {
	if app.IsServer {
		return app.Div().Class("overlay start-overlay start-pre").Body(app.Raw(startHTML))
	}
	return app.Div().Class("overlay start-overlay").OnClick(c.startEvent).OnKeyDown(c.startEvent).Body(app.Raw(startHTML))
}

// startEvent answers a click on a choice, or Escape.
func (c *Workbench) startEvent(ctx app.Context, e app.Event) {
	if e.Get("type").String() == "keydown" {
		if e.Get("key").String() == "Escape" {
			c.startChoose("")
		}
		return
	}
	if b := e.Get("target").Call("closest", "[data-start]"); b.Truthy() {
		c.startChoose(b.Call("getAttribute", "data-start").String())
	}
}

// inert is the value of the inert attribute of the page behind the start
// screen: "inert" while it is shown, else "" (no attribute).
func (c *Workbench) inert() string {
	if c.start != 0 {
		return "inert"
	}
	return ""
}
