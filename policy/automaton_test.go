package policy

import (
	"os"
	"testing"
	"time"
)

// TestAutomatonKeepsItemsInPlace checks that the automaton's states stay
// where they were put as more are added: the items are kept in chunks, and
// a search never copies all it holds at once (one slice grown by doubling
// did, up to 50 MB: a pause of 0.1 s between two of the proof's yields).
func TestAutomatonKeepsItemsInPlace(t *testing.T) {
	for _, c := range []struct {
		name        string
		states, per int
	}{
		{"small states", 3 * arenaChunk / 4, 4},
		{"states of uneven sizes", 40000, 37},
		{"a state larger than a chunk", 3, arenaChunk + 5},
	} {
		// State s has size(s) items: 1 to per, or, of few states, per
		// and less.
		size := func(s int) int {
			if c.states < 10 {
				return c.per - s
			}
			return 1 + s%c.per
		}
		a := newAutomaton(nil)
		items := make([]int32, c.per)
		var first *int32
		var firstCap int
		total := 0
		for s := 0; s < c.states; s++ {
			items = items[:size(s)]
			for k := range items {
				items[k] = int32(s<<8 | k)
			}
			id, isNew := a.intern(items, int32(s), -1, 0)
			if !isNew || id != int32(s) {
				t.Fatalf("%s: state %d interned as %d (new %v)", c.name, s, id, isNew)
			}
			total += len(items)
			if s == 0 {
				st, _ := a.state(0)
				first, firstCap = &st[0], cap(st)
			}
		}
		st, sum := a.state(0)
		if &st[0] != first || cap(st) != firstCap || sum != 0 || len(st) != size(0) || st[0] != 0 {
			t.Errorf("%s: state 0 moved or changed: %v (summary %d)", c.name, st, sum)
		}
		if a.items != total || a.numStates() != c.states {
			t.Errorf("%s: %d items in %d states, want %d in %d", c.name, a.items, a.numStates(), total, c.states)
		}
		// Every state reads back, and is found again.
		for s := 0; s < c.states; s += 1 + c.states/97 {
			st, sum := a.state(int32(s))
			if sum != int32(s) || len(st) != size(s) || st[len(st)-1] != int32(s<<8|len(st)-1) {
				t.Fatalf("%s: state %d reads back as %v, summary %d", c.name, s, st, sum)
			}
			if id, isNew := a.intern(append([]int32(nil), st...), sum, -1, 0); isNew || id != int32(s) {
				t.Fatalf("%s: state %d found again as %d (new %v)", c.name, s, id, isNew)
			}
		}
		for i, ch := range a.chunks {
			if cap(ch) != arenaChunk && (cap(ch) <= arenaChunk || len(ch) != cap(ch)) {
				t.Errorf("%s: chunk %d holds %d items, want %d (or one larger state's, exactly)", c.name, i, cap(ch), arenaChunk)
			}
		}
	}
}

// BenchmarkConvertPause converts the three 2026 files whose proofs kept
// the most states, natively, and reports the longest stretch between two
// calls of Yield (a page draws only there): 137, 100 and 60 ms before the
// automaton kept its items in chunks, 7–26 ms after.
func BenchmarkConvertPause(b *testing.B) {
	for _, name := range []string{"github.com.txt", "www.lequipe.fr.txt", "quora.com.txt"} {
		b.Run(name, func(b *testing.B) {
			src, err := os.ReadFile("testdata/corpus/sites-2026-01/" + name)
			if err != nil {
				b.Fatal(err)
			}
			f, _ := Parse(name, src)
			var gap time.Duration
			for i := 0; i < b.N; i++ {
				last := time.Now()
				yield := func() {
					if d := time.Since(last); d > gap {
						gap = d
					}
					last = time.Now()
				}
				Convert(f, ConvertOptions{Bounds: CompareOptions{Yield: yield}})
			}
			b.ReportMetric(float64(gap.Milliseconds()), "maxYieldGapMs")
		})
	}
}
