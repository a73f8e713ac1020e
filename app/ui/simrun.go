package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/policy"
)

// Element IDs of the matrix's stopped state.
const (
	idSimMore     = "sim-more"
	idSimContinue = "sim-continue"
)

// simRun is the matrix being answered: its cells in slices (slices.go),
// and what the page reports once it is done.
type simRun struct {
	job      *matrixJob
	waiting  bool    // a slice waits for a frame (pageFrames)
	drewRows bool    // the last slice drew rows and answered no cell
	setupMs  float64 // reading the form and the URLs
	workMs   float64 // decisions
	drawMs   float64 // drawing the cells
	text     int     // the length of the text simulated
	longest  float64 // the longest slice, decisions and drawing (ms)
	trace    []any   // per slice: decisions (ms), drawing (ms), cells done
	runs     int     // how many times the matrix was asked anew
}

// run answers the question of the form anew (the text, the URLs or a
// choice changed), cancelling the run under way: its first slice runs at
// once, so that a small table is drawn in the same event, and the rest
// follow after the frames between. The batch view follows the matrix.
func (s *simulator) run() {
	if s.ed != nil {
		// A run that waits for the check is dropped if another ran
		// meanwhile (the directory's arrival): that one read the same form.
		n := s.sim.runs
		if s.ed.afterCheck(func() {
			if s.sim.runs == n {
				s.run()
			}
		}) {
			return
		}
	}
	t0 := now()
	f, _, _ := s.files()
	if f == nil {
		s.sim.job = nil
		s.status.Set("textContent", "The file is too large to simulate.")
		s.matrix.Set("innerHTML", "")
		s.drawnKey = ""
		return
	}
	p := s.policy()
	q := s.question(f)
	rows, more := s.rowURLs()
	s.base, s.rows, s.more = q, rows, more
	usages := policy.UsesOf(q.Kind)
	if len(usages) != len(s.usages) || usages[1] != s.usages[1] {
		// Other columns: the old selection and the drawn table are stale.
		s.usages = usages
		s.selR, s.selC, s.focusR, s.focusC = -1, -1, 0, 0
		s.drawnKey = ""
	}
	if s.selR >= len(rows) {
		s.selR, s.selC = -1, -1
	}
	setIfChanged(s.legend, "className", "legend k-"+q.Kind.String())
	s.renderCrawlerInfo(q.Crawler)
	// The batch view waits for the matrix: its slices would share the
	// frames otherwise. It is busy from now on.
	s.batchPol = nil
	if s.batchGroup != "" {
		byID(idBatch).Call("setAttribute", "aria-busy", "true")
	}
	s.sim.job = newMatrixJob(p, q, rows, s.usages, simWorkMs)
	s.ans = s.sim.job.ans
	s.sim.setupMs, s.sim.workMs, s.sim.drawMs, s.sim.text = now()-t0, 0, 0, len(f.Src)
	s.sim.longest, s.sim.drewRows = 0, false
	s.sim.trace = s.sim.trace[:0]
	// For the browser tests: the matrix shown is not yet that of the text,
	// and how many times it was asked anew.
	s.sim.runs++
	w := app.Window()
	w.Set("__wbSimText", -1)
	w.Set("__wbSimRuns", s.sim.runs)
	if s.sim.setupMs > setupAloneMs {
		// A long setup (a large file's policy, long URLs) takes a frame
		// of its own: the first slice follows after it.
		s.renderMore()
		s.nextSimSlice()
		return
	}
	if len(f.Src) > syncCheckMax {
		// A large file's cells may take tens of milliseconds each (a
		// share link of 639 KB: 48 ms): the table is drawn, not answered
		// yet, and its first cells are answered after a frame.
		s.renderMatrix(s.more, true)
		s.renderMore()
		s.nextSimSlice()
		return
	}
	s.simSlice(firstSliceMs)
}

// setupAloneMs is the longest setup of a run that its first slice follows
// in the same task (ms).
const setupAloneMs = 15

// nextSimSlice runs the next slice after the browser has drawn a frame,
// on a goroutine (simSliceGo).
func (s *simulator) nextSimSlice() {
	afterPaintOnce(&s.sim.waiting, func() { go s.simSliceGo() })
}

// simSliceGo runs a slice on a goroutine, whose decisions pause for a
// frame when the slice's time is up (slicer.pause): one cell may take
// tens of milliseconds (a share link of 639 KB: 50 ms under
// WebAssembly), and a slice is then about sliceMs of work, not a whole
// cell. The job is dropped if a new run replaced it meanwhile.
func (s *simulator) simSliceGo() {
	j := s.sim.job
	if j == nil || j.going {
		return
	}
	j.going = true
	clock := goClock()
	j.yield = func() {
		j.pause(clock, sliceMs)
		if s.sim.job != j {
			j.dropped = true
		}
	}
	s.simSliceClock(sliceMs, clock)
	j.yield, j.going = nil, false
}

// simSlice answers cells for about ms, draws them (and the next rows not
// drawn yet), and schedules the next slice, or, at the end of the table or
// of its budget once every row is drawn, starts the batch view and reports
// the timings.
func (s *simulator) simSlice(ms float64) { s.simSliceClock(ms, goClock()) }

// simSliceClock is simSlice with its clock.
func (s *simulator) simSliceClock(ms float64, clock func() float64) {
	j := s.sim.job
	if j == nil {
		return
	}
	answering := !j.finished() && !j.stopped()
	drawing := s.rowsDrawing()
	if !answering && !drawing {
		return
	}
	if answering && drawing && j.done > 0 {
		// After the first slice, answering and drawing rows take turns:
		// in one task, their script and the style and layout of the new
		// rows made frames of their sum (a share link of 639 KB: 41 ms of
		// script, then 50–64 ms of style and layout).
		s.sim.drewRows = !s.sim.drewRows
		answering = !s.sim.drewRows
	}
	before := j.done
	t0 := now()
	work := 0.0
	if answering {
		work = j.run(clock, ms, j.total)
		if s.sim.job != j {
			return // replaced while a cell paused for a frame
		}
	}
	s.sim.workMs += work
	s.ans = j.ans
	t := now()
	s.renderMatrix(s.more, !answering || before == 0)
	sel := s.selR*len(s.usages) + s.selC
	// Slices that only draw rows leave the explanation as it is.
	if answering && (j.finished() || before == 0 || (s.selR >= 0 && sel >= before && sel < j.done)) {
		s.renderExplain()
	}
	s.renderMore()
	s.sim.drawMs += now() - t
	s.sim.longest = max(s.sim.longest, now()-t0)
	s.sim.trace = append(s.sim.trace, work, now()-t, j.done)
	if (!j.finished() && !j.stopped()) || s.rowsDrawing() {
		s.nextSimSlice()
		return
	}
	t3 := now()
	s.renderBatch(s.pol)
	w := app.Window()
	w.Set("__wbBatchTimings", []any{now() - t3})
	w.Set("__wbSimTimings", []any{s.sim.setupMs, s.sim.workMs, s.sim.drawMs, s.sim.longest})
	// For the browser tests: the length of the text simulated.
	w.Set("__wbSimText", s.sim.text)
	w.Set("__wbSimSlices", s.sim.trace)
}

// renderMore shows Continue when the matrix stopped for its budget, and
// marks the matrix busy while it is being answered.
func (s *simulator) renderMore() {
	j := s.sim.job
	busy := (j != nil && !j.finished() && !j.stopped()) || s.rowsDrawing()
	if busy != s.matrix.Call("hasAttribute", "aria-busy").Bool() {
		if busy {
			s.matrix.Call("setAttribute", "aria-busy", "true")
		} else {
			s.matrix.Call("removeAttribute", "aria-busy")
		}
	}
	stopped := j != nil && j.stopped()
	if el := byID(idSimMore); el.Get("hidden").Bool() == stopped {
		el.Set("hidden", !stopped)
	}
}

// continueRun gives the stopped matrix another budget of work.
func (s *simulator) continueRun() {
	j := s.sim.job
	if j == nil || !j.stopped() {
		return
	}
	j.more(simWorkMs)
	app.Window().Set("__wbSimText", -1)
	s.renderMore()
	s.nextSimSlice()
}

// progress says how far the matrix is, before the counts of the answers:
// nothing once it is complete.
func (s *simulator) progress() string {
	j := s.sim.job
	if j == nil || j.finished() {
		return ""
	}
	n, m := strconv.Itoa(j.done), strconv.Itoa(j.total)
	if j.stopped() {
		return "Stopped at " + n + " of " + m + " cells after " + strconv.FormatFloat(j.spent/1000, 'f', 1, 64) +
			" s of work, so that the page keeps responding; Continue answers more. So far: "
	}
	return "Answering: " + n + " of " + m + " cells… So far: "
}

// cellPending is the key of a cell not answered yet.
const cellPending = "pending"

// pendingCell is the markup of a cell not answered yet.
func pendingCell(r, c int, tab string) string {
	return `<td><button type="button" class="cell c-pending" data-r="` + strconv.Itoa(r) + `" data-c="` + strconv.Itoa(c) + `" tabindex="` + tab + `"><span class="ic" aria-hidden="true">…</span>` + cellPending + `</button></td>`
}
