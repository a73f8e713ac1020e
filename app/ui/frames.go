package ui

import (
	"runtime"
	"runtime/metrics"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The page has one thread, and every piece of work that runs after a
// paint (the simulator's slices, the batch view's, the comparison's, the
// deferred check of a large text, the steps of today's signals, a
// yielding proof's goroutine, the editor's drawing after the first
// paint) waits in one queue, pageFrames, that runs one piece a frame.
// Each piece alone keeps a frame under budget (about 25–40 ms of work,
// then the layout of what it drew); pieces of different kinds that each
// waited for a frame of their own used to run back to back after the same
// frame, which made a frame of their sum (a share link of 639 KB: the
// check, the matrix's first slice and their layout, 349 ms).
//
// A hidden page draws no frames: a piece waits at most frameFallback ms.
//
// The Go collector's marking is a piece of its own. Under js/wasm, once
// every goroutine waits (a proof waiting for its next frame), the runtime
// runs its idle mark worker before it hands the thread back to the page,
// and nothing stops that worker before the marking is done
// (golang/go#54444): a cycle that began in a piece was marked in one go
// at the end of that piece's task (wyborcza.pl's conversion: a slice of
// 39–41 ms, then 49–85 ms of marking with 8 MB kept, frames of 100–133
// ms). So when the heap has grown half of the way from what the last
// cycle kept to the collector's next goal, the queue collects in a frame
// of its own (runtime.GC: 9–79 ms in the sweep, a full collection of the
// live heap) and runs the next piece a frame later; a cycle then rarely
// begins inside a piece. wyborcza.pl's and wysokieobcasy.pl's
// conversions, 3 runs each side by side: longest frame 83–117 → 67–83 ms;
// the whole sweep: 95th percentile 67 → 50 ms, 38 → 20 steps over 100 ms.
//
// The first collection of a page's life is the slowest: the browser
// compiles the collector's functions on their first call, and the heap
// holds what the start left. Run by gcNear in the middle of a conversion,
// it took 53–91 ms (academia.edu, tf1.fr, wyborcza.pl), the later ones
// 9–43 ms. So the start queues a collection (firstCollection) for the
// frame after its own work, when the heap is small: 9–16 ms, and the
// queue's longest collection on those three files 16–38 ms; in the whole
// sweep, 582 collections, the longest 64 ms (linkedin.com).

// frameQueue runs functions one after each frame of the page, in the
// order they were added.
type frameQueue struct {
	jobs        []func()
	armed       bool
	raf, timer  int // the pending frame request and fallback timer
	frame, task app.Func
	fallback    app.Func
	heap        []metrics.Sample // read by gcNear
	gcs         int              // the collections it ran
	gcLongest   float64          // the longest of them (ms)
}

// pageFrames is the page's queue: there is one thread, and one clock of
// frames, for every component.
var pageFrames frameQueue

// frameFallback is how long (ms) a piece of work waits for a frame at
// most (a hidden page draws none).
const frameFallback = 100

// afterPaint runs fn in a task after a paint of the page, alone in its
// frame among the work of pageFrames.
func afterPaint(fn func()) { pageFrames.add(fn) }

// afterPaintFirst is afterPaint for a small piece a person waits for
// (moving the focus, showing a shared view's URLs): it runs before the
// work already queued, not behind the slices of a simulation.
func afterPaintFirst(fn func()) { pageFrames.addFirst(fn) }

// afterPaintOnce is afterPaint for work queued at most once at a time:
// *queued is true from the call until fn runs, and a call meanwhile does
// nothing.
func afterPaintOnce(queued *bool, fn func()) {
	if *queued {
		return
	}
	*queued = true
	afterPaint(func() { *queued = false; fn() })
}

// waitFrame blocks a goroutine until its turn in pageFrames, after a
// frame: the goroutine's next stretch then runs alone in its task.
func waitFrame() {
	done := make(chan struct{})
	afterPaint(func() { close(done) })
	<-done
}

// add queues fn to run after a frame, after the functions already queued.
func (q *frameQueue) add(fn func()) {
	q.jobs = append(q.jobs, fn)
	q.arm()
}

// addFirst queues fn to run after a frame, before the functions already
// queued.
func (q *frameQueue) addFirst(fn func()) {
	q.jobs = append([]func(){fn}, q.jobs...)
	q.arm()
}

// arm asks for a frame, then a task, for the first function queued.
func (q *frameQueue) arm() {
	if q.armed || len(q.jobs) == 0 {
		return
	}
	w := app.Window()
	if q.frame == nil {
		// A task queued from requestAnimationFrame runs after that frame's
		// paint.
		q.task = app.FuncOf(func(app.Value, []app.Value) any { q.runOne(); return nil })
		q.frame = app.FuncOf(func(app.Value, []app.Value) any {
			app.Window().Call("clearTimeout", q.timer)
			app.Window().Call("setTimeout", q.task, 0)
			return nil
		})
		q.fallback = app.FuncOf(func(app.Value, []app.Value) any {
			app.Window().Call("cancelAnimationFrame", q.raf)
			q.runOne()
			return nil
		})
	}
	q.armed = true
	q.raf = w.Call("requestAnimationFrame", q.frame).Int()
	q.timer = w.Call("setTimeout", q.fallback, frameFallback).Int()
}

// runOne runs the first function queued, then asks for the next frame.
func (q *frameQueue) runOne() {
	q.armed = false
	if len(q.jobs) > 0 && q.gcNear() {
		q.collect()
		q.arm()
		return
	}
	if len(q.jobs) > 0 {
		fn := q.jobs[0]
		q.jobs[0] = nil
		q.jobs = q.jobs[1:]
		fn()
	}
	q.arm()
}

// gcNear reports whether the heap has grown half of the way from what the
// collector's last cycle kept to its next goal.
func (q *frameQueue) gcNear() bool {
	if q.heap == nil {
		q.heap = []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/goal:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}
	}
	metrics.Read(q.heap)
	kept, goal, now := q.heap[0].Value.Uint64(), q.heap[1].Value.Uint64(), q.heap[2].Value.Uint64()
	return goal > kept && now > kept && now-kept >= (goal-kept)/2
}

// firstCollection queues the page's first collection, behind the work the
// start queued.
func firstCollection() { pageFrames.add(pageFrames.collect) }

// collect runs a collection and counts it; the browser tests print
// window.__wbCollections: how many, and the longest (ms).
func (q *frameQueue) collect() {
	t0 := now()
	runtime.GC()
	ms := now() - t0
	q.gcs++
	q.gcLongest = max(q.gcLongest, ms)
	app.Window().Set("__wbCollections", []any{q.gcs, q.gcLongest})
}
