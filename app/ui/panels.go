package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/policy"
)

// The side panels, by ID. A share link names the open one.
const (
	PanelSim       = "sim"
	PanelGallery   = "gallery"
	PanelExercises = "exercises"
	PanelSignals   = "signals"
	PanelHelp      = "help"
)

// Panels are the side panels in the order of their tabs.
var Panels = []struct{ ID, Label string }{
	{PanelSim, "Simulate"},
	{PanelGallery, "Gallery"},
	{PanelExercises, "Exercises"},
	{PanelSignals, "Today's signals"},
	{PanelBuilder, "Build a policy"},
	{PanelVersions, "What changes?"},
	{PanelHelp, "Help"},
}

// ValidPanel reports whether id names a side panel.
func ValidPanel(id string) bool {
	for _, p := range Panels {
		if p.ID == id {
			return true
		}
	}
	return false
}

// KeyPresenter keeps presenter mode on between visits.
const KeyPresenter = keyPrefix + "presenter"

// presenterFontSize is the editor's font size in presenter mode.
const presenterFontSize = 22

// panelID is the element ID of a panel's content.
func panelID(id string) string {
	if id == PanelSim {
		return "side-extra"
	}
	return "panel-" + id
}

// newPanels makes the workshop components once; they stay mounted after
// their panel was first shown, so what they fetched and their state (the
// exercise chosen, the help page) survive switching panels.
func (c *Workbench) newPanels() {
	if c.gallery != nil {
		return
	}
	c.mountedPanels = map[string]bool{}
	c.gallery = &Gallery{}
	c.gallery.OnOpen = func(name, text string, urls []string, crawler, purpose string) {
		kind := policy.KindACAP
		if it, ok := c.gallery.ItemByFile(name); ok {
			if k, ok := policy.ParseKind(it.Kind); ok {
				kind = k
			}
		}
		c.ctx.Dispatch(func(app.Context) { c.openAsNew(name, text, urls, crawler, purpose, kind, false) })
	}
	c.exercises = &Exercises{
		OnOpen: func(name, text string, urls []string, crawler, purpose string) {
			kind := c.exercises.OpenedKind()
			c.ctx.Dispatch(func(app.Context) { c.openAsNew(name, text, urls, crawler, purpose, kind, false) })
		},
		OnGoToLine: c.goToMainLine,
		OnPanel:    func(id string) { c.ctx.Dispatch(func(app.Context) { c.choosePanel(id) }) },
	}
	c.help = &HelpView{
		OnOpen: func(name, text string, urls []string, crawler, purpose string) {
			c.ctx.Dispatch(func(app.Context) { c.openAsNew(name, text, urls, crawler, purpose, policy.KindACAP, false) })
		},
	}
	c.builder = c.newBuilder()
	c.versions = c.newVersions()
	c.signals = &Signals{OnGoToLine: c.goToMainLine, OnApply: func(edit func([]byte) []byte) {
		_, text, _ := c.ws.mainText()
		c.ws.applyToMain(string(edit([]byte(text))))
	}, URLs: func() []string {
		if c.sim == nil {
			return nil
		}
		return c.sim.rows
	}, OnBuild: func() { c.ctx.Dispatch(func(app.Context) { c.choosePanel(PanelBuilder) }) }}
}

// goToMainLine shows line n of robots.txt (the simulated file).
func (c *Workbench) goToMainLine(n int) {
	if c.ed == nil {
		return
	}
	c.ws.switchTo(0)
	c.ed.selectLine(n)
}

// choosePanel shows a side panel.
func (c *Workbench) choosePanel(id string) {
	if !ValidPanel(id) {
		id = PanelSim
	}
	c.newPanels()
	c.panel = id
	c.mountedPanels[id] = true
	c.panelsFollow()
	c.followSignals()
	c.ws.scheduleSave()
}

// panelsFollow gives the exercise shown the current robots.txt (its checks
// run 150 ms after the last change). Called on every edit and workspace
// change; it costs nothing when another panel is open.
func (c *Workbench) panelsFollow() {
	if c.ed == nil || c.gallery == nil || c.panel != PanelExercises {
		return
	}
	_, text, _ := c.ws.mainText()
	c.exercises.SetText(text)
}

// followSignals gives today's signals the current parse of robots.txt;
// it runs with the slow checks, once typing has paused.
func (c *Workbench) followSignals() {
	c.followBuilder()
	c.followVersions()
	if c.ed == nil || c.gallery == nil || c.panel != PanelSignals {
		return
	}
	if f, _, _ := c.ws.simFiles(); f != c.signals.File {
		c.ctx.Dispatch(func(app.Context) { c.signals.File = f })
	}
}

// panelKey moves between the panel tabs as the WAI-ARIA tabs pattern
// asks: the arrow keys to the next or previous tab (wrapping), Home to
// the first, End to the last.
func (c *Workbench) panelKey(ctx app.Context, e app.Event) {
	i := 0
	for k, p := range Panels {
		if p.ID == c.panel {
			i = k
		}
	}
	switch e.Get("key").String() {
	case "ArrowRight", "ArrowDown":
		i = (i + 1) % len(Panels)
	case "ArrowLeft", "ArrowUp":
		i = (i - 1 + len(Panels)) % len(Panels)
	case "Home":
		i = 0
	case "End":
		i = len(Panels) - 1
	default:
		return
	}
	e.PreventDefault()
	c.choosePanel(Panels[i].ID)
	id := "ptab-" + Panels[i].ID
	ctx.Defer(func(app.Context) { byID(id).Call("focus") })
}

// renderPanels is the tab list and the panels. The simulator's markup is
// always in the page (its code keeps references to its elements); the
// other panels are mounted when first shown and then only hidden.
func (c *Workbench) renderPanels() []app.UI {
	c.newPanels()
	cur := c.panel
	if !ValidPanel(cur) {
		cur = PanelSim
	}
	panel := func(id string, body app.UI) app.UI {
		return wkHidden(app.Div().ID(panelID(id)).Class("side-extra").Role("tabpanel").
			Aria("labelledby", "ptab-"+id), cur != id).Body(
			app.If(c.mountedPanels[id], func() app.UI { return body }),
		)
	}
	return []app.UI{
		app.Div().ID("panel-tabs").Class("panel-tabs").Role("tablist").Aria("label", "Panels").
			OnKeyDown(c.panelKey).Body(
			app.Range(Panels).Slice(func(i int) app.UI {
				p := Panels[i]
				tab := -1
				if p.ID == cur {
					tab = 0
				}
				return app.Button().ID("ptab-"+p.ID).Class("ptab").Type("button").Role("tab").
					Aria("selected", strconv.FormatBool(p.ID == cur)).Aria("controls", panelID(p.ID)).TabIndex(tab).
					Text(p.Label).OnClick(func(ctx app.Context, e app.Event) { c.choosePanel(p.ID) })
			}),
		),
		wkHidden(app.Div().ID("side-extra").Class("side-extra").Role("tabpanel").Aria("labelledby", "ptab-sim"),
			cur != PanelSim).Body(c.renderSimForm()...),
		panel(PanelGallery, c.gallery),
		panel(PanelExercises, c.exercises),
		panel(PanelSignals, c.signals),
		panel(PanelBuilder, c.builder),
		panel(PanelVersions, c.versions),
		panel(PanelHelp, c.help),
	}
}

// openAsNew opens an example (from the gallery, an exercise, the help or
// the start screen) as the simulated file, and simulates it with the
// URLs, crawler, purpose and kind given (see workspace.openAsNew).
func (c *Workbench) openAsNew(name, text string, urls []string, crawler, purpose string, kind policy.Kind, keepAll bool) {
	c.ws.openAsNew(name, text, keepAll, func() {
		if c.sim != nil {
			c.sim.Simulate(urls, crawler, purpose, kind)
		}
	})
}

// setPresenterMode turns presenter mode on or off and keeps the choice.
func (c *Workbench) setPresenterMode(on bool) {
	c.presenter = on
	SetPresenter(on)
	if c.ed != nil {
		fs := c.fontSize
		if on {
			fs = max(fs, presenterFontSize)
		}
		c.ed.setFontSize(fs)
		c.ed.render()
	}
	if on {
		_ = storageSet(KeyPresenter, "1")
	} else {
		storageRemove(KeyPresenter)
	}
}

// print shows the handout of robots.txt with the simulation, and opens
// the browser's print dialog. The explanation of the cell selected in the
// simulator is printed with it; Shift+click prints every explanation.
func (c *Workbench) print(ctx app.Context, e app.Event) {
	if c.ed == nil || c.sim == nil {
		return
	}
	name, text, _ := c.ws.mainText()
	crawler, urls, usages, answers := c.sim.Snapshot()
	pv := &PrintView{Name: name, Text: text, Crawler: crawler, Purpose: c.sim.base.Purpose, URLs: urls, Usages: usages, Answers: answers,
		Full: e.Get("shiftKey").Bool()}
	if f, others, _ := c.sim.files(); f != nil {
		pv.File = f
		pv.Problems = policy.CheckAll(f, others...)
	}
	if c.sim.answer(c.sim.selR, c.sim.selC) != nil {
		pv.Selected = c.sim.selR*len(usages) + c.sim.selC + 1
	}
	c.printView = pv
	PrintWhenRendered(ctx, func() { c.printView = nil })
}
