package ui

import (
	"sort"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/doc"
	"github.com/acap-workbench/workbench/policy"
)

// Element IDs shared by the component's markup, the editor and the tests.
const (
	idEditor   = "editor"
	idInput    = "editor-input"
	idHL       = "hl-win"
	idMarks    = "marks-win"
	idGutter   = "gutter-win"
	idProblems = "problems"
	idStatus   = "problem-status"
	idViewBar  = "large-view"
	idViewText = "large-view-text"
	padTop     = 8 // px, must match --pad-y in web/app.css
	padLeft    = 10
	overscan   = 8 // lines rendered above and below the viewport
	// longLine is the length (bytes) from which a line of printable ASCII
	// is drawn only around the columns in view: a few lines of tens of
	// thousands of characters (an HTML page served as robots.txt) would
	// otherwise cost the colour layer tens of milliseconds a frame, and so
	// would a screenful of lines of a few hundred characters that are
	// mostly wildcards (a colour, so an element, for each character).
	longLine = 256
	// colStep is how far the drawn columns move at a time.
	colStep     = 64
	maxProblems = 300
	defaultFS   = 14
	minFontSize = 11
	maxFontSize = 24
)

// editor drives the textarea and the layers under it. The markup comes from
// the Workbench component; the contents of the layers are written here
// directly, because go-app's positional diffing of thousands of line
// elements is far too slow for typing (see the toolchain notes).
type editor struct {
	d      *doc.Doc
	ta     app.Value
	hl     app.Value
	marks  app.Value
	gutter app.Value
	probs  app.Value
	status app.Value

	lh        int        // line height in px
	seen      taGeometry // the textarea's scroll and size, as last read
	top       bool       // draw the textarea at its top, of the size seen (showFromTop)
	laidOut   bool       // the page was painted: the textarea's size and scroll can be read
	cw        float64    // the width of a character in px (0: not measured)
	colA      int        // the first column drawn of a long line
	first     int        // the lines drawn in the layers: [first, last)
	last      int
	drawn     [3][]string // the markup drawn per line: text, underlines, gutter
	lastHL    string      // "" forces the next draw to rewrite the layers
	lastProbs string

	// jsText is the textarea's text as of the last change handled, kept as
	// a JavaScript string: a keystroke compares it with the new text in
	// JavaScript (diffFn: web/editor.js's workbenchDiff, a static script
	// so that the page's Content-Security-Policy needs no 'unsafe-eval')
	// and only the edited part is copied into Go.
	jsText      app.Value
	diffFn      app.Value
	checkTimer  int
	checkFn     app.Func
	thens       []func() // what runs a frame after the check (checkThen, afterCheck)
	checkQueued bool     // a check waits for a frame (afterCheck)
	checking    bool     // a large text is checked on a goroutine (checkThen)
	redrawing   bool     // drawing what a check found waits for a frame
	// viewText is a large text shown read-only (setText) while viewing
	// is true: the textarea then holds only its skeleton.
	viewText string
	viewing  bool
	block    int      // lines of the text a line of the skeleton stands for
	escTab   bool     // Escape pressed: the next Tab moves focus instead
	inputFn  app.Func // the textarea's input listener (handleInput)
	// bigEdit is the last edit of the app's own too large for the
	// browser's editing commands (see command): Ctrl+Z and Ctrl+Shift+Z
	// (or Ctrl+Y) take it back and make it again while the text is as
	// that edit left it.
	bigEdit *appEdit
	// skipCols is the width (columns) of the part of long lines left
	// out at their start, drawn as the layer's --skip.
	skipCols int
	// bulk is set while an edit of the app's own of many lines is
	// handled: its check waits for the next task, so that the browser's
	// layout of the new text and the check never share a frame.
	bulk bool
	// traced marks lines (0-based) of an explanation the simulator shows:
	// "decide" for the deciding line, "consider" for the others.
	traced map[int]string

	onEdit func() // called after every change of text by the user
	funcs  []app.Func
}

// taGeometry is the textarea's scroll position and size (px).
type taGeometry struct{ st, sl, ch, width int }

func byID(id string) app.Value { return app.Window().GetElementByID(id) }

func newEditor(name, text string, fontSize int, onEdit func()) *editor {
	e := &editor{
		d:      doc.New(name, ""), // the text is set and checked below
		ta:     byID(idInput),
		hl:     byID(idHL),
		marks:  byID(idMarks),
		gutter: byID(idGutter),
		probs:  byID(idProblems),
		status: byID(idStatus),
		onEdit: onEdit,
	}
	e.setFontSize(fontSize)
	e.diffFn = app.Window().Get("workbenchDiff")
	// The check waits for a frame of its own too (pageFrames).
	e.checkFn = app.FuncOf(func(app.Value, []app.Value) any {
		e.checkTimer = 0
		afterPaint(func() { e.checkThen(nil) })
		return nil
	})
	e.funcs = append(e.funcs, e.checkFn)
	if viewed(text) {
		e.view(text) // a restored large file is shown read-only
	} else {
		e.loadText(text)
	}
	e.inputFn = e.listen(e.ta, "input", func(app.Value, []app.Value) any { e.handleInput(); return nil })
	e.listen(e.ta, "scroll", func(app.Value, []app.Value) any { e.renderWindow(); return nil })
	e.listen(e.ta, "keydown", func(_ app.Value, args []app.Value) any { e.keydown(args[0]); return nil })
	e.listen(e.ta, "copy", func(_ app.Value, args []app.Value) any { e.copyView(args[0]); return nil })
	e.listen(e.probs, "click", func(_ app.Value, args []app.Value) any { e.problemClick(args[0]); return nil })
	e.listen(app.Window(), "resize", func(app.Value, []app.Value) any { e.renderWindow(); return nil })
	if e.longLineIn(0, app.Window().Get("innerHeight").Int()/e.lh+overscan+1) {
		// A line too long to draw whole is drawn around the columns in
		// view, which the textarea's width gives: reading it now would lay
		// the page out inside the start's task. The lines are drawn after
		// the first paint instead, in a frame of their own (a share link
		// of 639 KB of rules of 800 columns: 55–59 ms of the start's task,
		// half of it that layout).
		e.renderProblems()
	} else {
		e.render()
	}
	// Drawn from the window's size until the page is laid out; then from
	// the textarea's own.
	afterPaint(func() { e.laidOut = true; e.renderWindow() })
	return e
}

func (e *editor) listen(target app.Value, event string, fn func(app.Value, []app.Value) any) app.Func {
	f := app.FuncOf(fn)
	e.funcs = append(e.funcs, f)
	target.Call("addEventListener", event, f)
	return f
}

func (e *editor) text() string {
	if e.viewing {
		return e.viewText // shown read-only (setText)
	}
	return e.ta.Get("value").String()
}

// syncCheckMax is the largest text (bytes) checked inside the keystroke;
// a larger one is checked once typing pauses for checkDelay ms, and the
// problems show "Checking…" meanwhile.
const (
	syncCheckMax = 64 << 10
	checkDelay   = 60
	// viewMin is the size (bytes) from which setText, and an edit of the
	// app's own (replaceText), show a text read-only until the user asks
	// to edit it. Chromium lays a textarea's whole text out again on every
	// change, for one typed character as for the whole text set at once:
	// measured in headless Chromium on this project's machine, about 1 ms
	// a KB of robots.txt lines (the results of Apply in the sweep, 71–125
	// KB: 70–100 ms, read by handleInput's timings), 85-280 ms for 256
	// KiB. At 64 KiB the layout leaves the rest of a 100 ms frame to the
	// edit's own work.
	viewMin = 64 << 10
	// viewMinLines is the lines from which a smaller text is shown
	// read-only too: the layout's cost goes by lines more than by bytes
	// (52 KB of short ACAP lines, about 2,100 lines: 65–107 ms; 64 KiB of
	// robots.txt lines are 2,000–3,000 lines).
	viewMinLines = 1500
)

// viewed reports whether setText and replaceText show text read-only:
// viewMin bytes or viewMinLines lines or more.
func viewed(text string) bool {
	return len(text) >= viewMin || strings.Count(text, "\n")+1 >= viewMinLines
}

// handleInput runs synchronously inside the browser's input event: the
// edit is found by comparing the old and new text in JavaScript, only the
// lines it touches are split again (and highlighted when drawn), a small
// file is re-checked at once and a large one when typing pauses, and the
// lines in view are redrawn before the next paint.
func (e *editor) handleInput() {
	perf := app.Window().Get("performance")
	t0 := perf.Call("now").Float()
	nv := e.ta.Get("value")
	r := e.diffFn.Invoke(e.jsText, nv, e.ta.Get("selectionEnd"))
	e.jsText = nv
	t1 := perf.Call("now").Float()
	e.d.EditUTF16(r.Index(0).Int(), r.Index(1).Int(), r.Index(2).String())
	if e.d.LenUTF16() != e.ta.Get("textLength").Int() {
		// Never expected; the whole text is taken again rather than shown
		// wrong.
		e.d.SetText(nv.String())
		e.lastHL = ""
	}
	t2 := perf.Call("now").Float()
	if e.d.Len() <= syncCheckMax && !e.bulk {
		e.d.Check()
	} else {
		e.scheduleCheck()
	}
	t3 := perf.Call("now").Float()
	// Reading a layout value makes the browser lay out the textarea's new
	// text now; timed apart, as it is the browser's work, not ours.
	e.ta.Get("scrollTop")
	t4 := perf.Call("now").Float()
	e.renderWindow()
	e.renderProblems()
	t5 := perf.Call("now").Float()
	// Timings of the last input (ms): read, edit, check, browser
	// layout, render. The browser tests print them.
	app.Window().Set("__wbTimings", []any{t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4})
	if e.onEdit != nil {
		e.onEdit()
	}
}

// scheduleCheck checks the text checkDelay ms after the last change.
func (e *editor) scheduleCheck() {
	w := app.Window()
	if e.checkTimer != 0 {
		w.Call("clearTimeout", e.checkTimer)
	}
	e.checkTimer = w.Call("setTimeout", e.checkFn, checkDelay).Int()
}

// flushCheck checks the text now if a change is not checked yet, and
// redraws what the diagnostics show.
func (e *editor) flushCheck() {
	if e.checkTimer != 0 {
		app.Window().Call("clearTimeout", e.checkTimer)
		e.checkTimer = 0
	}
	if !e.d.Stale {
		return
	}
	t0 := now()
	e.d.Check()
	e.checked(now() - t0)
}

// checked draws what the check just made found, which took ms: at once
// for a small text; for a large one, whose check takes tens of
// milliseconds, after the next frame (a share link of 639 KB: 44 ms of
// check, then 35 ms of drawing).
func (e *editor) checked(ms float64) {
	// The time of the last check (ms), for the browser benchmarks.
	app.Window().Set("__wbCheckMs", ms)
	if e.d.Len() > syncCheckMax {
		afterPaintOnce(&e.redrawing, e.redrawChecked)
		return
	}
	e.redrawChecked()
}

// redrawChecked draws what the last check found: the lines in view and
// the problems.
func (e *editor) redrawChecked() {
	e.renderWindow()
	e.renderProblems()
}

// file returns the parse of the current text, checking it first if a
// change is not checked yet.
func (e *editor) file() *policy.File {
	e.flushCheck()
	return e.d.File
}

// afterCheck reports whether the text is large and not checked yet; then
// the check runs after a frame (pageFrames) and fn after the next one,
// so that the check and what needs the checked text (the simulator's
// run, the slow checks) never share a frame: each of them alone takes up
// to tens of milliseconds on a text of several hundred KB.
func (e *editor) afterCheck(fn func()) bool {
	if !e.d.Stale || e.d.Len() <= syncCheckMax {
		return false
	}
	e.thens = append(e.thens, fn)
	afterPaintOnce(&e.checkQueued, func() { e.checkThen(nil) })
	return true
}

// checkThen checks the text if a change is not checked yet, and runs then
// (if not nil) a frame after the check. A large text is checked on a
// goroutine whose parse lets the page draw every frameBudget (pageYield):
// the parse of 639 KB of lines of 400 wildcards took 35–124 ms in one
// piece. An edit made meanwhile leaves the text stale, and the check
// starts again; then still runs, and waits again if it needs to.
func (e *editor) checkThen(then func()) {
	if then != nil {
		e.thens = append(e.thens, then)
	}
	if e.checking {
		return
	}
	if !e.d.Stale || e.d.Len() <= syncCheckMax {
		e.flushCheck()
		e.runThens()
		return
	}
	if e.checkTimer != 0 {
		app.Window().Call("clearTimeout", e.checkTimer)
		e.checkTimer = 0
	}
	e.checking = true
	go func() {
		t0 := now()
		checked := e.d.CheckYielding(pageYield())
		e.checking = false
		if checked {
			e.checked(now() - t0) // the frames waited included
		} else {
			// The check an edit scheduled meanwhile found this one under
			// way and did nothing.
			afterPaintOnce(&e.checkQueued, func() { e.checkThen(nil) })
		}
		e.runThens()
	}()
}

// runThens runs what waits for the check (checkThen) after a frame.
func (e *editor) runThens() {
	if len(e.thens) == 0 {
		return
	}
	then := e.thens
	e.thens = nil
	afterPaint(func() {
		for _, fn := range then {
			fn()
		}
	})
}

// loadText puts text in the textarea and takes the textarea's value (the
// browser turns CRLF into LF) as the document's text; a large file is
// checked after the first paint.
func (e *editor) loadText(text string) {
	e.d.SetText(e.putValue(text))
	e.checkSoon()
}

// putValue gives the textarea text and returns the text as the textarea
// holds it: the same, unless the browser changed it (CRLF becomes LF).
func (e *editor) putValue(text string) string {
	e.ta.Set("value", text)
	e.jsText = e.ta.Get("value")
	if e.ta.Get("textLength").Int() != doc.UTF16Index(text, len(text)) || strings.Contains(text, "\r") {
		return e.jsText.String()
	}
	return text
}

// checkSoon checks a small text now and a large one after the first paint.
func (e *editor) checkSoon() {
	if e.d.Len() <= syncCheckMax {
		e.d.Check()
	} else {
		e.scheduleCheck()
	}
}

// showFromTop scrolls the textarea to its start and draws. The textarea
// has just been given a new text: reading its scroll position or size, or
// setting a scroll position, would make the browser lay the new text out
// inside this task, and then again with the layers in the frame (opening
// a file of 962 lines: 60 ms of forced layout, then 69 ms). So a textarea
// last seen at its top is not scrolled, and the drawing takes the size
// last read (top); the drawing after the next paint reads the layout,
// by then done, and fixes what the size changed.
func (e *editor) showFromTop() {
	if e.laidOut && (e.seen.st != 0 || e.seen.sl != 0) {
		e.ta.Set("scrollTop", 0)
		e.ta.Set("scrollLeft", 0)
	}
	e.top = e.laidOut && e.seen.ch > 0
	e.render()
	if e.top {
		e.top = false
		afterPaint(e.renderWindow)
	}
}

// setText replaces the whole text (a file was opened or restored). A text
// of viewMin bytes or viewMinLines lines or more is shown read-only
// (view): the textarea then holds only the shape of the text, and the
// coloured layer draws the lines in view from the document, so opening
// and scrolling never wait for the browser to lay out megabytes or
// thousands of lines in a textarea (in one frame, whatever the page does).
// Edit (edit) puts the text in the textarea when the user asks.
func (e *editor) setText(name, text string) {
	e.d.Name = name
	e.leaveView()
	if !viewed(text) {
		e.d.SetText(e.putValue(text))
		if e.d.Len() <= openCheckMax {
			e.d.Check()
		} else {
			e.scheduleCheck() // after the first paint
		}
		e.showFromTop()
		return
	}
	e.view(text)
	e.showFromTop()
}

// view shows text read-only (setText): the document takes the text, the
// textarea its skeleton.
func (e *editor) view(text string) {
	if strings.IndexByte(text, '\r') >= 0 {
		// As a textarea would hold it: every line end is a LF.
		text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	}
	e.d.SetText(text)
	e.viewText, e.viewing = text, true
	e.block = skeletonBlock(len(e.d.Lines))
	e.ta.Get("style").Call("setProperty", "--block", strconv.Itoa(e.block))
	e.ta.Set("readOnly", true)
	e.ta.Set("value", skeleton(e.d, e.block))
	e.jsText = e.ta.Get("value")
	e.showViewBar(e.d.Name, text)
	e.checkSoon()
}

// skeleton is what the textarea holds while a large text is viewed: a
// line for each block of lines of the text (skeletonBlock), all empty but
// the first, as wide as the widest line of the text, made of tabs (4
// columns each); the textarea's lines are then block lines high
// (app.css). The textarea scrolls as far down as it would with the whole
// text (to the end of the last block) and as far across. Chromium lays
// out a textarea line by line, empty or not: 9,301 lines took it 300–650
// ms, 1,163 lines 8 times as high 20–140 ms. A line of tabs costs a
// fraction of the layout of the same width of text (such as the longest
// line of an HTML page served as robots.txt).
func skeleton(d *doc.Doc, block int) string {
	// The longest line in bytes, then its columns: a shorter line with
	// many tabs might be a little wider, which Edit puts right.
	widest := 0
	for i := range d.Lines {
		if len(d.Lines[i].Raw) > len(d.Lines[widest].Raw) {
			widest = i
		}
	}
	cols := lineColumns(d.Lines[widest].Text())
	n := (len(d.Lines) + block - 1) / block
	return strings.Repeat("\t", cols/4) + strings.Repeat(" ", cols%4) + strings.Repeat("\n", max(n-1, 0))
}

// skeletonLines is the most lines a skeleton holds: a text of more lines
// is viewed in blocks of several lines (skeletonBlock).
const skeletonLines = 1000

// skeletonBlock is the lines of text each line of the skeleton of a text
// of n lines stands for: 1 up to skeletonLines lines, else as many as
// keep the skeleton within skeletonLines. A copy while viewing gives the
// blocks the selection spans, as the selection shows them.
func skeletonBlock(n int) int {
	return max(1, (n+skeletonLines-1)/skeletonLines)
}

// lineColumns is the width of a line in columns, or a little more: a tab
// counts 4 (it stops every 4 columns, the editor's tab-size), and a
// character of several bytes counts one a byte. Scrolling a little
// further right than the text reaches is harmless; measuring every
// character of a line of 700,000 would cost the opening frame.
func lineColumns(s string) int {
	return len(s) + 3*strings.Count(s, "\t")
}

// showViewBar shows the bar that says a large text is viewed, or hides
// it (text empty).
func (e *editor) showViewBar(name, text string) {
	bar := byID(idViewBar)
	if !bar.Truthy() {
		return
	}
	if text == "" {
		bar.Set("hidden", true)
		return
	}
	size := sizeWords(len(text))
	if len(text) < viewMin {
		size = strconv.Itoa(len(e.d.Lines)) + " lines long"
	}
	byID(idViewText).Set("textContent", "“"+name+"” is "+size+", so it is shown read-only to keep the page quick "+
		"(the browser lays a text box's whole text out again at every key typed). Problems, the simulator and the converter work as usual.")
	bar.Set("hidden", false)
}

// sizeWords is a size for people: KiB under a MiB, else MiB (rounded up).
func sizeWords(n int) string {
	if n < 1<<20 {
		return strconv.Itoa((n+1023)>>10) + " KiB"
	}
	return doc.FormatMiB(n, true)
}

// edit puts a text shown read-only (setText) into the textarea, keeping
// the lines in view, and lets it be edited.
func (e *editor) edit() {
	if !e.viewing {
		return
	}
	text := e.viewText
	top, left := e.ta.Get("scrollTop"), e.ta.Get("scrollLeft")
	e.leaveView()
	if held := e.putValue(text); held != text {
		e.d.SetText(held) // never expected: line ends are LF already
		e.checkSoon()
	}
	e.ta.Call("setSelectionRange", 0, 0)
	e.ta.Set("scrollTop", top)
	e.ta.Set("scrollLeft", left)
	e.render()
}

// leaveView ends the read-only view of a large text (setText), without
// giving the textarea its text: a text given since replaces it.
func (e *editor) leaveView() {
	if e.viewing {
		e.viewText, e.viewing = "", false
		e.ta.Set("readOnly", false)
		e.showViewBar("", "")
	}
}

// copyView gives a copy made while a large text is viewed the text of the
// lines the selection spans (the textarea holds only the skeleton then),
// whole blocks when a line of the skeleton stands for several.
func (e *editor) copyView(ev app.Value) {
	if !e.viewing {
		return
	}
	sk := e.jsText.String()
	a := doc.ByteOffset(sk, e.ta.Get("selectionStart").Int())
	b := doc.ByteOffset(sk, e.ta.Get("selectionEnd").Int())
	if b > a && sk[b-1] == '\n' {
		b-- // a selection that ends where a line starts does not take that line
	}
	la, lb := strings.Count(sk[:a], "\n")*e.block, (strings.Count(sk[:b], "\n")+1)*e.block-1
	lb = min(lb, len(e.d.Lines)-1)
	if la > lb {
		return
	}
	var b2 strings.Builder
	for i := la; i <= lb; i++ {
		b2.WriteString(e.d.Lines[i].Raw)
	}
	text := strings.TrimSuffix(b2.String(), "\n")
	ev.Get("clipboardData").Call("setData", "text/plain", text)
	ev.Call("preventDefault")
}

// keepText replaces the whole text with another tab's version, keeping the
// selection (as far as the new text reaches) and the scroll position.
func (e *editor) keepText(name, text string) {
	top, left := e.ta.Get("scrollTop"), e.ta.Get("scrollLeft")
	if viewed(text) {
		e.setText(name, text)
	} else {
		e.leaveView()
		a, b := e.ta.Get("selectionStart"), e.ta.Get("selectionEnd")
		e.d.Name = name
		e.loadText(text)
		e.ta.Call("setSelectionRange", a, b)
	}
	e.ta.Set("scrollTop", top)
	e.ta.Set("scrollLeft", left)
	e.render()
}

func (e *editor) setFontSize(px int) {
	px = max(minFontSize, min(maxFontSize, px))
	e.lh = (px*3 + 1) / 2
	e.cw = 0
	ed := byID(idEditor)
	ed.Get("style").Call("setProperty", "--fs", strconv.Itoa(px)+"px")
	ed.Get("style").Call("setProperty", "--lh", strconv.Itoa(e.lh)+"px")
	e.lastHL = ""
}

func (e *editor) render() {
	e.lastHL = ""
	e.renderWindow()
	e.renderProblems()
}

// renderWindow draws the visible lines (plus a margin) of the coloured
// layer, the underline layer and the gutter, and moves them to follow the
// textarea's scroll position. Only lines whose markup changed are
// replaced, unless the lines in view changed or most of them did.
func (e *editor) renderWindow() {
	// Before the page's first paint, reading the textarea's size or scroll
	// would make the browser lay out the whole page inside this task (at
	// start-up, a large part of the Go start's task): the textarea is then
	// at the top, and at most the window's height. Only a line too long to
	// draw whole needs the textarea's width (it is drawn around the columns
	// in view), and then the layout is read at once, before anything is
	// written, so that the page is laid out once: its spans, drawn for
	// columns guessed instead, would be more (a guess must be wide
	// enough), and laid out again once drawn from the textarea's size
	// after the first paint. (At start-up, newEditor leaves such lines to
	// the frame after the first paint.)
	st, sl, ch, width := 0, 0, 0, 0
	switch {
	case e.top: // a new text, at the top (showFromTop)
		ch, width = e.seen.ch, e.seen.width
	case !e.laidOut:
		ch = app.Window().Get("innerHeight").Int()
	}
	if !e.top && (e.laidOut || e.longLineIn(0, ch/e.lh+overscan+1)) {
		st, sl, ch = e.ta.Get("scrollTop").Int(), e.ta.Get("scrollLeft").Int(), e.ta.Get("clientHeight").Int()
		width = e.ta.Get("clientWidth").Int()
		e.seen = taGeometry{st, sl, ch, width}
	}
	if ch <= 0 {
		ch = 800
	}
	n := len(e.d.Lines)
	first := max(0, (st-padTop)/e.lh-overscan)
	last := min(n, (st+ch)/e.lh+overscan+1)
	if first > last {
		first = last
	}
	if e.lastHL != "" && e.first <= first && last <= e.last && e.last <= n && e.last-e.first <= last-first+2*overscan {
		// The lines drawn cover the lines wanted, with a few more: they
		// stay (the drawing before the first paint, from the window's
		// height, drew more lines than the textarea shows).
		first, last = e.first, e.last
	}
	var now [3][]string
	for k := range now {
		now[k] = make([]string, 0, last-first)
	}
	colA, colB := 0, 0 // the columns drawn of a long line
	if e.longLineIn(first, last) {
		cw := e.charWidth()
		cols := int(float64(width)/cw) + 1
		// From a step left of the first column in view to a step or two
		// right of the last: the columns drawn change every colStep
		// columns scrolled.
		colA = max(0, int(float64(sl)/cw)-colStep) / colStep * colStep
		colB = colA + cols + 2*colStep
	}
	if colA != e.skipCols {
		e.skipCols = colA
		e.hl.Get("style").Call("setProperty", "--skip", strconv.Itoa(colA)+"ch")
		e.marks.Get("style").Call("setProperty", "--skip", strconv.Itoa(colA)+"ch")
	}
	for i := first; i < last; i++ {
		tr := ""
		if m := e.traced[i]; m != "" {
			tr = " tr-" + m
		}
		sliced := colB > 0 && len(e.d.Lines[i].Raw) > longLine && e.d.PlainTo(i, colB)
		skip := ""
		if sliced && colA > 0 {
			// Its width is --skip, set on the layers below: a style
			// attribute would need 'unsafe-inline' in the page's CSP.
			skip = `<span class="skip"></span>`
		}
		if sliced {
			now[0] = append(now[0], `<div class="wbl`+tr+`">`+skip+e.d.HTMLSlice(i, colA, colB)+"</div>")
		} else {
			now[0] = append(now[0], `<div class="wbl`+tr+`">`+e.d.HTML(i)+"</div>")
		}
		sev, has := e.d.LineSeverity(i)
		if has {
			// A long line's marks are drawn for the same columns as its
			// colours: the whole of a line of 700,000 characters took the
			// browser 146 ms to lay out.
			a, b := 0, -1
			if sliced {
				a, b = colA, colB
			}
			now[1] = append(now[1], `<div class="wbl">`+skip+e.lineMarks(i, a, b)+"</div>")
			now[2] = append(now[2], `<div class="num has-`+sev.String()+tr+`">`+strconv.Itoa(i+1)+"</div>")
		} else {
			now[1] = append(now[1], `<div class="wbl"></div>`)
			now[2] = append(now[2], `<div class="num`+tr+`">`+strconv.Itoa(i+1)+"</div>")
		}
	}
	layers := [3]app.Value{e.hl, e.marks, e.gutter}
	whole := e.lastHL == "" || first != e.first || last != e.last || colA != e.colA
	e.colA = colA
	for k, layer := range layers {
		var changed []int
		if !whole {
			for i, h := range now[k] {
				if h != e.drawn[k][i] {
					changed = append(changed, i)
				}
			}
		}
		if whole || len(changed) > len(now[k])/3 {
			layer.Set("innerHTML", strings.Join(now[k], ""))
		} else if len(changed) > 0 {
			kids := layer.Get("children")
			for _, i := range changed {
				kids.Index(i).Set("outerHTML", now[k][i])
			}
		}
	}
	e.first, e.last, e.drawn, e.lastHL = first, last, now, "drawn"
	y := strconv.Itoa(padTop + first*e.lh - st)
	tr := "translate(" + strconv.Itoa(padLeft-sl) + "px," + y + "px)"
	e.hl.Get("style").Set("transform", tr)
	e.marks.Get("style").Set("transform", tr)
	e.gutter.Get("style").Set("transform", "translateY("+y+"px)")
}

// longLineIn reports whether a line in [first, last) is longer than
// longLine.
func (e *editor) longLineIn(first, last int) bool {
	for i := first; i < min(last, len(e.d.Lines)); i++ {
		if len(e.d.Lines[i].Raw) > longLine {
			return true
		}
	}
	return false
}

// charWidth measures the width of a character of the editor's font.
func (e *editor) charWidth() float64 {
	if e.cw == 0 {
		s := app.Window().Get("document").Call("createElement", "span")
		s.Set("textContent", strings.Repeat("0", 200))
		e.hl.Call("appendChild", s)
		e.cw = s.Call("getBoundingClientRect").Get("width").Float() / 200
		s.Call("remove")
		if e.cw <= 0 {
			e.cw = 8
		}
	}
	return e.cw
}

// lineMarks returns the underline layer of line i: the line's text, escaped
// and transparent, with the ranges of its diagnostics wrapped in spans;
// only the bytes [from, to) of the text unless to is negative (a long line's
// columns in view, which are bytes: doc.PlainTo).
func (e *editor) lineMarks(i, from, to int) string {
	return marksHTML(e.d.Lines[i].Text(), e.d.ByLine[i], e.d.Diags, from, to)
}

// marksHTML is lineMarks for the text of a line and the diagnostics ids of
// that line.
func marksHTML(text string, ids []int, diags []policy.Diagnostic, from, to int) string {
	type rng struct {
		a, b int
		sev  policy.Severity
	}
	var rs []rng
	for _, id := range ids {
		g := diags[id]
		a := g.Pos.Col - 1
		b := a
		if g.End.Line == g.Pos.Line {
			b = g.End.Col - 1
		} else if g.End.IsValid() {
			b = len(text)
		}
		a = max(0, min(a, len(text)))
		b = max(a, min(b, len(text)))
		rs = append(rs, rng{a, b, g.Severity})
	}
	if to >= 0 {
		to = min(to, len(text))
		from = min(from, to)
		kept := rs[:0]
		for _, r := range rs {
			if r.a < r.b && (r.b <= from || r.a >= to) || r.a == r.b && (r.a < from || r.a > to) {
				continue // outside the columns drawn
			}
			r.a, r.b = max(r.a, from)-from, min(r.b, to)-from
			kept = append(kept, r)
		}
		rs, text = kept, text[from:to]
	}
	sort.Slice(rs, func(x, y int) bool { return rs[x].a < rs[y].a })
	var b strings.Builder
	at := 0
	for _, r := range rs {
		if r.a < at {
			r.a = at
		}
		if r.b < r.a {
			continue
		}
		b.WriteString(escape(text[at:r.a]))
		if r.a == r.b {
			b.WriteString(`<span class="sq sq-` + r.sev.String() + ` sq-empty"> </span>`)
		} else {
			b.WriteString(`<span class="sq sq-` + r.sev.String() + `">` + escape(text[r.a:r.b]) + `</span>`)
		}
		at = r.b
	}
	return b.String()
}

// renderProblems rewrites the problems list and the counts when the
// diagnostics changed. Every piece of user text is escaped.
func (e *editor) renderProblems() {
	if e.d.Stale {
		// The list stays as it was until the check; its lines may have
		// moved, which the next check puts right.
		setIfChanged(e.status, "textContent", "Checking…")
		return
	}
	var b strings.Builder
	if e.d.ParseErr != nil {
		b.WriteString(`<li class="prob-none sev-error">` + escape(e.d.ParseErr.Error()) + `</li>`)
	} else if len(e.d.Diags) == 0 {
		b.WriteString(`<li class="prob-none">No problems found.</li>`)
	}
	for i, g := range e.d.Diags {
		if i == maxProblems {
			b.WriteString(`<li class="prob-none">… and ` + strconv.Itoa(len(e.d.Diags)-maxProblems) + ` more. Fix the ones above to see them.</li>`)
			break
		}
		sev := g.Severity.String()
		b.WriteString(`<li class="prob sev-` + sev + `">`)
		b.WriteString(`<button type="button" class="prob-go" data-i="` + strconv.Itoa(i) + `" title="Go to line ` + strconv.Itoa(g.Pos.Line) + `">`)
		b.WriteString(`<span class="prob-sev">` + sev + `</span>`)
		b.WriteString(`<span class="prob-loc">Ln ` + strconv.Itoa(g.Pos.Line) + `, Col ` + strconv.Itoa(e.col16(g.Pos)) + `</span>`)
		b.WriteString(`<span class="prob-msg">` + escape(g.Message) + `</span>`)
		if g.Section != "" {
			b.WriteString(`<span class="prob-sec">` + escape(g.Section) + `</span>`)
		}
		b.WriteString(`</button>`)
		if g.Fix != nil {
			b.WriteString(`<button type="button" class="prob-fix" data-fix="` + strconv.Itoa(i) + `">` + escape(fixTitle(g.Fix)) + `</button>`)
		}
		b.WriteString(`</li>`)
	}
	s := b.String()
	if s != e.lastProbs {
		e.lastProbs = s
		e.probs.Set("innerHTML", s)
	}
	errs, warns, infos := e.d.Counts()
	setIfChanged(e.status, "textContent", plural(errs, "error")+", "+plural(warns, "warning")+", "+plural(infos, "note"))
}

func fixTitle(f *policy.Fix) string {
	if f.Title == "" {
		return "Fix"
	}
	return f.Title
}

func plural(n int, w string) string {
	if n == 1 {
		return "1 " + w
	}
	return strconv.Itoa(n) + " " + w + "s"
}

// col16 is the 1-based column a person sees: UTF-16 units, as the browser
// counts, not bytes.
func (e *editor) col16(p policy.Pos) int {
	if p.Line < 1 || p.Line > len(e.d.Lines) {
		return p.Col
	}
	l := e.d.Lines[p.Line-1].Raw
	return doc.UTF16Index(l, min(len(l), p.Col-1)) + 1
}

// current returns the diagnostic g (of the list shown, possibly from
// before the last edit) as the check of the current text finds it: a fix
// holds byte offsets, which only a check of the current text gets right.
func (e *editor) current(g policy.Diagnostic) (policy.Diagnostic, bool) {
	if !e.d.Stale {
		return g, true
	}
	e.flushCheck()
	for _, n := range e.d.Diags {
		if n.Message == g.Message && n.Pos.Line == g.Pos.Line {
			return n, true
		}
	}
	return policy.Diagnostic{}, false
}

func (e *editor) problemClick(ev app.Value) {
	t := ev.Get("target")
	if fx := t.Call("closest", "[data-fix]"); fx.Truthy() {
		i, err := strconv.Atoi(fx.Call("getAttribute", "data-fix").String())
		if err == nil && i < len(e.d.Diags) {
			if g, ok := e.current(e.d.Diags[i]); ok {
				e.applyFix(g.Fix)
			}
		}
		return
	}
	if g := t.Call("closest", "[data-i]"); g.Truthy() {
		i, err := strconv.Atoi(g.Call("getAttribute", "data-i").String())
		if err == nil && i < len(e.d.Diags) {
			d := e.d.Diags[i]
			end := d.End.Offset
			if !d.End.IsValid() || end < d.Pos.Offset {
				end = d.Pos.Offset
			}
			e.selectRange(d.Pos.Offset, end, d.Pos.Line)
		}
	}
}

// selectRange selects the bytes [a, b) of the text, focuses the textarea
// and scrolls line (1-based) into the middle of the view.
func (e *editor) selectRange(a, b, line int) {
	e.ta.Call("focus", map[string]any{"preventScroll": true})
	if !e.viewing { // a viewed text is not in the textarea: scroll only
		e.ta.Call("setSelectionRange", e.d.U16At(a), e.d.U16At(b))
	}
	ch := e.ta.Get("clientHeight").Int()
	top := (line-1)*e.lh + padTop
	st := e.ta.Get("scrollTop").Int()
	if top < st || top+e.lh > st+ch {
		e.ta.Set("scrollTop", max(0, top-ch/2))
	}
	e.renderWindow()
}

// setTraced marks the lines (1-based) an explanation is about: decide is
// the deciding line (0 for none), consider the other lines it considered.
func (e *editor) setTraced(decide int, consider []int) {
	m := map[int]string{}
	for _, n := range consider {
		if n > 0 {
			m[n-1] = "consider"
		}
	}
	if decide > 0 {
		m[decide-1] = "decide"
	}
	if len(m) == 0 && len(e.traced) == 0 {
		return
	}
	e.traced = m
	e.lastHL = ""
	e.renderWindow()
}

// selectLine puts the cursor at the start of line n (1-based) and scrolls
// it into view.
func (e *editor) selectLine(n int) {
	if n < 1 || n > len(e.d.Lines) {
		return
	}
	off := e.d.Lines[n-1].Start
	e.selectRange(off, off, n)
}

// replaceText replaces the whole text with one edit of the part that
// differs, through the browser's editing commands so that Ctrl+Z undoes it.
func (e *editor) replaceText(text string) {
	if viewed(text) || e.viewing {
		// A large result is shown read-only, as a file of its size
		// opened; a text shown read-only is not put in the textarea
		// first. Ctrl+Z (undoKey) takes the edit back.
		old := e.text()
		if old == text {
			return
		}
		e.bigEdit = &appEdit{before: old, after: text, at: commonPrefix(old, text)}
		e.holdText(text)
		e.ta.Call("focus", map[string]any{"preventScroll": true}) // for Ctrl+Z, as after any edit of the app's own
		return
	}
	e.edit()
	old := e.text()
	if old == text {
		return
	}
	p := commonPrefix(old, text)
	s := 0
	for s < len(old)-p && s < len(text)-p && old[len(old)-1-s] == text[len(text)-1-s] {
		s++
	}
	for s > 0 && len(old)-s < len(old) && old[len(old)-s]&0xC0 == 0x80 {
		s--
	}
	a, b, repl := p, len(old)-s, text[p:len(text)-s]
	e.command(old, a, b, repl, len(repl) < 200<<10)
}

// commonPrefix is the length of the bytes a and b begin with, on a
// character boundary.
func commonPrefix(a, b string) int {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	for p > 0 && p < len(a) && a[p]&0xC0 == 0x80 {
		p--
	}
	return p
}

// holdText makes text the editor's text after an edit of the app's own or
// its undoing: read-only from viewMin bytes or viewMinLines lines (view),
// else in the textarea;
// then handled as an edit (checked, drawn, and onEdit told).
func (e *editor) holdText(text string) {
	top := e.ta.Get("scrollTop")
	switch {
	case viewed(text):
		e.view(text)
	case e.viewing:
		// The document holds the text viewed, the textarea its
		// skeleton: the new text is taken whole, not as an edit of it.
		e.leaveView()
		e.d.SetText(e.putValue(text))
		e.checkSoon()
	default:
		e.ta.Set("value", text)
		e.ta.Set("scrollTop", top)
		e.handleBulk(true)
		return
	}
	e.ta.Set("scrollTop", top)
	e.render()
	if e.onEdit != nil {
		e.onEdit()
	}
}

// command replaces the bytes a to b of text, the textarea's text, with
// repl as one edit: through the browser's editing commands when undoable
// (so that Ctrl+Z takes it back), else directly. The editing commands fire
// input events as they go, about two a line; the editor does not listen
// meanwhile and handles the edit once: one check and one redraw.
func (e *editor) command(text string, a, b int, repl string, undoable bool) {
	want := text[:a] + repl + text[b:]
	if undoable && (strings.Count(repl, "\n") > commandLines || len(want) > syncCheckMax) {
		// The browser's editing commands insert a text line by line,
		// each step as slow as the text is long, so that a few hundred
		// lines hold the page for long. The edit is made at once, and
		// undone by the editor itself.
		undoable = false
		e.bigEdit = &appEdit{before: text, after: want, at: a}
	}
	e.ta.Call("focus", map[string]any{"preventScroll": true})
	e.ta.Call("setSelectionRange", doc.UTF16Index(text, a), doc.UTF16Index(text, b))
	cmd, arg := "insertText", repl
	if repl == "" {
		cmd = "delete"
	}
	done := false
	if undoable {
		e.ta.Call("removeEventListener", "input", e.inputFn)
		done = app.Window().Get("document").Call("execCommand", cmd, false, arg).Bool()
		e.ta.Call("addEventListener", "input", e.inputFn)
		if done && e.text() != want {
			e.ta.Set("value", want) // the command did not write what it was given
		}
	}
	if !done {
		// Replaced directly (the browser's undo does not take it back).
		// The text is not read back: reading a large textarea's value
		// costs the browser as much as writing it.
		e.ta.Call("setRangeText", repl, doc.UTF16Index(text, a), doc.UTF16Index(text, b), "end")
	}
	e.handleBulk(len(repl) > bulkEdit || strings.Count(repl, "\n") > commandLines)
}

// bulkEdit is the size (bytes) from which an edit of the app's own is
// checked in a task of its own (see bulk).
const bulkEdit = 4 << 10

// handleBulk handles an edit of the app's own, its check deferred when
// bulk is set.
func (e *editor) handleBulk(bulk bool) {
	e.bulk = bulk
	e.handleInput()
	e.bulk = false
}

// commandLines is the most lines an edit of the app's own inserts through
// the browser's editing commands (see command).
const commandLines = 20

// appEdit is an edit of the app's own that the editor undoes itself: the
// text before and after it, and where it starts (bytes).
type appEdit struct {
	before, after string
	at            int
	undone        bool
}

// undoKey takes the last large edit of the app's own back (Ctrl+Z) or
// makes it again (Ctrl+Shift+Z, Ctrl+Y) when the text is as it left it,
// and reports whether it did.
func (e *editor) undoKey(ev app.Value, key string) bool {
	r := e.bigEdit
	ctrl := ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool()
	if r == nil || !ctrl || ev.Get("altKey").Bool() {
		return false
	}
	shift := ev.Get("shiftKey").Bool()
	var to string
	switch {
	case (key == "z" || key == "Z") && !shift && !r.undone && e.text() == r.after:
		to = r.before
	case ((key == "z" || key == "Z") && shift || key == "y" || key == "Y") && r.undone && e.text() == r.before:
		to = r.after
	default:
		return false
	}
	ev.Call("preventDefault")
	r.undone = !r.undone
	e.holdText(to)
	if !e.viewing {
		at := doc.UTF16Index(to, min(r.at, len(to)))
		e.ta.Call("setSelectionRange", at, at)
	}
	return true
}

// applyFix makes the fix as one edit through the browser's editing
// commands, so Ctrl+Z undoes it like any typing.
func (e *editor) applyFix(f *policy.Fix) {
	e.edit()
	text := e.text()
	a, b, repl, ok := doc.ApplyFix(text, f)
	if !ok {
		return
	}
	e.command(text, a, b, repl, true)
}

func (e *editor) keydown(ev app.Value) {
	key := ev.Get("key").String()
	if e.bigEdit != nil && e.undoKey(ev, key) {
		return
	}
	if key == "Escape" {
		e.escTab = true
		return
	}
	if e.viewing {
		// Typing into a file shown read-only: the bar says why nothing
		// happens, and how to edit. Tab moves focus.
		e.escTab = false
		if editKey(key) && !modifiers(ev) {
			bar := byID(idViewBar)
			bar.Get("classList").Call("remove", "nudge")
			bar.Get("offsetWidth") // restarts the animation
			bar.Get("classList").Call("add", "nudge")
		}
		return
	}
	if key != "Tab" || modifiers(ev) {
		e.escTab = false
		return
	}
	if e.escTab || ev.Get("shiftKey").Bool() {
		e.escTab = false
		return // let focus move on
	}
	ev.Call("preventDefault")
	if !app.Window().Get("document").Call("execCommand", "insertText", false, "\t").Bool() {
		s, en := e.ta.Get("selectionStart").Int(), e.ta.Get("selectionEnd").Int()
		e.ta.Call("setRangeText", "\t", s, en, "end")
		e.handleInput()
	}
}

// modifiers reports whether Ctrl, Alt or Meta is held.
func modifiers(ev app.Value) bool {
	return ev.Get("ctrlKey").Bool() || ev.Get("altKey").Bool() || ev.Get("metaKey").Bool()
}

// editKey reports whether a key pressed without Ctrl, Alt or Meta would
// change the text of an editable textarea.
func editKey(key string) bool {
	switch key {
	case "Enter", "Backspace", "Delete":
		return true
	}
	return len([]rune(key)) == 1
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")

func escape(s string) string { return escaper.Replace(s) }
