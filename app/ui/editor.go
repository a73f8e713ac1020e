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
	idEditor    = "editor"
	idInput     = "editor-input"
	idHL        = "hl-win"
	idMarks     = "marks-win"
	idGutter    = "gutter-win"
	idProblems  = "problems"
	idStatus    = "problem-status"
	padTop      = 8 // px, must match --pad-y in web/app.css
	padLeft     = 10
	overscan    = 8 // lines rendered above and below the viewport
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

	lh        int // line height in px
	first     int
	last      int
	lastHL    string
	lastProbs string
	escTab    bool // Escape pressed: the next Tab moves focus instead
	// traced marks lines (0-based) of an explanation the simulator shows:
	// "decide" for the deciding line, "consider" for the others.
	traced map[int]string

	onEdit func() // called after every change of text by the user
	funcs  []app.Func
}

func byID(id string) app.Value { return app.Window().GetElementByID(id) }

func newEditor(name, text string, fontSize int, onEdit func()) *editor {
	e := &editor{
		d:      doc.New(name, text),
		ta:     byID(idInput),
		hl:     byID(idHL),
		marks:  byID(idMarks),
		gutter: byID(idGutter),
		probs:  byID(idProblems),
		status: byID(idStatus),
		onEdit: onEdit,
	}
	e.setFontSize(fontSize)
	e.ta.Set("value", text)
	e.listen(e.ta, "input", func(app.Value, []app.Value) any { e.handleInput(); return nil })
	e.listen(e.ta, "scroll", func(app.Value, []app.Value) any { e.renderWindow(); return nil })
	e.listen(e.ta, "keydown", func(_ app.Value, args []app.Value) any { e.keydown(args[0]); return nil })
	e.listen(e.probs, "click", func(_ app.Value, args []app.Value) any { e.problemClick(args[0]); return nil })
	e.listen(app.Window(), "resize", func(app.Value, []app.Value) any { e.renderWindow(); return nil })
	e.render()
	return e
}

func (e *editor) listen(target app.Value, event string, fn func(app.Value, []app.Value) any) {
	f := app.FuncOf(fn)
	e.funcs = append(e.funcs, f)
	target.Call("addEventListener", event, f)
}

func (e *editor) text() string { return e.ta.Get("value").String() }

// handleInput runs synchronously inside the browser's input event: only the
// changed lines are re-scanned, the file is re-checked, and the visible
// lines and the problems list are redrawn before the next paint.
func (e *editor) handleInput() {
	perf := app.Window().Get("performance")
	t0 := perf.Call("now").Float()
	text := e.text()
	t1 := perf.Call("now").Float()
	e.d.UpdateHighlight(text)
	t2 := perf.Call("now").Float()
	e.d.Check()
	t3 := perf.Call("now").Float()
	// Reading a layout value makes the browser lay out the textarea's new
	// text now; timed apart, as it is the browser's work, not ours.
	e.ta.Get("scrollTop")
	t4 := perf.Call("now").Float()
	e.render()
	t5 := perf.Call("now").Float()
	// Timings of the last input (ms): read, highlight, check, browser
	// layout, render. The browser tests print them.
	app.Window().Set("__wbTimings", []any{t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4})
	if e.onEdit != nil {
		e.onEdit()
	}
}

// setText replaces the whole text (a file was opened or restored).
func (e *editor) setText(name, text string) {
	e.d.Name = name
	e.ta.Set("value", text)
	e.ta.Set("scrollTop", 0)
	e.ta.Set("scrollLeft", 0)
	e.d.Update(text)
	e.render()
}

func (e *editor) setFontSize(px int) {
	px = max(minFontSize, min(maxFontSize, px))
	e.lh = (px*3 + 1) / 2
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
// textarea's scroll position.
func (e *editor) renderWindow() {
	st := e.ta.Get("scrollTop").Int()
	sl := e.ta.Get("scrollLeft").Int()
	ch := e.ta.Get("clientHeight").Int()
	if ch <= 0 {
		ch = 800
	}
	n := len(e.d.Lines)
	first := max(0, (st-padTop)/e.lh-overscan)
	last := min(n, (st+ch)/e.lh+overscan+1)
	if first > last {
		first = last
	}
	key := strconv.Itoa(first) + ":" + strconv.Itoa(last)
	if key != e.lastHL || first != e.first || last != e.last {
		e.first, e.last, e.lastHL = first, last, key
		var hl, mk, gt strings.Builder
		for i := first; i < last; i++ {
			l := e.d.Lines[i]
			if m := e.traced[i]; m != "" {
				hl.WriteString(`<div class="wbl tr-` + m + `">`)
			} else {
				hl.WriteString(`<div class="wbl">`)
			}
			hl.WriteString(l.HTML)
			hl.WriteString("</div>")
			sev, has := e.d.LineSeverity(i)
			tr := ""
			if m := e.traced[i]; m != "" {
				tr = " tr-" + m
			}
			if has {
				gt.WriteString(`<div class="num has-` + sev.String() + tr + `">`)
			} else {
				gt.WriteString(`<div class="num` + tr + `">`)
			}
			gt.WriteString(strconv.Itoa(i + 1))
			gt.WriteString("</div>")
			mk.WriteString(`<div class="wbl">`)
			if has {
				mk.WriteString(e.lineMarks(i))
			}
			mk.WriteString("</div>")
		}
		e.hl.Set("innerHTML", hl.String())
		e.marks.Set("innerHTML", mk.String())
		e.gutter.Set("innerHTML", gt.String())
	}
	y := strconv.Itoa(padTop + first*e.lh - st)
	tr := "translate(" + strconv.Itoa(padLeft-sl) + "px," + y + "px)"
	e.hl.Get("style").Set("transform", tr)
	e.marks.Get("style").Set("transform", tr)
	e.gutter.Get("style").Set("transform", "translateY("+y+"px)")
}

// lineMarks returns the underline layer of line i: the line's text, escaped
// and transparent, with the ranges of its diagnostics wrapped in spans.
func (e *editor) lineMarks(i int) string {
	text := e.d.Lines[i].Text()
	type rng struct {
		a, b int
		sev  policy.Severity
	}
	var rs []rng
	for _, id := range e.d.ByLine[i] {
		g := e.d.Diags[id]
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

func (e *editor) problemClick(ev app.Value) {
	t := ev.Get("target")
	if fx := t.Call("closest", "[data-fix]"); fx.Truthy() {
		i, err := strconv.Atoi(fx.Call("getAttribute", "data-fix").String())
		if err == nil && i < len(e.d.Diags) {
			e.applyFix(e.d.Diags[i].Fix)
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
	text := e.d.Text
	e.ta.Call("focus", map[string]any{"preventScroll": true})
	e.ta.Call("setSelectionRange", doc.UTF16Index(text, a), doc.UTF16Index(text, b))
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
	old := e.text()
	if old == text {
		return
	}
	p := 0
	for p < len(old) && p < len(text) && old[p] == text[p] {
		p++
	}
	// Keep the prefix on a character boundary.
	for p > 0 && p < len(old) && old[p]&0xC0 == 0x80 {
		p--
	}
	s := 0
	for s < len(old)-p && s < len(text)-p && old[len(old)-1-s] == text[len(text)-1-s] {
		s++
	}
	for s > 0 && len(old)-s < len(old) && old[len(old)-s]&0xC0 == 0x80 {
		s--
	}
	a, b, repl := p, len(old)-s, text[p:len(text)-s]
	e.ta.Call("focus", map[string]any{"preventScroll": true})
	e.ta.Call("setSelectionRange", doc.UTF16Index(old, a), doc.UTF16Index(old, b))
	cmd, arg := "insertText", repl
	if repl == "" {
		cmd = "delete"
	}
	done := len(repl) < 200<<10 && app.Window().Get("document").Call("execCommand", cmd, false, arg).Bool()
	if !done || e.text() != text {
		e.ta.Call("setRangeText", repl, doc.UTF16Index(old, a), doc.UTF16Index(old, b), "end")
		if e.text() != text {
			e.ta.Set("value", text)
		}
		e.handleInput()
	}
}

// applyFix makes the fix as one edit through the browser's editing
// commands, so Ctrl+Z undoes it like any typing.
func (e *editor) applyFix(f *policy.Fix) {
	text := e.text()
	a, b, repl, ok := doc.ApplyFix(text, f)
	if !ok {
		return
	}
	e.ta.Call("focus", map[string]any{"preventScroll": true})
	e.ta.Call("setSelectionRange", doc.UTF16Index(text, a), doc.UTF16Index(text, b))
	cmd, arg := "insertText", repl
	if repl == "" {
		cmd = "delete"
	}
	done := app.Window().Get("document").Call("execCommand", cmd, false, arg).Bool()
	if !done || e.text() == text && repl != text[a:b] {
		// No editing commands: replace directly (undo then is not possible).
		e.ta.Call("setRangeText", repl, doc.UTF16Index(text, a), doc.UTF16Index(text, b), "end")
		e.handleInput()
	}
}

func (e *editor) keydown(ev app.Value) {
	key := ev.Get("key").String()
	if key == "Escape" {
		e.escTab = true
		return
	}
	if key != "Tab" || ev.Get("ctrlKey").Bool() || ev.Get("altKey").Bool() || ev.Get("metaKey").Bool() {
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

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")

func escape(s string) string { return escaper.Replace(s) }
