package policy

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCompileOrder: each reading compiles its part of the file the first
// time it is asked (compiled.step). Whatever the order of the questions,
// a policy must give the answers, traces included, that a fresh policy
// gives for each kind alone.
func TestCompileOrder(t *testing.T) {
	f := MustParse(guideSized + "User-agent: FooBot\nDisallow: /news/\nAllow: /news/a\nRobot-version: 2.0.0\n")
	urls := []string{"/", "/news/a.html", "/news/2008/b.htm", "/TEXTS/x.gif", "/private/y"}
	ask := func(p *Policy, k Kind, u string) Answer {
		return p.Decide(Question{Crawler: "FooBot", URL: u, Kind: k, Usage: UsageIndex, Purpose: "news", Date: Date{2026, 11, 21}})
	}
	want := map[Kind][]Answer{}
	for _, k := range Kinds() {
		p := NewPolicy(f)
		for _, u := range urls {
			want[k] = append(want[k], ask(p, k, u))
		}
	}
	rev := slices.Clone(Kinds())
	slices.Reverse(rev)
	for _, order := range [][]Kind{Kinds(), rev} {
		p := NewPolicy(f)
		for _, k := range order {
			for i, u := range urls {
				if got := ask(p, k, u); !reflect.DeepEqual(got, want[k][i]) {
					t.Errorf("order %v, %s %s: got %+v, alone %+v", order, k, u, got, want[k][i])
				}
			}
		}
	}
}

// TestPrepareInSteps: Prepare compiles a kind's parts a few patterns at a
// time, each call about the work asked (one pattern at least), until it
// reports true; then a question of that kind compiles nothing more of the
// file, and every answer, traces included, is that of a policy that never
// prepared. Files of every part: conventional groups, today's groups, the
// older records and ACAP records with sub-records and purposes.
func TestPrepareInSteps(t *testing.T) {
	big := "User-agent: *\n"
	for i := 0; i < 60; i++ {
		big += "Disallow: /" + strings.Repeat("*a", 40) + "/" + strconv.Itoa(i) + "\n"
	}
	acap := guideSized + "ACAP-crawler: FooBot\nACAP-usage-purpose: news*\nACAP-disallow-index: /news/x\n" +
		"User-agent: FooBot\nDisallow: /news/\nAllow: /news/a\nContent-Usage: train-ai=n\nRobot-version: 2.0.0\n"
	urls := []string{"/", "/news/a.html", "/news/x/b.htm", "/" + strings.Repeat("a", 90) + "/7", "/private/y"}
	for _, tc := range []struct {
		name, text string
		work       int
	}{{"wildcards", big, 100}, {"acap", acap, 10}, {"acap, one pattern a step", acap, 0}} {
		f := MustParse(tc.text)
		for _, k := range Kinds() {
			fresh := NewPolicy(f)
			p := NewPolicy(f)
			calls := 0
			for !p.Prepare(k, tc.work) {
				calls++
				if calls > 10000 {
					t.Fatalf("%s, %s: Prepare does not end", tc.name, k)
				}
			}
			c := p.comps[f]
			if c.done&needOf(k) != needOf(k) || c.convB != nil || c.todayB != nil || c.olderB != nil {
				t.Fatalf("%s, %s: Prepare reported true with parts %b of %b compiled", tc.name, k, c.done, needOf(k))
			}
			if n := patternBytes(f, k); n > 2*tc.work+200 && calls < n/(2*tc.work+200) {
				t.Errorf("%s, %s: %d bytes of patterns in %d calls of %d bytes", tc.name, k, n, calls+1, tc.work)
			}
			done := c.done
			for _, u := range urls {
				q := Question{Crawler: "FooBot", URL: u, Kind: k, Usage: UsageIndex, Purpose: "news", Date: Date{2026, 11, 21}}
				if got, want := p.Decide(q), fresh.Decide(q); !reflect.DeepEqual(got, want) {
					t.Errorf("%s, %s, %s: prepared %+v, fresh %+v", tc.name, k, u, got, want)
				}
			}
			if c.done != done {
				t.Errorf("%s, %s: the questions compiled parts %b after Prepare (%b)", tc.name, k, c.done, done)
			}
			if !p.Prepare(k, tc.work) {
				t.Errorf("%s, %s: Prepare of a prepared policy reported false", tc.name, k)
			}
		}
	}
}

// patternBytes is about the bytes of patterns questions of kind k compile.
func patternBytes(f *File, k Kind) int {
	n := 0
	for _, fd := range f.Fields {
		if fd.Kind == FieldAllow || fd.Kind == FieldDisallow || (k == KindACAP && fd.Kind.IsACAPRule()) {
			n += len(fd.Value.Text) + 1
		}
	}
	return n
}
