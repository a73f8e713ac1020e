package intent_test

import (
	"fmt"

	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/intent"
)

// A publisher's intent: search engines yes; AI training no; AI answers
// yes, but not from /archive/.
func Example() {
	cat := intent.CategoryColumn
	in := &intent.Intent{Rows: []intent.Row{
		{Name: "AI training crawlers", Crawlers: []string{"GPTBot", "CCBot"}, Uses: []policy.Category{policy.CategoryTrainAI},
			Cells: []intent.Cell{{Column: cat(policy.CategoryTrainAI), Value: intent.No}}},
		{Name: "everyone else", Crawlers: []string{intent.AnyCrawler}, Cells: []intent.Cell{
			{Column: cat(policy.CategorySearch), Value: intent.Yes},
			{Column: cat(policy.CategoryTrainAI), Value: intent.No},
			{Column: cat(policy.CategoryAIInput), Value: intent.Yes, Scopes: []intent.Scope{{Path: "/archive/", Value: intent.No}}},
		}},
	}}
	res, err := intent.Write(in, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(res.Text))
	f, _ := policy.Parse("robots.txt", res.Text)
	proof, _ := intent.Prove(in, nil, f)
	fmt.Println("proved:", proof.OK(), proof.Count(intent.Proved), "checks ✓,", proof.Count(intent.NotExpressible), "not expressible")
	// Output:
	// ##ACAP version=1.1
	//
	// # BEGIN policy builder (ACAP Workbench): written from the publisher's intent; edit the intent, not these lines
	//
	// # AI training crawlers
	// User-agent: GPTBot
	// User-agent: CCBot
	// Disallow: /
	//
	// # everyone else
	// User-agent: *
	// Allow: /
	// Content-Usage: train-ai=n, search=y
	// Content-Signal: search=yes, ai-input=yes, ai-train=no
	// Content-Signal: /archive/ search=yes, ai-input=no, ai-train=no
	//
	// ACAP-crawler: GPTBot
	// ACAP-crawler: CCBot
	// ACAP-disallow-crawl: /
	//
	// ACAP-crawler: *
	// ACAP-allow-crawl: /
	// ACAP-allow-follow: /
	// ACAP-allow-index: /
	// ACAP-disallow-preserve: /
	// ACAP-allow-present: /
	// ACAP-disallow-other: /
	// # END policy builder
	// proved: true 44 checks ✓, 2 not expressible
}
