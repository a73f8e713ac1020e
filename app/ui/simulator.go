package ui

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/directory"
	"github.com/acap-workbench/workbench/policy"
)

// Element IDs of the simulator.
const (
	idSim         = "sim"
	idSimCrawler  = "sim-crawler"
	idSimName     = "sim-crawler-name"
	idSimUA       = "sim-ua"
	idSimPurpose  = "sim-purpose"
	idSimPurpText = "sim-purpose-text"
	idSimDate     = "sim-date"
	idSimKind     = "sim-kind"
	idSimLegend   = "sim-legend"
	idSimURLs     = "sim-urls"
	idSimStatus   = "sim-status"
	idSimURLsFill = "sim-urls-fill"
	idSimMatrix   = "sim-matrix"
	idSimExplain  = "sim-explain"
	idSimCompare  = "sim-compare"
	idPageURL     = "page-url"
	idPageHTML    = "page-html"
	idPageOut     = "page-out"

	// maxURLs bounds the rows of the matrix.
	maxURLs = 500
	// simDelay is how long the simulator waits after a keystroke in the
	// editor before it recomputes (ms).
	simDelay = 60
)

// DefaultURLs are the sample URLs shown on a first visit.
const DefaultURLs = "/\n/news/today.html\n/private/report.html\n/archive/2008/story.html\n/search?q=acap"

// Verdicts of a cell, with an icon and a word so that colour is not needed.
const (
	vYes     = "yes"
	vLimited = "limits"
	vNo      = "no"
	// The today kind's answers for a category add two states.
	vNone       = "none"      // no preference stated
	vNotCrawled = "uncrawled" // the crawler may not crawl the URL
)

var verdictIcon = map[string]string{vYes: "✓", vLimited: "◐", vNo: "✕", vNone: "○", vNotCrawled: "⊘"}

func verdict(a *policy.Answer) string {
	switch a.Preference {
	case policy.PrefUnstated:
		return vNone
	case policy.PrefNotCrawled:
		return vNotCrawled
	}
	switch {
	case !a.Allowed:
		return vNo
	case len(a.Restrictions) > 0:
		return vLimited
	}
	return vYes
}

// cellKey is what a drawn cell shows: its verdict, and whether it is
// partial.
func cellKey(a *policy.Answer) string {
	if a.Partial {
		return verdict(a) + "*"
	}
	return verdict(a)
}

// partClass and partLabel mark a partial answer (the more restrictive of
// two channels that differ): a class that draws the mark, and a label
// that says it to assistive technology.
func partClass(a *policy.Answer) string {
	if a.Partial {
		return " part"
	}
	return ""
}

func partLabel(a *policy.Answer, v string) string {
	if a.Partial {
		return ` aria-label="` + v + `, partial"`
	}
	return ""
}

// verdictWords is the answer in words: as verdictLong, but a category
// the today kind answers with a "no" is "disallowed" (a preference).
func verdictWords(a *policy.Answer) string {
	w := verdictLong(verdict(a))
	if a.Preference == policy.PrefDisallowed {
		w = "disallowed"
	}
	if a.Partial {
		w += " (partial)"
	}
	return w
}

func verdictLong(v string) string {
	switch v {
	case vNo:
		return "not allowed"
	case vLimited:
		return "allowed with restrictions"
	case vNone:
		return "no preference"
	case vNotCrawled:
		return "not crawled"
	}
	return "allowed"
}

// simulator runs the policy on the sample URLs and draws the matrix, the
// explanation of a cell and the comparison of kinds. Like the editor, it
// writes its output into the page directly: go-app's positional diffing
// of hundreds of cells would cost far more than the decisions.
type simulator struct {
	ed *editor
	// files returns the file simulated (the workspace's robots.txt), the
	// other files of the workspace, and a number that changes whenever
	// one of them does.
	files func() (*policy.File, []*policy.File, int)

	root, crawler, name, ua, purpose, purpText, date, kind       app.Value
	status, matrix, explain, compare, pageURL, pageHTML, pageOut app.Value
	urls                                                         *urlField

	pol      *policy.Policy
	polFile  *policy.File
	polOther int
	polPage  int

	page     *policy.Page
	pageVer  int
	pagePath string

	crawlerKey, purposeKey string

	base policy.Question
	// What the drawn table shows, to update only the cells that changed.
	drawnKey    string
	drawnRows   []string
	lastExplain string
	lastCompare string
	drawnV      []string
	cellEls     app.Value // the table's cell buttons, in order
	legend      app.Value

	// The crawler directory and the batch view (crawlers.go).
	dir           []directory.Entry
	dirState      string // "", "loading", "loaded" or "failed: why"
	dirOptions    string // the picker's optgroups for the directory
	batchGroup    string // the group shown, "" for none
	batchCat      policy.Category
	batchDrawn    string
	batchURLs     []string // the URLs of the batch table's columns as drawn
	batchCrawlers []string
	batchAns      []policy.Answer
	batchV        []string
	batchPart     []bool // the cells drawn as partial
	batchPol      *policy.Policy
	batchQ        policy.Question
	batchFresh    bool // the rows are being added (else the cells drawn are updated)
	batchNext     int  // the next crawler to draw
	batchJob      *batchJob
	batchCells    app.Value // the table's cell buttons, once it is complete
	batchWaiting  bool      // a slice waits for a frame (pageFrames)
	batchT0       float64
	batchSlices   int
	batchMaxSlice float64
	batchTrace    []float64 // per slice: decisions and markup (ms), adding it to the page (ms), crawlers done
	batchFilter   batchFilter
	rows          []string // URLs as entered
	usages        []policy.Use
	ans           []policy.Answer
	selR          int
	selC          int
	focusR        int
	focusC        int

	// onChange is called when the form changes (to save it).
	onChange func()
	// wantCrawler and wantPurpose are restored choices, applied when the
	// lists are first filled.
	wantCrawler, wantPurpose string
	// chosen: the user changed the crawler, the purpose or the kind, so
	// fit leaves them alone.
	chosen bool
	// onOpenFile shows a line of robots.txt ("") or of another workspace
	// file (by path).
	onOpenFile func(file string, line int)
	// mainShown reports whether the editor shows robots.txt (the lines of
	// an explanation are marked only then).
	mainShown func() bool

	timer     int  // the pending setTimeout, or 0
	runQueued bool // a run waits for a frame (pageFrames)
	runFn     app.Func
	sim       simRun     // the matrix being answered (simrun.go)
	cmp       compareRun // the comparison of kinds being answered (simcompare.go)
	more      int        // URLs past maxURLs, not shown
	funcs     []app.Func
}

func newSimulator(ed *editor, files func() (*policy.File, []*policy.File, int), urls *urlField, saved *SimSettings) *simulator {
	s := &simulator{
		ed: ed, files: files, usages: policy.UsesOf(policy.KindACAP), selR: -1, selC: -1,
		root: byID(idSim), crawler: byID(idSimCrawler), name: byID(idSimName), ua: byID(idSimUA),
		purpose: byID(idSimPurpose), purpText: byID(idSimPurpText), date: byID(idSimDate),
		kind: byID(idSimKind), urls: urls, status: byID(idSimStatus), legend: byID(idSimLegend),
		matrix: byID(idSimMatrix), explain: byID(idSimExplain), compare: byID(idSimCompare),
		pageURL: byID(idPageURL), pageHTML: byID(idPageHTML), pageOut: byID(idPageOut),
	}
	if s.date.Get("value").String() == "" {
		s.date.Set("value", today())
	}
	if s.urls.value() == "" {
		s.urls.set(DefaultURLs)
	}
	if saved != nil {
		s.wantCrawler, s.wantPurpose = saved.Crawler, saved.Purpose
		s.name.Set("value", saved.Name)
		s.ua.Set("checked", saved.UA)
		s.purpText.Set("value", saved.PurposeText)
		s.chosen = saved.Chosen
		if _, ok := policy.ParseKind(saved.Kind); ok && saved.Kind != "" {
			s.kind.Set("value", saved.Kind)
		}
	}
	// A run waits for a frame of its own (pageFrames) once typing paused.
	s.runFn = app.FuncOf(func(app.Value, []app.Value) any { s.timer = 0; afterPaintOnce(&s.runQueued, s.run); return nil })
	s.listen(s.root, "input", func(_ app.Value, args []app.Value) any { s.formInput(args[0]); return nil })
	s.listen(s.root, "change", func(_ app.Value, args []app.Value) any { s.formInput(args[0]); return nil })
	s.listen(s.root, "click", func(_ app.Value, args []app.Value) any { s.click(args[0]); return nil })
	s.listen(s.matrix, "keydown", func(_ app.Value, args []app.Value) any { s.matrixKey(args[0]); return nil })
	s.listen(s.explain, "keydown", func(_ app.Value, args []app.Value) any { s.explainKey(args[0]); return nil })
	s.listen(s.pageURL, "input", func(app.Value, []app.Value) any { s.pageChanged(); return nil })
	s.listen(s.pageHTML, "input", func(app.Value, []app.Value) any { s.pageChanged(); return nil })
	s.listen(s.pageOut, "click", func(_ app.Value, args []app.Value) any { s.click(args[0]); return nil })
	s.loadDirectory()
	return s
}

// runFirst answers the question of the form after the next frame
// (pageFrames), in place of a run scheduled (by fit, say), with the form
// fitting the file. The workbench's start asks for the first matrix with
// it: the start itself is then a shorter task, and the page draws in
// between.
func (s *simulator) runFirst() {
	if s.timer != 0 {
		app.Window().Call("clearTimeout", s.timer)
		s.timer = 0
	}
	afterPaintOnce(&s.runQueued, s.run)
}

// today is the browser's local date, YYYY-MM-DD.
func today() string {
	d := app.Window().Get("Date").New()
	t := time.Date(d.Call("getFullYear").Int(), time.Month(d.Call("getMonth").Int()+1), d.Call("getDate").Int(), 0, 0, 0, 0, time.UTC)
	return t.Format("2006-01-02")
}

func (s *simulator) listen(target app.Value, event string, fn func(app.Value, []app.Value) any) {
	f := app.FuncOf(fn)
	s.funcs = append(s.funcs, f)
	target.Call("addEventListener", event, f)
}

// schedule recomputes soon: the editor calls it on every keystroke, so a
// burst of typing costs one simulation.
func (s *simulator) schedule() { s.scheduleIn(simDelay) }

// scheduleIn runs the simulation ms milliseconds from now, in place of a
// run scheduled before.
func (s *simulator) scheduleIn(ms int) {
	if s.timer != 0 {
		app.Window().Call("clearTimeout", s.timer)
	}
	s.timer = app.Window().Call("setTimeout", s.runFn, ms).Int()
}

func (s *simulator) formInput(ev app.Value) {
	id := ev.Get("target").Get("id").String()
	switch id {
	case idSimName:
		s.chosen = true
		if s.crawler.Get("value").String() != "custom" {
			s.crawler.Set("value", "custom")
		}
	case idSimPurpText:
		s.chosen = true
		if s.purpose.Get("value").String() != "custom" {
			s.purpose.Set("value", "custom")
		}
	case idSimCrawler, idSimPurpose, idSimUA, idSimKind:
		s.chosen = true
	case idSimDate, idSimURLs:
	case idBatchMay, idBatchObeys:
		s.applyBatchFilter()
		return
	default:
		return
	}
	s.run()
	if s.onChange != nil {
		s.onChange()
	}
}

// settings returns the choices of the form, to be saved.
func (s *simulator) settings() SimSettings {
	return SimSettings{
		Crawler: s.crawler.Get("value").String(), Name: s.name.Get("value").String(),
		UA: s.ua.Get("checked").Bool(), Purpose: s.purpose.Get("value").String(),
		PurposeText: s.purpText.Get("value").String(), Kind: s.kind.Get("value").String(),
		Chosen: s.chosen,
	}
}

// fit sets the reading and the crawler that fit f (policy.File.FittingKind
// and FittingCrawler), unless the user has chosen them: a conventional
// file is read as RFC 9309 by a crawler it names, a file with ACAP records
// by an ACAP crawler, one with usage preferences as today's crawlers do.
func (s *simulator) fit(f *policy.File) {
	if s.chosen || f == nil {
		return
	}
	k := f.FittingKind()
	s.kind.Set("value", k.String())
	s.wantCrawler = "any"
	if n := f.FittingCrawler(k); n != "" {
		s.wantCrawler = "n:" + n
	}
	s.crawlerKey = "" // refill the list, with the crawler chosen
	s.schedule()
}

// Simulate sets what the simulator asks: the URLs (one a line), the
// crawler (a name, or "" for any other crawler), the purpose and the kind
// of crawler; for an example opened from the gallery, say.
func (s *simulator) Simulate(urls []string, crawler, purpose string, kind policy.Kind) {
	if len(urls) > 0 {
		s.urls.set(strings.Join(urls, "\n"))
	}
	s.ua.Set("checked", false)
	s.name.Set("value", crawler)
	s.crawler.Set("value", "any")
	if crawler != "" {
		s.crawler.Set("value", "custom")
	}
	s.purpText.Set("value", purpose)
	s.purpose.Set("value", "")
	if purpose != "" {
		s.purpose.Set("value", "custom")
	}
	s.kind.Set("value", kind.String())
	s.selR, s.selC = -1, -1
	s.run()
	if s.onChange != nil {
		s.onChange()
	}
}

// Snapshot returns what the matrix shows: the crawler asked about, the
// URLs (rows), the usages (columns) and the answers, row-major
// (answers[r*len(usages)+c]); for the print view.
func (s *simulator) Snapshot() (crawler string, urls []string, usages []policy.Use, answers []policy.Answer) {
	return s.base.Crawler, append([]string(nil), s.rows...), append([]policy.Use(nil), s.usages...), append([]policy.Answer(nil), s.ans...)
}

// policy returns the Policy for the current files and page, made anew only
// when one of them changed (a Policy caches per-crawler work).
func (s *simulator) policy() *policy.Policy {
	f, others, ver := s.files()
	if f == nil {
		return nil
	}
	if s.pol == nil || f != s.polFile || ver != s.polOther || s.pageVer != s.polPage {
		s.pol = policy.NewPolicy(f, others...)
		if s.page != nil {
			s.pol.AddPage(s.page)
		}
		s.polFile, s.polOther, s.polPage = f, ver, s.pageVer
	}
	return s.pol
}

// question reads the form.
func (s *simulator) question(f *policy.File) policy.Question {
	s.syncOptions(f)
	q := policy.Question{UserAgent: s.ua.Get("checked").Bool()}
	switch v := s.crawler.Get("value").String(); {
	case v == "custom":
		q.Crawler = strings.TrimSpace(s.name.Get("value").String())
		if q.Crawler == "" {
			q.Crawler = otherCrawler(f)
		}
	case strings.HasPrefix(v, "n:"):
		q.Crawler = v[2:]
	default:
		q.Crawler = otherCrawler(f)
	}
	switch v := s.purpose.Get("value").String(); {
	case v == "custom":
		q.Purpose = strings.TrimSpace(s.purpText.Get("value").String())
	case strings.HasPrefix(v, "p:"):
		q.Purpose = v[2:]
	}
	q.Date, _ = policy.ParseDate(s.date.Get("value").String())
	q.Kind, _ = policy.ParseKind(s.kind.Get("value").String())
	return q
}

// otherCrawler is the name asked for "any other crawler": one that no line
// of the file names for any kind of crawler (policy.File.OtherCrawler).
func otherCrawler(f *policy.File) string {
	name, _ := f.OtherCrawler()
	return name
}

// syncOptions refills the crawler and purpose lists with the names the
// file uses, keeping the choice when it is still offered.
func (s *simulator) syncOptions(f *policy.File) {
	fillSelect(s.crawler, &s.crawlerKey, &s.wantCrawler, f.Crawlers(), "n:",
		`<option value="any">Any other crawler</option>`, `<option value="custom">Another name (type it)…</option>`+s.dirOptions, "any")
	fillSelect(s.purpose, &s.purposeKey, &s.wantPurpose, f.Purposes(), "p:",
		`<option value="">No purpose</option>`, `<option value="custom">Another purpose (type it)…</option>`, "")
}

// fillSelect refills a <select> with an option for each name (its value is
// prefix+name) between the first and last options, when the names changed
// since the last fill (*key) or a restored choice (*want) waits. It keeps
// the current choice, or the restored one, when it is still offered, and
// chooses fallback otherwise.
func fillSelect(sel app.Value, key, want *string, names []string, prefix, first, last, fallback string) {
	k := strings.Join(names, "\x00") + "\x01" // "\x01": no names is not "never filled"
	if k == *key && *want == "" {
		return
	}
	*key = k
	cur := sel.Get("value").String()
	if *want != "" {
		cur, *want = *want, ""
	}
	var b strings.Builder
	b.WriteString(first)
	for _, n := range names {
		b.WriteString(`<option value="` + prefix + escape(n) + `">` + escape(n) + `</option>`)
	}
	b.WriteString(last)
	sel.Set("innerHTML", b.String())
	sel.Set("value", cur)
	if sel.Get("value").String() == "" {
		sel.Set("value", fallback)
	}
}

// rowURLs returns the URLs of the matrix: those typed, and the page's URL
// when a page is being tested and its URL is not among them.
func (s *simulator) rowURLs() (rows []string, more int) {
	rows, more = urlLines(s.urls.value(), maxURLs)
	for i, l := range rows {
		rows[i] = SampleURL(l)
	}
	if s.page != nil {
		found := false
		for _, r := range rows {
			if policy.PathOf(r) == s.pagePath {
				found = true
				break
			}
		}
		if !found {
			rows = append(rows, s.pagePath)
		}
	}
	return rows, more
}

func (s *simulator) answer(r, c int) *policy.Answer {
	i := r*len(s.usages) + c
	if r < 0 || c < 0 || i >= len(s.ans) {
		return nil
	}
	return &s.ans[i]
}

// matrixChunkCells is about how many cells the matrix draws in one frame:
// the browser lays out each new row, and a table of 500 URLs drawn at
// once was one frame of several hundred milliseconds. Rows are added a
// chunk at a time, one chunk per slice (rowsDrawing).
const matrixChunkCells = 200

// renderMatrix draws the matrix: when its shape changed, the table anew
// with its first rows; else the rows whose URL changed, the cells whose
// answer changed, and, if rows, the next rows not drawn yet.
func (s *simulator) renderMatrix(more int, rows bool) {
	key := strconv.Itoa(len(s.rows)) + "\x00" + s.pagePath
	if s.page == nil {
		key += "\x01"
	}
	if key == s.drawnKey && len(s.drawnV) == len(s.drawnRows)*len(s.usages) {
		// Same shape: rename the rows whose URL changed, redraw the cells
		// whose verdict changed.
		setIfChanged(s.matrix.Call("querySelector", "caption"), "textContent", s.caption())
		var heads app.Value
		for r, url := range s.drawnRows {
			if url != s.rows[r] {
				if heads == nil {
					heads = s.matrix.Call("querySelectorAll", "tbody th")
				}
				heads.Index(r).Set("innerHTML", s.rowHead(s.rows[r]))
				s.drawnRows[r] = s.rows[r]
			}
		}
		s.updateCells(more)
		if rows {
			s.addRows()
		}
		return
	}
	var b strings.Builder
	b.WriteString(`<table class="mx"><caption class="sr-only">`)
	b.WriteString(escape(s.caption()))
	b.WriteString(`</caption><thead><tr><th scope="col" class="mx-url">URL</th>`)
	for _, u := range s.usages {
		b.WriteString(`<th scope="col" class="mx-u"><span>` + u.String() + `</span></th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	s.drawnRows, s.drawnV = s.drawnRows[:0], s.drawnV[:0]
	b.WriteString(s.nextRows())
	b.WriteString(`</tbody></table>`)
	s.matrix.Set("innerHTML", b.String())
	s.drawnKey = key
	// A static list: a live one (getElementsByClassName) is walked again
	// after each change of a class, which made redrawing many cells
	// quadratic.
	s.cellEls = s.matrix.Call("querySelectorAll", "button.cell")
	s.renderStatus(more)
}

// rowsDrawing reports whether rows of the matrix are still to be drawn.
func (s *simulator) rowsDrawing() bool {
	return s.drawnKey != "" && len(s.drawnRows) < len(s.rows)
}

// addRows draws the next chunk of rows not drawn yet, if any.
func (s *simulator) addRows() {
	if !s.rowsDrawing() {
		return
	}
	s.matrix.Call("querySelector", "tbody").Call("insertAdjacentHTML", "beforeend", s.nextRows())
	s.cellEls = s.matrix.Call("querySelectorAll", "button.cell")
}

// nextRows returns the HTML of the next chunk of rows not drawn yet, and
// counts them as drawn.
func (s *simulator) nextRows() string {
	fr, fc := s.focusR, s.focusC
	if fr >= len(s.rows) || fc >= len(s.usages) {
		fr, fc = 0, 0
	}
	from := len(s.drawnRows)
	to := min(len(s.rows), from+max(1, matrixChunkCells/max(1, len(s.usages))))
	var b strings.Builder
	b.Grow((to - from) * len(s.usages) * 120)
	for r := from; r < to; r++ {
		url := s.rows[r]
		b.WriteString(`<tr><th scope="row" class="mx-url">`)
		b.WriteString(s.rowHead(url))
		b.WriteString(`</th>`)
		for c := range s.usages {
			tab := "-1"
			if r == fr && c == fc {
				tab = "0"
			}
			i := r*len(s.usages) + c
			s.drawnV = append(s.drawnV, s.drawnCellKey(i))
			if i >= len(s.ans) {
				b.WriteString(pendingCell(r, c, tab))
				continue
			}
			a := &s.ans[i]
			v := verdict(a)
			cls := "cell c-" + v
			if r == s.selR && c == s.selC {
				cls += " sel"
			}
			b.WriteString(`<td><button type="button" class="` + cls + partClass(a) + `" data-r="` + strconv.Itoa(r) + `" data-c="` + strconv.Itoa(c) + `" tabindex="` + tab + `"` + partLabel(a, v) + `><span class="ic" aria-hidden="true">` + verdictIcon[v] + `</span>` + v + `</button></td>`)
		}
		b.WriteString(`</tr>`)
		s.drawnRows = append(s.drawnRows, url)
	}
	return b.String()
}

// drawnCellKey is what cell i shows: its answer's key; while the table is
// being answered, the answer drawn before until the new one is in (which
// spares the page drawing every cell twice); else pending.
func (s *simulator) drawnCellKey(i int) string {
	if i < len(s.ans) {
		return cellKey(&s.ans[i])
	}
	if j := s.sim.job; j != nil && !j.stopped() && i < len(s.drawnV) {
		return s.drawnV[i]
	}
	return cellPending
}

// rowHead is the HTML of a row's header: its URL, escaped.
func (s *simulator) rowHead(url string) string {
	if s.page != nil && policy.PathOf(url) == s.pagePath {
		return `<span class="mx-page" title="The page's META tags take part">page</span> ` + shortURL(url)
	}
	return shortURL(url)
}

// rowHeadMax is the most bytes of a URL a row header shows: the browser
// lays out the whole table again as cells are answered, and long URLs
// made that slow.
const rowHeadMax = 160

// shortURL is a URL for a row header, escaped: whole, or its start with
// the whole URL on hover.
func shortURL(url string) string {
	if len(url) <= rowHeadMax {
		return escape(url)
	}
	cut := rowHeadMax
	for cut > 0 && !utf8.RuneStart(url[cut]) {
		cut--
	}
	return `<span title="` + escape(url) + `">` + escape(url[:cut]) + `…</span>`
}

func (s *simulator) caption() string {
	return "What " + s.base.Crawler + " may do with each URL. Rows: URLs; columns: usages."
}

// updateCells redraws only the cells whose verdict changed: a keystroke
// usually changes a few, and the browser then lays out little.
func (s *simulator) updateCells(more int) {
	for i := range s.drawnV {
		k := s.drawnCellKey(i)
		if k == s.drawnV[i] {
			continue
		}
		s.drawnV[i] = k
		el := s.cellEls.Index(i)
		if i >= len(s.ans) {
			el.Set("className", "cell c-pending")
			el.Call("removeAttribute", "aria-label")
			el.Set("innerHTML", `<span class="ic" aria-hidden="true">…</span>`+cellPending)
			continue
		}
		a := &s.ans[i]
		v := verdict(a)
		cls := "cell c-" + v + partClass(a)
		if i/len(s.usages) == s.selR && i%len(s.usages) == s.selC {
			cls += " sel"
		}
		el.Set("className", cls)
		if a.Partial {
			el.Call("setAttribute", "aria-label", v+", partial")
		} else {
			el.Call("removeAttribute", "aria-label")
		}
		el.Set("innerHTML", `<span class="ic" aria-hidden="true">`+verdictIcon[v]+`</span>`+v)
	}
	s.renderStatus(more)
}

// renderStatus counts the answers and says what the matrix shows.
func (s *simulator) renderStatus(more int) {
	yes, lim, no, none, nc := 0, 0, 0, 0, 0
	for i := range s.ans {
		switch verdict(&s.ans[i]) {
		case vYes:
			yes++
		case vLimited:
			lim++
		case vNone:
			none++
		case vNotCrawled:
			nc++
		default:
			no++
		}
	}
	st := s.progress() + strconv.Itoa(len(s.rows)) + " URLs × " + strconv.Itoa(len(s.usages)) + " usages for " + s.base.Crawler +
		" (" + s.base.Kind.Title() + "): " + strconv.Itoa(yes) + " allowed, " + strconv.Itoa(lim) + " with restrictions, " + strconv.Itoa(no) + " not allowed."
	if s.base.Kind == policy.KindToday {
		st = s.progress() + strconv.Itoa(len(s.rows)) + " URLs × crawl and " + strconv.Itoa(len(s.usages)-1) + " categories for " + s.base.Crawler +
			" (" + s.base.Kind.Title() + "): " + strconv.Itoa(yes) + " allowed, " + strconv.Itoa(no) + " disallowed, " + strconv.Itoa(none) + " no preference, " + strconv.Itoa(nc) + " not crawled."
	}
	if o, ok := policy.CrawlerObeys(s.base.Crawler); ok && !s.base.UserAgent {
		st += " The crawler directory reports that " + o.Token + " does not obey robots.txt: these are what the file asks of it, not what it does."
	}
	if more > 0 {
		st += " Only the first " + strconv.Itoa(maxURLs) + " URLs are shown (" + strconv.Itoa(more) + " more)."
	}
	if len(s.rows) == 0 {
		st = "Type URLs or paths above, one a line."
	}
	setIfChanged(s.status, "textContent", st)
}

// setIfChanged sets a property only when its value differs, which spares
// the browser a layout.
func setIfChanged(el app.Value, prop, val string) {
	if el.Get(prop).String() != val {
		el.Set(prop, val)
	}
}

// click handles clicks in the simulator: a cell, a line of an explanation.
func (s *simulator) click(ev app.Value) {
	t := ev.Get("target")
	if t.Call("closest", "#batch-panel").Truthy() {
		s.batchClick(ev)
		return
	}
	switch t.Get("id").String() {
	case idSimURLsFill:
		s.fillURLsFromFile()
		return
	case idURLEdit:
		s.urls.edit()
		return
	case idSimCSV:
		download("matrix-"+s.base.Kind.String()+".csv", s.matrixCSV())
		return
	case idSimContinue:
		s.continueRun()
		return
	}
	if cell := t.Call("closest", "button[data-r]"); cell.Truthy() {
		r, _ := strconv.Atoi(cell.Call("getAttribute", "data-r").String())
		c, _ := strconv.Atoi(cell.Call("getAttribute", "data-c").String())
		s.selectCell(r, c)
		return
	}
	if ln := t.Call("closest", "button[data-line]"); ln.Truthy() {
		n, _ := strconv.Atoi(ln.Call("getAttribute", "data-line").String())
		s.goToLine(ln.Call("getAttribute", "data-file").String(), n)
	}
}

// fillURLsFromFile replaces the sample URLs with paths taken from the
// simulated file's own rules (policy's File.SamplePaths), as one edit of
// the text area that Ctrl+Z takes back.
func (s *simulator) fillURLsFromFile() {
	f, _, _ := s.files()
	if f == nil {
		return
	}
	text := strings.Join(f.SamplePaths(maxSamplePaths), "\n")
	s.urls.edit() // a list shown read-only is put in the text box first: Ctrl+Z gives it back
	ta := s.urls.ta
	ta.Call("focus")
	ta.Call("select")
	if !app.Window().Get("document").Call("execCommand", "insertText", false, text).Bool() {
		ta.Set("value", text)
		ta.Call("dispatchEvent", app.Window().Get("Event").New("input", map[string]any{"bubbles": true}))
	}
}

// maxSamplePaths is how many URLs "URLs from this file" fills in.
const maxSamplePaths = 30

// selectCell selects a cell and explains it, or, for a cell not answered
// yet, once it is.
func (s *simulator) selectCell(r, c int) {
	if r < 0 || c < 0 || r >= len(s.rows) || c >= len(s.usages) {
		return
	}
	if old := s.matrix.Call("querySelector", ".cell.sel"); old.Truthy() {
		old.Get("classList").Call("remove", "sel")
	}
	s.selR, s.selC = r, c
	s.setFocusCell(r, c, false)
	if b := s.cellEl(r, c); b.Truthy() {
		b.Get("classList").Call("add", "sel")
	}
	s.renderExplain()
}

func (s *simulator) cellEl(r, c int) app.Value {
	return s.matrix.Call("querySelector", `button[data-r="`+strconv.Itoa(r)+`"][data-c="`+strconv.Itoa(c)+`"]`)
}

// setFocusCell moves the matrix's one tab stop (a roving tabindex).
func (s *simulator) setFocusCell(r, c int, focus bool) {
	if old := s.cellEl(s.focusR, s.focusC); old.Truthy() {
		old.Set("tabIndex", -1)
	}
	s.focusR, s.focusC = r, c
	if b := s.cellEl(r, c); b.Truthy() {
		b.Set("tabIndex", 0)
		if focus {
			b.Call("focus")
		}
	}
}

// matrixKey moves between cells with the arrow keys, Home and End; Enter
// explains the cell and moves focus to the explanation (Escape there
// comes back, see explainKey).
func (s *simulator) matrixKey(ev app.Value) {
	if !ev.Get("target").Call("closest", "button[data-r]").Truthy() {
		return
	}
	r, c := s.focusR, s.focusC
	switch ev.Get("key").String() {
	case "Enter":
		ev.Call("preventDefault")
		s.selectCell(r, c)
		if s.answer(r, c) != nil {
			s.explain.Set("tabIndex", -1)
			s.explain.Call("focus")
		}
		return
	case "ArrowUp":
		r--
	case "ArrowDown":
		r++
	case "ArrowLeft":
		c--
	case "ArrowRight":
		c++
	case "Home":
		c = 0
	case "End":
		c = len(s.usages) - 1
	default:
		return
	}
	ev.Call("preventDefault")
	r = max(0, min(r, len(s.drawnRows)-1))
	c = max(0, min(c, len(s.usages)-1))
	s.setFocusCell(r, c, true)
}

// explainKey: Escape in the explanation returns focus to its cell.
func (s *simulator) explainKey(ev app.Value) {
	if ev.Get("key").String() != "Escape" || s.answer(s.selR, s.selC) == nil {
		return
	}
	ev.Call("preventDefault")
	s.setFocusCell(s.selR, s.selC, true)
}

func (s *simulator) goToLine(file string, n int) {
	switch {
	case strings.HasPrefix(file, "page "):
		selectTextareaLine(s.pageHTML, n)
	case s.onOpenFile != nil:
		s.onOpenFile(file, n)
	case file == "":
		s.ed.selectLine(n)
	}
}

// selectTextareaLine puts the cursor at the start of line n of a textarea.
func selectTextareaLine(ta app.Value, n int) {
	text := ta.Get("value").String()
	off := 0
	for i := 1; i < n; i++ {
		j := strings.IndexByte(text[off:], '\n')
		if j < 0 {
			break
		}
		off += j + 1
	}
	u := utf16Len(text[:off])
	ta.Call("focus")
	ta.Call("setSelectionRange", u, u)
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// lineButton is a button that moves the cursor to a line of a file.
func lineButton(file string, n int) string {
	label, title := "Ln "+strconv.Itoa(n), "Go to line "+strconv.Itoa(n)
	switch {
	case strings.HasPrefix(file, "page "):
		label, title = "page Ln "+strconv.Itoa(n), "Go to line "+strconv.Itoa(n)+" of the page's HTML"
	case file != "":
		label, title = file+":"+strconv.Itoa(n), "Go to line "+strconv.Itoa(n)+" of "+file
	}
	return `<button type="button" class="ln" data-line="` + strconv.Itoa(n) + `" data-file="` + escape(file) + `" title="` + escape(title) + `">` + escape(label) + `</button>`
}

// renderExplain draws the explanation of the selected cell, marks its
// lines in the editor, and compares the kinds of crawler for its URL.
func (s *simulator) renderExplain() {
	a := s.answer(s.selR, s.selC)
	if a == nil && s.selR >= 0 && s.selR < len(s.rows) && s.selC < len(s.usages) {
		if s.lastExplain != "pending" {
			s.lastExplain = "pending"
			s.explain.Set("innerHTML", `<p class="muted">This cell is not answered yet: its explanation follows when it is.</p>`)
			s.compare.Set("innerHTML", "")
		}
		s.ed.setTraced(0, nil)
		return
	}
	if a == nil {
		if s.lastExplain != "none" {
			s.lastExplain = "none"
			s.explain.Set("innerHTML", `<p class="muted">Click a cell (or press Enter on it) to see why, and how every kind of crawler reads the same URL.</p>`)
			s.compare.Set("innerHTML", "")
		}
		s.ed.setTraced(0, nil)
		return
	}
	url, u := s.rows[s.selR], s.usages[s.selC]
	v := verdict(a)
	f := s.polFile
	var b strings.Builder
	b.WriteString(`<h3 class="ex-h">` + escape(url) + ` · ` + u.String() + `</h3>`)
	b.WriteString(`<p class="ex-verdict c-` + v + `"><span class="ic" aria-hidden="true">` + verdictIcon[v] + `</span> <strong>` + verdictWords(a) + `</strong> for ` + escape(s.base.Crawler))
	if s.base.Purpose != "" {
		b.WriteString(`, purpose ` + escape(s.base.Purpose))
	}
	b.WriteString(` (` + escape(s.base.Kind.Title()) + `)`)
	switch {
	case a.Line > 0:
		b.WriteString(`; decided by ` + lineButton(a.File, a.Line))
	case a.Preference == policy.PrefUnstated:
		b.WriteString(`: ` + escape(policy.NoPreferenceMeaning(u.Category)))
		if u.Category != policy.CategorySearch {
			b.WriteString(s.operatorPolicy(s.base.Crawler))
		}
	default:
		b.WriteString(`; no line decided it`)
	}
	b.WriteString(`</p>`)
	if len(a.Channels) > 0 {
		b.WriteString(`<ul class="ex-channels" aria-label="Channels">`)
		for _, ch := range a.Channels {
			b.WriteString(`<li><strong>` + escape(ch.Name) + `</strong>: ` + escape(ch.Preference.Title()))
			switch {
			case ch.Line > 0 && ch.File == "" && f != nil:
				b.WriteString(`, decided by ` + lineButton(ch.File, ch.Line) + ` <code>` + escape(strings.TrimSpace(f.LineText(ch.Line))) + `</code>`)
			case ch.Line > 0:
				b.WriteString(`, decided by ` + lineButton(ch.File, ch.Line) + ` ` + escape(ch.Decider))
			case ch.Meaning != "":
				b.WriteString(` (` + escape(ch.Meaning) + `)`)
			}
			b.WriteString(`. <span class="muted">` + escape(ch.Change) + `</span></li>`)
		}
		b.WriteString(`</ul>`)
		if a.Partial {
			b.WriteString(`<p class="muted">Partial: the answer is the more restrictive of the two channels, which differ; it holds for one of them only.</p>`)
		}
	}
	if o, ok := policy.CrawlerObeys(s.base.Crawler); ok && !s.base.UserAgent {
		b.WriteString(`<p class="ex-obeys">The crawler directory reports that ` + escape(o.Token) + ` does not obey robots.txt`)
		if o.Source != "" {
			b.WriteString(` (<a href="` + escape(o.Source) + `" target="_blank" rel="noopener">source</a>)`)
		}
		b.WriteString(`: this is what the file asks of it, not what it does.</p>`)
	}
	if len(a.Restrictions) > 0 {
		b.WriteString(`<p class="ex-restr">Restrictions: `)
		for i, q := range a.Restrictions {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(`<code>` + escape(q.String()) + `</code>`)
		}
		b.WriteString(`</p>`)
	}
	b.WriteString(`<ol class="steps">`)
	for _, st := range a.Trace.Steps {
		b.WriteString(`<li class="step">`)
		if st.Line > 0 {
			b.WriteString(lineButton(st.File, st.Line) + ` `)
		}
		b.WriteString(`<span class="st-text">` + escape(st.Text) + `</span>`)
		if st.Line > 0 && st.File == "" && f != nil {
			if t := strings.TrimSpace(f.LineText(st.Line)); t != "" {
				b.WriteString(`<code class="st-line">` + escape(t) + `</code>`)
			}
		}
		b.WriteString(`</li>`)
	}
	b.WriteString(`</ol>`)
	if h := b.String(); h != s.lastExplain {
		s.lastExplain = h
		s.explain.Set("innerHTML", h)
	}
	decide := 0
	if a.File == "" {
		decide = a.Line
	}
	if s.mainShown != nil && !s.mainShown() {
		s.ed.setTraced(0, nil)
	} else {
		s.ed.setTraced(decide, a.Trace.Lines())
	}
	s.renderCompare(url, u)
}

// compareUsage is the usage a kind is asked when comparing a question
// about u: today's category for an ACAP usage, the first ACAP usage of a
// category for the other kinds, and false where nothing corresponds.
func compareUsage(k policy.Kind, u policy.Use) (policy.Use, bool) {
	return u.For(k)
}

// pageChanged reads the page being tested: its META tags join the
// decisions for its URL.
func (s *simulator) pageChanged() {
	html := s.pageHTML.Get("value").String()
	url := strings.TrimSpace(s.pageURL.Get("value").String())
	s.pageVer++
	if strings.TrimSpace(html) == "" || url == "" {
		s.page = nil
		msg := "Paste a page's HTML and give its URL: its robots META tags join the simulation for that URL."
		if strings.TrimSpace(html) != "" {
			msg = "Give the page's URL (a path such as /news/today.html)."
		}
		s.pageOut.Set("innerHTML", `<p class="muted">`+escape(msg)+`</p>`)
		s.run()
		return
	}
	path := policy.PathOf(url)
	pg, err := policy.ParsePage(path, []byte(html))
	if err != nil {
		s.page = nil
		s.pageOut.Set("innerHTML", `<p class="sev-error">`+escape(err.Error())+`</p>`)
		s.run()
		return
	}
	s.page, s.pagePath = pg, path
	var b strings.Builder
	b.WriteString(`<p>` + strconv.Itoa(len(pg.Tags)) + ` robots META tag(s) for <code>` + escape(path) + `</code>`)
	if len(pg.Fragments) > 0 {
		b.WriteString(`, ` + strconv.Itoa(len(pg.Fragments)) + ` ACAP fragment(s)`)
	}
	b.WriteString(`.</p><ul class="page-tags">`)
	for _, t := range pg.Tags {
		b.WriteString(`<li>` + lineButton("page "+path, t.Pos.Line) + ` <code>` + escape(t.Name) + `</code>: ` + escape(t.Content) + `</li>`)
	}
	b.WriteString(`</ul>`)
	if len(pg.Diags) > 0 {
		b.WriteString(`<ul class="page-diags">`)
		for _, d := range pg.Diags {
			b.WriteString(`<li class="sev-` + d.Severity.String() + `"><span class="prob-sev">` + d.Severity.String() + `</span> ` +
				lineButton("page "+path, d.Pos.Line) + ` ` + escape(d.Message) + `</li>`)
		}
		b.WriteString(`</ul>`)
	}
	s.pageOut.Set("innerHTML", b.String())
	s.run()
}
