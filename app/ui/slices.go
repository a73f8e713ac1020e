package ui

import (
	"time"

	"github.com/acap-workbench/workbench/policy"
)

// The simulator's tables are answered in slices: a slice answers cells one
// at a time until its time is up (always at least one cell), then the page
// draws what is done and the next slice runs after the next frame. The
// work a table may take in all is bounded too: past its budget the table
// stops and says how far it got, and Continue gives it another budget.
// The batch view's and the comparison's slices cannot interrupt a
// decision, so their longest slice is about one cell longer than its
// time (see the help on the simulator for what one cell may cost); the
// matrix's later slices run in a goroutine, whose decisions pause for a
// frame when the slice's time is up (pause).

const (
	// firstSliceMs is the time of the slice that runs at once, inside the
	// event that asked: a table that fits in it is drawn without a
	// pending state.
	firstSliceMs = 40
	// sliceMs is the time of each later slice.
	sliceMs = 16
	// simWorkMs is the work (decision time) the matrix may take before it
	// stops and asks to continue.
	simWorkMs = 2000
	// batchWorkMs is the work the batch view may take before it stops
	// and asks: it is filled on request, and is larger.
	batchWorkMs = 10000
)

// slicer answers the cells 0..total-1 of a table in slices, within a
// budget of work. decide answers one cell; now returns a time in ms.
type slicer struct {
	total, done int
	spent       float64 // ms of work so far
	budget      float64 // ms of work after which the table stops
	t0          float64 // when the slice under way started (its clock)
	paused      bool    // the slice under way paused for a frame (pause)
	dropped     bool    // the table is no longer wanted: no more cells
	decide      func(i int)
	// prepare, until it reports true, compiles some of the policy before
	// the first cell (policy.Policy.Prepare): on a file of large patterns
	// the first decision would otherwise compile them all in one piece.
	prepare func() bool
}

// prepareWork is the work of one call of prepare: bytes of patterns, a
// few milliseconds in the page.
const prepareWork = 8 << 10

// run answers cells until ms have passed (at least one cell, unless the
// slice was spent preparing), limit cells are done, the budget is spent or
// the table is finished. It returns the time it worked (pause's waits
// left out).
func (s *slicer) run(now func() float64, ms float64, limit int) float64 {
	s.t0, s.paused = now(), false
	spent := s.spent
	// A slice that paused for a frame ends with its cell, so that the
	// page draws what it answered.
	over := func() bool { d := now() - s.t0; return s.paused || d >= ms || s.spent+d >= s.budget }
	prepared := false // this slice prepared
	for s.prepare != nil {
		prepared = true
		if s.prepare() {
			s.prepare = nil
		}
		if over() {
			break
		}
	}
	end := min(s.total, s.done+max(1, limit))
	if s.prepare != nil || (prepared && over()) {
		end = s.done
	}
	for s.done < end && !s.stopped() && !s.dropped {
		s.decide(s.done)
		s.done++
		if over() {
			break
		}
	}
	s.spent += now() - s.t0
	return s.spent - spent
}

// pause is called by a decision under way in a slice run on a goroutine
// (every 64 rules it tries, policy.Policy.DecideYielding): once the
// slice's ms are up, the slice's work so far is counted and the goroutine
// waits for a frame (waitFrame), then the slice goes on with a new clock.
// The time waited is not work. A table dropped meanwhile does not wait:
// its cell ends at once and no other follows.
func (s *slicer) pause(now func() float64, ms float64) {
	if s.dropped || now()-s.t0 < ms {
		return
	}
	s.spent += now() - s.t0
	s.paused = true
	waitFrame()
	s.t0 = now()
}

// goClock returns a clock in ms from now on. It reads Go's own clock,
// which costs no call into the page's JavaScript (a slice reads the clock
// after every cell).
func goClock() func() float64 {
	t0 := time.Now()
	return func() float64 { return float64(time.Since(t0).Microseconds()) / 1000 }
}

// finished reports whether every cell is answered.
func (s *slicer) finished() bool { return s.done >= s.total }

// stopped reports whether the table stopped for its budget before the end.
func (s *slicer) stopped() bool { return !s.finished() && s.spent >= s.budget }

// more gives a stopped table another budget of work, the size of the
// first (perBudget).
func (s *slicer) more(perBudget float64) { s.budget = s.spent + perBudget }

// matrixJob answers the simulator's matrix: every URL (row) × usage
// (column) for one question, row-major, each cell as policy.Policy.Decide
// answers it (which is what Policy.Matrix does for each cell).
type matrixJob struct {
	slicer
	ans []policy.Answer // the cells answered, in order
	// yield, set while a slice runs on a goroutine (simulator.simSliceGo),
	// lets a decision pause for a frame (slicer.pause).
	yield func()
	// going is true while a slice runs on a goroutine.
	going bool
}

func newMatrixJob(p *policy.Policy, q policy.Question, rows []string, usages []policy.Use, budget float64) *matrixJob {
	j := &matrixJob{ans: make([]policy.Answer, 0, len(rows)*len(usages))}
	j.total, j.budget = len(rows)*len(usages), budget
	j.prepare = func() bool { return p.Prepare(q.Kind, prepareWork) }
	j.decide = func(i int) {
		c := q
		u := usages[i%len(usages)]
		c.URL, c.Usage, c.Category = rows[i/len(usages)], u.Usage, u.Category
		if j.yield != nil {
			j.ans = append(j.ans, p.DecideYielding(c, j.yield))
			return
		}
		j.ans = append(j.ans, p.Decide(c))
	}
	return j
}

// batchJob answers the batch view: crawlers (rows) × URLs (columns) for
// one question without traces, each cell as Policy.Batch answers it, into
// ans (which holds len(crawlers)*len(urls) answers).
type batchJob struct {
	slicer
}

func newBatchJob(p *policy.Policy, q policy.Question, crawlers, urls []string, ans []policy.Answer, budget float64) *batchJob {
	j := &batchJob{}
	j.total, j.budget = len(crawlers)*len(urls), budget
	j.prepare = func() bool { return p.Prepare(q.Kind, prepareWork) }
	nu := len(urls)
	j.decide = func(i int) {
		r, c := i/nu, i%nu
		p.Batch(q, crawlers[r:r+1], urls[c:c+1], ans[i:i])
	}
	return j
}
