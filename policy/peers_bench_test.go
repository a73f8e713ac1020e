package policy

import (
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/jimsmart/grobotstxt"
	"github.com/temoto/robotstxt"
)

// The peers: Google's parse loop as ported in github.com/jimsmart/grobotstxt
// and github.com/temoto/robotstxt, measured in the same run as the
// workbench on the 50 KiB benchmark file (testdata/bench/bench_robots.txt).
// Compare the pairs with benchstat or by eye:
//
//	go test -run '^$' -bench 'Peer' -benchmem -count 5 ./policy/
//
// BenchmarkPeerParse: Parse vs grobotstxt's parse loop (a handler that
// keeps nothing). BenchmarkPeerReady: ready to answer, Parse+NewPolicy and
// a first question (which compiles the RFC 9309 reading; the other readings
// compile when first asked) vs temoto's FromBytes and a first question. BenchmarkPeerQuestion: one RFC 9309 question vs
// temoto's TestAgent, on a URL of bench_urls.txt in turn.

func peerInputs(b *testing.B) ([]byte, []string) {
	b.Helper()
	src, err := os.ReadFile("testdata/bench/bench_robots.txt")
	if err != nil {
		b.Fatal(err)
	}
	urls, err := os.ReadFile("testdata/bench/bench_urls.txt")
	if err != nil {
		b.Fatal(err)
	}
	return src, strings.Fields(string(urls))
}

// discard is a grobotstxt.ParseHandler that keeps nothing.
type discard struct{ n int }

func (*discard) HandleRobotsStart()                        {}
func (*discard) HandleRobotsEnd()                          {}
func (d *discard) HandleUserAgent(int, string)             { d.n++ }
func (d *discard) HandleAllow(int, string)                 { d.n++ }
func (d *discard) HandleDisallow(int, string)              { d.n++ }
func (d *discard) HandleSitemap(int, string)               { d.n++ }
func (d *discard) HandleUnknownAction(int, string, string) { d.n++ }

// allocated returns the bytes allocated so far by the program.
func allocated() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}

// meter measures a benchmark's loop beyond wall time: bytes allocated per
// input byte ("B/in-byte") and CPU time per op ("cpu-ns/op", the process's
// CPU time, collector included: on a busy machine it stays close to the
// work done while the wall time grows).
type meter struct {
	alloc uint64
	cpu   int64
}

func startMeter() meter { return meter{allocated(), cpuTime()} }

// report reports the figures since m started, for inputs of n bytes.
func (m meter) report(b *testing.B, n int) {
	if n > 0 {
		b.ReportMetric(float64(allocated()-m.alloc)/float64(b.N)/float64(n), "B/in-byte")
	}
	if c := cpuTime(); c > 0 {
		b.ReportMetric(float64(c-m.cpu)/float64(b.N), "cpu-ns/op")
	}
}

func BenchmarkPeerParse(b *testing.B) {
	src, _ := peerInputs(b)
	b.Run("workbench", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		m := startMeter()
		for b.Loop() {
			if _, err := Parse("/robots.txt", src); err != nil {
				b.Fatal(err)
			}
		}
		m.report(b, len(src))
	})
	b.Run("grobotstxt", func(b *testing.B) {
		text := string(src)
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		m := startMeter()
		for b.Loop() {
			grobotstxt.Parse(text, &discard{})
		}
		m.report(b, len(src))
	})
}

// TestParseAllocation: Parse allocates at most 12 bytes per input byte on
// the 50 KiB benchmark file (a count of bytes, not a time: it holds on a
// busy machine).
func TestParseAllocation(t *testing.T) {
	src, err := os.ReadFile("testdata/bench/bench_robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	Parse("/robots.txt", src) // warm up
	const runs = 5
	start := allocated()
	for range runs {
		if _, err := Parse("/robots.txt", src); err != nil {
			t.Fatal(err)
		}
	}
	perByte := float64(allocated()-start) / runs / float64(len(src))
	t.Logf("Parse allocates %.1f bytes per input byte", perByte)
	if perByte > 12 {
		t.Errorf("Parse allocates %.1f bytes per input byte, want at most 12", perByte)
	}
}

func BenchmarkPeerReady(b *testing.B) {
	src, _ := peerInputs(b)
	b.Run("workbench", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		m := startMeter()
		for b.Loop() {
			f, err := Parse("/robots.txt", src)
			if err != nil {
				b.Fatal(err)
			}
			p := NewPolicy(f)
			p.Decide(Question{Crawler: "FooBot", URL: "/", Kind: KindRFC9309})
		}
		m.report(b, len(src))
	})
	// Every reading compiled: a first question of each kind.
	b.Run("workbench-all-kinds", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		m := startMeter()
		for b.Loop() {
			f, err := Parse("/robots.txt", src)
			if err != nil {
				b.Fatal(err)
			}
			p := NewPolicy(f)
			for _, k := range Kinds() {
				p.Decide(Question{Crawler: "FooBot", URL: "/", Kind: k})
			}
		}
		m.report(b, len(src))
	})
	b.Run("temoto", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		m := startMeter()
		for b.Loop() {
			r, err := robotstxt.FromBytes(src)
			if err != nil {
				b.Fatal(err)
			}
			r.TestAgent("/", "FooBot")
		}
		m.report(b, len(src))
	})
}

func BenchmarkPeerQuestion(b *testing.B) {
	src, urls := peerInputs(b)
	b.Run("workbench", func(b *testing.B) {
		p := NewPolicy(MustParse(string(src)))
		q := Question{Crawler: "FooBot", Kind: KindRFC9309, Usage: UsageCrawl}
		p.Decide(q)
		i := 0
		b.ReportAllocs()
		m := startMeter()
		for b.Loop() {
			q.URL = urls[i%len(urls)]
			p.Decide(q)
			i++
		}
		m.report(b, 0)
	})
	b.Run("temoto", func(b *testing.B) {
		r, err := robotstxt.FromBytes(src)
		if err != nil {
			b.Fatal(err)
		}
		i := 0
		b.ReportAllocs()
		m := startMeter()
		for b.Loop() {
			r.TestAgent(urls[i%len(urls)], "FooBot")
			i++
		}
		m.report(b, 0)
	})
}

// TestParseSpeedAgainstGoogle guards the parse's speed as a ratio to
// Google's parse loop (grobotstxt) measured in the same test, rounds of
// each taking turns; the fastest round of each is compared, which a busy
// machine disturbs little. The benchmarks show Parse at or below the
// peer's time; the test fails only past three times it.
func TestParseSpeedAgainstGoogle(t *testing.T) {
	src, err := os.ReadFile("testdata/bench/bench_robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	const rounds, per = 8, 5
	best := func(d *time.Duration, fn func()) {
		start := time.Now()
		for range per {
			fn()
		}
		if e := time.Since(start) / per; *d == 0 || e < *d {
			*d = e
		}
	}
	var ours, peer time.Duration
	for range rounds {
		best(&ours, func() { Parse("/robots.txt", src) })
		best(&peer, func() { grobotstxt.Parse(text, &discard{}) })
	}
	t.Logf("Parse %v, grobotstxt %v (fastest rounds of %d)", ours, peer, per)
	if ours > 3*peer {
		t.Errorf("Parse takes %v, more than three times Google's parse loop (%v)", ours, peer)
	}
}
