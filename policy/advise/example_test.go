package advise_test

import (
	"fmt"

	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/advise"
)

const exampleFile = `##ACAP version=1.1
ACAP-crawler: *
ACAP-disallow-crawl: /private/
ACAP-disallow-preserve: /archive/
`

func ExampleSignals() {
	f := policy.MustParse(exampleFile)
	for _, p := range advise.Signals(f) {
		if p.Alternative {
			fmt.Println("# a stricter alternative:")
		} else {
			fmt.Println("# proposed:")
		}
		for _, l := range p.Lines {
			fmt.Println(l)
		}
	}
	// Output:
	// # proposed:
	// User-agent: *
	// Disallow: /private/
	// Content-Usage: /archive/ train-ai=n
	// # a stricter alternative:
	// User-agent: GPTBot
	// User-agent: Google-Extended
	// User-agent: CCBot
	// Disallow: /private/
	// Disallow: /archive/
	// Content-Usage: /archive/ train-ai=n
	// # proposed:
	// License: https://example.com/license.xml
}

// A page that must keep drawing works the proposals out a step at a time
// (here a record a step), and asks between steps for the next frame.
func ExampleSignaler() {
	f := policy.MustParse(exampleFile)
	s := advise.NewSignaler(f)
	steps := 1
	for !s.Step(1) {
		steps++ // a page would yield here
	}
	fmt.Println(steps, "steps,", len(s.Proposals()), "proposals")
	// Output: 3 steps, 3 proposals
}

func ExampleKeepLose() {
	before := policy.MustParse(exampleFile)
	after := policy.MustParse(string(advise.Apply(before.Src, advise.Signals(before))))
	for _, r := range advise.KeepLose(before, after, []string{"AnyBot"}, []string{"/private/a", "/archive/a"}) {
		fmt.Println(r.URL, r.Pair.ACAP, "→", r.Pair.Today, r.Outcome)
	}
	// Output:
	// /private/a crawl → crawl kept
	// /private/a index → search kept
	// /private/a present → search kept
	// /private/a preserve → train-ai kept
	// /private/a other → train-ai kept
	// /archive/a crawl → crawl kept
	// /archive/a index → search kept
	// /archive/a present → search kept
	// /archive/a preserve → train-ai kept
	// /archive/a other → train-ai stricter
}

// A Keeper compiles both files a part at a time, then asks one pair of
// usages a step.
func ExampleKeeper() {
	before := policy.MustParse(exampleFile)
	after := policy.MustParse(string(advise.Apply(before.Src, advise.Signals(before))))
	k := advise.NewKeeper(before, after, []string{"AnyBot"}, []string{"/private/a"})
	for !k.Step(1 << 10) {
		// a page would yield here
	}
	fmt.Println(len(k.Rows()), "rows for", k.Crawlers(), "crawler")
	// Output: 5 rows for 1 crawler
}
