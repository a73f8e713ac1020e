package policy

import (
	"sync"
	"time"
)

// How the work of a comparison (or of a conversion) honours its time cap
// and lets a page draw. The bounds of work (CompareOptions.MaxStates,
// MaxBytes, MaxWork) decide what is proved, the same on every machine;
// the time cap only stops the work, and the report then says so.

// timeCap is a time cap (CompareOptions.Deadline and Pause), shared by
// the searches of a comparison, or of a conversion, which may run on
// several goroutines.
type timeCap struct {
	mu       sync.Mutex
	deadline time.Time
	pause    func() time.Time
	stopped  bool
	now      func() time.Time // the clock (tests give one of their own)
}

// newTimeCap returns the time cap of opt (nil: none).
func newTimeCap(opt *CompareOptions) *timeCap {
	if opt.Deadline.IsZero() {
		return nil
	}
	now := opt.clock
	if now == nil {
		now = time.Now
	}
	return &timeCap{deadline: opt.Deadline, pause: opt.Pause, now: now}
}

// stop reports whether the work must stop for lack of time: the cap has
// passed and Pause, if any, gave no more.
func (tc *timeCap) stop() bool {
	if tc == nil {
		return false
	}
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if tc.stopped {
		return true
	}
	if tc.now().Before(tc.deadline) {
		return false
	}
	if tc.pause != nil {
		if next := tc.pause(); !next.IsZero() {
			tc.deadline = next
			return false
		}
	}
	tc.stopped = true
	return true
}

// hasStopped reports whether the cap stopped some work.
func (tc *timeCap) hasStopped() bool {
	if tc == nil {
		return false
	}
	tc.mu.Lock()
	defer tc.mu.Unlock()
	return tc.stopped
}

// pace is what a long phase of work calls now and then (tick): it lets a
// page draw (CompareOptions.Yield) and tells whether the time cap stopped
// the work. Once stopped, it stays stopped. The zero pace (or nil) never
// stops and yields to nobody.
type pace struct {
	yield   func()
	tcap    *timeCap
	stopped bool
}

func newPace(yield func(), tcap *timeCap) *pace { return &pace{yield: yield, tcap: tcap} }

// tick yields and reports whether the work must stop for lack of time.
func (p *pace) tick() bool {
	if p == nil {
		return false
	}
	if p.yield != nil {
		p.yield()
	}
	if !p.stopped && p.tcap.stop() {
		p.stopped = true
	}
	return p.stopped
}

// every calls tick once in n calls (counted in *k): for loops whose steps
// are too short to tick at each.
func (p *pace) every(k *int, n int) bool {
	if *k++; *k%n != 0 {
		return p != nil && p.stopped
	}
	return p.tick()
}
