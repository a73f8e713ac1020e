package policy

// Today's categories and vocabularies. Every choice the sources leave open
// is made here, in one place, and documented in doc.go and the in-app help
// ("choices"):
//
//   - A path may precede the values of Content-Signal, read as
//     Content-Usage reads its path (widespread in real files; Cloudflare's
//     policy neither requires nor forbids it).
//   - A label given twice: the last value counts (RFC 9651 §4.2.2, which
//     the vocabulary draft's processing follows); the checker warns.
//   - Content-Usage knows the vocabulary draft's labels train-ai and
//     search; Content-Signal knows search, ai-input and ai-train. Other
//     labels are ignored (the draft: they MUST be); labels of earlier drafts
//     and near misses get an info with a fix.
//   - Content-Usage values are the tokens y and n, Content-Signal values
//     yes and no; any other value states no preference (and is warned
//     about when it is clearly meant as yes or no).
//   - Content-Usage and Content-Signal lines are rules of the group they
//     stand in (the attach draft's ABNF adds Content-Usage to RFC 9309's
//     rules; Content-Signal is read the same way): for the today kind a
//     User-agent line after one starts a new group. The RFC 9309 kind reads
//     as Google's parser, which does not know them, so there the group
//     goes on. A Content-Usage or Content-Signal line before any User-agent
//     line speaks to no crawler (the checker warns).
//   - Content-Usage rules with paths of the same length that match the same
//     URL combine like rules with identical paths; Content-Signal lines are
//     chosen among themselves the same way, and the two statements then
//     combine most restrictively.
//   - Google's ai-input is answered per channel (Search AI features;
//     Gemini Apps and Vertex AI) and the answer is the more restrictive,
//     partial when they differ. The Search channel reads the page's
//     noindex, nosnippet and max-snippet:0 (Google names all three as
//     controls of what its AI features show), for robots and googlebot
//     tags alike, combined most restrictively as Google combines them.
//   - In the today kind, the page's robots META tags for the crawler
//     (those addressed to robots and those addressed to it by name)
//     combine most restrictively, as Google documents for its tags:
//     noindex disallows search; noai and noimageai are shown and decide
//     nothing (no standard defines them).
//   - A per-purpose token's group is chosen as RFC 9309 chooses groups (the
//     '*' group applies when no group names it); a Disallow matching the
//     path there means "disallowed" for the categories the token speaks
//     for, an Allow or no match says nothing.

// Preference is the answer of the today kind for a category of use.
type Preference uint8

// The preferences. PrefNotAsked is the zero value: the answer is not about
// a category (crawl, or another kind of crawler).
const (
	PrefNotAsked   Preference = iota
	PrefAllowed               // the publisher allows the use
	PrefDisallowed            // the publisher disallows the use
	PrefUnstated              // no preference is stated (the drafts' "unknown")
	PrefNotCrawled            // the crawler may not crawl the URL, so no preference applies
)

// String returns the name used in conformance cases: "allowed",
// "disallowed", "none" or "not-crawled" ("" for PrefNotAsked).
func (p Preference) String() string {
	switch p {
	case PrefAllowed:
		return "allowed"
	case PrefDisallowed:
		return "disallowed"
	case PrefUnstated:
		return "none"
	case PrefNotCrawled:
		return "not-crawled"
	}
	return ""
}

// Title returns the preference in words, such as "no preference".
func (p Preference) Title() string {
	switch p {
	case PrefUnstated:
		return "no preference"
	case PrefNotCrawled:
		return "not crawled"
	}
	return p.String()
}

// ParsePreference returns the preference named as in conformance cases.
func ParsePreference(s string) (Preference, bool) {
	for p := PrefAllowed; p <= PrefNotCrawled; p++ {
		if s == p.String() {
			return p, true
		}
	}
	return PrefNotAsked, false
}

// combinePrefs combines two statements most restrictively (vocabulary
// draft §7.1): any "no" wins, else any "yes", else unknown.
func combinePrefs(a, b Preference) Preference {
	switch {
	case a == PrefDisallowed || b == PrefDisallowed:
		return PrefDisallowed
	case a == PrefAllowed || b == PrefAllowed:
		return PrefAllowed
	}
	return PrefUnstated
}

// Today's categories of use, asked of the today kind. They follow the ACAP
// usages in the Usage numbering.
const (
	UsageSearch  Usage = numUsages + iota // search: select assets and direct users to them
	UsageTrainAI                          // train-ai: train or fine-tune AI models
	UsageAIInput                          // ai-input: input content into AI models to answer (retrieval, grounding)
	numAllUsages
)

const numCategories = 3

var categoryNames = [numCategories]string{"search", "train-ai", "ai-input"}

// category returns the index of a category usage in Statement.Prefs.
func category(u Usage) (int, bool) {
	if u >= UsageSearch && u < numAllUsages {
		return int(u - UsageSearch), true
	}
	return 0, false
}

// IsCategory reports whether u is one of today's categories.
func (u Usage) IsCategory() bool {
	_, ok := category(u)
	return ok
}

// Categories lists today's categories: search, train-ai, ai-input.
func Categories() []Usage { return []Usage{UsageSearch, UsageTrainAI, UsageAIInput} }

// TodayUsages lists what the today kind answers: crawl and each category.
func TodayUsages() []Usage { return []Usage{UsageCrawl, UsageSearch, UsageTrainAI, UsageAIInput} }

// ParseCategory returns crawl or the category named s, as written in
// conformance cases ("search", "train-ai", "ai-input").
func ParseCategory(s string) (Usage, bool) {
	if s == "crawl" || s == "" {
		return UsageCrawl, true
	}
	for i, n := range categoryNames {
		if s == n {
			return UsageSearch + Usage(i), true
		}
	}
	return UsageNone, false
}

// TodayCategory maps an ACAP usage to today's category (the mapping of the
// design, for comparing kinds): index, present and every present-X map to
// search; preserve and other to train-ai; crawl to crawl. follow has no
// equivalent. A category maps to itself.
func TodayCategory(u Usage) (Usage, bool) {
	switch {
	case u == UsageCrawl || u.IsCategory():
		return u, true
	case u == UsageIndex || u.IsPresentation():
		return UsageSearch, true
	case u == UsagePreserve || u == UsageOther:
		return UsageTrainAI, true
	}
	return UsageNone, false
}

// ACAPUsagesFor returns the ACAP usages that map to a category (the
// reverse of TodayCategory, for comparing kinds): search is index and the
// present usages (index first), train-ai is preserve and other; ai-input
// has none. crawl maps to crawl.
func ACAPUsagesFor(u Usage) []Usage {
	switch u {
	case UsageCrawl:
		return []Usage{UsageCrawl}
	case UsageSearch:
		return []Usage{UsageIndex, UsagePresent}
	case UsageTrainAI:
		return []Usage{UsagePreserve, UsageOther}
	}
	return nil
}

// signalVocab is how one kind of line is read.
type signalVocab struct {
	name    string
	yes, no string
	labels  map[string]int    // label → index into Statement.Prefs
	near    map[string]string // labels of earlier drafts, the other vocabulary's names and near misses → the label meant
	example string
}

var contentUsageVocab = signalVocab{
	name: "Content-Usage", yes: "y", no: "n",
	labels: map[string]int{"search": 0, "train-ai": 1},
	near: map[string]string{"train-genai": "train-ai", "ai-train": "train-ai", "train_ai": "train-ai", "trainai": "train-ai",
		"ai-use": "train-ai", "ai": "train-ai", "bulk": "", "ai-output": "", "ai-input": "", "searches": "search"},
	example: "train-ai=n",
}

var contentSignalVocab = signalVocab{
	name: "Content-Signal", yes: "yes", no: "no",
	labels: map[string]int{"search": 0, "ai-train": 1, "ai-input": 2},
	near: map[string]string{"train-ai": "ai-train", "ai_train": "ai-train", "aitrain": "ai-train", "ai-training": "ai-train",
		"ai_input": "ai-input", "aiinput": "ai-input", "ai-inputs": "ai-input", "searches": "search"},
	example: "ai-train=no",
}

func vocabOf(k FieldKind) *signalVocab {
	if k == FieldContentSignal {
		return &contentSignalVocab
	}
	return &contentUsageVocab
}

// purposeToken is a product token that names no crawler of its own but
// speaks for its operator's use of what other crawlers fetch.
type purposeToken struct {
	token      string
	fetcher    string   // the crawler that fetches for it
	crawlers   []string // prefixes of the operator's crawler names it speaks for (case-insensitive)
	categories []Usage  // the categories it speaks for
	scope      string   // what it governs, and what not, in the operator's words
	source     string
}

// purposeTokens are the per-purpose tokens the today kind reads. Each
// speaks only for what its operator's documentation says it governs
// (scope); an answer never claims more than that.
var purposeTokens = []purposeToken{
	{token: "Google-Extended", fetcher: "Googlebot", crawlers: []string{"googlebot", "googleother", "google-extended"},
		categories: []Usage{UsageTrainAI, UsageAIInput},
		scope:      "it governs training of Gemini models and grounding in Gemini Apps and the Vertex AI API, not Google Search or the AI features inside Search",
		source:     "Google's crawler documentation: Google-Extended governs whether what Google's crawlers fetch may train Gemini models and ground answers in Gemini Apps and the Vertex AI API; it does not affect Google Search, and it fetches nothing itself"},
	{token: "Applebot-Extended", fetcher: "Applebot", crawlers: []string{"applebot"},
		categories: []Usage{UsageTrainAI},
		scope:      "it governs training of Apple's foundation models only; Applebot's search use is unaffected",
		source:     "Apple's Applebot documentation: Applebot-Extended governs whether what Applebot fetched may train Apple's foundation models; it fetches nothing itself"},
}

// Google's ai-input has two channels: the AI features inside Google Search
// follow Googlebot's crawl and the page's snippet controls, and Gemini Apps
// and the Vertex AI API follow Google-Extended. The answer is the more
// restrictive of the two, marked partial when they differ. Only Googlebot
// (and its variants) feeds Search; GoogleOther and the token itself answer
// for the Gemini channel alone.
const (
	ChannelGoogleSearchAI = "Google Search AI features (AI Overviews, AI Mode)"
	ChannelGemini         = "Gemini Apps and the Vertex AI API"
)

// isGoogleSearchCrawler reports whether crawler is Googlebot or one of its
// variants (Googlebot-Image, ...), whose fetches feed Google Search.
func isGoogleSearchCrawler(crawler string, ua bool) bool {
	if ua {
		return containsFoldASCII(crawler, "googlebot")
	}
	return hasPrefixFold(crawlerName(crawler), "googlebot")
}

// purposeTokensFor returns the per-purpose tokens that speak for crawler.
// It is asked for every decision, so it compares without allocating.
func purposeTokensFor(crawler string, ua bool) []*purposeToken {
	var out []*purposeToken
	name := crawler
	if !ua {
		name = crawlerName(crawler)
	}
	for i := range purposeTokens {
		t := &purposeTokens[i]
		for _, c := range t.crawlers {
			if (ua && containsFoldASCII(name, c)) || (!ua && hasPrefixFold(name, c)) {
				out = append(out, t)
				break
			}
		}
	}
	return out
}

// isPurposeToken returns the per-purpose token crawler names, if it is one.
func isPurposeToken(crawler string) *purposeToken {
	for i := range purposeTokens {
		if equalFoldASCII(crawlerName(crawler), purposeTokens[i].token) {
			return &purposeTokens[i]
		}
	}
	return nil
}
