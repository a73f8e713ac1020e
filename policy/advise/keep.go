package advise

import (
	"slices"
	"strings"

	"github.com/acap-workbench/workbench/policy"
)

// What today's lines keep of an ACAP policy, decided on sample URLs: each
// ACAP usage that has a counterpart among today's categories is asked of
// the ACAP kind on the file as it is, and its category of the today kind
// on the file with the modern lines.

// Apply returns src with the lines of every proposal that has lines and
// is not an Alternative appended, each block after a blank line: the text
// the signals panel applies as one edit. Groups whose lines after their
// User-agent lines are the same are written as one group, with the
// User-agent lines of each in order, where the first of them stands:
// every reading of robots.txt gives a group's lines to each crawler it
// names, so the crawlers read what they read in groups of their own.
// (Proposals for named crawlers repeat the lines of the records for every
// crawler; a file of two hundred records would otherwise grow by two
// hundred copies of them.)
func Apply(src []byte, props []Proposal) []byte {
	var b strings.Builder
	b.Write(src)
	text := string(src)
	nl := "\n"
	if strings.Contains(text, "\r\n") {
		nl = "\r\n"
	}
	type block struct {
		agents, body []string
	}
	var blocks []*block
	byBody := map[string]*block{}
	for _, p := range props {
		if p.NoEquivalent || p.Alternative || len(p.Lines) == 0 {
			continue
		}
		n := 0
		for n < len(p.Lines) && isUserAgentLine(p.Lines[n]) {
			n++
		}
		if n == 0 || n == len(p.Lines) {
			blocks = append(blocks, &block{body: p.Lines})
			continue
		}
		key := strings.Join(p.Lines[n:], "\n")
		if bl := byBody[key]; bl != nil {
			bl.agents = append(bl.agents, p.Lines[:n]...)
			continue
		}
		bl := &block{agents: slices.Clone(p.Lines[:n]), body: p.Lines[n:]}
		byBody[key] = bl
		blocks = append(blocks, bl)
	}
	for i, bl := range blocks {
		if i == 0 {
			if text != "" && !strings.HasSuffix(text, "\n") && !strings.HasSuffix(text, "\r") {
				b.WriteString(nl)
			}
			b.WriteString(nl + "# Today's signals for the ACAP policy above (proposed by ACAP Workbench)" + nl)
		} else {
			b.WriteString(nl)
		}
		for _, l := range bl.agents {
			b.WriteString(l + nl)
		}
		for _, l := range bl.body {
			b.WriteString(l + nl)
		}
	}
	return []byte(b.String())
}

// isUserAgentLine reports whether a proposed line is a User-agent line.
func isUserAgentLine(l string) bool {
	k, _, ok := strings.Cut(l, ":")
	return ok && strings.EqualFold(strings.TrimSpace(k), "user-agent")
}

// KeepOutcome says what became of an ACAP answer in today's reading.
type KeepOutcome uint8

// The outcomes.
const (
	// Kept: today's answer says what ACAP said: a refusal is disallowed
	// or not crawled; a permission without restrictions is allowed, or,
	// for search, has no preference (a crawler that may crawl a page and
	// meets no noindex may index it); where no ACAP line decided (ACAP's
	// default permission), no preference is kept too.
	Kept KeepOutcome = iota
	// Lost: ACAP refused, today's lines allow it or state nothing.
	Lost
	// RestrictionsLost: ACAP allowed with restrictions (qualifiers);
	// today's lines allow it without them.
	RestrictionsLost
	// Stricter: ACAP allowed, today's lines refuse it.
	Stricter
	// LeftToCrawler: an ACAP line permitted preserve or other; today's
	// lines state no train-ai preference, so the operator's own policy
	// applies.
	LeftToCrawler
)

// String names the outcome for people.
func (o KeepOutcome) String() string {
	switch o {
	case Lost:
		return "lost"
	case RestrictionsLost:
		return "restrictions lost"
	case Stricter:
		return "stricter"
	case LeftToCrawler:
		return "left to the crawler"
	}
	return "kept"
}

// KeepPair is one ACAP usage and today's category it maps to.
type KeepPair struct {
	ACAP  policy.Usage
	Today policy.Use
}

// KeepPairs returns the usages compared: crawl, and each ACAP usage with a
// counterpart among today's categories (policy.TodayCategory).
func KeepPairs() []KeepPair {
	return []KeepPair{
		{policy.UsageCrawl, policy.Use{Usage: policy.UsageCrawl}},
		{policy.UsageIndex, policy.Use{Category: policy.CategorySearch}},
		{policy.UsagePresent, policy.Use{Category: policy.CategorySearch}},
		{policy.UsagePreserve, policy.Use{Category: policy.CategoryTrainAI}},
		{policy.UsageOther, policy.Use{Category: policy.CategoryTrainAI}},
	}
}

// KeepRow is one comparison: a crawler, a URL, a pair, both answers and
// the outcome.
type KeepRow struct {
	Crawler string
	URL     string
	Pair    KeepPair
	ACAP    policy.Answer // the ACAP kind on the file as it is (no trace)
	Today   policy.Answer // the today kind on the file with the modern lines (no trace)
	Outcome KeepOutcome
}

// KeepLose asks, for every crawler and URL, each pair of KeepPairs: the
// ACAP kind of before, the today kind of after. Crawl compares the ACAP
// crawl answer with the today kind's crawl answer. The rows come crawler
// by crawler, URL by URL, pair by pair.
func KeepLose(before, after *policy.File, crawlers, urls []string) []KeepRow {
	pb, pa := policy.NewPolicy(before), policy.NewPolicy(after)
	pairs := KeepPairs()
	acap := make([][]policy.Answer, len(pairs))
	today := make([][]policy.Answer, len(pairs))
	for k, pair := range pairs {
		acap[k] = pb.Batch(policy.Question{Usage: pair.ACAP, Kind: policy.KindACAP}, crawlers, urls, nil)
		today[k] = pa.Batch(policy.Question{Usage: pair.Today.Usage, Category: pair.Today.Category, Kind: policy.KindToday}, crawlers, urls, nil)
	}
	out := make([]KeepRow, 0, len(crawlers)*len(urls)*len(pairs))
	for i, c := range crawlers {
		for j, url := range urls {
			for k, pair := range pairs {
				n := i*len(urls) + j
				r := KeepRow{Crawler: c, URL: url, Pair: pair, ACAP: acap[k][n], Today: today[k][n]}
				r.Outcome = keepOutcome(pair, &r.ACAP, &r.Today)
				out = append(out, r)
			}
		}
	}
	return out
}

// Outcomes lists every outcome, in the order the signals panel counts
// them.
func Outcomes() []KeepOutcome {
	return []KeepOutcome{Kept, Lost, RestrictionsLost, LeftToCrawler, Stricter}
}

func keepOutcome(pair KeepPair, acap, today *policy.Answer) KeepOutcome {
	refuses := !today.Allowed && today.Preference != policy.PrefUnstated
	if today.Preference == policy.PrefNotAsked { // crawl
		refuses = !today.Allowed
	}
	switch {
	case !acap.Allowed && refuses:
		return Kept
	case !acap.Allowed:
		return Lost
	case refuses:
		return Stricter
	case len(acap.Restrictions) > 0:
		return RestrictionsLost
	case acap.Line > 0 && today.Preference == policy.PrefUnstated && pair.Today.Category == policy.CategoryTrainAI:
		return LeftToCrawler
	}
	return Kept
}
