package policy

import "strings"

// What today's lines keep of an ACAP policy, decided on sample URLs: each
// ACAP usage that has a counterpart among today's categories is asked of
// the ACAP kind on the file as it is, and its category of the today kind
// on the file with the modern lines.

// ApplySignals returns src with the lines of every proposal that has lines
// appended, each block after a blank line: the text the signals panel
// applies as one edit.
func ApplySignals(src []byte, props []SignalProposal) []byte {
	var b strings.Builder
	b.Write(src)
	text := string(src)
	nl := "\n"
	if strings.Contains(text, "\r\n") {
		nl = "\r\n"
	}
	added := false
	for _, p := range props {
		if p.NoEquivalent || len(p.Lines) == 0 {
			continue
		}
		if !added {
			if text != "" && !strings.HasSuffix(text, "\n") && !strings.HasSuffix(text, "\r") {
				b.WriteString(nl)
			}
			b.WriteString(nl + "# Today's signals for the ACAP policy above (proposed by ACAP Workbench)" + nl)
			added = true
		} else {
			b.WriteString(nl)
		}
		for _, l := range p.Lines {
			b.WriteString(l + nl)
		}
	}
	return []byte(b.String())
}

// KeepOutcome says what became of an ACAP answer in today's reading.
type KeepOutcome uint8

// The outcomes.
const (
	// Kept: today's answer says what ACAP said: a refusal is disallowed
	// or not crawled; a permission without restrictions is allowed or has
	// no preference (which leaves the use to the crawler).
	Kept KeepOutcome = iota
	// Lost: ACAP refused, today's lines allow it or state nothing.
	Lost
	// RestrictionsLost: ACAP allowed with restrictions (qualifiers);
	// today's lines allow it without them.
	RestrictionsLost
	// Stricter: ACAP allowed, today's lines refuse it.
	Stricter
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
	}
	return "kept"
}

// KeepPair is one ACAP usage and today's category it maps to.
type KeepPair struct {
	ACAP  Usage
	Today Use
}

// KeepPairs are the usages compared: crawl, and each ACAP usage with a
// counterpart among today's categories (TodayCategory).
var KeepPairs = []KeepPair{
	{UsageCrawl, Use{Usage: UsageCrawl}},
	{UsageIndex, Use{Category: CategorySearch}},
	{UsagePresent, Use{Category: CategorySearch}},
	{UsagePreserve, Use{Category: CategoryTrainAI}},
	{UsageOther, Use{Category: CategoryTrainAI}},
}

// KeepRow is one comparison: a crawler, a URL, a pair, both answers and
// the outcome.
type KeepRow struct {
	Crawler string
	URL     string
	Pair    KeepPair
	ACAP    Answer // the ACAP kind on the file as it is (no trace)
	Today   Answer // the today kind on the file with the modern lines (no trace)
	Outcome KeepOutcome
}

// KeepLose asks, for every crawler and URL, each pair of KeepPairs: the
// ACAP kind of before, the today kind of after. Crawl compares the ACAP
// crawl answer with the today kind's crawl answer.
func KeepLose(before, after *File, crawlers, urls []string) []KeepRow {
	pb, pa := NewPolicy(before), NewPolicy(after)
	var out []KeepRow
	for _, c := range crawlers {
		for _, url := range urls {
			path := PathOf(url)
			subj := NewSubject(path)
			for _, pair := range KeepPairs {
				qa := Question{Crawler: c, URL: url, Usage: pair.ACAP, Kind: KindACAP}
				qt := Question{Crawler: c, URL: url, Usage: pair.Today.Usage, Category: pair.Today.Category, Kind: KindToday}
				r := KeepRow{Crawler: c, URL: url, Pair: pair, ACAP: pb.decide(&qa, path, &subj, true), Today: pa.decide(&qt, path, &subj, true)}
				r.Outcome = keepOutcome(&r.ACAP, &r.Today)
				out = append(out, r)
			}
		}
	}
	return out
}

func keepOutcome(acap, today *Answer) KeepOutcome {
	refuses := !today.Allowed && today.Preference != PrefUnstated
	if today.Preference == PrefNotAsked { // crawl
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
	}
	return Kept
}
