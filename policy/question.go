package policy

import "strings"

// Kind is a kind of crawler: a reading of robots.txt from one generation of
// the conventions. The simulator answers as each, side by side.
type Kind uint8

// The kinds of crawler.
const (
	// KindACAP reads ACAP records and, unless told to ignore them, the
	// conventional ones too (ACAP 1.0/1.1).
	KindACAP Kind = iota
	// KindRFC9309 is today's conventional crawler, as Google's reference
	// parser reads RFC 9309.
	KindRFC9309
	// KindDraft1996 follows the 1996 Internet-Draft: first matching record
	// by substring, first matching rule, plain prefixes.
	KindDraft1996
	// KindREP1994 follows the original 1994 convention: Disallow prefixes
	// only.
	KindREP1994
	// KindV2Proposal follows the 1996 "2.0.0" proposal for records that
	// declare Robot-version 2.x, and the 1994 convention otherwise.
	KindV2Proposal
	// KindToday is a 2026 AI crawler: crawl as RFC 9309, and for what it
	// may crawl the categories search, train-ai and ai-input answered from
	// Content-Usage, Content-Signal and per-purpose tokens.
	KindToday
	numKinds
)

var kindNames = [numKinds]string{"acap", "rfc9309", "draft1996", "rep1994", "v2proposal", "today"}

// String returns the kind's short name, such as "rfc9309".
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "kind?"
}

// Title returns a name for people, such as "RFC 9309 crawler".
func (k Kind) Title() string {
	switch k {
	case KindACAP:
		return "ACAP crawler"
	case KindRFC9309:
		return "RFC 9309 crawler"
	case KindDraft1996:
		return "1996 draft crawler"
	case KindREP1994:
		return "1994 convention crawler"
	case KindV2Proposal:
		return "2.0.0 proposal crawler"
	case KindToday:
		return "Today's AI crawler (2026)"
	}
	return "crawler"
}

// Kinds lists every kind, ACAP first and today last.
func Kinds() []Kind {
	return []Kind{KindACAP, KindRFC9309, KindDraft1996, KindREP1994, KindV2Proposal, KindToday}
}

// ParseKind returns the kind with the given short name ("" is acap).
func ParseKind(s string) (Kind, bool) {
	if s == "" {
		return KindACAP, true
	}
	for k, n := range kindNames {
		if strings.EqualFold(s, n) {
			return Kind(k), true
		}
	}
	return KindACAP, false
}

// Question is what the simulator asks: may this crawler, for this purpose,
// use this URL in this way, on this date?
type Question struct {
	// Crawler is the crawler's name (product token), such as "SearchBot",
	// or, when UserAgent is set, a full User-Agent string.
	Crawler string
	// UserAgent makes record names match as case-insensitive substrings of
	// Crawler; only the records with the longest matching name count.
	UserAgent bool
	// Purpose is the usage purpose, such as "news"; empty for none.
	Purpose string
	// URL is a path (with query) or a full URL.
	URL string
	// Usage is the ACAP usage asked about; UsageNone means crawl. An ACAP
	// usage asked of the today kind is read as its category
	// (TodayCategory).
	Usage Usage
	// Category, when set, asks the today kind about one of today's
	// categories instead of Usage. The other kinds answer it as crawl.
	Category Category
	// Date is the day of the question, for until- time limits; the zero
	// Date shows limits without enforcing them.
	Date Date
	// Kind is the kind of crawler that answers.
	Kind Kind
}

// Answer is a decision with its explanation.
type Answer struct {
	// Allowed is the final answer, dependencies and time limits applied.
	Allowed bool
	// Restrictions are the qualifiers that restrict an allowed usage.
	Restrictions []Qualifier
	// Line is the 1-based line of the field that decided, or 0 when nothing
	// matched and the usage is allowed by default.
	Line int
	// File is the file that line is in: "" for the file asked about, or the
	// path of a file reached through ACAP-permissions-reference.
	File string
	// Trace says, step by step, how the answer was reached.
	Trace Trace
	// Preference is the today kind's answer for a category: allowed,
	// disallowed, no preference or not crawled (Allowed is then true only
	// for PrefAllowed). It is PrefNotAsked for crawl and other kinds.
	Preference Preference
	// Channels are the today kind's answers per channel of use where an
	// operator's category has more than one (Google's ai-input: Search AI
	// features, and Gemini Apps and Vertex AI); Preference is then the
	// more restrictive, and Partial reports that they differ.
	Channels []Channel
	Partial  bool

	quiet bool    // no trace is kept (for bulk comparisons)
	tick  *ticker // lets a page draw during a long decision (DecideYielding)
}

// StepKind classifies a step of a trace.
type StepKind uint8

// The step kinds.
const (
	StepURL          StepKind = iota // how the URL was reduced to a path
	StepRecords                      // which records or groups apply to the crawler, and why
	StepNoRecords                    // no record or group applies
	StepLayer                        // which layer of records decided (ACAP)
	StepMatch                        // a field that matches the path and counts for the usage
	StepScope                        // why the winning field is narrower than another (§2.4.5)
	StepUndecided                    // a conflict the scope rule cannot decide: prohibited
	StepSkipped                      // a line with an error that a reading skips
	StepProhibitRead                 // a line read as a prohibition because it was not fully understood
	StepConventional                 // the conventional reading of crawl for an ACAP crawler (§2.9)
	StepOther                        // the usage is silent: other was asked
	StepDependency                   // a usage this one needs decided it
	StepExpired                      // a time limit has passed on the question's date
	StepRestriction                  // a restriction on the allowed usage
	StepReference                    // an ACAP-permissions-reference was followed, or could not be
	StepRobotsTxt                    // /robots.txt itself may always be crawled
	StepDefault                      // nothing matched: allowed
	StepFollowsCrawl                 // kinds other than acap decide every usage as crawl
	StepMeta                         // a robots META tag of the page decided
	StepNote                         // other information
	StepDecision                     // the final answer
	StepPreference                   // a Content-Usage or Content-Signal line (today)
	StepPurposeToken                 // a per-purpose token such as Google-Extended (today)
)

// Step is one line of a trace. Text is the explanation in plain words; Line
// (with File) points at the line of the robots.txt file it is about, or is
// 0. Lines lists other lines the step considered.
type Step struct {
	Kind  StepKind
	File  string
	Line  int
	Lines []int
	Text  string
}

// Trace is the explanation of an answer, step by step.
type Trace struct {
	Steps []Step
}

// String renders the trace as plain text, one step a line, with line
// numbers where a step has one.
func (t Trace) String() string {
	var b strings.Builder
	for _, s := range t.Steps {
		if s.Line > 0 {
			if s.File != "" {
				b.WriteString(s.File + ":")
			}
			b.WriteString("line " + itoa(s.Line) + ": ")
		}
		b.WriteString(s.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// Lines returns every line the trace mentions in the file asked about
// (File ""), in order of first mention, for highlighting in an editor.
func (t Trace) Lines() []int {
	var out []int
	seen := map[int]bool{}
	add := func(n int) {
		if n > 0 && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, s := range t.Steps {
		if s.File != "" {
			continue
		}
		add(s.Line)
		for _, n := range s.Lines {
			add(n)
		}
	}
	return out
}
