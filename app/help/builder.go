package help

// builderPage explains the policy builder's panel ("Build a policy").
func builderPage() Page {
	return Page{
		ID:      "builder",
		Title:   "Write a policy from what you want",
		Summary: "The policy builder: say yes or no per group of crawlers and use, write it into robots.txt in every vocabulary, and see the proof.",
		Sections: []Section{
			{
				Heading: "Start from what you want",
				Paragraphs: []string{
					"Most publishers know what they want before they know the syntax: \"search engines yes, AI training no, AI answers yes but not from my archive\". The panel \"Build a policy\" is that sentence as a table. Each row is a group of crawlers: the search engines, the AI training crawlers, AI search and assistants, the agents that fetch a page when a person asks, the per-purpose tokens (Google-Extended, Applebot-Extended), the crawlers your file already names, and every other crawler. Open a group to see the crawlers it holds; the AI crawlers come from the crawler directory the workbench ships.",
					"Each column is a use: search (building a search index and showing results), train-ai (training AI models) and ai-input (using your pages as input to an AI answer: retrieval, grounding, AI search results). The toggle \"ACAP usages\" adds a column for every ACAP usage, for publishers who speak ACAP.",
					"Each cell is yes, no or not stated. Not stated means the file says nothing about that use for those crawlers. A row whose cells are all not stated is left out: the builder does not touch what your file says for its crawlers.",
					"A yes means the use is allowed where your site lets those crawlers crawl. It decides the whole site (a Disallow: / of yours for them, or for every crawler, gives way to it), but it does not open the parts of the site your own lines close: if the group for * disallows /printer_friendly_story/, Googlebot stays out of it after \"search engines: yes\". A no that refuses every use of a crawler refuses crawling there.",
				},
			},
			{
				Heading: "Scopes: \"yes, except /archive/\"",
				Paragraphs: []string{
					"Under each cell, a field takes paths that get another value. Type /archive/ under a yes to mean \"yes, except under /archive/\" (and under a no, \"no, except there\"). Give the value yourself to be precise: \"/archive/ no, /archive/open/ yes\". Paths are plain prefixes without * or $; the longest one a page's path starts with decides.",
				},
			},
			{
				Heading: "What \"Write into the file\" writes",
				Paragraphs: []string{
					"The builder writes the same intent in every vocabulary at once, in one block at the end of robots.txt between two marker comments, so that writing again replaces it. The change is one edit: Ctrl+Z in the editor takes it back.",
					"User-agent groups: one per row. A group gets Disallow where every use of its crawlers is refused (an AI training crawler only trains, so train-ai no means it fetches nothing), and Allow: / otherwise, because some parsers read a group without rules badly.",
					"Content-Usage lines (the IETF AI preferences vocabulary: train-ai=y or n, search=y or n) and Content-Signal lines (Cloudflare's: search, ai-input, ai-train, each yes or no), one for the whole site and one per scope.",
					"Google-Extended and Applebot-Extended groups: these tokens fetch nothing, they only tell Google and Apple whether their other crawlers' pages may feed AI models. A Disallow there refuses that use.",
					"ACAP records that say the same: search as the usages index and present, train-ai as preserve and other, crawl always written. ACAP is the oldest of these vocabularies and the one that names usages most precisely.",
					"Lines of your file that the intent does not decide stay byte for byte: other crawlers' groups, comments, Sitemap lines, ACAP definitions. Groups of crawlers the intent names are moved into the block, with their lines.",
					"A crawler that finds a group naming it reads only that group, never the group for * (RFC 9309). So when the builder gives Googlebot or GPTBot a group of its own, that group repeats the lines of the group for * the crawler read until now (its Allow and Disallow lines for parts of the site, and its Content-Usage and Content-Signal labels that your intent does not set): without them, the new group would open what the group for * closed. A note under the button says how many lines each group repeats. Where your intent refuses crawling, the repeated lines give way: an Allow that would let the crawler in there is left out (or, when it reaches further through a wildcard, kept with a longer Disallow of the refused part, such as Disallow: /archive/*?mode= beside Allow: /*?mode=).",
				},
				Example: "# AI training crawlers\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\n# everyone else\nUser-agent: *\nAllow: /\nContent-Usage: train-ai=n, search=y\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nContent-Signal: /archive/ search=yes, ai-input=no, ai-train=no\n",
			},
			{
				Heading: "The proof",
				Paragraphs: []string{
					"After writing, the workbench reads the new file as every kind of crawler does (RFC 9309, the 1996 draft, the 1994 convention, the 2.0.0 proposal, ACAP, and today's AI crawlers) and asks every crawler of each row at a page inside each scope and one outside. The table shows, per row, use and scope, ✓ for each reading that answers as you asked.",
					"A ✗ names the crawler, the page asked, what the file answers, what you asked for, and the line that decides it: click the line to see it in the editor. A mismatch usually comes from lines of your own outside the builder's block, such as a group for the same crawler in another file you refer to.",
					"One line per row says \"every path\": it compares the file before and after writing for crawl, over every path and not at a few sample pages, for RFC 9309, today's AI crawlers, the 1996 draft, the 1994 convention and the 2.0.0 proposal. ✓ means that wherever your intent does not refuse crawling, each crawler of the row may crawl exactly what it could before (the whole site, which the intent decides, aside). A ✗ gives the shortest page where it changed, with both answers. The older kinds choose a group by part of the crawler's name (a group for Googlebot-Image that comes first is Googlebot's too) and end a group at a blank line; where they read other lines than RFC 9309 crawlers, the builder cannot keep both, and the table says so. A file with very many wildcard patterns can exceed the bound on this work: the line then says \"not proved\" and claims nothing. ACAP crawlers are checked at the sample pages only.",
				},
			},
			{
				Heading: "What cannot be written, and why",
				Paragraphs: []string{
					"Some intents have no line in some vocabulary. The proof says so in words (\"not expressible\") instead of claiming a ✓.",
					"ai-input in ACAP: ACAP (2008) has no usage for feeding pages to an AI answer, so the ACAP records say nothing about it.",
					"Googlebot and AI answers: Google's AI features in Search use what Googlebot crawls for Search. No robots.txt line refuses that while allowing Search; only the pages can, with the robots META tag nosnippet (or max-snippet) or data-nosnippet on parts of a page. \"search yes, ai-input no\" for Googlebot is therefore listed as not expressible, with the tag that says it.",
					"Per-purpose tokens only refuse: a Disallow for Google-Extended refuses both training and Gemini's use of your pages together. The builder writes it only where you refuse both; a yes for a token, or a no to one use and not the other, is said only by the Content-Usage and Content-Signal lines, and the proof lists the rest as not expressible.",
					"Not stated in ACAP: ACAP has no way to say \"no preference\", so a not-stated cell writes no ACAP line and is not checked there.",
				},
			},
			{
				Heading: "Practise with the exercises",
				Paragraphs: []string{
					"Three exercises of the Exercises tab are done with the builder, each on a real robots.txt of January 2026: search yes, AI training no and AI answers yes except /archive/; one crawler let back in for search but not for AI training; Google and Apple kept in search while their AI models are refused. Open the starting file, then \"Open Build a policy\" from the exercise; after writing, the exercise's tab shows its checks turn green. The checks ask today's AI crawler (and, in one, an ACAP crawler), so a file written by hand that says the same passes them too.",
					"To start from an ACAP file instead, the panel \"Today's signals\" turns its ACAP records into today's lines and lists what they lose (see \"Today's signals\").",
				},
			},
		},
	}
}
