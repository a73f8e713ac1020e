package ui

import (
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/doc"
	"github.com/acap-workbench/workbench/policy"
)

// Element IDs of the converter.
const (
	idConvPanel    = "conv-panel"
	idConvSource   = "conv-source"
	idConvComments = "conv-comments"
	idConvIgnore   = "conv-ignore"
	idConvRun      = "conv-run"
	idConvOut      = "conv-out"
	diffContext    = 2
)

// converter runs policy.Convert on demand (it is too slow to run on every
// keystroke), shows the proposed file as a diff and the equivalence report,
// and applies or downloads the result.
type converter struct {
	ed  *editor
	out app.Value
	// main returns the text and name of the file to convert (the
	// workspace's robots.txt) and whether it is the one in the editor.
	main     func() (name, text string, inEditor bool)
	download func(name, text string)
	// apply replaces the main file's text (undoable in the editor).
	apply func(text string)

	oldText string
	conv    *policy.Conversion
	undo    string // the text before the last apply
	funcs   []app.Func
	running bool // a conversion is being proved
	// keep receives the person's answer while a proof waits past its time
	// cap (pause): true to keep checking, false to stop.
	keep chan bool
}

func newConverter(ed *editor, main func() (string, string, bool), download func(string, string), apply func(string)) *converter {
	c := &converter{ed: ed, out: byID(idConvOut), main: main, download: download, apply: apply}
	f := app.FuncOf(func(_ app.Value, args []app.Value) any { c.click(args[0]); return nil })
	c.funcs = append(c.funcs, f)
	byID(idConvPanel).Call("addEventListener", "click", f)
	return c
}

func (c *converter) click(ev app.Value) {
	t := ev.Get("target")
	b := t.Call("closest", "button")
	if !b.Truthy() {
		return
	}
	switch b.Get("id").String() {
	case idConvRun:
		c.run()
	case "conv-keep", "conv-stop":
		if c.keep != nil {
			select {
			case c.keep <- b.Get("id").String() == "conv-keep":
			default:
			}
		}
	case "conv-more":
		rows := byID(idConvMoreRows)
		if !rows.Truthy() {
			return
		}
		shown := rows.Get("hidden").Bool()
		rows.Set("hidden", !shown)
		b.Call("setAttribute", "aria-expanded", strconv.FormatBool(shown))
		b.Set("textContent", moreRowsLabel(rows.Get("rows").Get("length").Int(), shown))
	case "conv-apply":
		if c.conv != nil {
			_, cur, _ := c.main()
			c.undo = cur
			c.apply(string(c.conv.Text))
			c.status("Applied. Press Ctrl+Z in the editor, or “Undo conversion”, to go back.")
			byID("conv-undo").Set("disabled", false)
		}
	case "conv-undo":
		if c.undo != "" {
			c.apply(c.undo)
			c.undo = ""
			c.status("The conversion was undone.")
			byID("conv-undo").Set("disabled", true)
		}
	case "conv-download":
		if c.conv != nil {
			name, _, _ := c.main()
			c.download(name, string(c.conv.Text))
		}
	}
}

func (c *converter) status(msg string) {
	if st := byID("conv-status"); st.Truthy() {
		st.Set("textContent", msg)
	}
}

func (c *converter) options() policy.ConvertOptions {
	k, _ := policy.ParseKind(byID(idConvSource).Get("value").String())
	if k != policy.KindDraft1996 {
		k = policy.KindRFC9309
	}
	return policy.ConvertOptions{
		Source:             k,
		Comments:           byID(idConvComments).Get("checked").Bool(),
		IgnoreConventional: byID(idConvIgnore).Get("checked").Bool(),
	}
}

// run converts and proves in a goroutine that pauses every frameBudget
// (policy.CompareOptions.Yield), so that the page keeps drawing and
// answering while a large file is proved (up to the proof's budget).
func (c *converter) run() {
	if c.running {
		return
	}
	name, text, _ := c.main()
	f, err := policy.Parse(name, []byte(text))
	if err != nil {
		c.out.Set("innerHTML", `<p class="sev-error">`+escape(err.Error())+`</p>`)
		return
	}
	c.running = true
	btn := byID(idConvRun)
	btn.Set("disabled", true)
	c.out.Set("innerHTML", `<p class="muted" id="conv-busy" role="status">Converting, and proving the result over every path…</p>`)
	perf := app.Window().Get("performance")
	t0 := perf.Call("now").Float()
	opt := c.options()
	// The proof is bounded by its work, as natively, so that the page
	// gives the same verdict as any machine; past the time cap it asks.
	c.keep = make(chan bool, 1)
	opt.Bounds.Deadline = time.Now().Add(policy.DefaultConvertBudget)
	opt.Bounds.Pause = c.pause
	go func() {
		// The conversion starts a frame after the click, which has parsed
		// the file and drawn "Converting…": its first slice has a task of
		// its own.
		waitFrame()
		opt.Bounds.Yield = pageYield()
		end := proofSpan()
		conv := policy.Convert(f, opt)
		end()
		// The page draws once before the report is written.
		waitFrame()
		c.running = false
		btn.Set("disabled", false)
		c.show(text, conv, perf.Call("now").Float()-t0)
	}()
}

// pause runs in the conversion's goroutine when the proof passes its time
// cap: it asks whether to keep checking, and waits for the answer (the
// proof then resumes where it stopped, or stops there).
func (c *converter) pause() time.Time {
	secs := strconv.Itoa(int(policy.DefaultConvertBudget.Seconds()))
	if busy := byID("conv-busy"); busy.Truthy() {
		busy.Set("innerHTML", `Still checking after `+secs+` s. The answer will not depend on the time it takes. `+
			`<button type="button" id="conv-keep" class="btn">Keep checking</button> `+
			`<button type="button" id="conv-stop" class="btn">Stop here</button>`)
	}
	if <-c.keep {
		if busy := byID("conv-busy"); busy.Truthy() {
			busy.Set("textContent", "Checking on…")
		}
		return time.Now().Add(policy.DefaultConvertBudget)
	}
	return time.Time{}
}

// proofSpan marks the start of a proof that runs in a goroutine, yielding
// to the page; the returned function marks its end. The spans are kept in
// window.__wbProofSpans ([start, end] in the page's milliseconds) for the
// browser tests, which measure the page's frames during a proof.
func proofSpan() (end func()) {
	perf := app.Window().Get("performance")
	t0 := perf.Call("now").Float()
	return func() {
		w := app.Window()
		if !w.Get("__wbProofSpans").Truthy() {
			w.Set("__wbProofSpans", w.Get("Array").New())
		}
		w.Get("__wbProofSpans").Call("push", []any{t0, perf.Call("now").Float()})
	}
}

// frameBudget is how long a proof runs before it lets the page draw.
const frameBudget = 30 * time.Millisecond

// pageYield returns a policy.CompareOptions.Yield for work running in a
// goroutine: every frameBudget it waits until the page has drawn a frame
// (waitFrame), which hands the single thread of a browser page back to
// the page (to draw, to handle input). A short sleep would not do: the
// browser runs the timer that ends it before it draws, so that a proof
// yielding every few milliseconds still held the page for long frames.
func pageYield() func() {
	last := time.Now()
	return func() {
		if time.Since(last) >= frameBudget {
			waitFrame()
			last = time.Now()
		}
	}
}

// show puts a conversion of text on the page.
func (c *converter) show(text string, conv *policy.Conversion, ms float64) {
	if conv.Err != nil {
		// Nothing is replaced: the file stays as it is.
		c.oldText, c.conv, c.undo = text, nil, ""
		c.out.Set("innerHTML", `<p class="sev-error" role="alert">`+escape(conv.Err.Error())+`</p>`)
		return
	}
	c.oldText, c.conv, c.undo = text, conv, ""
	html, later := renderConversion(text, conv, ms, false)
	c.out.Set("innerHTML", html)
	// The report takes the focus only from the Convert button (or from
	// nowhere): someone typing in the editor meanwhile keeps typing there.
	act := app.Window().Get("document").Get("activeElement")
	if h := byID("conv-report"); h.Truthy() && (!act.Truthy() || act.Get("id").String() == idConvRun || act.Get("tagName").String() == "BODY") {
		h.Call("focus", map[string]any{"preventScroll": false})
	}
	appendLater(byID(idConvDiff), later)
}

// appendLater appends pieces of HTML to el, a piece after each frame,
// then takes el's aria-busy away; it stops if el has left the page (a
// newer report replaced it).
func appendLater(el app.Value, pieces []string) {
	if len(pieces) == 0 || !el.Truthy() {
		return
	}
	afterPaint(func() {
		if !el.Get("isConnected").Bool() {
			return
		}
		el.Call("insertAdjacentHTML", "beforeend", pieces[0])
		if len(pieces) == 1 {
			el.Call("removeAttribute", "aria-busy")
			return
		}
		appendLater(el, pieces[1:])
	})
}

// RenderConversion returns the HTML of a conversion, in a publisher's
// words: a one-line verdict, what to do next, the buttons (Apply drawn as
// a warning unless the new file was proved to give the same answers), the
// paths where the answers differ, the changes and the notes. Every piece
// of the file is escaped.
func RenderConversion(old string, conv *policy.Conversion, ms float64) string {
	html, _ := renderConversion(old, conv, ms, true)
	return html
}

// idConvDiff is the id of the conversion's diff.
const idConvDiff = "conv-diff"

// convRowsShown is how many of the paths where the answers differ the
// report shows at first; the others are in a part of the table that is
// hidden until asked for. Every row of a table shown is laid out, each
// cell's text with it, whatever the table's layout mode (table-layout:
// fixed measured the same): 50 rows of www.nouvelobs.com's report took
// 13–23 ms of layout in the report's frame, the 725 rows of its diff
// (drawn in chunks laid out when scrolled near) 5 ms.
const convRowsShown = 10

// idConvMoreRows is the id of the hidden part of the differences' table.
const idConvMoreRows = "conv-more-rows"

// convMoreRowsOpen ends the shown part of the differences' table and
// begins its hidden part.
const convMoreRowsOpen = `</tbody><tbody id="` + idConvMoreRows + `" hidden>`

// moreRowsButton is the button under the differences' table that shows
// its n hidden rows.
func moreRowsButton(n int) string {
	return `<p><button type="button" id="conv-more" class="btn" aria-expanded="false" aria-controls="` + idConvMoreRows + `">` +
		moreRowsLabel(n, false) + `</button></p>`
}

// moreRowsLabel is the words of the button that shows (or hides again)
// the n paths after the first convRowsShown.
func moreRowsLabel(n int, shown bool) string {
	if shown {
		return "Show only the first " + strconv.Itoa(convRowsShown) + " paths"
	}
	return "Show the other " + plural(n, "path")
}

// renderConversion is RenderConversion with the whole diff when whole is
// set; else with its first piece only, and the other pieces (diffPieces)
// returned, to be appended in order to the <pre id=conv-diff>, which is
// aria-busy meanwhile, and with the paths where the answers differ after
// the first convRowsShown in a hidden part of their table, which a button
// shows (conv-more).
func renderConversion(old string, conv *policy.Conversion, ms float64, whole bool) (string, []string) {
	var b strings.Builder
	r := &conv.Report
	v := convVerdict(conv)
	b.WriteString(`<h3 id="conv-report" class="ex-h" tabindex="-1">Equivalence report</h3>`)
	b.WriteString(`<p id="conv-verdict" class="conv-verdict ` + v.class + `"><strong>` + v.head + `</strong></p>`)
	b.WriteString(`<p class="conv-next"><strong>Next:</strong> ` + v.next + `</p>`)
	if len(v.unsettled) > 0 {
		b.WriteString(`<details class="conv-names"><summary>` + escape(v.unsettledLabel) + `</summary><ul>`)
		for _, n := range v.unsettled {
			b.WriteString(`<li>` + escape(r.Who(n)) + `</li>`)
		}
		b.WriteString(`</ul></details>`)
	}
	took := strconv.FormatFloat(ms, 'f', 0, 64) + ` ms`
	if ms >= 1000 {
		took = strconv.FormatFloat(ms/1000, 'f', 1, 64) + ` s`
	}
	b.WriteString(`<p class="muted conv-figures">` + plural(len(r.Crawlers), "crawler") + ` compared in ` + took +
		` (` + strconv.Itoa(r.States) + ` states explored).</p>`)
	apply := `<button type="button" id="conv-apply" class="btn">Apply to the file</button>`
	if !r.Equivalent() {
		apply = `<button type="button" id="conv-apply" class="btn conv-risk" aria-describedby="conv-verdict">` +
			`<span aria-hidden="true">⚠ </span>Apply anyway</button>`
	}
	b.WriteString(`<div class="conv-buttons">` + apply +
		`<button type="button" id="conv-undo" class="btn" disabled>Undo conversion</button>` +
		`<button type="button" id="conv-download" class="btn">Download the new file</button></div>` +
		`<p id="conv-status" class="muted" aria-live="polite"></p>`)
	if len(r.Differences) > 0 {
		b.WriteString(`<h3 class="ex-h">Where the answers differ: the shortest paths</h3>`)
		b.WriteString(`<table class="cmp conv-diffs"><thead><tr><th scope="col">Crawler</th><th scope="col">Path</th><th scope="col">Your file (` +
			escape(r.Source.Title()) + `)</th><th scope="col">New file (ACAP crawler)</th><th scope="col">Why</th></tr></thead><tbody>`)
		for i, d := range r.Differences {
			if i == convRowsShown && !whole {
				b.WriteString(convMoreRowsOpen)
			}
			b.WriteString(`<tr><td>` + escape(r.Who(d.Crawler)) + `</td><td><code>` + escape(d.Path) + `</code></td><td>` +
				allowWord(d.Source) + lineRef(d.SourceLine) + `</td><td>` + allowWord(d.ACAP) + lineRef(d.ACAPLine) + `</td><td>` +
				whyDiffers(d, conv.LinesLeft) + `</td></tr>`)
		}
		b.WriteString(`</tbody></table>`)
		if n := len(r.Differences) - convRowsShown; n > 0 && !whole {
			b.WriteString(moreRowsButton(n))
		}
		if r.More > 0 {
			b.WriteString(`<p class="muted">… and ` + plural(r.More, "more path") + `, decided by other lines.</p>`)
		}
	}
	b.WriteString(`<h3 class="ex-h">Changes</h3>`)
	pieces := diffPieces(convDiffRows(old, string(conv.Text), conv.Added), convNoChanges)
	var later []string
	if !whole {
		pieces, later = pieces[:1], pieces[1:]
	}
	b.WriteString(diffOpen(convChanges, idConvDiff, len(later) > 0) + strings.Join(pieces, "") + `</pre>`)
	if len(conv.Notes) > 0 {
		b.WriteString(`<ul class="conv-notes">`)
		for _, n := range conv.Notes {
			b.WriteString(`<li>` + escape(n) + `</li>`)
		}
		b.WriteString(`</ul>`)
	}
	return b.String(), later
}

// convWords is what the report says first: the verdict, what to do next,
// and the crawlers left unsettled (listed on request).
type convWords struct {
	class, head, next string // head and next are HTML
	unsettled         []string
	unsettledLabel    string
}

// convVerdict puts a conversion's report in a publisher's words.
func convVerdict(conv *policy.Conversion) convWords {
	r := &conv.Report
	src := escape(r.Source.Title()) + `s`
	var w convWords
	switch {
	case r.Equivalent():
		w.class = "conv-ok"
		w.head = `Same answers on every path.`
		w.next = `ACAP crawlers will read the new file as ` + src + ` read yours: apply it, then download it and put it on your site in place of the old one.`
	case r.OnlyCase() && r.CaseCount == 0:
		w.class = "conv-warn"
		w.head = `Same answers, except perhaps where only capital letters differ.`
		w.next = `if your site never has two paths that differ only in case (such as /News/ and /news/), apply the new file. ` +
			`The check could not settle capital letters for ` + escape(whoList(r, r.CaseOpen)) + `.`
	case r.OnlyCase():
		w.class = "conv-warn"
		w.head = `Same answers, except where only capital letters differ.`
		w.next = `ACAP crawlers ignore upper and lower case, so no ACAP line can change these answers. ` +
			`If your site never has two paths that differ only in case (such as /News/ and /news/), apply the new file; otherwise keep your file as it is.`
	case r.Complete():
		w.class = "conv-bad"
		w.head = `Different answers on some paths.`
		fixable := false
		for _, d := range r.Differences {
			fixable = fixable || !(d.CaseOnly || d.Wildcards || d.NamePart)
		}
		if fixable {
			w.next = `on the paths listed below, ACAP crawlers would read the new file differently from how ` + src + ` read yours. Go through them before applying. Where the new file's answer is not what you want, edit its ACAP line by hand ` +
				`(the table gives the line), then convert again to check.`
		} else {
			w.next = `on the paths listed below, ACAP crawlers would read the new file differently from how ` + src + ` read yours, and the converter could not give your answers back there (the last column says why). Apply the new file only if no such path ` +
				`exists on your site, or if the new answer is acceptable there.`
		}
		if len(r.Stopped) > 0 {
			w.next += ` There may be more such paths for ` + escape(whoList(r, r.Stopped)) + `: the check stopped at the first ones it found.`
		}
		if conv.LinesLeft > 0 {
			w.next += ` The converter stopped adding corrections at its limit of ` + strconv.Itoa(policy.MaxAddedLines) +
				` lines; converting one group of your file at a time avoids the limit.`
		}
	default:
		w.class = "conv-warn"
		open := append(append([]string(nil), r.NotProved...), classNames(r.Uncovered)...)
		// Stopped by the person past the time cap, or by the bound of
		// work, which is the same on every machine.
		why, ran := "you stopped it", "the check was stopped"
		if !r.TimeStopped {
			why, ran = "it reached its limit of work", "the check reached its limit of work (the same on every machine)"
		}
		if len(r.Proved) > 0 {
			w.head = `Not checked to the end for ` + strconv.Itoa(len(open)) + ` of ` + plural(len(r.Crawlers), "crawler") + `: ` + why + `.`
		} else {
			w.head = `Not checked: ` + why + ` before any crawler was settled.`
		}
		w.next = ran + `, so nothing is known about how those crawlers would read the new file. Before applying, ask the paths that matter to you in the simulator ` +
			`(ACAP crawler, and your file's kind) for some of them; or convert a smaller file, one group at a time, so that the check can finish.`
		if len(r.Proved) > 0 {
			if len(r.Proved) == 1 {
				w.next += ` The other crawler was checked` + provedNote(r) + `.`
			} else {
				w.next += ` The other ` + strconv.Itoa(len(r.Proved)) + ` crawlers were checked` + provedNote(r) + `.`
			}
		}
		if len(r.Differences) > 0 {
			w.next += ` The paths listed below were found to differ before it stopped.`
		}
		w.unsettled = open
		w.unsettledLabel = `The crawler not checked`
		if len(open) > 1 {
			w.unsettledLabel = `The ` + strconv.Itoa(len(open)) + ` crawlers not checked`
		}
	}
	return w
}

// provedNote says how the crawlers that were checked came out.
func provedNote(r *policy.EquivalenceReport) string {
	if r.CaseCount+r.OtherCount == 0 {
		return ` (same answers)`
	}
	return ` (where the answers differ is listed below)`
}

func classNames(cs []policy.CrawlerClass) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

// whoList names crawlers in a sentence ("a, b and c"), each as the report
// says whom it stands for; past five, it counts the rest.
func whoList(r *policy.EquivalenceReport, names []string) string {
	var ws []string
	for i, n := range names {
		if i == 5 {
			ws = append(ws, plural(len(names)-5, "other crawler"))
			break
		}
		ws = append(ws, strings.Replace(r.Who(n), "the file does not name", "your file does not name", 1))
	}
	sep := ", "
	for _, w := range ws {
		if strings.Contains(w, ",") {
			sep = "; "
		}
	}
	switch len(ws) {
	case 0:
		return ""
	case 1:
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], sep) + " and " + ws[len(ws)-1]
}

// whyDiffers says why a path keeps a different answer, and whether a
// line could change it.
func whyDiffers(d policy.Difference, linesLeft int) string {
	switch {
	case d.CaseOnly:
		return "Only capital letters differ: ACAP ignores case, so no line can change it."
	case d.Wildcards:
		return "Both rules begin with *, which ACAP ranks by what follows the *: only many added lines (some 233 for a pair of plain rules) give your answer back, and the converter left them out (its limit of " + strconv.Itoa(policy.MaxAddedLines) + " added lines, or rules with more wildcards)."
	case d.NamePart:
		return "Your file gives these crawlers a record by part of their name; ACAP matches whole names, so no line can change it."
	case linesLeft > 0:
		return "Left as it is: the converter reached its limit of " + strconv.Itoa(policy.MaxAddedLines) + " added lines."
	}
	return "The converter found no line that gives your answer here without changing others: decide by hand."
}

// splitLines splits text into lines, without the empty line after a
// final newline.
func splitLines(text string) []string {
	ls := doc.SplitLines(text)
	if len(ls) > 1 && ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}

// sameLine compares two lines without their line ends (the last line of a
// file may have none).
func sameLine(a, b string) bool {
	return strings.TrimRight(a, "\r\n") == strings.TrimRight(b, "\r\n")
}

func allowWord(ok bool) string {
	if ok {
		return `<span class="c-yes"><span aria-hidden="true">✓</span> allowed</span>`
	}
	return `<span class="c-no"><span aria-hidden="true">✕</span> not allowed</span>`
}

func lineRef(n int) string {
	if n <= 0 {
		return ` <span class="muted">(default)</span>`
	}
	return ` <span class="muted">(line ` + strconv.Itoa(n) + `)</span>`
}

// Diff returns the new text as a diff against the old one, in hunks with
// a little context. The converter only adds lines, so the old lines are
// matched in order inside the new text; the lines of added (1-based, in the
// new text) are never matched. When the old text is not a subsequence of
// the new one, the diff falls back to one hunk from the first to the last
// differing line.
func Diff(old, new string, added []int) string {
	return renderDiff(convDiffRows(old, new, added), convChanges, convNoChanges)
}

// The conversion's diff: its label, and what it says when nothing changed.
const (
	convChanges   = "Changes to the file"
	convNoChanges = "No changes: the file already has ACAP records for its crawlers."
)

// convDiffRows returns the rows of Diff.
func convDiffRows(old, new string, added []int) []diffRow {
	ol, nl := splitLines(old), splitLines(new)
	isAdded := make([]bool, len(nl))
	for _, n := range added {
		if n >= 1 && n <= len(nl) {
			isAdded[n-1] = true
		}
	}
	type row = diffRow // num: the line in the new text (0 for a removed line)
	var rows []row
	j := 0
	for i, l := range nl {
		if !isAdded[i] && j < len(ol) && sameLine(ol[j], l) {
			rows = append(rows, row{' ', l, i + 1})
			j++
		} else {
			rows = append(rows, row{'+', l, i + 1})
		}
	}
	if j < len(ol) {
		rows = rows[:0]
		p := 0
		for p < len(ol) && p < len(nl) && ol[p] == nl[p] {
			p++
		}
		s := 0
		for s < len(ol)-p && s < len(nl)-p && ol[len(ol)-1-s] == nl[len(nl)-1-s] {
			s++
		}
		for i := 0; i < p; i++ {
			rows = append(rows, row{' ', nl[i], i + 1})
		}
		for i := p; i < len(ol)-s; i++ {
			rows = append(rows, row{'-', ol[i], 0})
		}
		for i := p; i < len(nl)-s; i++ {
			rows = append(rows, row{'+', nl[i], i + 1})
		}
		for i := len(nl) - s; i < len(nl); i++ {
			rows = append(rows, row{' ', nl[i], i + 1})
		}
	}
	return rows
}
