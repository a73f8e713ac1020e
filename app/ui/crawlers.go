package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/directory"
	"github.com/acap-workbench/workbench/policy"
)

// The crawler directory: ai.robots.txt's list of AI crawlers, fetched as
// site data (never compiled into app.wasm), offered in the simulator's
// crawler picker grouped by what they do, and the batch view that fills a
// table with a whole group × the sample URLs for one category.

const (
	idSimCrawlerInfo = "sim-crawler-info"
	idBatchGroup     = "batch-group"
	idBatchCat       = "batch-cat"
	idBatchFill      = "batch-fill"
	idBatchClear     = "batch-clear"
	idBatch          = "sim-batch"
	idBatchStatus    = "batch-status"

	// crawlerDirFile is the directory, relative to the site root.
	crawlerDirFile = directory.Path
	// CrawlerDirSource says where the directory comes from and the date of
	// the copy (shown in the app, with its licence).
	CrawlerDirSource = directory.Source
)

// batchAll is the group value for every crawler of the directory.
const batchAll = "all"

// loadDirectory fetches the crawler directory once; the picker offers its
// crawlers as soon as it arrives.
func (s *simulator) loadDirectory() {
	if s.dirState != "" {
		return
	}
	s.dirState = "loading"
	wkFetchText(RootPrefix()+crawlerDirFile, func(text string, err error) {
		// Reading the directory takes tens of milliseconds in the page: a
		// frame of its own (pageFrames), not the frame of whatever piece
		// of work runs when the response arrives.
		afterPaint(func() { s.directoryLoaded(text, err) })
	})
}

// directoryLoaded reads the crawler directory fetched (loadDirectory) and
// offers it.
func (s *simulator) directoryLoaded(text string, err error) {
	if err != nil {
		s.dirState = "failed: " + err.Error()
		s.setBatchStatus("The crawler directory could not be loaded: " + err.Error() + ". The crawlers of your file are still offered.")
		return
	}
	es, err := directory.Parse([]byte(text))
	if err != nil {
		s.dirState = "failed: " + err.Error()
		s.setBatchStatus(err.Error())
		return
	}
	s.dir, s.dirState = es, "loaded"
	s.dirOptions = directoryOptions(es)
	s.crawlerKey = "" // refill the picker
	s.fillBatchGroups()
	s.setBatchStatus("")
	afterPaint(s.directoryArrived) // a frame of its own (pageFrames)
}

// directoryArrived answers the question anew if the directory changed it.
func (s *simulator) directoryArrived() {
	if s.ed != nil && s.ed.afterCheck(s.directoryArrived) {
		return
	}
	if f, _, _ := s.files(); f != nil && s.sim.job != nil && s.batchGroup == "" && s.question(f) == s.base {
		// The picker now offers the directory, and the question is the
		// same: the matrix goes on, not answered anew.
		s.renderCrawlerInfo(s.base.Crawler)
		return
	}
	s.run()
}

func (s *simulator) setBatchStatus(msg string) {
	if msg == "" && s.dirState == "loaded" {
		msg = strconv.Itoa(len(s.dir)) + " AI crawlers from " + CrawlerDirSource + "."
	}
	setIfChanged(byID(idBatchStatus), "textContent", msg)
}

// directoryOptions is the picker's part for the directory: one optgroup
// per use, each crawler with its operator and whether it is known to obey
// robots.txt.
func directoryOptions(es []directory.Entry) string {
	var b strings.Builder
	for _, u := range directory.Uses() {
		n := 0
		for _, e := range es {
			if e.Use == u {
				n++
			}
		}
		if n == 0 {
			continue
		}
		b.WriteString(`<optgroup label="` + escape(u.Title()+" — directory") + `">`)
		for _, e := range es {
			if e.Use != u {
				continue
			}
			b.WriteString(`<option value="n:` + escape(e.Token) + `">` + escape(e.Token+" · "+shortOperator(e.Operator)+" · obeys robots.txt: "+e.Obeys) + `</option>`)
		}
		b.WriteString(`</optgroup>`)
	}
	return b.String()
}

// shortOperator is the operator's name for a list: the directory's free
// text up to its first clause, at most 40 characters.
func shortOperator(op string) string {
	if op == "" {
		return "operator unclear"
	}
	for _, cut := range []string{" that ", ", ", " (", ". ", " to "} {
		if i := strings.Index(op, cut); i > 0 {
			op = op[:i]
		}
	}
	if r := []rune(op); len(r) > 40 {
		op = string(r[:39]) + "…"
	}
	return op
}

// fillBatchGroups fills the group picker of the batch view.
func (s *simulator) fillBatchGroups() {
	var b strings.Builder
	b.WriteString(`<option value="` + batchAll + `">All AI crawlers (` + strconv.Itoa(len(s.dir)) + `)</option>`)
	for _, u := range directory.Uses() {
		n := len(s.groupCrawlers(strconv.Itoa(int(u))))
		if n > 0 {
			b.WriteString(`<option value="` + strconv.Itoa(int(u)) + `">` + escape(u.Title()) + ` (` + strconv.Itoa(n) + `)</option>`)
		}
	}
	g := byID(idBatchGroup)
	cur := g.Get("value").String()
	g.Set("innerHTML", b.String())
	if cur != "" {
		g.Set("value", cur)
	}
	if g.Get("value").String() == "" {
		g.Set("value", batchAll)
	}
}

// groupCrawlers returns the tokens of a group of the directory ("all" or
// a directory.Use number).
func (s *simulator) groupCrawlers(group string) []string {
	var out []string
	for _, e := range s.dir {
		if group == batchAll || group == strconv.Itoa(int(e.Use)) {
			out = append(out, e.Token)
		}
	}
	return out
}

// directoryEntry returns the directory's entry for a crawler, if any.
func (s *simulator) directoryEntry(name string) (directory.Entry, bool) {
	for _, e := range s.dir {
		if strings.EqualFold(e.Token, name) {
			return e, true
		}
	}
	return directory.Entry{}, false
}

// renderCrawlerInfo says what the chosen crawler is, from the directory
// and the sourced table.
func (s *simulator) renderCrawlerInfo(name string) {
	msg := ""
	if e, ok := s.directoryEntry(name); ok {
		op := e.Operator
		if op == "" {
			op = "operator unclear"
		}
		msg = e.Token + ": " + op + "; " + e.Use.Title() + "; known to obey robots.txt: " + e.Obeys + "."
		if k, ok := directory.KnownCrawlerUse(name); ok {
			msg += " Use from " + k.Source + "."
		} else if e.Function != "" {
			msg += " The directory says: " + e.Function
		}
	} else if k, ok := directory.KnownCrawlerUse(name); ok {
		msg = k.Token + ": " + k.Operator + "; " + k.Use.Title() + " (" + k.Source + ")."
	}
	setIfChanged(byID(idSimCrawlerInfo), "textContent", msg)
}

// fillBatch fills the batch view for the group and category chosen. The
// batch follows the matrix, whose policy, URLs and question it asks: while
// the matrix is being answered, its end starts the batch; once it is done
// (or stopped by its budget), the batch starts at once, in slices, without
// answering the matrix again.
func (s *simulator) fillBatch() {
	j := s.sim.job
	switch {
	case j == nil || s.pol == nil:
		s.run()
	case !j.finished() && !j.stopped():
		byID(idBatch).Call("setAttribute", "aria-busy", "true")
	default:
		s.renderBatch(s.pol)
	}
}

// batchClick handles the batch view's buttons and cells.
func (s *simulator) batchClick(ev app.Value) {
	t := ev.Get("target")
	switch t.Get("id").String() {
	case idBatchFill:
		s.batchGroup = byID(idBatchGroup).Get("value").String()
		s.batchCat, _ = policy.ParseCategory(byID(idBatchCat).Get("value").String())
		s.batchDrawn = ""
		s.fillBatch()
		return
	case idBatchCSV:
		if s.batchNext >= len(s.batchCrawlers) {
			download("batch-"+s.batchCat.String()+".csv", s.batchCSV())
		}
		return
	case idBatchGoOn:
		s.continueBatch()
		return
	case idBatchClear:
		s.batchGroup, s.batchDrawn, s.batchFresh, s.batchJob, s.batchCells = "", "", false, nil, nil
		byID(idBatchMore).Set("hidden", true)
		byID(idBatch).Set("innerHTML", "")
		s.setBatchStatus("")
		return
	}
	cell := t.Call("closest", "button[data-bc]")
	if !cell.Truthy() {
		return
	}
	r, _ := strconv.Atoi(cell.Call("getAttribute", "data-br").String())
	c, _ := strconv.Atoi(cell.Call("getAttribute", "data-bc").String())
	if r >= len(s.batchCrawlers) || c >= len(s.batchURLs) {
		return
	}
	// Ask the same question in the matrix: that crawler, the today kind,
	// and show the explanation of the cell.
	s.ua.Set("checked", false)
	s.crawler.Set("value", "custom")
	s.name.Set("value", s.batchCrawlers[r])
	s.kind.Set("value", policy.KindToday.String())
	s.run()
	for j, u := range s.usages {
		if u.Category == s.batchCat {
			s.selectCell(c, j)
		}
	}
	if s.onChange != nil {
		s.onChange()
	}
}

func (s *simulator) setBatchStatusText(msg string) {
	setIfChanged(byID(idBatchStatus), "textContent", msg)
}

// operatorPolicy says, for an answer with no preference about train-ai or
// ai-input, what the directory knows of the operator's own use (as a
// clause), or what is not known.
func (s *simulator) operatorPolicy(name string) string {
	e, ok := s.directoryEntry(name)
	if !ok {
		return escape(". The crawler directory does not list " + name + ", so what its operator does is not known here.")
	}
	what := strings.TrimSpace(e.Description)
	if what == "" {
		what = strings.TrimSpace(e.Function)
	}
	if what == "" {
		return escape(". The crawler directory lists " + e.Token + " without saying what its operator does with what it fetches.")
	}
	return escape(". The crawler directory on " + e.Token + ": " + what)
}
