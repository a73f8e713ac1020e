package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/policy"
)

// The batch view: a group of the crawler directory × the sample URLs for
// one of today's categories. It is filled in slices between frames
// (slices.go), so that a whole directory × hundreds of URLs never holds the
// page still; each cell says its answer in a word as well as a glyph; rows can
// be filtered to the crawlers that may still use the content, or by
// whether they obey robots.txt; and the table (like the matrix) can be
// saved as CSV.

const (
	idBatchMay    = "batch-may"
	idBatchObeys  = "batch-obeys"
	idBatchCSV    = "batch-csv"
	idSimCSV      = "sim-csv"
	idBatchLegend = "batch-legend"
	idBatchMore   = "batch-more"
	idBatchGoOn   = "batch-continue"

	// batchSliceMs is the time one slice may spend on decisions before it
	// yields to the browser, which then parses and lays out what was
	// added.
	batchSliceMs = 10
	// batchSliceCells bounds the cells of one slice (at least one
	// crawler's row), which the browser then parses and lays out.
	batchSliceCells = 1000
)

// batchFilter is what rows the batch view shows.
type batchFilter struct {
	may   bool   // only crawlers that may still use the content on some URL
	obeys string // "", or only crawlers whose directory entry says yes, no or unclear
}

// mayStillUse reports whether an answer leaves the crawler a way to use the
// URL for the category: allowed, no preference, or disallowed for one
// channel only.
func mayStillUse(a *policy.Answer) bool {
	switch a.Preference {
	case policy.PrefAllowed, policy.PrefUnstated:
		return true
	case policy.PrefDisallowed:
		return a.Partial
	}
	return false
}

// batchRowShown applies the filter to crawler r, whose answers are known.
func (s *simulator) batchRowShown(r int) bool {
	f := s.batchFilter
	if f.obeys != "" {
		e, _ := s.directoryEntry(s.batchCrawlers[r])
		if e.Obeys != f.obeys {
			return false
		}
	}
	if f.may {
		n := len(s.batchURLs)
		for j := 0; j < n; j++ {
			if mayStillUse(&s.batchAns[r*n+j]) {
				return true
			}
		}
		return false
	}
	return true
}

// cellHTML is a batch cell's content: its word. The glyph is drawn by the
// style sheet with an empty alternative text (so assistive technology reads
// the word alone), which spares an element in each of tens of thousands
// of cells.
func cellHTML(v string) string { return v }

func cellClass(a *policy.Answer, v string) string {
	if a.Partial {
		return "bcell c-" + v + " part"
	}
	return "bcell c-" + v
}

// urlHead is a column header: the URL's path, with the whole URL on hover
// (title) and on focus (the header is focusable and shows it).
func urlHead(u string) string {
	p := policy.PathOf(u)
	return `<th scope="col" role="columnheader" class="mx-u" tabindex="0" title="` + escape(u) + `" aria-label="` + escape(u) + `" data-url="` + escape(u) + `"><span>` + escape(p) + `</span></th>`
}

// renderBatch starts answering the batch view's questions (quiet: no
// traces). A new table is drawn when the shape changes (another group or
// category, URLs added or removed); otherwise only the cells whose answer
// changed are redrawn. Either way the work goes in slices (batchSlice).
func (s *simulator) renderBatch(p *policy.Policy) {
	if s.batchGroup == "" || p == nil || len(s.dir) == 0 {
		return
	}
	crawlers := s.groupCrawlers(s.batchGroup)
	s.batchCrawlers = crawlers
	q := s.base
	q.Kind, q.Usage, q.Category, q.UserAgent = policy.KindToday, policy.UsageCrawl, s.batchCat, false
	s.batchPol, s.batchQ = p, q
	n := len(crawlers) * len(s.rows)
	key := s.batchGroup + "\x00" + s.batchCat.String() + "\x00" + strconv.Itoa(len(s.rows))
	el := byID(idBatch)
	if key == s.batchDrawn && len(s.batchV) == n && len(s.batchURLs) == len(s.rows) && !s.batchFresh {
		var heads app.Value
		for j, u := range s.rows {
			if u == s.batchURLs[j] {
				continue
			}
			if heads == nil {
				heads = el.Call("getElementsByClassName", "mx-u")
			}
			th := heads.Index(j)
			th.Set("title", u)
			th.Call("setAttribute", "aria-label", u)
			th.Call("setAttribute", "data-url", u)
			th.Get("firstChild").Set("textContent", policy.PathOf(u))
			s.batchURLs[j] = u
		}
	} else {
		var b strings.Builder
		// A table whose rows the browser lays out as flex boxes, each
		// skipped while off screen (content-visibility): a table laid out
		// as a table is laid out whole on every slice added, which is
		// slow for a whole directory. The roles keep it a table for
		// assistive technology.
		b.WriteString(`<table class="mx bx" role="table"><caption class="sr-only">` + escape("Today's AI crawlers: "+s.batchCat.String()+" for each crawler (rows) and URL (columns)") + `</caption><thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader" class="mx-url">Crawler</th>`)
		for _, u := range s.rows {
			b.WriteString(urlHead(u))
		}
		b.WriteString(`</tr></thead><tbody role="rowgroup"></tbody></table>`)
		el.Set("innerHTML", b.String())
		if cap(s.batchAns) < n {
			s.batchAns = make([]policy.Answer, n)
		}
		s.batchAns = s.batchAns[:n]
		s.batchV = append(s.batchV[:0], make([]string, n)...)
		s.batchPart = append(s.batchPart[:0], make([]bool, n)...)
		s.batchDrawn = key
		s.batchURLs = append(s.batchURLs[:0], s.rows...)
		s.batchFresh = true
		s.batchCells = nil
	}
	s.batchNext = 0
	s.batchJob = newBatchJob(p, q, crawlers, s.batchURLs, s.batchAns, batchWorkMs)
	el.Call("setAttribute", "aria-busy", "true")
	byID(idBatchCSV).Set("disabled", true)
	s.batchT0 = now()
	s.batchSlices = 0
	s.batchMaxSlice = 0
	s.nextBatchSlice()
}

// nextBatchSlice runs the next slice right after the browser has drawn a
// frame: one slice a frame, so that what a slice adds is laid out and
// painted before more is added.
func (s *simulator) nextBatchSlice() {
	afterPaintOnce(&s.batchWaiting, s.batchSlice)
}

func now() float64 { return app.Window().Get("performance").Call("now").Float() }

// batchSlice answers cells for about sliceMs (batchJob, at most the
// cells of batchSliceCells, and at least one), draws the crawlers whose
// rows are complete, then yields to the browser until the table is
// complete or its budget is spent.
func (s *simulator) batchSlice() {
	j := s.batchJob
	if s.batchDrawn == "" || s.batchPol == nil || j == nil || j.stopped() {
		return
	}
	t0 := now()
	nu := len(s.batchURLs)
	rowsPer := max(1, batchSliceCells/max(1, nu))
	j.run(goClock(), batchSliceMs, rowsPer*nu-j.done%max(1, nu))
	done := len(s.batchCrawlers)
	if nu > 0 {
		done = j.done / nu
	}
	var b strings.Builder
	for ; s.batchNext < done; s.batchNext++ {
		if s.batchFresh {
			s.batchRowHTML(&b, s.batchNext)
		} else {
			s.batchRowUpdate(s.batchNext)
		}
	}
	t1 := now()
	if s.batchFresh && b.Len() > 0 {
		byID(idBatch).Call("querySelector", "tbody").Call("insertAdjacentHTML", "beforeend", b.String())
	}
	s.batchSlices++
	t2 := now()
	s.batchMaxSlice = max(s.batchMaxSlice, t2-t0)
	s.batchTrace = append(s.batchTrace, t1-t0, t2-t1, float64(s.batchNext))
	if !j.finished() {
		s.renderBatchMore()
		if !j.stopped() {
			s.nextBatchSlice()
		}
		return
	}
	s.batchDone()
}

// batchRowHTML writes crawler r's row, its answers known.
func (s *simulator) batchRowHTML(b *strings.Builder, r int) {
	nu := len(s.batchURLs)
	b.WriteString(`<tr role="row"`)
	if !s.batchRowShown(r) {
		b.WriteString(` hidden`)
	}
	cls := "mx-url"
	if e, _ := s.directoryEntry(s.batchCrawlers[r]); e.Obeys == "no" {
		cls += " ignores" // marked by the style sheet, with words for assistive technology
	}
	b.WriteString(`><th scope="row" role="rowheader" class="` + cls + `">` + escape(s.batchCrawlers[r]) + `</th>`)
	rs := strconv.Itoa(r)
	for c := 0; c < nu; c++ {
		a := &s.batchAns[r*nu+c]
		v := verdict(a)
		s.batchV[r*nu+c], s.batchPart[r*nu+c] = v, a.Partial
		b.WriteString(`<td role="cell"><button type="button" class="` + cellClass(a, v) + `" data-br="` + rs + `" data-bc="` + strconv.Itoa(c) + `" title="` + v + `">` + cellHTML(v) + `</button></td>`)
	}
	b.WriteString(`</tr>`)
}

// batchRowUpdate redraws the cells of crawler r's row whose answer changed.
func (s *simulator) batchRowUpdate(r int) {
	nu := len(s.batchURLs)
	cells := s.batchCells
	for c := 0; c < nu; c++ {
		i := r*nu + c
		a := &s.batchAns[i]
		v := verdict(a)
		if v == s.batchV[i] && a.Partial == s.batchPart[i] {
			continue
		}
		if cells == nil {
			// A static list, kept while the table is (see cellEls).
			cells = byID(idBatch).Call("querySelectorAll", "button.bcell")
			s.batchCells = cells
		}
		s.batchV[i], s.batchPart[i] = v, a.Partial
		el := cells.Index(i)
		el.Set("className", cellClass(a, v))
		el.Set("title", v)
		el.Set("innerHTML", cellHTML(v))
	}
	s.setBatchRowHidden(r)
}

// renderBatchMore says how far the batch view is, with Continue when it
// stopped for its budget.
func (s *simulator) renderBatchMore() {
	j := s.batchJob
	stopped := j != nil && j.stopped()
	if el := byID(idBatchMore); el.Get("hidden").Bool() == stopped {
		el.Set("hidden", !stopped)
	}
	if j == nil || j.finished() {
		return
	}
	msg := "Filling: " + strconv.Itoa(s.batchNext) + " of " + strconv.Itoa(len(s.batchCrawlers)) + " crawlers answered…"
	if stopped {
		msg = "Stopped at " + strconv.Itoa(j.done) + " of " + strconv.Itoa(j.total) + " cells (" + strconv.Itoa(s.batchNext) + " of " +
			strconv.Itoa(len(s.batchCrawlers)) + " crawlers) after " + strconv.FormatFloat(j.spent/1000, 'f', 1, 64) +
			" s of work, so that the page keeps responding; Continue answers more."
	}
	s.setBatchStatusText(msg)
}

// continueBatch gives the stopped batch view another budget of work.
func (s *simulator) continueBatch() {
	j := s.batchJob
	if j == nil || !j.stopped() || s.batchPol == nil {
		return
	}
	j.more(batchWorkMs)
	s.renderBatchMore()
	s.nextBatchSlice()
}

// batchDone ends a fill: the table is complete.
func (s *simulator) batchDone() {
	s.batchFresh = false
	s.renderBatchMore()
	byID(idBatch).Call("removeAttribute", "aria-busy")
	byID(idBatchCSV).Set("disabled", false)
	tr := make([]any, len(s.batchTrace))
	for i, x := range s.batchTrace {
		tr[i] = x
	}
	app.Window().Set("__wbBatchFill", []any{now() - s.batchT0, s.batchSlices, s.batchMaxSlice, tr})
	s.batchTrace = s.batchTrace[:0]
	s.batchStatus()
}

// setBatchRowHidden shows or hides crawler r's row as the filter says.
func (s *simulator) setBatchRowHidden(r int) {
	tr := byID(idBatch).Call("querySelector", "tbody").Get("rows").Index(r)
	if !tr.Truthy() {
		return
	}
	hide := !s.batchRowShown(r)
	if tr.Get("hidden").Bool() != hide {
		tr.Set("hidden", hide)
	}
}

// applyBatchFilter reads the filter and shows or hides the rows drawn.
func (s *simulator) applyBatchFilter() {
	s.batchFilter = batchFilter{may: byID(idBatchMay).Get("value").String() == "may", obeys: byID(idBatchObeys).Get("value").String()}
	if s.batchDrawn == "" {
		return
	}
	rows := byID(idBatch).Call("querySelector", "tbody").Get("rows")
	for r := 0; r < s.batchNext && r < rows.Length(); r++ {
		hide := !s.batchRowShown(r)
		if tr := rows.Index(r); tr.Get("hidden").Bool() != hide {
			tr.Set("hidden", hide)
		}
	}
	if s.batchNext >= len(s.batchCrawlers) {
		s.batchStatus()
	}
}

func (s *simulator) batchStatus() {
	counts := map[string]int{}
	shown, partial := 0, 0
	nu := len(s.batchURLs)
	for r := range s.batchCrawlers {
		if !s.batchRowShown(r) {
			continue
		}
		shown++
		for j := 0; j < nu; j++ {
			counts[s.batchV[r*nu+j]]++
			if s.batchAns[r*nu+j].Partial {
				partial++
			}
		}
	}
	msg := strconv.Itoa(len(s.batchCrawlers)) + " crawlers × " + strconv.Itoa(nu) + " URLs, " + s.batchCat.String()
	if shown != len(s.batchCrawlers) {
		msg += "; " + strconv.Itoa(shown) + " shown by the filter"
	}
	msg += ": " + strconv.Itoa(counts[vYes]) + " allowed, " + strconv.Itoa(counts[vNo]) + " disallowed"
	if partial > 0 {
		msg += " (" + strconv.Itoa(partial) + " of them partial)"
	}
	msg += ", " + strconv.Itoa(counts[vNone]) + " no preference, " + strconv.Itoa(counts[vNotCrawled]) + " not crawled. Click a cell for its explanation."
	s.setBatchStatusText(msg)
}

// csvField quotes a field when it needs it (RFC 4180).
func csvField(s string) string {
	if strings.ContainsAny(s, ",\"\r\n") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}

func csvRow(b *strings.Builder, fields ...string) {
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(csvField(f))
	}
	b.WriteString("\r\n")
}

// decidingLine writes an answer's deciding line for CSV: its number (with
// the page's path for a META tag) and its text.
func decidingLine(f *policy.File, a *policy.Answer) (string, string) {
	if a.Line == 0 {
		return "", ""
	}
	n := strconv.Itoa(a.Line)
	if a.File != "" {
		return a.File + ":" + n, ""
	}
	if f == nil {
		return n, ""
	}
	return n, strings.TrimSpace(f.LineText(a.Line))
}

func boolWord(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// batchCSV is the batch view's rows shown, one line per crawler × URL.
func (s *simulator) batchCSV() string {
	var b strings.Builder
	csvRow(&b, "crawler", "obeys robots.txt", "url", "category", "answer", "meaning", "partial", "deciding line", "line text")
	nu := len(s.batchURLs)
	for r, c := range s.batchCrawlers {
		if r >= s.batchNext || !s.batchRowShown(r) {
			continue
		}
		e, _ := s.directoryEntry(c)
		for j, u := range s.batchURLs {
			a := &s.batchAns[r*nu+j]
			ln, lt := decidingLine(s.polFile, a)
			csvRow(&b, c, e.Obeys, u, s.batchCat.String(), a.Preference.String(), policy.PreferenceWords(a, s.batchCat), boolWord(a.Partial), ln, lt)
		}
	}
	return b.String()
}

// matrixCSV is the simulator's matrix, one line per URL × usage.
func (s *simulator) matrixCSV() string {
	var b strings.Builder
	csvRow(&b, "crawler", "kind", "url", "usage", "answer", "meaning", "partial", "restrictions", "deciding line", "line text")
	for r, u := range s.rows {
		for c, us := range s.usages {
			a := s.answer(r, c)
			if a == nil {
				continue
			}
			ans := verdictLong(verdict(a))
			if a.Preference != policy.PrefNotAsked {
				ans = a.Preference.String()
			}
			var rs []string
			for _, q := range a.Restrictions {
				rs = append(rs, q.String())
			}
			ln, lt := decidingLine(s.polFile, a)
			csvRow(&b, s.base.Crawler, s.base.Kind.String(), u, us.String(), ans, policy.PreferenceWords(a, us.Category), boolWord(a.Partial), strings.Join(rs, " "), ln, lt)
		}
	}
	return b.String()
}

// download offers text as a file.
func download(name, text string) {
	w := app.Window()
	blob := w.Get("Blob").New([]any{text}, map[string]any{"type": "text/csv;charset=utf-8"})
	url := w.Get("URL").Call("createObjectURL", blob)
	a := w.Get("document").Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	w.Get("document").Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	var revoke app.Func
	revoke = app.FuncOf(func(app.Value, []app.Value) any {
		w.Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	w.Call("setTimeout", revoke, 1000)
}
