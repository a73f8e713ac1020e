package policy

import "strings"

// The today kind and a page's robots META tags, Google's two channels of
// ai-input, and the words that say what an answer means.

// Channel is the answer for one channel of use of a category (see
// Answer.Channels).
type Channel struct {
	// Name names the channel, such as ChannelGemini.
	Name       string
	Preference Preference
	// Line (with File: "" for robots.txt, "page /x" for a page's META
	// tag) is what decided it, or 0 when nothing is stated.
	Line int
	File string
	// Decider is the line or tag that decided, in words ("" for none).
	Decider string
	// Meaning says what follows when nothing is stated for the channel
	// ("" otherwise).
	Meaning string
	// Change says what the publisher would change to move the answer.
	Change string
}

// channelMeaning is what no preference means for a channel of Google's
// ai-input.
func channelMeaning(name string, p Preference) string {
	if p != PrefUnstated {
		return ""
	}
	if name == ChannelGoogleSearchAI {
		return "nothing is stated, and Googlebot may crawl the page: Search's AI features may use it unless the page has nosnippet, max-snippet:0 or noindex for Googlebot"
	}
	return "nothing is stated, so Google's own policy applies"
}

// metaTodayNote is what an info about a robots value in use today says
// about how the tester reads it.
func metaTodayNote(lw string) string {
	name, arg, _ := strings.Cut(lw, ":")
	switch {
	case name == "nosnippet" || name == "max-snippet" && strings.TrimSpace(arg) == "0":
		return "; the kind today reads it, for the crawler the tag addresses, as disallowing Google's AI features in Search (AI Overviews, AI Mode); the older kinds ignore it"
	case name == "noai" || name == "noimageai":
		return "; it is in no standard and few crawlers honour it: the kind today shows it as read and decides nothing on it"
	}
	return "; this tester ignores it"
}

// todayTags returns the page's robots META tags that address the crawler:
// those to robots and those naming it (with a full User-Agent string, the
// tags with the longest name found in it). other are tags addressed by
// name to another crawler.
func todayTags(page *Page, crawler string, ua bool) (tags, other []*MetaTag) {
	best := ""
	if ua {
		for _, t := range page.Tags {
			if n := crawlerName(t.Name); !t.Robots && len(n) > len(best) && containsFoldASCII(crawler, n) {
				best = n
			}
		}
	}
	for i := range page.Tags {
		t := &page.Tags[i]
		switch {
		case t.Robots:
			tags = append(tags, t)
		case ua && best != "" && equalFoldASCII(crawlerName(t.Name), best):
			tags = append(tags, t)
		case !ua && crawlerEq(t.Name, crawler):
			tags = append(tags, t)
		default:
			other = append(other, t)
		}
	}
	return tags, other
}

// snippetValue reports whether a robots value keeps a page out of Google's
// AI features in Search: nosnippet or max-snippet:0.
func snippetValue(v string) bool {
	name, arg, _ := strings.Cut(v, ":")
	return name == "nosnippet" || name == "max-snippet" && strings.TrimSpace(arg) == "0"
}

// todayPage reads the page's robots META tags for the crawler: noindex
// disallows search (pageSts); noindex, nosnippet and max-snippet:0
// disallow Google's Search AI features (snippetSts); noai and noimageai
// are shown and decide nothing. The trace names every tag read.
func (p *Policy) todayPage(page *Page, crawler string, ua bool, u Category, a *Answer) (pageSts, snippetSts []statement) {
	file := "page " + page.Path
	tags, other := todayTags(page, crawler, ua)
	if !a.quiet {
		for _, t := range other {
			a.step(Step{Kind: StepMeta, File: file, Line: t.Pos.Line, Text: "the page's META tag addressed to " + t.Name + " (\"" + strings.TrimSpace(t.Content) + "\") applies to " + crawlerName(t.Name) + " only, not to this crawler"})
		}
	}
	google := isGoogleSearchCrawler(crawler, ua)
	for _, t := range tags {
		who := "addressed to robots"
		if !t.Robots {
			who = "addressed to " + t.Name
		}
		for _, r := range t.Rules {
			if r.ACAP || r.Allow || r.Usage != UsageIndex || len(r.IDs) > 0 {
				continue
			}
			st := statement{pref: PrefDisallowed, line: r.Pos.Line, file: file, tag: "noindex"}
			switch u {
			case CategorySearch:
				pageSts = append(pageSts, st)
				a.step(Step{Kind: StepMeta, File: file, Line: r.Pos.Line, Text: "the page's META tag " + who + " says noindex: search is disallowed for this page"})
			case CategoryAIInput:
				if google {
					snippetSts = append(snippetSts, st)
				}
			}
		}
		for _, v := range t.Extra {
			switch {
			case snippetValue(v.Text):
				if u == CategoryAIInput && google {
					snippetSts = append(snippetSts, statement{pref: PrefDisallowed, line: v.Pos.Line, file: file, tag: v.Text})
				} else if u == CategoryAIInput {
					a.step(Step{Kind: StepMeta, File: file, Line: v.Pos.Line, Text: "the page's META tag " + who + " says " + v.Text + ", a control of Google's AI features in Search; it decides nothing for this crawler"})
				}
			case v.Text == "noai" || v.Text == "noimageai":
				if u != CategorySearch {
					a.step(Step{Kind: StepMeta, File: file, Line: v.Pos.Line, Text: "the page's META tag " + who + " says " + v.Text + ": read, but it is in no standard and few crawlers honour it, so it decides nothing"})
				}
			}
		}
	}
	if u == CategorySearch && len(pageSts) == 0 && !a.quiet {
		a.step(Step{Kind: StepMeta, File: file, Text: "no robots META tag of the page says noindex to this crawler"})
	}
	return pageSts, snippetSts
}

// todayChannels answers Google's ai-input per channel: search holds what
// speaks for the AI features in Search (the group's lines and the page's
// snippet controls), gemini what speaks for Gemini Apps and Vertex AI
// (the group's lines and Google-Extended's group). The answer is the more
// restrictive; it is partial when they differ.
func (p *Policy) todayChannels(u Category, subj *Subject, a *Answer, search, gemini []statement) {
	sp, sl, sf := combineStatements(search)
	gp, gl, gf := combineStatements(gemini)
	sDec, gDec := deciderOf(search, sp, p.file), deciderOf(gemini, gp, p.file)
	a.Channels = []Channel{
		{Name: ChannelGoogleSearchAI, Preference: sp, Line: sl, File: sf, Decider: sDec, Meaning: channelMeaning(ChannelGoogleSearchAI, sp), Change: changeSearchAI(sp, search, p.file)},
		{Name: ChannelGemini, Preference: gp, Line: gl, File: gf, Decider: gDec, Meaning: channelMeaning(ChannelGemini, gp), Change: changeGemini(gp, gemini, p.file)},
	}
	a.Preference = combinePrefs(sp, gp)
	a.Partial = sp != gp
	a.Allowed = a.Preference == PrefAllowed
	if sp == a.Preference {
		a.Line, a.File = sl, sf
	} else {
		a.Line, a.File = gl, gf
	}
	if a.quiet {
		return
	}
	a.step(Step{Kind: StepNote, Text: "for Google, " + u.String() + " has two channels: " + ChannelGoogleSearchAI + ", which follow Googlebot's crawl and the page's snippet controls (Google-Extended does not speak for them), and " + ChannelGemini + ", which follow Google-Extended"})
	for _, ch := range a.Channels {
		text := ch.Name + ": " + ch.Preference.Title()
		if ch.Decider != "" {
			text += ", decided by " + ch.Decider
		} else if ch.Meaning != "" {
			text += " (" + ch.Meaning + ")"
		}
		a.step(Step{Kind: StepPreference, File: ch.File, Line: ch.Line, Text: text + ". " + ch.Change})
	}
	if a.Partial {
		a.step(Step{Kind: StepNote, Text: "the channels differ: the answer is the more restrictive, " + a.Preference.Title() + ", and it is partial (it holds for one channel only)"})
	}
}

// deciderOf names the statement that gives pref: "line N (text)" or "the
// page's META tag nosnippet (line N)".
func deciderOf(sts []statement, pref Preference, f *File) string {
	for _, s := range sts {
		if s.pref != pref {
			continue
		}
		if s.file != "" {
			return "the page's META tag " + s.tag + " (" + s.file + ", line " + itoa(s.line) + ")"
		}
		return lineWords(f, s.line)
	}
	return ""
}

// lineWords is "line N (text)".
func lineWords(f *File, n int) string {
	for _, fd := range f.Fields {
		if fd.Line == n {
			return "line " + itoa(n) + " (" + fd.Name.Text + ": " + fd.Value.Text + ")"
		}
	}
	return "line " + itoa(n)
}

func firstWith(sts []statement, pref Preference) *statement {
	for i := range sts {
		if sts[i].pref == pref {
			return &sts[i]
		}
	}
	return nil
}

func changeSearchAI(pref Preference, sts []statement, f *File) string {
	if s := firstWith(sts, PrefDisallowed); pref == PrefDisallowed && s != nil {
		if s.file != "" {
			return "To let Search's AI features use the page, remove " + s.tag + " from the page's robots META tag."
		}
		return "To let Search's AI features use the page, change " + lineWords(f, s.line) + "."
	}
	return "To keep the page out of Search's AI features, give it <meta name=\"googlebot\" content=\"nosnippet\"> (or max-snippet:0), or write ai-input=no in the group's Content-Signal; a Disallow for Googlebot would take it out of Search altogether."
}

func changeGemini(pref Preference, sts []statement, f *File) string {
	if s := firstWith(sts, PrefDisallowed); pref == PrefDisallowed && s != nil {
		if s.token != nil {
			return "To let Gemini Apps and Vertex AI use it, remove or narrow " + lineWords(f, s.line) + " in " + s.token.token + "'s group."
		}
		return "To let Gemini Apps and Vertex AI use it, change " + lineWords(f, s.line) + "."
	}
	return "To keep it out of Gemini Apps and Vertex AI, add a group \"User-agent: Google-Extended\" with \"Disallow: /\" (Google Search is not affected)."
}

// NoPreferenceMeaning says what follows when the file states no preference
// for category u: for search, a crawler that may crawl the page and meets
// no noindex may index it; for train-ai and ai-input, the operator's own
// policy applies. It is never only "no preference".
func NoPreferenceMeaning(u Category) string {
	if u == CategorySearch {
		return "nothing is stated, so a crawler that may crawl the page and meets no noindex may index it"
	}
	return "nothing is stated, so the operator's own policy applies"
}

// PreferenceWords is an answer in a few words, for a cell: "allowed",
// "disallowed", "partly disallowed" (partial), "not crawled", and for no
// preference its consequence ("no preference: may be indexed", "no
// preference: operator's policy"). u is the category asked.
func PreferenceWords(a *Answer, u Category) string {
	switch a.Preference {
	case PrefNotAsked:
		if a.Allowed {
			return "allowed"
		}
		return "not allowed"
	case PrefUnstated:
		if u == CategorySearch {
			return "no preference: may be indexed"
		}
		return "no preference: operator's policy"
	case PrefNotCrawled:
		return "not crawled"
	}
	w := a.Preference.String()
	if a.Partial {
		w = "partly " + w
	}
	return w
}
