// Package help holds the in-app help pages as plain data: titles,
// headings, paragraphs and robots.txt examples, never markup. The user
// interface renders them with its own elements and escapes every string, so
// a page can say "<meta>" or "ACAP-allow-*" without any risk.
//
// The pages explain the tester's reading of the specifications in the
// project's own words: how a verdict is reached, every usage and qualifier,
// the kinds of crawler, what the converter promises, the history of ACAP,
// the signals publishers use today, and the choices the tool makes where
// the documents are silent.
package help

// Page is one help page.
type Page struct {
	ID       string // short, URL-safe: used in links such as #help/verdict
	Title    string
	Summary  string // one sentence for the list of pages
	Sections []Section
}

// Section is a part of a page: a heading, paragraphs of plain text, and an
// optional robots.txt example shown as code.
type Section struct {
	Heading    string
	Paragraphs []string
	// Example is a robots.txt snippet, shown as code and offered to open
	// as a new file of the workspace.
	Example string
	// ShowsMistake marks an example that is wrong on purpose: the checker
	// reports at least one error or warning on it.
	ShowsMistake bool
}

// Pages returns every help page, in the order of the help menu. The result
// is a fresh copy; callers may keep or change it.
func Pages() []Page {
	return []Page{
		verdictPage(),
		usagesPage(),
		kindsPage(),
		converterPage(),
		historyPage(),
		signalsPage(),
		todayPage(),
		builderPage(),
		startPage(),
		versionsPage(),
		choicesPage(),
	}
}

// Find returns the page with the given ID.
func Find(id string) (Page, bool) {
	for _, p := range Pages() {
		if p.ID == id {
			return p, true
		}
	}
	return Page{}, false
}

func verdictPage() Page {
	return Page{
		ID:      "verdict",
		Title:   "How a verdict is reached",
		Summary: "The steps the tester follows to answer \"may this crawler do this with this URL?\"",
		Sections: []Section{
			{
				Heading: "The question",
				Paragraphs: []string{
					"Every answer starts from a question with six parts: the crawler's name, the purpose it works for (which may be left empty), the URL, the usage (crawl, index, present a snippet and so on), the date, and the kind of crawler that answers.",
					"Only the path of the URL counts, together with its query: the scheme, the host and any #fragment are dropped, because a robots.txt file only speaks for its own site. So https://example.com/news/a.html?p=2 is asked as /news/a.html?p=2.",
					"The date matters only for time limits written as until-YYYY-MM-DD. The simulator uses today's date unless you choose another, which is why the guide's examples from 2008 show their limits as expired.",
				},
			},
			{
				Heading: "Step 1: which records speak to the crawler",
				Paragraphs: []string{
					"An ACAP record begins with one or more ACAP-crawler lines. A record applies when one of its names equals the crawler's name, ignoring capital letters; several such records are read together. A record for * applies to every crawler.",
					"Records that name the crawler come first, the * records are the fallback. In the example, SearchBot1 may crawl /news/ and nothing else, while every other crawler may crawl everything.",
				},
				Example: "ACAP-crawler: *\nACAP-allow-crawl: /\n\nACAP-crawler: SearchBot1\nACAP-allow-crawl: /news/\nACAP-disallow-crawl: /\n",
			},
			{
				Heading: "Step 2: purpose first, then named before any",
				Paragraphs: []string{
					"Inside a record, lines after ACAP-usage-purpose form a sub-record that only applies when the question's purpose matches its pattern. The pattern must cover the whole purpose: sports matches Sports but not sportsbook, and news.* matches news.example.",
					"The tester looks for an answer in four layers and stops at the first layer that has a line matching both the path and the usage: named records' sub-records for the purpose, then * records' sub-records, then named records' other lines, then * records' other lines. A question without a purpose skips the sub-records.",
				},
				Example: "ACAP-crawler: *\nACAP-disallow-crawl: /\nACAP-usage-purpose: sports\nACAP-allow-crawl: /\n",
			},
			{
				Heading: "Step 3: which lines count for the usage",
				Paragraphs: []string{
					"A line about present also counts for each narrower way of presenting (present-snippet, present-thumbnail and the rest). For every other usage, only lines about that very usage count.",
					"Definitions are expanded first: a resource set stands for one line per pattern in it, a composite usage for one line per usage it names, and a qualified usage is its base usage with its qualifiers.",
				},
			},
			{
				Heading: "Step 4: when lines disagree, the narrowest wins",
				Paragraphs: []string{
					"If a permission and a prohibition both match, the one whose pattern is narrower wins, wherever it stands in the file. Narrower is decided by walking both patterns from the left, one character at a time: where one pattern has already ended, the other is narrower; a character beats a *; anything beats a final $.",
					"Sometimes this walk cannot decide, for example when two patterns are identical. Then a line about a specific way of presenting beats a line about present in general. If that does not settle it either, the usage is refused: in doubt, the answer is no.",
					"In the example, /news/archive/ is narrower than /news/, so the archive may not be indexed while the rest of /news/ may.",
				},
				Example: "ACAP-crawler: *\nACAP-allow-index: /news/\nACAP-disallow-index: /news/archive/\n",
			},
			{
				Heading: "Step 5: silence, and ACAP-disallow-other",
				Paragraphs: []string{
					"If nothing in the deciding layers speaks of the usage, the tester asks the lines about other in the same way. ACAP-disallow-other refuses every usage that the file did not explicitly allow or refuse for that URL.",
					"If nothing matches at all, the usage is allowed. robots.txt has always worked that way: what is not forbidden is permitted.",
				},
				Example: "ACAP-crawler: *\nACAP-allow-crawl: /public/\nACAP-allow-index: /public/\nACAP-disallow-other: /public/\n",
			},
			{
				Heading: "Step 6: what a usage needs",
				Paragraphs: []string{
					"Every usage except crawl needs crawl: a page that may not be fetched cannot be indexed or shown. Showing a cached copy (present-currentcopy, present-oldcopy) also needs preserve, since there is no copy without it.",
					"When a usage is allowed by its own lines but a usage it needs is refused, the answer is \"not allowed\" and the trace names both lines. In the example, indexing is permitted but the cached copy cannot be shown, because preserving is refused.",
					"The file /robots.txt itself may always be crawled.",
					"When a page's robots META tags are loaded (the page tester), the usage a copy needs is answered with the page included: a page that says disallow-preserve also refuses its cached copy, and a page that says allow-preserve where robots.txt refuses preserving allows the copy too. Only crawl is decided by robots.txt alone, since a crawler that may not fetch a page never sees its tags.",
				},
				Example: "ACAP-crawler: *\nACAP-allow-index: /\nACAP-disallow-preserve: /\n",
			},
			{
				Heading: "Step 7: restrictions and time limits",
				Paragraphs: []string{
					"An allowed answer carries the qualifiers of the line that decided it, such as max-length=20-words: the usage is allowed on those terms.",
					"A permission with time-limit=until-2008-03-01 no longer allows anything after that day. The other time limits (14-days, until-recrawled) depend on when the crawler fetched the page, which the tester cannot know, so they are shown as restrictions.",
					"A permission in a page's robots META tag works the same way: content=\"ACAP allow-index time-limit=until-2008-03-01\" stops allowing indexing of that page after that day, and its qualifiers are shown as restrictions.",
				},
				Example: "ACAP-crawler: *\nACAP-allow-present-snippet: /news/ max-length=20-words\nACAP-allow-index: /serial/ time-limit=until-2008-03-01\n",
			},
			{
				Heading: "Conventional lines and ACAP crawlers",
				Paragraphs: []string{
					"An ACAP crawler reads the conventional User-agent groups too, for crawling only, unless the file says ACAP-ignore-conventional-records. When both parts have a matching line, a line that names the crawler beats a line for *, whichever part it is in; on an equal footing the narrower pattern wins, and ACAP wins when the patterns are the same.",
					"In the example, conventional crawlers stay out of /archive/, while SearchBot1, which reads ACAP, may crawl it, because its own ACAP record names it. The checker warns that the two parts disagree for SearchBot1; here that is exactly what the publisher wants.",
				},
				Example: "User-agent: *\nDisallow: /archive/\n\nACAP-crawler: SearchBot1\nACAP-allow-crawl: /archive/\n",
			},
			{
				Heading: "Lines with mistakes",
				Paragraphs: []string{
					"An error marks a line that a strict crawler would not understand; it is left out of every answer. One kind of error is treated more carefully: an ACAP permission whose qualifiers are wrong is read as a prohibition of its usage, because reading doubt as \"no\" protects the publisher.",
					"In the example, the date does not exist, so the line refuses indexing of /serial/ instead of allowing it. The problems list says so and the trace shows it.",
				},
				Example:      "ACAP-crawler: *\nACAP-allow-index: /serial/ time-limit=until-2008-02-30\n",
				ShowsMistake: true,
			},
		},
	}
}

func usagesPage() Page {
	return Page{
		ID:      "usages",
		Title:   "Usages and qualifiers",
		Summary: "Every ACAP usage, and the qualifiers that put conditions on a permission.",
		Sections: []Section{
			{
				Heading: "The basic usages",
				Paragraphs: []string{
					"crawl: fetch the page. Every other usage needs it.",
					"follow: follow the links found on the page to find other pages.",
					"index: analyse the page to build a search index, without keeping it.",
					"preserve: keep a copy of the page, for a cache or an archive.",
					"present: show the page, or something taken from it, to the crawler's own users.",
				},
				Example: "ACAP-crawler: *\nACAP-allow-crawl: /\nACAP-disallow-follow: /comments/\nACAP-allow-index: /\nACAP-disallow-preserve: /\nACAP-allow-present: /news/\n",
			},
			{
				Heading: "Ways of presenting",
				Paragraphs: []string{
					"present-original shows the page itself; present-currentcopy shows a stored copy of the latest version and present-oldcopy a stored copy of an earlier one (both need preserve).",
					"present-snippet shows a short extract and present-oldsnippet an extract of an earlier version; present-thumbnail shows a small image and present-oldthumbnail one of an earlier version; present-link shows just a link.",
					"A line about present covers all of these. A line about one of them is more specific, and wins over a line about present with the same pattern. In the example, everything under /news/ may be presented except as a thumbnail.",
				},
				Example: "ACAP-crawler: *\nACAP-allow-present: /news/\nACAP-disallow-present-thumbnail: /news/\n",
			},
			{
				Heading: "other",
				Paragraphs: []string{
					"other stands for every usage a file does not mention for a URL. ACAP-disallow-other is a safety net: it refuses whatever the publisher did not think to allow.",
				},
				Example: "ACAP-crawler: *\nACAP-allow-index: /\nACAP-disallow-other: /\n",
			},
			{
				Heading: "time-limit",
				Paragraphs: []string{
					"Valid on index, preserve, present and every way of presenting. The value is until-recrawled (until the page is fetched again), until-YYYY-MM-DD (up to and including that day), or N-days (for that many days after fetching).",
				},
				Example: "ACAP-crawler: *\nACAP-allow-preserve: /current/ time-limit=14-days\nACAP-allow-index: /index.html time-limit=until-recrawled\n",
			},
			{
				Heading: "max-length",
				Paragraphs: []string{
					"Valid on present-snippet and present-oldsnippet: the longest snippet allowed, as N-words or N-chars.",
				},
				Example: "ACAP-crawler: *\nACAP-allow-present-snippet: /news/ max-length=20-words\n",
			},
			{
				Heading: "prohibited-modification",
				Paragraphs: []string{
					"Valid on present, present-original, present-currentcopy and present-oldcopy: what the crawler may not change when it shows the content. The values are format (for instance PDF to HTML), style (the layout), translation, annotation (notes added by others) and any. It may be written more than once with different values, except with any, which already covers everything.",
				},
				Example: "ACAP-crawler: *\nACAP-allow-present: / prohibited-modification=translation prohibited-modification=annotation\n",
			},
			{
				Heading: "prohibited-context and required-context",
				Paragraphs: []string{
					"Valid on present-original, present-currentcopy and present-oldcopy. prohibited-context=within-user-frame forbids showing the content inside the crawler operator's own frame; required-context=within-original-frame requires it to be shown inside the publisher's frame.",
				},
				Example: "ACAP-crawler: *\nACAP-allow-present-currentcopy: / prohibited-context=within-user-frame\nACAP-allow-present-original: / required-context=within-original-frame\n",
			},
			{
				Heading: "must-use-resource and must-include-resource",
				Paragraphs: []string{
					"must-use-resource (on index, present and the ways of presenting) names the part of the page that must be used, such as an abstract; the specification says it works only by prior arrangement with the crawler's operator. must-include-resource asks for something to be shown with the content; it was marked as not ready. The checker notes both.",
				},
				Example: "ACAP-crawler: SearchBot1\nACAP-allow-index: /articles/ must-use-resource=the-acap:extract:class:abstract\n",
			},
			{
				Heading: "Rules for every qualifier",
				Paragraphs: []string{
					"Qualifiers go after the pattern, written type=value. They belong to permissions only: a prohibition with a qualifier is an error. Apart from prohibited-modification, each may appear once on a line. A qualifier that is not valid for the usage, or a value that cannot be read, turns the permission into a prohibition.",
				},
				Example:      "ACAP-crawler: *\nACAP-allow-index: / max-length=20-words\nACAP-disallow-present: /x/ time-limit=3-days\n",
				ShowsMistake: true,
			},
			{
				Heading: "Your own names: definitions",
				Paragraphs: []string{
					"ACAP-resource-set gives a name to a list of patterns; ACAP-qualified-usage gives a name to a usage with qualifiers; ACAP-composite-usage gives a name to several usages together. They must come before the first ACAP record. A permission then uses them as ACAP-allow-(name) or the-acap:resource-set:name.",
				},
				Example: "ACAP-resource-set: images /*.gif$ /*.png$ /*.jpg$\nACAP-qualified-usage: short present-snippet max-length=20-words\nACAP-crawler: *\nACAP-disallow-index: the-acap:resource-set:images\nACAP-allow-(short): /news/\n",
			},
		},
	}
}

func kindsPage() Page {
	return Page{
		ID:      "kinds",
		Title:   "Kinds of crawler",
		Summary: "Six generations of robots.txt readers, and why one file can mean different things to each.",
		Sections: []Section{
			{
				Heading: "Why several kinds",
				Paragraphs: []string{
					"robots.txt grew by convention, and crawlers of different generations read the same file differently. The simulator can answer as each of them side by side, so you can see where a file is read as you meant and where it is not. Only the ACAP kind knows usages other than crawling; the others decide every usage as they decide crawling.",
				},
			},
			{
				Heading: "acap: a crawler that reads ACAP",
				Paragraphs: []string{
					"Reads the ACAP records as described in \"How a verdict is reached\", knows every usage and purpose, and also weighs the conventional groups for crawling unless told to ignore them. Paths are compared without regard to capital letters.",
				},
			},
			{
				Heading: "rfc9309: today's crawlers",
				Paragraphs: []string{
					"Reads robots.txt as standardised in 2022 (RFC 9309), the way Google's open-source parser does. It picks the group that names it, or the * group; the longest matching pattern wins and Allow wins a tie; * and a final $ work as wildcards; paths are compared with capital letters as they are. It ignores every ACAP line.",
				},
				Example: "User-agent: *\nDisallow: /private/\nAllow: /private/press/\n",
			},
			{
				Heading: "draft1996: the 1996 Internet-Draft",
				Paragraphs: []string{
					"Uses the first group whose User-agent line contains the crawler's name anywhere in it (so a group for SearchBot1-News also catches SearchBot1), or else the first * group. Within the group the first line that matches wins, so order matters: in the example, /org/plans.html is allowed, because Allow: /org/ comes first. No wildcards: * is an ordinary character.",
				},
				Example: "User-agent: *\nAllow: /org/\nDisallow: /org/plans.html\n",
			},
			{
				Heading: "rep1994: the original convention",
				Paragraphs: []string{
					"Chooses groups like draft1996 but knows only Disallow, as plain prefixes. Allow lines and everything else are ignored. A blank line ends a group.",
				},
			},
			{
				Heading: "v2proposal: the 1996 2.0.0 proposal",
				Paragraphs: []string{
					"A group whose first line after User-agent is Robot-version: 2.0.0 (or another 2.even version) is read the new way: a pattern without * must equal the whole path, a pattern with * must match the whole path. An exact Allow wins, then any matching Disallow refuses; if the group has wildcard Allow lines, only paths they match are allowed. Groups with an odd, experimental version are skipped; other groups are read the 1994 way.",
					"The proposal did not say what happens to a path in a group that has Allow lines but none that match and no Disallow lines; the tester refuses it. Request-rate, Visit-time and Comment are shown as advice to the crawler.",
				},
				Example: "User-agent: Chives\nRobot-version: 2.0.0\nAllow: */index.html\n\nUser-agent: *\nDisallow: /\n",
			},
			{
				Heading: "today: a 2026 AI crawler",
				Paragraphs: []string{
					"Crawls as the RFC 9309 kind, and for what it may crawl answers the categories search, train-ai and ai-input from the Content-Usage and Content-Signal lines of its group and from per-purpose tokens such as Google-Extended: allowed, disallowed, no preference, or not crawled. See \"How today's AI crawlers decide\".",
				},
				Example: "User-agent: *\nAllow: /\nContent-Signal: search=yes, ai-train=no\n",
			},
		},
	}
}

func converterPage() Page {
	return Page{
		ID:      "converter",
		Title:   "What the converter guarantees",
		Summary: "How a conventional file gets its ACAP part, and how the result is checked.",
		Sections: []Section{
			{
				Heading: "What it does",
				Paragraphs: []string{
					"The converter keeps your file as it is and adds an ACAP part that says the same about crawling: a ##ACAP version=1.1 line at the top, and for each conventional group an ACAP record. User-agent becomes ACAP-crawler, Disallow becomes ACAP-disallow-crawl and Allow becomes ACAP-allow-crawl. An empty Disallow, which forbids nothing, becomes ACAP-allow-crawl: /.",
					"Lines with no ACAP counterpart, such as Sitemap and Crawl-delay, stay where they are. ACAP records you already have are kept, and no record is added for crawlers that already have one.",
				},
				Example: "User-agent: *\nDisallow: /private/\nAllow: /private/press/\n\nACAP-crawler: *\nACAP-disallow-crawl: /private/\nACAP-allow-crawl: /private/press/\n",
			},
			{
				Heading: "The promise, and what \"proved\" means",
				Paragraphs: []string{
					"For every crawler the file names, and for every crawler it does not, an ACAP crawler reading the converted file decides crawling exactly as a conventional crawler (RFC 9309, or the 1996 draft if you choose) decided on the original.",
					"\"Same answers on every path\", in the report, means this was checked for every possible path, not for a sample. A pattern such as /news/*.pdf$ describes a set of paths that a small machine can recognise, one character at a time. The converter runs the machines of all the lines a crawler may read, in both files, side by side over every path at once. It keeps, as it goes, only what can still change an answer: of a group of conventional rules, the rule that matched first in the order that decides, and only as far as a rule before it could change the answer; of a set of ACAP lines, the narrowest lines that can still win. Two paths that bring it to the same point are answered alike however they go on, so it asks both readings once per point and compares the answers. There are only so many such points, so the check ends, and when no point gives two different answers no path can.",
					"Capital letters are checked apart. ACAP compares paths without regard to them, so /Private/ and /private/ get the same ACAP answer; a difference counts as one of case when an ACAP crawler that, like conventional crawlers, told capital letters apart would give your file's answer. The check first proves that no other difference exists, then looks for the shortest paths where capital letters make one, within a smaller bound.",
					"Escapes are part of the check: %41 and A are the same character to every crawler, but %2F is never the same as a real slash, and the check treats them so.",
					"When the answers differ, the report gives witnesses: the shortest paths where they differ, a few per crawler, each with both answers and the lines that decide them. Once a crawler is shown to differ, its check stops there: the answer is settled, and the paths shown are the shortest. You can ask the simulator about any of them to see the full explanation. The report shows the first 10 of them; a button under the table shows the others (a long table costs the page a noticeable pause to lay out, so it waits until you ask).",
					"A very large file may need more work than the converter allows itself (a few seconds). It then says \"Not checked\" (or \"Not checked to the end\"), lists the crawlers it could not finish, and suggests what to do next; it never says \"same answers\" without having checked every path.",
				},
			},
			{
				Heading: "Where the readings differ",
				Paragraphs: []string{
					"The two readings rank lines differently: RFC 9309 prefers the longest pattern and first-match crawlers prefer the first line, while ACAP prefers the narrowest, and an ACAP crawler still reads the conventional lines you keep. Where that changes an answer, the converter adds ACAP lines and checks again: a narrower line for the paths two patterns share (Allow: /p* with Disallow: /*.pdf gets ACAP-disallow-crawl: /p*.pdf, so /px.pdf stays forbidden; Allow: /shop with a longer Disallow: /*?*session= gets ACAP-disallow-crawl: /shop*?*session=), or a line with the same pattern as a conventional line that would otherwise decide (for the same pattern ACAP lines win). A rule the source crawler can never reach gets no ACAP line: a Disallow with the same pattern as an Allow (RFC 9309 lets the Allow win), or, for the 1996 draft, a line after an earlier one that matches every path it matches.",
					"Two differences are left. ACAP compares paths without regard to capital letters, so /Private and /private cannot be told apart; the report marks such paths as differing only in capital letters. And ACAP compares two patterns character by character from the left: of two that both begin with * (Allow: /*?utm_source= and Disallow: /*?sort=), a line beats /*?sort= only with a character right after the first / or by going on from /*?sort=. So to give the longer one the last word on /x?utm_source=?sort=, as RFC 9309 does, the converter adds /*?sort=*?utm_source=, /?utm_source=*?sort= and one line /x*?utm_source=*?sort= for every character a path may go on with: 233 lines, or 465 when the two overlap (/*abc and /*cd: also /abcd and /x*abcd). It adds them as long as its limit of lines allows; the report lists the paths left, marked as beginning with *.",
					"The converter adds at most 500 lines to a file. A file that would need more (thousands of overlapping rules) gets the first 500, a note that says how many more would be needed, and the paths left listed as differences.",
				},
				Example: "User-agent: *\nAllow: /p*\nDisallow: /*.pdf\n\nACAP-crawler: *\nACAP-allow-crawl: /p\nACAP-disallow-crawl: /*.pdf\nACAP-disallow-crawl: /p*.pdf\n",
			},
			{
				Heading: "Reading the report",
				Paragraphs: []string{
					"The report starts with one line. \"Same answers on every path\" is the only one that lets you apply the new file without looking further, and the only one for which Apply is drawn plainly; for every other, it is drawn as a warning and reads \"Apply anyway\".",
					"\"Same answers, except where only capital letters differ\" is safe when your site never has two paths that differ only in case. \"Different answers on some paths\" lists the shortest such paths, with both answers, their lines, and why: most often no ACAP line can give your file's answer there, and you decide whether the new answer is acceptable. \"Not checked\" means the check ran out of time: nothing is known about the crawlers it lists, and asking the paths you care about in the simulator, or converting one group at a time, is the next step.",
				},
			},
			{
				Heading: "Checking a file that has both parts",
				Paragraphs: []string{
					"Run on a file that already has both parts, the same check shows where they decide crawling differently for a crawler the file names. Real files drifted this way when someone edited one part and forgot the other. The checker warns about it with a witness path and the two lines that decide it: in the example, /drafts/ was added to the conventional part only. A file that treats unnamed crawlers differently on purpose, as the guide's Example 1.5 does, gets no warning.",
				},
				Example:      "User-agent: NewsBot\nDisallow: /private/\nDisallow: /drafts/\n\nACAP-ignore-conventional-records\nACAP-crawler: NewsBot\nACAP-disallow-crawl: /private/\n",
				ShowsMistake: true,
			},
		},
	}
}

func historyPage() Page {
	return Page{
		ID:      "history",
		Title:   "What ACAP was, and why search engines never adopted it",
		Summary: "A short history of the Automated Content Access Protocol.",
		Sections: []Section{
			{
				Heading: "A protocol from publishers",
				Paragraphs: []string{
					"ACAP, the Automated Content Access Protocol, was an attempt by newspaper, magazine and book publishers to tell search engines and news aggregators, in a form machines can read, not only which pages they may fetch but what they may do with them: index them, keep copies, show snippets or thumbnails, for how long and on what terms.",
					"The project was started by publishers' trade associations around 2006 and ran a pilot with a handful of publishers and a test crawler from the search engine Exalead. Version 1.0 was published in November 2007, and version 1.1, with the implementation guide this tool follows, came after it. The ACAP organisation itself reported more than a thousand publishers using it.",
				},
			},
			{
				Heading: "How it was written",
				Paragraphs: []string{
					"ACAP extended robots.txt rather than replacing it: new fields starting with ACAP- sit beside the conventional ones, which older crawlers simply skip. A companion draft did the same for the robots META tag inside pages. Most real ACAP files were produced by a converter that copied the conventional rules, often leaving each original line as a comment below its ACAP counterpart.",
				},
				Example: "##ACAP version=1.0\nUser-agent: *\nDisallow: /private/\n\nACAP-crawler: *\n# User-agent: *\nACAP-disallow-crawl: /private/\n# Disallow: /private/\n",
			},
			{
				Heading: "Why the search engines stayed away",
				Paragraphs: []string{
					"The large search engines never implemented it. As far as their public statements go, they said that robots.txt and the robots META tag already met most needs, that ACAP was designed by one side (publishers) without the crawler operators, and that a detailed, licence-like vocabulary would be hard to honour in every case. Many publishers who adopted it did so only in the converter's form, which said nothing beyond their existing rules.",
					"Without crawlers that read it, the ACAP lines had no effect. Some stayed in files for more than ten years, as the real samples in the gallery show.",
				},
			},
			{
				Heading: "Why it is worth a look today",
				Paragraphs: []string{
					"The questions ACAP asked have come back with AI: publishers again want to say \"you may index this for search, but not use it for that\". The new signals (see \"Today's signals\") are simpler than ACAP, and that page lists what ACAP could say that they cannot.",
				},
			},
		},
	}
}

func signalsPage() Page {
	return Page{
		ID:      "signals",
		Title:   "Today's signals",
		Summary: "What publishers write today for the needs ACAP addressed, how the panel turns an ACAP policy into those lines and measures what they keep, and what cannot be said any more.",
		Sections: []Section{
			{
				Heading: "Per-purpose user agents",
				Paragraphs: []string{
					"The most widely honoured way today is still plain robots.txt, aimed at crawlers that operators name after a purpose. Google-Extended is a token Google reads to decide whether what its crawlers fetch may train its Gemini models and ground answers in Gemini Apps and the Vertex AI API; it fetches nothing itself, and it changes neither Google Search nor the AI features inside Search (AI Overviews, AI Mode), which follow Googlebot and the pages' snippet controls. Applebot-Extended does the same for the training of Apple's models only. OpenAI's GPTBot collects training data, and Common Crawl's CCBot builds an open archive that many models are trained on. A Disallow for those names refuses just that use.",
					"The list is long, changes often, and only works for operators that publish a separate name; check each operator's documentation.",
				},
				Example: "User-agent: GPTBot\nUser-agent: Google-Extended\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n",
			},
			{
				Heading: "Content-Usage (IETF AI preferences)",
				Paragraphs: []string{
					"An IETF working group (AI Preferences, aipref) is defining a small vocabulary of uses and a way to attach it to content, including a Content-Usage line in robots.txt groups. Each category gets y (allowed) or n (not allowed), separated by commas, for the whole site or for a path written first. The draft of August 2026 has two categories, train-ai (training AI models) and search; earlier drafts had others (train-genai, ai-use, bulk), which are now ignored like any unknown label. The work is still a draft and may change.",
				},
				Example: "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\nContent-Usage: /blog/ train-ai=y, search=y\n",
			},
			{
				Heading: "Content-Signal",
				Paragraphs: []string{
					"Cloudflare's Content Signals Policy adds a Content-Signal line with three keys: search (building a search index and showing links and short extracts), ai-input (using content as input to an AI answer), and ai-train (training or fine-tuning models). Each is yes or no; a key left out states nothing. Most files give no path, so the line speaks for the whole group; a path written first, as for Content-Usage, limits it (the tester accepts that, see the choices).",
				},
				Example: "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n",
			},
			{
				Heading: "RSL License",
				Paragraphs: []string{
					"Really Simple Licensing (RSL) lets a site point from robots.txt to a machine-readable licence with a License line. The licence file states the terms: free, with attribution, paid per crawl or per use, and for which uses. It is the nearest modern relative of ACAP's idea of attaching conditions to content.",
				},
				Example: "License: https://example.com/license.xml\n\nUser-agent: *\nAllow: /\n",
			},
			{
				Heading: "What ACAP could say that these cannot",
				Paragraphs: []string{
					"Time limits: \"you may keep this until 1 March\" or \"for 14 days\". Today a publisher edits the file when the time comes.",
					"Fine distinctions in presentation: snippets but not thumbnails, a link but no extract, the current copy but not old ones. Some of this exists per page in the robots META tag (nosnippet, max-snippet, max-image-preview, noarchive), never in robots.txt.",
					"Conditions on presentation: no translation, no change of format or style, no annotations, not inside someone else's frame. These now belong in a licence, if anywhere.",
					"Purposes named by the publisher: ACAP let one crawler follow different rules for each service. Today only the operator decides which purposes get their own user-agent name.",
					"And the reverse: ACAP had no word for AI answers. Using a page as input to an answer (retrieval, grounding) is today's ai-input; an ACAP file says nothing about it.",
					"The tester decides Content-Usage, Content-Signal and per-purpose user agents as the kind \"Today's AI crawler\" (see \"How today's AI crawlers decide\").",
				},
			},
			{
				Heading: "The panel: from an ACAP policy to today's lines",
				Paragraphs: []string{
					"The panel \"Today's signals\" reads the ACAP records of the open file and writes, for the crawlers of each record, one User-agent group in today's words. It maps ACAP's index and present to today's search, and preserve and other to train-ai: a refusal becomes Content-Usage with n for its path, an exception inside a refusal becomes y, and a refusal of the whole site also gets a Content-Signal line (left out when there are exceptions, because Content-Signal has no path and its no would overrule them). Crawl lines become Allow and Disallow. Conditions of use suggest a License line pointing to a licence file (RSL). Each proposal names the lines of your file it comes from; click one to see it in the editor.",
					"The group keeps what today's crawlers read now. A crawler that finds a group naming it reads only that group, never the one for *, so when a record speaks of a crawler your file does not name yet, its group repeats the lines of the group for * (Allow, Disallow, Content-Usage, Content-Signal) that it obeys now. Every group has at least one Allow or Disallow line: Google's parser reads a group without one as part of the next group, which could hand that group's Disallow to every crawler. Where nothing is refused, that line is Allow: /, which changes nothing.",
					"A permission of preserve or other is not written as train-ai=y unless it makes an exception inside a refusal: a permission to keep copies never spoke of training AI models. There, today's crawlers read no preference, and the operator's own policy applies.",
					"\"Apply the proposed lines\" adds them at the end of robots.txt as one edit; Ctrl+Z in the editor takes them back. Groups whose lines are the same after their User-agent lines are written once, with the User-agent lines of each: every reading of robots.txt gives a group's lines to each crawler it names, so nothing changes for any crawler, and a file of two hundred records does not get two hundred copies of the lines for every crawler. Each proposal shows the first 8 lines it comes from as buttons and names the others by their numbers; a proposal of more than 40 lines shows its first 40 (Copy and Apply take every line). The stricter alternatives are listed apart and never applied: a Disallow for the paths refused to search (every search engine obeys it, but the pages are then not fetched at all), and a group for GPTBot, CCBot and Google-Extended (a Disallow for Google-Extended also refuses Gemini's grounding, which ACAP never spoke of). Copy one if you prefer it.",
					"Below, on the sample URLs of the simulator, the panel asks each crawler of the file, and one it does not name, the same questions twice: as an ACAP crawler of the file as it is, and as today's AI crawler of the file with the proposed lines. Kept means today's answer says what ACAP said (for search, no preference counts as allowed, since a crawler that may fetch a page and meets no noindex may index it). Lost: ACAP refused, today's lines allow it or say nothing. Restrictions lost: ACAP allowed with conditions such as a time limit, today allows it without them. Left to the crawler: an ACAP line allowed preserve or other, today's lines state no training preference, so the operator decides. Stricter: today's lines refuse what ACAP allowed, as when search=n for a refusal of present also refuses index. Each answer that is not kept is listed with both deciding lines.",
					"\"What today's signals cannot say\" lists, with the lines they come from, every part of the policy that has no line today: time limits and other qualifiers, the present-X distinctions, the difference between index and present, follow, purposes, action requests, references to other files, and ACAP-ignore-conventional-records.",
				},
				Example: "##ACAP version=1.1\nUser-agent: *\nDisallow: /admin/\n\nACAP-crawler: *\nACAP-disallow-index: /drafts/\nACAP-allow-present: /news/ time-limit=7-days\nACAP-disallow-preserve: /archive/\nACAP-allow-preserve: /archive/open/\n",
			},
			{
				Heading: "A file without ACAP records",
				Paragraphs: []string{
					"A file written today has no ACAP policy to translate. The panel then says what the file already tells today's crawlers (its Content-Usage, Content-Signal and License lines, and groups for Google-Extended or Applebot-Extended) and offers \"Build a policy\": there you say, per group of crawlers, yes or no to search, train-ai and ai-input, and the builder writes every vocabulary at once and proves the result (see \"Write a policy from what you want\"). The panel also offers it on an ACAP file, for ai-input.",
				},
			},
			{
				Heading: "Common slips",
				Paragraphs: []string{
					"Content-Usage takes y and n, Content-Signal takes yes and no; mixing them up is easy, and the wrong one states nothing. Labels are lower case: Train-AI=n makes the whole line unreadable. Separate preferences with commas, not spaces or semicolons. A path ends at the first space (write %20). License needs a full address starting with https://.",
				},
				Example:      "User-agent: *\nContent-Usage: train-ai=no\nContent-Signal: /news/ ai-train=n\nContent-Usage: /my docs/ Train-AI=n\nLicense: /license.xml\n",
				ShowsMistake: true,
			},
		},
	}
}

func todayPage() Page {
	return Page{
		ID:      "today",
		Title:   "How today's AI crawlers decide",
		Summary: "The sixth kind of crawler: crawl as RFC 9309, then search, train-ai and ai-input from Content-Usage, Content-Signal and per-purpose tokens.",
		Sections: []Section{
			{
				Heading: "The same question as ACAP, asked again",
				Paragraphs: []string{
					"ACAP asked which use of a page a crawler may make: index it, keep a copy, show a snippet, for which service. In 2026 publishers ask the same of AI crawlers, with new words: search, training AI models (train-ai), and using a page as input to an AI answer (ai-input). The kind \"Today's AI crawler (2026)\" answers those three categories, plus crawl, the way the IETF AI-preferences drafts and Cloudflare's Content Signals Policy describe it.",
					"Each category has four answers: allowed, disallowed, no preference (the file says nothing), and not crawled (the crawler may not fetch the URL at all, so no preference applies). In the matrix \"no preference\" has its own cell, because it is neither a yes nor a no, and the explanation always says what follows from it: for search, a crawler that may crawl the page and finds no noindex may index it; for train-ai and ai-input, the operator's own policy applies, and where the crawler directory describes the crawler its description is shown.",
				},
			},
			{
				Heading: "Step 1: crawl first",
				Paragraphs: []string{
					"Crawling is decided exactly as an RFC 9309 crawler decides it, from the Allow and Disallow lines of the group that names the crawler (or the * group). Preferences apply only to what may be crawled; for a URL the crawler may not fetch, every category answers \"not crawled\".",
				},
				Example: "User-agent: *\nDisallow: /private/\nContent-Usage: train-ai=n\n",
			},
			{
				Heading: "Step 2: the crawler's own group",
				Paragraphs: []string{
					"In that same group, the Content-Usage line with the longest matching path speaks (a line without a path speaks for every path; lines with paths of the same length that both match are combined). Then the group's Content-Signal lines are read the same way. What they say is combined most restrictively: any no wins, otherwise any yes, otherwise there is no preference.",
					"Because Content-Usage and Content-Signal are rules of the group, a User-agent line after one starts a new group, as after Allow or Disallow. Only the crawler's group counts: a group naming GPTBot hides the * group's preferences from GPTBot.",
				},
				Example: "User-agent: *\nAllow: /\nContent-Usage: train-ai=n, search=y\nContent-Usage: /open-data/ train-ai=y\nContent-Signal: ai-input=no\n",
			},
			{
				Heading: "Step 3: tokens that speak for a purpose",
				Paragraphs: []string{
					"Some operators publish a name that fetches nothing but speaks for one use of what their crawlers fetch. Google-Extended governs training of Gemini models and grounding in Gemini Apps and the Vertex AI API; Google says it changes nothing in Google Search, including the AI features inside Search. Applebot-Extended governs training of Apple's foundation models only; Applebot's search use is untouched. A question about Googlebot's train-ai also reads the group of Google-Extended: a Disallow matching the URL there means disallowed. The explanation names that group's lines.",
					"For Google, ai-input therefore has two channels. The AI features of Google Search (AI Overviews, AI Mode) follow Googlebot's crawl and the page's snippet controls (nosnippet, max-snippet:0 and noindex in the page's META tags, which the tester reads; data-nosnippet marks parts of a page and is not read here); Gemini Apps and Vertex AI follow Google-Extended. The tester answers each channel, shows the more restrictive answer, and marks it partial (a small ½ beside the cell) when the two differ. The explanation lists both channels, the line or tag that decided each, and what you would change to move it. An answer never claims more than the line it comes from covers.",
					"Other operators split their crawlers by purpose instead: OpenAI's GPTBot trains, OAI-SearchBot builds search, ChatGPT-User fetches when a person asks. Each is a crawler with its own group, so blocking GPTBot does not block ChatGPT-User.",
				},
				Example: "User-agent: Google-Extended\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n",
			},
			{
				Heading: "A page's META tags",
				Paragraphs: []string{
					"When the page tester holds a page for the URL, its robots META tags join today's answers too. noindex makes search disallowed for that page. nosnippet and max-snippet:0 make Google's Search AI features disallowed (the first of the two channels above). A tag addressed by name (googlebot, bingbot, or any crawler of the directory) applies to that crawler only, here as in every other kind; tags to robots and to the crawler by name combine, any no winning.",
					"noai and noimageai are read and shown, but no standard defines them and few crawlers honour them, so they decide nothing.",
				},
			},
			{
				Heading:      "Contradictions the checker reports",
				ShowsMistake: true,
				Paragraphs: []string{
					"Saying one thing twice in two vocabularies is easy to get wrong. The checker warns when a Content-Usage and a Content-Signal line of one group disagree on a category (train-ai and ai-train are the same category), when a preference for Google's or Apple's crawlers allows what Google-Extended or Applebot-Extended disallows (or the reverse), and when an ACAP record and today's lines give one crawler opposite answers on a path (that one asks up to 64 paths of each crawler named in both, so it runs when typing pauses, with the check that ACAP and conventional crawlers agree). Each warning sits on the later of the two lines, names the earlier, and says what the most restrictive reading makes of them.",
					"Two notes are information only: a preference in a group whose crawlers may crawl nothing is never read, and a crawler that the directory reports as ignoring robots.txt gets a note on its User-agent line (its answers say so too): the file states what you ask of it, but keeps nothing out.",
				},
				Example: "User-agent: GPTBot\nDisallow: /\nContent-Signal: ai-train=yes\nContent-Usage: train-ai=n\n\nUser-agent: *\nAllow: /\nContent-Signal: ai-input=yes\n\nUser-agent: Google-Extended\nDisallow: /\n",
			},
			{
				Heading: "The batch view",
				Paragraphs: []string{
					"The batch view answers a whole group of the directory (up to all 166 crawlers) for every sample URL, in one category. Each cell shows a glyph and a word, and a legend says what they mean. Column headers show the URL's path; hover over or focus a header to see the whole URL. Show only the crawlers that may still use your content for the category (allowed, no preference, or partial on at least one URL), or filter by whether the directory says they obey robots.txt.",
					"Export the table, or the simulator's matrix, as CSV: one line per crawler, URL and category, with the answer, what it means, whether it is partial and the deciding line. Large tables fill in slices between frames, so the page stays responsive while they fill.",
				},
			},
			{
				Heading: "How this descends from ACAP",
				Paragraphs: []string{
					"ACAP's usages map onto today's categories only roughly. index and every present usage are close to search; preserve and other, when used to build models, are close to train-ai. ACAP had nothing like ai-input, and today's lines have nothing like ACAP's qualifiers (time limits, maximum snippet length, no translation) or its purposes named by the publisher. Compare kinds shows the ACAP answer and today's answer side by side for the URL you pick, using this mapping.",
					"The idea is the same as ACAP's: one file, read by machines, saying per use what a publisher permits. The difference is that today's lines are preferences attached to what may be crawled, and unknown labels are ignored rather than refused.",
				},
			},
		},
	}
}

func choicesPage() Page {
	return Page{
		ID:       "choices",
		Title:    "Choices this tool makes",
		Summary:  "Where the specifications are silent or disagree, and what the tester does there.",
		Sections: append(readingChoices(), toolChoices()...),
	}
}

// readingChoices are the choices about reading a file: its lines, records,
// rules and URLs.
func readingChoices() []Section {
	return []Section{
		{
			Heading: "Why choices were needed",
			Paragraphs: []string{
				"The ACAP documents leave gaps and sometimes contradict each other, and the older robots.txt texts are loose too. The tester settles each case one way and applies it everywhere: in answers, in the converter and in this help. Here are the choices a publisher is most likely to meet.",
			},
		},
		{
			Heading: "Doubt means no",
			Paragraphs: []string{
				"A permission with a qualifier that cannot be read is treated as a prohibition of its usage, following ACAP 1.1. So is a permission of a usage you defined yourself if it carries extra qualifiers, and a prohibition of such a usage (refused for each usage it stands for).",
				"A qualified usage defined with a qualifier that does not fit its usage (max-length on index, a date that does not exist) is an error, but the definition stays: every permission that uses it, directly or through a composite usage, is read as a prohibition of each usage it stands for. Definitions in a page's META tags follow the same rule.",
				"A conflict that the narrowest-scope rule cannot decide refuses the usage; the line reported as deciding is the narrowest prohibition involved.",
			},
			Example:      "ACAP-crawler: *\nACAP-allow-present-snippet: /news/ max-length=short\n",
			ShowsMistake: true,
		},
		{
			Heading: "Lines that are skipped instead",
			Paragraphs: []string{
				"A permission with extra words after its pattern that are not qualifiers, such as \"/a /b\", is skipped rather than read as a prohibition: it is not clear which path was meant. ACAP-ignore-conventional-records written with a colon or a value is an error, and the file is read as if the line were absent.",
			},
			Example:      "ACAP-crawler: *\nACAP-allow-crawl: /a /b\nACAP-ignore-conventional-records: yes\n",
			ShowsMistake: true,
		},
		{
			Heading: "Records and definitions",
			Paragraphs: []string{
				"A line that no crawler reads, such as an ACAP-crawler line with no name or a User-agent line with no colon and several words, neither starts nor ends a record or a group: the lines after it belong to the record or group above, as they do for a crawler that skips it. A record that mixes * with named crawlers applies to everyone as a * record and to the named ones as a named record; the checker warns about it.",
				"Definitions must come before the first record. A composite usage may only name qualified usages defined above it; resource sets may be defined in any order.",
			},
		},
		{
			Heading: "Reading lines as Google does",
			Paragraphs: []string{
				"The RFC 9309 kind reads each line the way Google's open-source parser does, wherever RFC 9309 leaves room. A field name counts when it starts with one of Google's spellings: user-agent, useragent or user agent; allow; disallow, dissallow, dissalow, disalow, diasllow or disallaw; sitemap or site-map. So Useragents and Disalowed are read, with a warning, while User_agent and Dis-allow are read by no crawler and are marked as errors.",
				"* names every crawler only alone or followed by a space: \"* crawlers\" is the * group, but *Fetch*, ** or *x name no crawler at all (a crawler name is its leading letters, digits, -, _ and .). The same holds for ACAP-crawler.",
				"Without a colon right after the name, Google takes the name up to the first colon in the line, so \"Disallow /a:b\" is read as Disallow: b. A vertical tab or form feed at the end of a line, a name or a value is stripped like a space, and a NUL byte ends the line. The checker says what Google reads each time (a note for the vertical tab or form feed, which every kind strips alike; a warning for the others).",
				"Where the tester differs from Google on purpose, the differences are few and listed: /robots.txt may always be fetched, escapes such as %41 are compared decoded (except %2F), crawler names with digits are read whole, and Allow: /x/index.html does not also allow /x/. A test compares every answer with Google's parser on hundreds of real files and on generated ones.",
			},
			Example:      "User-agent: *Fetch*\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n",
			ShowsMistake: true,
		},
		{
			Heading: "Messages you can rely on",
			Paragraphs: []string{
				"A fix is offered only when it keeps what the line means for every kind of crawler, or when it makes a line that no crawler reads say what it obviously meant. So a space in a path is fixed by writing it as %20, never by cutting the path short; a path without its leading / and a blank line inside a group get advice but no fix, because the fix would change what some crawlers do.",
				"A line that every kind reads as its author meant gets no warning: a crawler name with a version, such as Wget/1.6, gets a note; trailing spaces after ##ACAP version=1.0 are fine. A name that is cut short, such as \"kangaroo bot\" read as kangaroo, gets a warning.",
				"Fields that a known crawler reads are named with it: Clean-param and Host are Yandex's. A body that is not a robots.txt at all, such as an HTML error page served as /robots.txt, gets one message at line 1 instead of one per line: crawlers find no rules in it and crawl everything.",
			},
		},
		{
			Heading: "Ties and expired limits",
			Paragraphs: []string{
				"When several matching lines agree and none is narrower, the first one is reported as deciding, and the restrictions of all of them are shown together.",
				"When several lines on each side match, a side wins if one of its lines is narrower than every line of the other side, whatever order the lines come in. With ACAP-allow-crawl: /*/a, ACAP-allow-crawl: /*b/ and ACAP-disallow-crawl: /*b, the path /xb/a may be crawled: /*b/ is narrower than /*b, although /*/a cannot be compared with it. When neither side has such a line, the usage is prohibited.",
				"A permission whose until- date has passed makes the answer \"not allowed\", and that line is reported as deciding; a broader permission elsewhere does not step in.",
			},
			Example: "ACAP-crawler: *\nACAP-allow-index: /\nACAP-allow-index: /serial/ time-limit=until-2008-03-01\n",
		},
		{
			Heading: "URLs and patterns",
			Paragraphs: []string{
				"The tester assumes every URL belongs to the file's own site: it keeps the path and query and drops the rest. Dot segments such as /a/../b are not resolved. Escapes such as %41 are compared as the character they stand for, except %2F, which never equals a real slash.",
				"An ACAP pattern that does not start with / is read as if it did, so *.html$ means any path ending in .html. One that starts with neither / nor * also gets a warning.",
			},
			Example: "ACAP-crawler: *\nACAP-disallow-crawl: *-print.html$\n",
		},
	}
}

// toolChoices are the choices about what the workbench's tools do: the
// simulator, tabs, large files, the converter, pages and today's crawlers.
func toolChoices() []Section {
	return []Section{
		{
			Heading: "What the simulator starts with",
			Paragraphs: []string{
				"A file you open, or paste over the whole text, is read the way it is written for: as an ACAP crawler when it has ACAP records, as today's crawlers read usage preferences when it has Content-Usage or Content-Signal lines, and as an RFC 9309 crawler otherwise. The crawler asked is the first one the file names for that reading, or any other crawler when it names none. Once you choose a crawler, a purpose or a kind yourself, your choice stays, for every file you open, until you change it. \"URLs from this file\" fills the URLs with one path for each pattern of the file's rules.",
			},
		},
		{
			Heading: "How much the simulator works at a time",
			Paragraphs: []string{
				"The matrix and the batch view are answered a few cells at a time: after each slice of a few hundredths of a second the page draws and answers your keys and clicks, and the next slice follows. A change to the file, the URLs or a choice starts the answers anew. The matrix works for at most 2 seconds in all, the batch view, which you fill on request, for at most 10 seconds; past that the table stops and says how far it got (\"Stopped at 120 of 2800 cells\"), the cells not answered yet marked pending, and Continue answers more. Stopping never changes an answer: a cell shown is the engine's answer.",
				"One cell is one question to the engine, which matches each rule of the groups that apply against the cell's URL. Matching never backtracks, so one rule against one URL takes time in proportion to the URL's length plus the rule's, whatever its wildcards: measured natively on the costliest shapes (hundreds of wildcards, long literals that almost match, escapes), about 2 to 3.5 nanoseconds per character of the URL natively, and five to ten times as long as WebAssembly in a browser. So 1 MiB of rules of 400 wildcards each, asked about a URL of 2,000 characters, takes about 7 milliseconds a cell natively for an RFC 9309 crawler (today's AI crawler about 9, an ACAP crawler about 11, since they read some rules more than once), and tens of milliseconds in the page. The matrix does not wait for such a cell to end: every 64 rules the engine tries, it lets the page draw once the slice's time is up, and the slice ends with that cell. The batch view and the comparison of kinds answer whole cells, so a frame of theirs lasts about one cell more than a slice.",
				"Before the first cell, the engine compiles the file's rules for the kind of crawler asked. On a large file that is work too, so it is done in the same slices, about 8 KB of rules at a time, and counts toward the 2 seconds; a file of short rules is compiled within the first slice. The table itself is drawn about 200 cells at a time, one part per frame, so that a matrix of hundreds of URLs does not hold the page while the browser lays it out; while rows are still being drawn, drawing and answering take turns, a frame each. On a file over 64 KB the empty table comes first and its first answers a frame later.",
				"All the work the workbench does between frames waits its turn in one queue, one piece a frame: the check of a large file, the simulator's run and its slices, the comparison of kinds, the batch view's slices, the steps of today's signals, the proofs. Pieces of different panels never run back to back without the page drawing between them, so a frame costs at most one piece and its layout, not the sum of everything that became due at once (as when a large file or a share link opens). On a large file the check comes first and the matrix after it, each in a frame of its own; the check of a file over 64 KB reads it 16 KB of lines at a time, letting the page draw every 30 milliseconds or so.",
			},
		},
		{
			Heading: "The workbench open in several tabs",
			Paragraphs: []string{
				"Every tab of the workbench saves to the same place in your browser. A tab that has no changes of its own takes the changes another tab saves, at once, and says so under the editor. When two tabs change the files before either has saved, the tab that notices stops saving and asks which version to keep as it is; the other version's changed files are added to the workspace as copies, such as \"robots (copy).txt\", so nothing you typed is lost. A tab closed before you answered keeps its changes for the next tab, which adds them as copies too. Your choices in the simulator and the panel you have open are each tab's own.",
			},
		},
		{
			Heading: "Very large files",
			Paragraphs: []string{
				"A file of 64 KiB or more, or of 1,500 lines or more, opens read-only: the page shows the lines you scroll to, checks the file, and the simulator and the converter read it, without waiting for the browser to take the text into a text box. A browser lays a text box's whole text out again at every key typed, whatever the change: about a millisecond for each KB of robots.txt lines, so a tenth of a second for 100 KB and up to a quarter of a second for 256 KiB (measured in Chromium), during which the page does not move. A text of that size made by the converter's or the signals panel's Apply is shown read-only too, and Ctrl+Z takes the edit back. Edit the file puts the whole text in the editor when you want to change it (typing into the read-only view makes the bar with that button flash); after that it is edited like any other file, each key costing the time above. While a large file is read-only, copying gives the whole lines the selection touches, and applying a suggested fix first puts the file in the editor. A read-only file of more than 1,000 lines is selected in blocks (of 2 lines for a file of up to 2,000 lines, of 10 for 10,000, and so on), which keeps the browser's layout of it to at most 1,000 lines: the selection shows whole blocks, and a copy gives the lines of the blocks it shows. Files over 5 MiB are not opened.",
				"The editor gives each wildcard (*) of a path a colour of its own, up to 16 in one path. A path with more, such as the rules of hundreds of wildcards some generated files hold, is drawn in the path's colour alone: each coloured character is one more element for the browser to style and lay out, and a screenful of rules of 400 wildcards took Chromium 30–100 ms to draw. The colours are all that changes: the checks, the simulator and the converter read the rule as written.",
				"The simulator's URLs are a text box too. When the workbench puts 32 KiB of URLs or more in place itself, from a share link or from what your browser saved, it lists them read-only, each cut to its first 100 characters (and at most 500 of them), and says how many there are: the browser took a tenth of a second or so to lay out 200 URLs of 2,000 characters in a text box. The simulator and a share link use the URLs whole. Edit the URLs puts them in the text box, as does URLs from this file, which replaces them (Ctrl+Z gives them back). URLs you type or paste stay in the text box, whatever their size.",
			},
		},
		{
			Heading: "Capital letters",
			Paragraphs: []string{
				"ACAP ignores the difference between capital and small letters in paths, crawler names, purposes, usages and defined names, but only for the letters A to Z. Other characters that some languages treat as case variants are compared exactly: the long s (ſ) is not s, and the Kelvin sign (K) is not K.",
				"Qualifier names ignore case too: Time-Limit=until-2008-03-01 is time-limit=until-2008-03-01.",
			},
			Example: "ACAP-crawler: *\nACAP-allow-index: / Time-Limit=until-2008-03-01\n",
		},
		{
			Heading: "Purposes, and where a line stands",
			Paragraphs: []string{
				"ACAP-usage-purpose with nothing after it is an error. The lines that follow it, up to the next purpose or record, still belong to that sub-record, which no question can reach: they are not read as lines for every purpose.",
				"ACAP-ignore-conventional-records counts wherever it stands in the file; when it comes after the first record, a note suggests moving it to the top.",
			},
			Example:      "ACAP-crawler: *\nACAP-usage-purpose:\nACAP-disallow-index: /\n",
			ShowsMistake: true,
		},
		{
			Heading: "Definitions and referenced files",
			Paragraphs: []string{
				"A local usage or resource set defined in robots.txt can be used in a file that robots.txt points to with ACAP-permissions-reference. A definition in the referenced file counts only there, and where both files define the same name, the referenced file uses its own.",
				"When you edit such a file in its own tab, the checker reads it with the definitions of robots.txt, so a name it borrows is not marked as undefined; a name defined in neither file is.",
			},
		},
		{
			Heading: "The converter's check",
			Paragraphs: []string{
				"The comparison covers every crawler: each one the file names, and one for the crawlers it does not name (called AnyOtherCrawler, or AnyOtherCrawlerX if your file uses that name). The 1996 draft gives a crawler the first record whose User-agent contains its name, so a crawler the file does not name can read a named record (alpha reads the record for alphabet; google the one for Google-Extended); for that source the check also covers, for each such record, the crawlers whose names are part of it, and the report says whom each crawler it lists stands for. ACAP names are whole words, so no ACAP line can give those crawlers that record: where their answers differ from those of crawlers of no record, the report lists the paths as differences no line can remove. The drift warning covers only the named crawlers. The robots.txt file itself may always be fetched, so a witness never is /robots.txt: the same characters written with an escape are asked instead. A witness that begins with two slashes, such as //a, is written ////a: a URL that begins with // names a host, so the path is written after an empty one, and pasting the witness into the simulator asks about //a.",
				"The check is bounded by the work it does, not by time: it explores at most so many points (and so much memory) per crawler, and so many in all, so the same file always gets the same verdict, on any computer, however busy. Beyond that the crawlers not finished are named as not proved. The page may also stop a check that takes long so that it stays responsive; it then says so, and Keep checking goes on where it stopped, to the same verdict.",
				"A difference is one of case when an ACAP crawler that told capital letters apart, as conventional crawlers do, would give your file's answer: ACAP's disregard of capitals is then the whole cause. The check proves first that no other difference exists, then looks for paths where capitals make one; when that search ends without finding any, the report says it did not settle the question rather than calling the file equivalent.",
				"The converter adds at most 500 lines in all: a publisher reads a list of differences more easily than thousands of lines. Two patterns that both begin with * take some 233 lines each time, so a file may have two such pairs restored and the others listed.",
			},
		},
		{
			Heading: "Pages and older crawlers",
			Paragraphs: []string{
				"A robots META tag decides the usages it speaks of for its page, as the narrowest line there is, and a permission brings its qualifiers, time limits included. Usages a usage needs are answered with the page too (a page's allow-preserve lets its cached copy be shown). Crawling is the exception: a page cannot permit or forbid it, and a crawler that may not fetch the page never sees its tags. Crawlers older than ACAP read only noindex and nofollow from a page.",
				"META tags addressed to a crawler by name are matched like records: without /version and ignoring case; with a full User-Agent string, only the tags with the longest name found in it count. A tag for a specific way of presenting beats a tag for present on the same page, as in robots.txt.",
				"A page's disallow-other refuses the usages that neither the page nor robots.txt speaks of for that page; a line of robots.txt about the usage itself still decides it.",
				"When you give a full User-Agent string instead of a name, every kind of crawler uses only the groups with the longest name found in it.",
				"In the 2.0.0 proposal, a path in a group with Allow lines but none matching and no Disallow lines is refused; the proposal left that case open.",
				"For the 1994 convention, the 1996 draft and the 2.0.0 proposal, a blank line ends a record. A User-agent line followed by a blank line is still that crawler's record: it forbids nothing, and the * record is not used instead. A conventional path that starts with neither / nor * is used as written, so it matches nothing, with a warning; only ACAP paths get the missing /.",
			},
		}, {
			Heading: "Today's AI crawlers",
			Paragraphs: []string{
				"A path may come before the values of Content-Signal, as for Content-Usage: many real files write one, and neither Cloudflare's policy nor its draft forbids it.",
				"A label given twice on one line keeps its last value, as the structured-field rules the vocabulary uses say; the checker warns, because the first is silently dropped.",
				"Content-Usage and Content-Signal are rules of their group: for today's crawler a User-agent line after one starts a new group. The RFC 9309 kind reads as Google's parser, which does not know these lines, so for it the group goes on.",
				"Content-Usage lines whose paths have the same length and both match are combined, like lines with identical paths. Content-Signal lines are chosen among themselves the same way, and the two results combine most restrictively.",
				"Google-Extended's and Applebot-Extended's groups are chosen as RFC 9309 chooses groups, so when no group names them the * group speaks for them: a site-wide Disallow in the * group refuses training through them too. An Allow there states nothing. Unknown labels are ignored (shown as information), as the drafts require.",
			},
			Example: "User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Signal: /press/ ai-train=yes\nAllow: /\n",
		},
	}
}
