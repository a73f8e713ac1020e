package policy_test

import (
	"fmt"

	"github.com/acap-workbench/workbench/policy"
)

func ExampleCompareVersions() {
	before := policy.MustParse("User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n")
	after := policy.MustParse("User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /archive/\n")
	rep := policy.CompareVersions(before, after, policy.VersionOptions{
		Kinds:    []policy.Kind{policy.KindRFC9309, policy.KindToday},
		Crawlers: []string{"CCBot"}, // a directory's crawlers
	})
	for _, c := range rep.Changes {
		fmt.Printf("%s %v %v %s: %s (line %d), then %s (line %d)\n", c.Kind, c.Crawlers, c.Uses, c.Path,
			policy.AnswerText(c.Before), c.Before.Line, policy.AnswerText(c.After), c.After.Line)
	}
	fmt.Println("proved:", rep.Proved(), "- no change for CCBot:", rep.Status("CCBot", policy.KindRFC9309, policy.Use{Usage: policy.UsageCrawl}) == policy.VersionSame)
	// Output:
	// rfc9309 [GPTBot] [crawl] /: not allowed (line 5), then allowed (line 0)
	// today [GPTBot] [crawl] /: not allowed (line 5), then allowed (line 0)
	// today [GPTBot] [search train-ai ai-input] /: not crawled (line 5), then no preference (line 0)
	// proved: true - no change for CCBot: true
}
