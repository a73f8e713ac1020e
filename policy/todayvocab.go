package policy

// Today's categories and vocabularies. Every choice the sources leave open
// is made here, in one place, and documented in READING.md §9 and the in-app help
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

// Category is one of today's categories of use: what the vocabularies of
// Content-Usage and Content-Signal let a publisher state a preference
// about. The today kind answers crawl (a Usage) and the categories; the
// other kinds answer ACAP usages. TodayCategory and ACAPUsagesFor map
// between the two for comparing kinds.
type Category uint8

// The categories. CategoryNone is the zero value: a question without a
// category asks its Usage.
const (
	CategoryNone    Category = iota
	CategorySearch           // search: select assets and direct users to them
	CategoryTrainAI          // train-ai: train or fine-tune AI models
	CategoryAIInput          // ai-input: input content into AI models to answer (retrieval, grounding)
)

const numCategories = 3

var categoryNames = [numCategories]string{"search", "train-ai", "ai-input"}

// index returns the category's index in Statement.Prefs.
func (c Category) index() (int, bool) {
	if c >= CategorySearch && c <= CategoryAIInput {
		return int(c - CategorySearch), true
	}
	return 0, false
}

// categoryAt returns the category at index i of Statement.Prefs.
func categoryAt(i int) Category { return CategorySearch + Category(i) }

// String returns the category's name as conformance cases and both
// vocabularies' documentation write it: "search", "train-ai" or "ai-input"
// ("" for CategoryNone).
func (c Category) String() string {
	if i, ok := c.index(); ok {
		return categoryNames[i]
	}
	return ""
}

// Categories lists today's categories: search, train-ai, ai-input.
func Categories() []Category { return []Category{CategorySearch, CategoryTrainAI, CategoryAIInput} }

// ParseCategory returns the category named s ("search", "train-ai",
// "ai-input").
func ParseCategory(s string) (Category, bool) {
	for i, n := range categoryNames {
		if s == n {
			return categoryAt(i), true
		}
	}
	return CategoryNone, false
}

// TodayCategory maps an ACAP usage to today's category (the mapping of the
// design, for comparing kinds): index, present and every present-X map to
// search; preserve and other to train-ai. Crawl, follow and UsageNone map
// to no category.
func TodayCategory(u Usage) (Category, bool) {
	switch {
	case u == UsageIndex || u.IsPresentation():
		return CategorySearch, true
	case u == UsagePreserve || u == UsageOther:
		return CategoryTrainAI, true
	}
	return CategoryNone, false
}

// ACAPUsagesFor returns the ACAP usages that map to a category (the
// reverse of TodayCategory, for comparing kinds): search is index and the
// present usages (index first), train-ai is preserve and other; ai-input
// has none.
func ACAPUsagesFor(c Category) []Usage {
	switch c {
	case CategorySearch:
		return []Usage{UsageIndex, UsagePresent}
	case CategoryTrainAI:
		return []Usage{UsagePreserve, UsageOther}
	}
	return nil
}

// Use is what a question asks about: an ACAP usage or, when Category is
// set, one of today's categories. The simulator's columns are uses.
type Use struct {
	Usage    Usage
	Category Category
}

// String returns the category's name when one is set, else the usage's
// ("crawl" for UsageNone).
func (u Use) String() string {
	if u.Category != CategoryNone {
		return u.Category.String()
	}
	if u.Usage == UsageNone {
		return UsageCrawl.String()
	}
	return u.Usage.String()
}

// UsesOf lists what kind k answers, in the simulator's order: crawl and
// today's categories for the today kind, every ACAP usage for the others.
func UsesOf(k Kind) []Use {
	if k == KindToday {
		out := []Use{{Usage: UsageCrawl}}
		for _, c := range Categories() {
			out = append(out, Use{Category: c})
		}
		return out
	}
	us := Usages()
	out := make([]Use, len(us))
	for i, u := range us {
		out[i] = Use{Usage: u}
	}
	return out
}

// For returns what kind k is asked when kinds are compared on u: crawl
// stays crawl; the today kind is asked an ACAP usage's category, and the
// other kinds a category's first ACAP usage. ok is false where nothing
// corresponds (follow for the today kind, ai-input for the others).
func (u Use) For(k Kind) (Use, bool) {
	switch {
	case u.Category == CategoryNone && (u.Usage == UsageCrawl || u.Usage == UsageNone):
		return Use{Usage: UsageCrawl}, true
	case k == KindToday && u.Category != CategoryNone:
		return u, true
	case k == KindToday:
		c, ok := TodayCategory(u.Usage)
		return Use{Category: c}, ok
	case u.Category == CategoryNone:
		return u, true
	}
	if us := ACAPUsagesFor(u.Category); len(us) > 0 {
		return Use{Usage: us[0]}, true
	}
	return Use{}, false
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
	fetcher    string     // the crawler that fetches for it
	crawlers   []string   // prefixes of the operator's crawler names it speaks for (case-insensitive)
	categories []Category // the categories it speaks for
	scope      string     // what it governs, and what not, in the operator's words
	source     string
}

// purposeTokens are the per-purpose tokens the today kind reads. Each
// speaks only for what its operator's documentation says it governs
// (scope); an answer never claims more than that.
var purposeTokens = []purposeToken{
	{token: "Google-Extended", fetcher: "Googlebot", crawlers: []string{"googlebot", "googleother", "google-extended"},
		categories: []Category{CategoryTrainAI, CategoryAIInput},
		scope:      "it governs training of Gemini models and grounding in Gemini Apps and the Vertex AI API, not Google Search or the AI features inside Search",
		source:     "Google's crawler documentation: Google-Extended governs whether what Google's crawlers fetch may train Gemini models and ground answers in Gemini Apps and the Vertex AI API; it does not affect Google Search, and it fetches nothing itself"},
	{token: "Applebot-Extended", fetcher: "Applebot", crawlers: []string{"applebot"},
		categories: []Category{CategoryTrainAI},
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
