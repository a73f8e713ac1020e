package policy

import (
	"os"
	"strings"
	"testing"

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
// keeps nothing). BenchmarkPeerReady: Parse+NewPolicy (ready to answer) vs
// temoto's FromBytes. BenchmarkPeerQuestion: one RFC 9309 question vs
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

func BenchmarkPeerParse(b *testing.B) {
	src, _ := peerInputs(b)
	b.Run("workbench", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Parse("/robots.txt", src); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("grobotstxt", func(b *testing.B) {
		text := string(src)
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			grobotstxt.Parse(text, &discard{})
		}
	})
}

func BenchmarkPeerReady(b *testing.B) {
	src, _ := peerInputs(b)
	b.Run("workbench", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			f, err := Parse("/robots.txt", src)
			if err != nil {
				b.Fatal(err)
			}
			p := NewPolicy(f)
			p.Decide(Question{Crawler: "FooBot", URL: "/", Kind: KindRFC9309})
		}
	})
	b.Run("temoto", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			r, err := robotstxt.FromBytes(src)
			if err != nil {
				b.Fatal(err)
			}
			r.TestAgent("/", "FooBot")
		}
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
		for b.Loop() {
			q.URL = urls[i%len(urls)]
			p.Decide(q)
			i++
		}
	})
	b.Run("temoto", func(b *testing.B) {
		r, err := robotstxt.FromBytes(src)
		if err != nil {
			b.Fatal(err)
		}
		i := 0
		b.ReportAllocs()
		for b.Loop() {
			r.TestAgent(urls[i%len(urls)], "FooBot")
			i++
		}
	})
}
