package policy

import (
	"reflect"
	"slices"
	"testing"
)

// TestCompileOrder: each reading compiles its part of the file the first
// time it is asked (compiled.compile). Whatever the order of the questions,
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
