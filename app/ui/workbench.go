// Package ui holds the go-app components of the workbench.
package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/doc"
	"github.com/acap-workbench/workbench/policy"
)

// Samples are the example files offered in the toolbar (in web/samples/).
var Samples = []struct{ File, Label string }{
	{"acap-basic.txt", "ACAP basics"},
	{"acap-mistakes.txt", "Common mistakes"},
	{"rfc9309.txt", "Plain robots.txt (RFC 9309)"},
}

// Welcome is the text shown on a first visit.
const Welcome = `##ACAP version=1.1
# Welcome to the ACAP Workbench. Edit this file, or open your own robots.txt.
User-agent: *
Disallow: /private/

ACAP-crawler: *
ACAP-disallow-crawl: /private/
ACAP-allow-crawl: /news/*.html$
ACAP-allow-index: /news/ time-limit=7-days
`

// Workbench is the page: the toolbar, and the components it composes,
// which own their state: the workspace (its files, saving and the sync
// with other tabs), the editor, the simulator with the page tester, the
// converter and the side panels.
type Workbench struct {
	app.Compo

	ctx app.Context
	// ws is a value, not a pointer: Render draws its state (the file's
	// name, the banners) before OnMount has restored it.
	ws       workspace
	ed       *editor
	sim      *simulator
	urls     *urlField // the simulator's URL list
	conv     *converter
	theme    string
	fontSize int
	notice   string
	// openNotice is the notice about the last file opened (refused, or
	// read from UTF-16): the next file opened replaces it.
	openNotice string

	// fromCache: the page was served by the service worker, so it may be
	// older than the deploy.
	fromCache bool

	slowTimer  int
	slowFn     app.Func
	pasteLen   int  // characters pasted since the slow checks last ran
	fitPending bool // a large file was opened: the simulator fits it after its check

	// The workshop kit: the side panel shown, the panels mounted so far
	// and their components (made once, see newPanels).
	panel         string
	mountedPanels map[string]bool
	gallery       *Gallery
	exercises     *Exercises
	help          *HelpView
	signals       *Signals
	builder       *Builder
	versions      *Versions

	shareErr  error      // a share link that could not be opened
	presenter bool       // presenter mode
	start     int        // the start screen is shown (startFirst, startAgain)
	printView *PrintView // while printing
}

// OnInit sets the defaults, so that the pre-rendered page is drawn with
// them too (go-app calls it before the component is mounted, on the server
// and in the browser).
func (c *Workbench) OnInit() { c.defaults() }

func (c *Workbench) defaults() {
	if c.ws.fileName == "" {
		c.ws.fileName = "robots.txt"
	}
	if c.theme == "" {
		c.theme = "light"
	}
	if c.fontSize == 0 {
		c.fontSize = defaultFS
	}
}

// connectWorkspace gives the workspace what it needs of the page: its
// notices, what follows its files, and what is saved and shared with them.
func (c *Workbench) connectWorkspace() {
	w := &c.ws
	w.say = func(msg string) { c.notice = msg }
	w.changed = c.workspaceChanged
	w.opened = c.fitOpened
	w.savedWith = c.savedWith
	w.shareState = c.shareState
}

// OnMount restores the saved state and starts the editor.
func (c *Workbench) OnMount(ctx app.Context) {
	c.ctx = ctx
	c.defaults()
	if sw := app.Window().Get("navigator").Get("serviceWorker"); sw.Truthy() {
		c.fromCache = sw.Get("controller").Truthy()
	}
	c.restorePreferences()

	c.connectWorkspace()
	w := &c.ws
	c.urls = newURLField()
	urls, simSettings, panel, salvaged := w.restore(c.openSharedAtStart)
	if panel != "" {
		c.panel = panel
	}
	if urls != nil {
		c.urls.set(*urls)
	}
	f := w.files[w.active]
	c.ed = newEditor(f.Name, f.Text, c.fontSize, c.edited)
	w.mount(ctx, c.ed)
	c.sim = newSimulator(c.ed, w.simFiles, c.urls, simSettings)
	c.sim.onOpenFile = w.openRefLine
	c.sim.mainShown = func() bool { return w.active == 0 }
	c.sim.onChange = w.scheduleSave
	if !w.sharedView {
		c.sim.fit(w.parsedFile(0, w.files[0].Name))
	}
	// One first matrix, of the kind and crawler that fit the file.
	c.sim.runFirst()
	c.conv = newConverter(c.ed, w.mainText, downloadText, w.applyToMain)
	c.scheduleSlowChecks()
	// A paste of (most of) a whole file is opening it: the simulator's
	// defaults follow it (see slowChecks).
	byID(idInput).Call("addEventListener", "paste", app.FuncOf(func(_ app.Value, args []app.Value) any {
		if cd := args[0].Get("clipboardData"); cd.Truthy() {
			c.pasteLen += len(cd.Call("getData", "text").String())
		}
		return nil
	}))
	c.newPanels()
	if c.panel != "" && c.panel != PanelSim {
		c.choosePanel(c.panel)
	}
	c.startOnFirstVisit()
	if v, ok, _ := storageGet(KeyPresenter); ok && v == "1" {
		c.setPresenterMode(true)
	}
	byID("side-extra").Call("addEventListener", "click", app.FuncOf(func(_ app.Value, args []app.Value) any {
		if b := args[0].Get("target").Call("closest", "button.disclose"); b.Truthy() {
			toggleDisclosure(b)
		}
		return nil
	}))
	c.watchUpdates()
	w.startSync()
	if salvaged {
		w.saveNow() // the damaged record was moved aside: save what it held
	}
	w.listenToPage()
	app.Window().Get("document").Get("documentElement").Call("setAttribute", "data-ready", "1")
	app.Window().Set("__wbReady", app.Window().Get("performance").Call("now"))
	firstCollection()
}

// restorePreferences applies the saved theme (or the system's) and font
// size.
func (c *Workbench) restorePreferences() {
	if v, ok, _ := storageGet(KeyTheme); ok && (v == "dark" || v == "light") {
		c.theme = v
	} else if app.Window().Call("matchMedia", "(prefers-color-scheme: dark)").Get("matches").Bool() {
		c.theme = "dark"
	}
	c.applyTheme()
	if v, ok, _ := storageGet(KeyFontSize); ok {
		if n, err := strconv.Atoi(v); err == nil && n >= minFontSize && n <= maxFontSize {
			c.fontSize = n
		}
	}
}

// edited runs inside the textarea's input event.
func (c *Workbench) edited() {
	c.ws.edited()
	if c.sim != nil {
		c.sim.schedule()
	}
	c.scheduleSlowChecks()
	c.panelsFollow()
}

// scheduleSlowChecks runs the checks too slow for every keystroke
// (CheckDrift, CheckReferences) once typing has paused.
func (c *Workbench) scheduleSlowChecks() {
	w := app.Window()
	if c.slowTimer != 0 {
		w.Call("clearTimeout", c.slowTimer)
	}
	if c.slowFn == nil {
		c.slowFn = app.FuncOf(func(app.Value, []app.Value) any { c.slowTimer = 0; afterPaint(c.slowChecks); return nil })
	}
	c.slowTimer = w.Call("setTimeout", c.slowFn, slowDelay).Int()
}

// slowDelay is the pause in typing after which the slow checks run (ms).
const slowDelay = 400

func (c *Workbench) slowChecks() {
	if c.ed == nil || c.ed.afterCheck(c.slowChecks) || c.ed.file() == nil {
		return
	}
	c.followSignals()
	f := c.ed.d.File
	if (c.fitPending || (c.pasteLen > 0 && 2*c.pasteLen >= len(f.Src))) && c.ws.active == 0 && c.sim != nil {
		c.sim.fit(f)
	}
	c.pasteLen, c.fitPending = 0, false
	refs := policy.CheckReferences(f, c.ws.others()...)
	// The drift check proves (up to its budget): in a goroutine that lets
	// the page draw, its result shown if the text has not changed since.
	go func() {
		extra := append(policy.CheckDriftYielding(f, pageYield()), refs...)
		if len(extra) == 0 || c.ed.d.File != f {
			return
		}
		c.ed.d.SetExtra(extra)
		c.ed.render()
	}()
}

// workspaceChanged reruns what depends on every file.
func (c *Workbench) workspaceChanged() {
	if c.sim != nil {
		c.sim.schedule()
	}
	if c.ed != nil {
		c.scheduleSlowChecks()
	}
	c.panelsFollow()
}

// fitOpened has the simulator follow a file of size bytes opened in place
// of robots.txt (its defaults fit the file: simulator.fit).
func (c *Workbench) fitOpened(size int) {
	if c.sim == nil {
		return
	}
	switch {
	case size <= openCheckMax:
		c.sim.fit(c.ed.file())
	case size <= syncCheckMax:
		// Checked and fitted once the text is drawn: the browser's
		// layout of the text and the check never share a frame.
		afterPaint(func() {
			if c.ws.active == 0 {
				c.sim.fit(c.ed.file())
			}
		})
	default:
		// A large file is checked after the first paint: the
		// simulator follows it with the slow checks.
		c.fitPending = true
	}
}

// savedWith is what each tab saves with the workspace's files: the
// simulator's URLs and settings and the side panel open.
func (c *Workbench) savedWith() (urls string, sim *SimSettings, panel string) {
	urls = c.urls.value()
	if c.sim != nil {
		st := c.sim.settings()
		sim = &st
	}
	return urls, sim, c.panel
}

// toggleDisclosure opens or closes the part a disclosure button controls.
func toggleDisclosure(b app.Value) {
	open := b.Call("getAttribute", "aria-expanded").String() != "true"
	b.Call("setAttribute", "aria-expanded", strconv.FormatBool(open))
	byID(b.Call("getAttribute", "aria-controls").String()).Set("hidden", !open)
}

func (c *Workbench) applyTheme() {
	app.Window().Get("document").Get("documentElement").Call("setAttribute", "data-theme", c.theme)
}

func (c *Workbench) toggleTheme(ctx app.Context, e app.Event) {
	if c.theme == "dark" {
		c.theme = "light"
	} else {
		c.theme = "dark"
	}
	c.applyTheme()
	_ = storageSet(KeyTheme, c.theme)
}

func (c *Workbench) changeFontSize(ctx app.Context, e app.Event) {
	n, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
	if err != nil || c.ed == nil {
		return
	}
	c.fontSize = n
	c.ed.setFontSize(n)
	c.ed.render()
	_ = storageSet(KeyFontSize, strconv.Itoa(n))
}

func (c *Workbench) changeName(ctx app.Context, e app.Event) {
	name := strings.TrimSpace(ctx.JSSrc().Get("value").String())
	if name == "" {
		name = "robots.txt"
	}
	c.ws.rename(name)
}

func (c *Workbench) openFile(ctx app.Context, e app.Event) {
	files := ctx.JSSrc().Get("files")
	if files.Truthy() && files.Length() > 0 {
		c.readFile(files.Index(0))
	}
	ctx.JSSrc().Set("value", "")
}

func (c *Workbench) dragOver(ctx app.Context, e app.Event) { e.PreventDefault() }

func (c *Workbench) drop(ctx app.Context, e app.Event) {
	files := e.Get("dataTransfer").Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return // dropped text: the textarea inserts it itself
	}
	e.PreventDefault()
	c.readFile(files.Index(0))
}

// readFile reads a File object from an <input type=file> or a drop. A
// message left by a file refused before goes: it spoke of that file.
func (c *Workbench) readFile(f app.Value) {
	if c.notice != "" && c.notice == c.openNotice {
		c.notice = ""
	}
	refuse := func(msg string) { c.notice, c.openNotice = msg, msg }
	name := f.Get("name").String()
	if size := f.Get("size").Int(); size > doc.MaxSize {
		refuse(doc.TooLarge(name, size))
		return
	}
	f.Call("arrayBuffer").Then(func(buf app.Value) {
		bytes := app.Window().Get("Uint8Array").New(buf)
		head := make([]byte, min(bytes.Length(), 130))
		app.CopyBytesToGo(head, bytes.Call("subarray", 0, len(head)))
		var text, warning string
		if doc.LooksUTF16(head) {
			raw := make([]byte, bytes.Length())
			app.CopyBytesToGo(raw, bytes)
			text, warning = doc.DecodeFile(name, raw)
		} else {
			// As the browser reads a file as text: UTF-8, a byte order
			// mark dropped, bytes that are not UTF-8 replaced.
			text = app.Window().Get("TextDecoder").New().Call("decode", bytes).String()
		}
		load := func() {
			c.ctx.Dispatch(func(app.Context) {
				if doc.LooksBinary(text) {
					refuse("“" + name + "” is not a text file (it holds binary data, such as an image); a robots.txt is plain text. Your current file was kept.")
					return
				}
				if warning != "" {
					c.notice, c.openNotice = warning, warning
				}
				c.ws.offerLoad(name, text)
			})
		}
		if len(text) < viewMin {
			load()
			return
		}
		// A large file is taken into Go in this task and shown in the
		// next: two shorter frames instead of one long one.
		var fn app.Func
		fn = app.FuncOf(func(app.Value, []app.Value) any { fn.Release(); load(); return nil })
		app.Window().Call("setTimeout", fn, 0)
	})
}

func (c *Workbench) loadSample(ctx app.Context, e app.Event) {
	file := ctx.JSSrc().Get("value").String()
	ctx.JSSrc().Set("value", "")
	if file == "" {
		return
	}
	url := RootPrefix() + "/web/samples/" + file
	fail := func(app.Value, []app.Value) any {
		c.ctx.Dispatch(func(app.Context) { c.notice = "The example “" + file + "” could not be loaded." })
		return nil
	}
	var failFn, respFn, textFn app.Func
	failFn = app.FuncOf(fail)
	textFn = app.FuncOf(func(_ app.Value, args []app.Value) any {
		text := args[0].String()
		c.ctx.Dispatch(func(app.Context) { c.ws.offerLoad(file, text) })
		return nil
	})
	respFn = app.FuncOf(func(_ app.Value, args []app.Value) any {
		resp := args[0]
		if !resp.Get("ok").Bool() {
			return fail(nil, nil)
		}
		resp.Call("text").Call("then", textFn, failFn)
		return nil
	})
	app.Window().Call("fetch", url).Call("then", respFn, failFn)
}

// RootPrefix is the path the site is served under, without a trailing
// slash: "" at a domain root, "/repo" on a GitHub Pages project site.
func RootPrefix() string {
	return strings.TrimRight(app.Getenv("GOAPP_ROOT_PREFIX"), "/")
}

func (c *Workbench) dismissNotice(ctx app.Context, e app.Event) { c.notice = "" }

// editLarge puts a large file shown read-only into the editor.
func (c *Workbench) editLarge(ctx app.Context, e app.Event) {
	if c.ed != nil {
		c.ed.edit()
		byID(idInput).Call("focus", map[string]any{"preventScroll": true})
	}
}

// downloadText offers text as a file download.
func downloadText(name, text string) {
	w := app.Window()
	blob := w.Get("Blob").New([]any{text}, map[string]any{"type": "text/plain;charset=utf-8"})
	url := w.Get("URL").Call("createObjectURL", blob)
	a := w.Get("document").Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Call("click")
	w.Call("setTimeout", app.FuncOf(func(app.Value, []app.Value) any {
		w.Get("URL").Call("revokeObjectURL", url)
		return nil
	}), 1000)
}

// watchUpdates reloads a page served from the service worker's cache as
// soon as a newer deploy has taken over, whether that happened before the
// wasm started (go-app's flag) or happens later (controllerchange).
func (c *Workbench) watchUpdates() {
	if !c.fromCache {
		return
	}
	reload := func() {
		c.ws.saveNow()
		app.Window().Get("location").Call("reload")
	}
	if app.Window().Get("goappUpdatedBeforeWasmLoaded").Truthy() {
		reload()
		return
	}
	sw := app.Window().Get("navigator").Get("serviceWorker")
	sw.Call("addEventListener", "controllerchange",
		app.FuncOf(func(app.Value, []app.Value) any { reload(); return nil }))
}

// OnAppUpdate runs when a new version was installed by the service worker:
// the work is saved and the page reloaded, so a deploy shows on the next
// load instead of the one after.
func (c *Workbench) OnAppUpdate(ctx app.Context) {
	// A page that came from the network is already the new version (this
	// also runs when the first service worker takes control).
	if ctx.AppUpdateAvailable() && c.fromCache {
		c.ws.saveNow()
		ctx.Reload()
	}
}

// Render builds the page. Conditional parts come after the textarea, so
// that showing them never remounts it (go-app diffs by position).
func (c *Workbench) Render() app.UI {
	dirtyClass, dirtyText := "dirty-mark clean", ""
	if c.ws.dirty {
		dirtyClass, dirtyText = "dirty-mark", "● not downloaded"
	}
	themeLabel := "Dark theme"
	if c.theme == "dark" {
		themeLabel = "Light theme"
	}
	sizes := []int{12, 14, 16, 18, 20}
	return app.Div().Class("wb").Body(
		app.Header().Class("bar").Attr("inert", c.inert()).Body(
			app.H1().Class("brand").Text("ACAP Workbench"),
			app.Button().ID("start-open").Class("btn").Type("button").Aria("haspopup", "dialog").Text("Start").OnClick(c.openStart),
			app.Label().For("file-name").Class("sr-only").Text("File name"),
			app.Input().ID("file-name").Class("file-name").Type("text").Value(c.ws.fileName).
				Aria("label", "File name").Spellcheck(false).OnChange(c.changeName),
			app.Span().ID("dirty").Class(dirtyClass).Text(dirtyText),
			app.Label().For("file-input").Class("btn").Text("Open…"),
			app.Input().ID("file-input").Class("sr-only").Type("file").Accept(".txt,text/plain").OnChange(c.openFile),
			app.Button().ID("download").Class("btn").Type("button").Text("Download").OnClick(c.ws.download),
			app.Label().For("sample").Class("sr-only").Text("Load an example"),
			app.Select().ID("sample").Class("btn").OnChange(c.loadSample).Body(
				app.Option().Value("").Selected(true).Text("Examples…"),
				app.Range(Samples).Slice(func(i int) app.UI {
					return app.Option().Value(Samples[i].File).Text(Samples[i].Label)
				}),
			),
			app.Label().For("font-size").Class("sr-only").Text("Font size"),
			app.Select().ID("font-size").Class("btn").OnChange(c.changeFontSize).Body(
				app.Range(sizes).Slice(func(i int) app.UI {
					return app.Option().Value(strconv.Itoa(sizes[i])).Selected(sizes[i] == c.fontSize).Text(strconv.Itoa(sizes[i]) + " px")
				}),
			),
			app.Button().ID("theme").Class("btn").Type("button").Aria("pressed", c.theme == "dark").Text(themeLabel).OnClick(c.toggleTheme),
			&PresenterToggle{On: c.presenter, OnChange: c.setPresenterMode},
			app.Button().ID("print").Class("btn").Type("button").Title("A one-page handout: the file, its problems, the matrix and the lines that decided it (Shift+click adds every explanation)").
				Text("Print…").OnClick(c.print),
		),
		app.Main().Class("main").Attr("inert", c.inert()).Body(
			app.Section().Class("editor-pane").Aria("label", "Editor").Body(
				app.Div().ID(idTabs).Class("tabs"),
				app.Div().ID(idViewBar).Class("large-view").Role("status").Hidden(true).Body(
					app.Span().ID(idViewText),
					app.Button().ID("large-edit").Class("btn").Type("button").Text("Edit the file").
						Title("Puts the whole text in the editor; the browser takes a moment for a file this size").OnClick(c.editLarge),
				),
				app.Div().ID(idEditor).Class("editor").On("dragover", c.dragOver).On("drop", c.drop).Body(
					app.Div().Class("gutter").Aria("hidden", "true").Body(app.Div().ID(idGutter).Class("win")),
					app.Div().Class("code").Body(
						app.Div().Class("layer chroma").Aria("hidden", "true").Body(app.Div().ID(idHL).Class("win")),
						app.Div().Class("layer marks").Aria("hidden", "true").Body(app.Div().ID(idMarks).Class("win")),
						app.Textarea().ID(idInput).Class("input").Wrap("off").Spellcheck(false).
							Attr("autocapitalize", "off").Attr("autocomplete", "off").Attr("autocorrect", "off").
							Aria("label", "robots.txt text").Aria("describedby", "editor-help"),
					),
				),
				app.P().ID("editor-help").Class("help").Text("Tab indents; press Esc then Tab to leave the editor. Drop a robots.txt here to open it."),
				app.Div().Class("save-row").Body(
					app.Div().ID("save-state").Class("save-state").Aria("live", "polite"),
					app.Button().ID("save-download").Class("btn").Type("button").Hidden(true).Text("Download this file").OnClick(c.ws.download),
				),
				&ShareLinkButton{GetState: c.shareState},
			),
			app.Aside().Class("side").Aria("label", "Problems, simulation and workshop").Body(
				append([]app.UI{
					app.H2().Text("Problems"),
					app.P().ID(idStatus).Class("prob-status").Aria("live", "polite"),
					app.Ul().ID(idProblems).Class("problems"),
				}, c.renderPanels()...)...,
			),
		),
		app.If(c.notice != "", func() app.UI {
			return app.Div().ID("notice").Class("notice").Role("alert").Body(
				app.Span().Text(c.notice),
				app.Button().Class("btn").Type("button").Text("Dismiss").OnClick(c.dismissNotice),
			)
		}),
		app.If(c.ws.pending != nil, c.ws.confirmDialog),
		app.If(c.ws.sharedView, c.ws.sharedBanner),
		app.If(c.shareErr != nil, func() app.UI {
			return app.Div().ID("share-error").Class("shared-banner").Body(
				&SharedLinkError{Err: c.shareErr, OnDismiss: func() {
					c.ctx.Dispatch(func(app.Context) { c.shareErr = nil; setFragment("") })
				}},
			)
		}),
		app.If(c.printView != nil, func() app.UI { return c.printView }),
		app.If(c.ws.conflict, c.ws.conflictBanner),
		app.If(len(c.ws.kept) > 0 && !c.ws.sharedView, c.ws.keptBanner),
		app.If(c.start != 0 || app.IsServer, c.renderStart),
	)
}
