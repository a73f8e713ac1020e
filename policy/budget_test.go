package policy

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// budgetRun is what one conversion (or comparison) cost: its wall time,
// the longest stretch between two calls of Yield (in the CPU time of the
// thread doing the work, so that other work on the machine does not
// count), the stacks that ended and began that stretch, the most heap in
// use seen at a Yield and the bytes allocated.
type budgetRun struct {
	wall      time.Duration
	gap       time.Duration
	gapFrom   string // where the longest stretch began (a Yield's caller)
	gapTo     string // where it ended
	peakHeap  uint64
	allocated uint64
	capStack  string // where the first Yield past the time cap was called
}

// budgetMeter is a Yield (and Pause) that measures a run.
type budgetMeter struct {
	run       budgetRun
	last      time.Duration // the thread's CPU time at the last Yield
	lastStack string
	stacks    bool
	lastMem   time.Time
	// cap, when set, is a time cap: capStack is where the first Yield
	// past it was called.
	cap      time.Time
	capStack string
}

func newBudgetMeter(stacks bool) *budgetMeter {
	return &budgetMeter{last: threadCPU(), stacks: stacks}
}

// yield records the stretch since the previous call.
func (m *budgetMeter) yield() {
	now := time.Now()
	d := threadCPU() - m.last
	var st string
	if m.stacks {
		st = callers(3)
	}
	if !m.cap.IsZero() && now.After(m.cap) && m.capStack == "" {
		m.capStack = callers(3)
		m.run.capStack = m.capStack
	}
	if d > m.run.gap {
		m.run.gap, m.run.gapFrom, m.run.gapTo = d, m.lastStack, st
	}
	m.lastStack = st
	if now.Sub(m.lastMem) > 20*time.Millisecond {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		m.run.peakHeap = max(m.run.peakHeap, ms.HeapInuse)
		m.lastMem = time.Now()
	}
	m.last = threadCPU()
}

// callers writes the functions of the stack above skip, innermost first.
func callers(skip int) string {
	pcs := make([]uintptr, 12)
	n := runtime.Callers(skip, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	var b strings.Builder
	for {
		f, more := frames.Next()
		name := f.Function[strings.LastIndexByte(f.Function, '/')+1:]
		fmt.Fprintf(&b, "%s:%d ", name, f.Line)
		if !more || strings.HasPrefix(name, "testing.") {
			break
		}
	}
	return b.String()
}

// measure runs fn with a meter's Yield, from a collected heap, and
// returns what it cost.
func measure(stacks bool, fn func(yield func())) budgetRun {
	return measureCapped(stacks, 0, fn)
}

// measureCapped is measure for a run with a time cap of capped from its
// start.
func measureCapped(stacks bool, capped time.Duration, fn func(yield func())) budgetRun {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	m := newBudgetMeter(stacks)
	t0 := time.Now()
	if capped > 0 {
		m.cap = t0.Add(capped)
	}
	fn(m.yield)
	m.yield()
	m.run.wall = time.Since(t0)
	runtime.ReadMemStats(&after)
	m.run.allocated = after.TotalAlloc - before.TotalAlloc
	m.run.peakHeap = max(m.run.peakHeap, after.HeapInuse)
	return m.run
}

// budgetInputs are the files whose budgets are measured: a group of n
// Disallow prefixes, a group of n plain two-level prefixes with a
// wildcard Allow line that overlaps them, and a group of 120 agents and
// 640 rules.
func budgetInputs(n int) []struct{ name, src string } {
	return []struct{ name, src string }{
		{"group" + itoa(n), longGroupFile(n)},
		{"group" + itoa(n) + "wild", prefixGroupFile(n)},
		{"agents120rules640", manyAgentsFile()},
	}
}

// prefixGroupFile is one any-crawler group of n distinct two-level
// Disallow prefixes and an Allow line with leading and trailing wildcards
// that overlaps every one of them.
func prefixGroupFile(n int) string {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "Disallow: /%s/%s/\n", twoLetters(i/26), twoLetters(i))
	}
	b.WriteString("Allow: */h/dl/*\n")
	return b.String()
}

// twoLetters writes i (mod 676) as two letters.
func twoLetters(i int) string {
	i %= 26 * 26
	return string([]byte{byte('a' + i/26), byte('a' + i%26)})
}

// BenchmarkConvertPace converts the budget inputs natively and reports
// what a conversion costs: its CPU time, the longest stretch without a
// Yield (in the CPU time of the thread doing the work), the most heap in
// use seen and the bytes allocated; then, with a time cap of 200 ms, how
// far past it the conversion returned (wall time: a busy machine adds to
// it). Set BUDGET_STACKS=1 to log where the longest stretch began and
// ended, and where the first Yield past the cap was called.
func BenchmarkConvertPace(b *testing.B) {
	stacks := os.Getenv("BUDGET_STACKS") != ""
	for _, in := range budgetInputs(4500) {
		f := MustParse(in.src)
		b.Run(in.name, func(b *testing.B) {
			var r, rc budgetRun
			var conv *Conversion
			cpu0 := cpuTime()
			for range b.N {
				r = measure(stacks, func(y func()) { conv = Convert(f, ConvertOptions{Bounds: CompareOptions{Yield: y}}) })
			}
			cpu := float64(cpuTime()-cpu0) / float64(b.N) / 1e9
			capped := 200 * time.Millisecond
			rc = measureCapped(stacks, capped, func(y func()) {
				Convert(f, ConvertOptions{Bounds: CompareOptions{Yield: y, Deadline: time.Now().Add(capped)}})
			})
			b.ReportMetric(cpu, "cpuSec")
			b.ReportMetric(ms(r.gap), "maxYieldGapMs")
			b.ReportMetric(float64(r.peakHeap>>20), "peakHeapMB")
			b.ReportMetric(float64(r.allocated>>20), "allocMB")
			b.ReportMetric(ms(rc.wall-capped), "pastCapMs")
			b.ReportMetric(float64(len(conv.Report.Proved)), "proved")
			b.ReportMetric(float64(conv.Report.States), "states")
			if stacks {
				b.Logf("longest stretch from %s\n  to %s\nfirst Yield past the cap: %s", r.gapFrom, r.gapTo, rc.capStack)
			}
		})
	}
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// TestTimeCapStopsEveryPhase: once the time cap passes, every phase of a
// conversion stops soon: on a clock that moves only when the work yields
// (one millisecond a Yield), the cap is put at points spread over the
// whole conversion, and the work may yield only a few more times after
// it. A phase that yields without heeding the cap goes on yielding.
func TestTimeCapStopsEveryPhase(t *testing.T) {
	const past = 12 // Yields allowed after the cap
	for _, in := range budgetInputs(1500) {
		f := MustParse(in.src)
		yields := 0
		yield := func() { yields++ }
		Convert(f, ConvertOptions{Bounds: CompareOptions{Yield: yield}})
		total := yields
		base := time.Unix(0, 0)
		clock := func() time.Time { return base.Add(time.Duration(yields) * time.Millisecond) }
		worst, at := 0, 0
		for k := 1; k < 4; k++ {
			capAt := total * k / 4
			yields = 0
			conv := Convert(f, ConvertOptions{Bounds: CompareOptions{Yield: yield, clock: clock,
				Deadline: base.Add(time.Duration(capAt) * time.Millisecond)}})
			if !conv.Report.TimeStopped {
				t.Errorf("%s, cap at Yield %d of %d: not stopped by time", in.name, capAt, total)
			}
			if over := yields - capAt; over > worst {
				worst, at = over, capAt
			}
		}
		t.Logf("%s: %d Yields in all; at most %d past the cap (cap at %d)", in.name, total, worst, at)
		if worst > past {
			t.Errorf("%s: %d Yields past the cap at Yield %d of %d, want at most %d", in.name, worst, at, total, past)
		}
	}
}
