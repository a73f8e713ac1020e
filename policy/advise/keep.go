package advise

import (
	"math"
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
	k := NewKeeper(before, after, crawlers, urls)
	k.Step(-1) // all of it
	return k.Rows()
}

// A Keeper does the work of KeepLose a step at a time, for a caller that
// must keep a page drawing: it compiles both files' patterns a part at a
// time, then asks the questions one pair of KeepPairs at a time.
type Keeper struct {
	before, after *policy.Policy
	crawlers      []string
	urls          []string
	stage         int               // 0: compiling before, 1: after, 2: asking
	acap, today   [][]policy.Answer // by pair, as far as asked
}

// NewKeeper returns a Keeper for KeepLose(before, after, crawlers, urls).
func NewKeeper(before, after *policy.File, crawlers, urls []string) *Keeper {
	return &Keeper{before: policy.NewPolicy(before), after: policy.NewPolicy(after), crawlers: crawlers, urls: urls}
}

// Step does a part of the work: about work bytes of patterns of one file
// compiled (policy.Policy.Prepare), or, once both files are compiled, the
// questions of one pair; with work < 0, all of it. It reports whether the
// work is done, and Rows ready.
func (k *Keeper) Step(work int) bool {
	all := work < 0
	if all {
		work = math.MaxInt
	}
	pairs := KeepPairs()
	for {
		switch {
		case k.stage == 0:
			if k.before.Prepare(policy.KindACAP, work) {
				k.stage++
			}
		case k.stage == 1:
			if k.after.Prepare(policy.KindToday, work) {
				k.stage++
			}
		case len(k.acap) < len(pairs):
			pair := pairs[len(k.acap)]
			k.acap = append(k.acap, k.before.Batch(policy.Question{Usage: pair.ACAP, Kind: policy.KindACAP}, k.crawlers, k.urls, nil))
			k.today = append(k.today, k.after.Batch(policy.Question{Usage: pair.Today.Usage, Category: pair.Today.Category, Kind: policy.KindToday}, k.crawlers, k.urls, nil))
		}
		done := len(k.acap) == len(pairs)
		if done || !all {
			return done
		}
	}
}

// Crawlers returns the number of crawlers compared.
func (k *Keeper) Crawlers() int { return len(k.crawlers) }

// Rows returns the comparison once Step has reported it done (else nil).
func (k *Keeper) Rows() []KeepRow {
	pairs := KeepPairs()
	if len(k.acap) < len(pairs) {
		return nil
	}
	out := make([]KeepRow, 0, len(k.crawlers)*len(k.urls)*len(pairs))
	for i, c := range k.crawlers {
		for j, url := range k.urls {
			for p, pair := range pairs {
				n := i*len(k.urls) + j
				r := KeepRow{Crawler: c, URL: url, Pair: pair, ACAP: k.acap[p][n], Today: k.today[p][n]}
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
