package policy

import (
	"os"
	"testing"
	"time"
)

func BenchmarkZZGroup(b *testing.B) {
	src, _ := os.ReadFile("testdata/bench/bench_robots.txt")
	f := MustParse(string(src))
	conv := Convert(f, ConvertOptions{Bounds: CompareOptions{Deadline: time.Now().Add(time.Millisecond)}})
	cur := MustParse(string(conv.Text))
	for b.Loop() {
		c := &comparer{src: NewPolicy(f), dst: NewPolicy(cur), kind: KindRFC9309, opt: CompareOptions{MaxStates: 100000}}
		c.run([]string{"Googlebot"})
	}
}
