// Package intent writes robots.txt from what a publisher wants and proves
// that the file says it.
//
// An Intent is a table: rows of crawlers (a group of the crawler
// directory with its product tokens, a single crawler, or AnyCrawler for
// every crawler no other row names) and columns of use (today's categories
// search, train-ai and ai-input, and for publishers who speak ACAP any
// ACAP usage). Each cell is yes, no or not stated, with optional path
// scopes ("no, but only under /archive/"; "yes except /archive/").
//
// Write turns the intent into robots.txt in every vocabulary at once:
//
//   - a User-agent group per row, with Disallow where the row's crawlers
//     are to fetch nothing (every use of the row refused, none allowed),
//     Allow where they fetch again inside such a path;
//   - Content-Usage lines (IETF AI preferences: train-ai, search) and
//     Content-Signal lines (Cloudflare: search, ai-input, ai-train) in that
//     group, one without path for the whole site and one with a path where
//     a scope changes what is stated;
//   - a Google-Extended group when a row speaks for Google's crawlers (or
//     names the token), an Applebot-Extended group for Apple's, with
//     Disallow where every such row refuses every category the token
//     speaks for;
//   - an ACAP record per row (ACAP-crawler lines, then ACAP-allow- and
//     ACAP-disallow- lines for crawl, for the usages that stand for search
//     and train-ai, and for the row's own usage cells).
//
// On an existing file Write merges: lines the intent does not decide are
// kept byte for byte, and the builder's lines stand in one block at the
// end between two marker comments, so that writing again replaces them.
// A crawler the builder gives a group of its own reads only that group
// (RFC 9309: a crawler named by a group never reads the group for *), so
// the group keeps what the crawler obeyed before (see "Keeping what the
// publisher wrote").
//
// Prove reads a file as each kind of crawler of package policy does and
// compares each answer with the intent, row by row, column by column,
// scope by scope, asking every crawler of a row at a witness URL inside
// each scope (and one outside all of them). Where no line of a vocabulary
// can say the intent for a crawler, the check says so in words instead of
// claiming it. Given the file Write was given, it also proves, over every
// path and not at a sample, that each row's crawlers crawl as before
// wherever the intent does not refuse it (policy.CompareKept), for RFC
// 9309, today's crawlers, the 1996 draft, the 1994 convention and the
// 2.0.0 proposal.
//
// # Keeping what the publisher wrote
//
// Each crawler of a row obeyed, before, the Allow and Disallow lines of
// the groups that name it, or, when none does, those of the groups for *
// (package policy/internal/obey, shared with policy/advise, whose
// proposals keep them the same way). Its new group carries them, in the
// publisher's order, with these exceptions:
//
//   - The whole site is the intent's: a line for it ("Disallow: /",
//     "Allow: /", "/*") is not carried. A row's crawlers may crawl the site
//     unless the row refuses every use (then "Disallow: /"), whatever the
//     file said of the whole site for them or for every crawler.
//   - Below it, a yes allows a use where the site lets the crawler crawl:
//     the file's lines for parts of the site stay, and a scope with a yes
//     does not open a path the file closes. A no that refuses every use of
//     a crawler under a scope writes Disallow there; a carried Allow that
//     would win there (RFC 9309: at least as long; the 1996 draft: first)
//     is left out, or, when it also reaches outside the scope through a
//     wildcard, kept with a longer Disallow of the scope's part of it
//     ("Disallow: /archive/*?mode=*" beside "Allow: /*?mode=*"). A Disallow
//     that only repeats a refusal is left out.
//   - The scopes' Disallow lines that refuse a whole part of the site come
//     first in the group, so that the 1996 draft (first matching rule)
//     meets them before a carried Allow; the carried lines come next, then
//     the builder's other rules, longest first.
//   - Content-Usage and Content-Signal: where the intent does not set a
//     label, the group says what the crawler's lines said (merged path by
//     path; a line whose path has a wildcard is written as it was).
//   - Other fields of the crawler's own group (Crawl-delay, unknown
//     fields) are carried as they were.
//
// The proof expects exactly this: at a witness, a crawler the file keeps
// out (as before) is to read "not crawled", and a category the intent
// does not state is to read what the file said; over every path, crawl is
// to be decided as in the file as it was, without its lines for the whole
// site, except where the intent refuses it. The older kinds pick a record
// by part of the name (Googlebot-Image's for Googlebot when it comes
// first) and end records at a blank line: where one gives a crawler other
// lines than RFC 9309 does, before or after writing, the builder's group,
// which keeps what RFC 9309 crawlers read, cannot keep that kind's answers
// too, and the proof says so (not expressible). A search that exceeds its
// bound of work claims nothing (not proved). ACAP crawlers are checked at
// the witnesses only.
//
// # Choices where the documents are silent
//
//   - Crawling. A row's crawlers are disallowed under a path where every
//     category in Row.Uses (all three when empty) is refused and no column
//     says yes; an ACAP crawl cell, when it states a value, decides instead.
//     Elsewhere they crawl as the file let them (see above). Today's
//     preferences apply only to what may be crawled, so a path that is not
//     crawled reads "not crawled" for every category, and the proof
//     expects that.
//   - Scopes are plain path prefixes, without wildcards: every reading
//     (RFC 9309, the 1996 draft, the 1994 convention, ACAP, today's)
//     matches a prefix alike, so one witness speaks for the whole scope.
//     The longest scope a path starts with decides a cell. Paths that
//     differ only in case where ACAP (which folds case) would nest them
//     otherwise are refused by Validate.
//   - Lines with a path. Content-Usage and Content-Signal lines are chosen
//     by their longest matching path, and a line says nothing about the
//     labels it leaves out, so a scoped line repeats every label stated
//     there; where a scope states nothing under a broader line, the line
//     is the path alone (the checker warns that it states no preference,
//     which is what it is there for). Content-Signal takes a path as the
//     engine reads it.
//   - Every written group has an Allow or Disallow line ("Allow: /" when
//     nothing is refused and no line is carried): Google's parser does not
//     know Content-Usage and would run the next User-agent line into a
//     group without rules. The builder's rules are written longest path
//     first, so that readers taking the first matching rule (the 1996
//     draft) agree with RFC 9309.
//   - The per-purpose tokens. A Disallow in Google-Extended's group
//     refuses train-ai and Gemini's ai-input together, so it is written
//     only where every row that speaks for Google's crawlers refuses both
//     (Applebot-Extended: train-ai). Where a row refuses one and not the
//     other, only the Content-Usage / Content-Signal lines say it, and the
//     proof lists that as not expressible for those crawlers. A token's
//     group is written (with "Allow: /" when it refuses nothing) whenever
//     a row speaks for its crawlers, so that it never falls back to the
//     '*' group. A per-purpose token listed in a row gets no group of its
//     own kind and no ACAP record; its yes is not expressible (its group
//     can only refuse).
//   - Google's ai-input has two channels: the AI features of Google
//     Search follow Googlebot's crawl and the pages' snippet controls, not
//     a robots.txt line. A no for Googlebot's ai-input where Googlebot may
//     crawl is listed as not expressible, with the META tag that says it.
//   - ACAP. search is written as index and present, train-ai as preserve
//     and other (policy.ACAPUsagesFor); ai-input has no ACAP usage and is
//     listed as not expressible in ACAP. Crawl is always written
//     explicitly. When a record refuses other (which answers every usage
//     no line speaks of, crawl and follow included), follow is written
//     with crawl. ACAP has no "no preference": a not-stated cell writes no
//     ACAP line and is not checked in ACAP; under a broader line it cannot
//     be said, and a note says so.
//   - Merging. The groups and ACAP records that name a crawler of the
//     intent (or '*', for the row of every other crawler, or a per-purpose
//     token the builder writes) are taken out: whole when they name only
//     such crawlers, else only those User-agent / ACAP-crawler lines. Their
//     lines go on in the builder's groups as above; the lines of an ACAP
//     record taken out do not (the builder's record says the intent).
//     The builder's own block counts as the file's: its groups' lines are
//     carried like the publisher's, so that writing again changes
//     nothing. Comments, blank lines, Sitemap, Host,
//     License, ACAP definitions and everything else are kept; a blank line
//     doubled by lines taken out is dropped, and blank lines at the end are
//     dropped before the block. A file without the ACAP version comment
//     gets "##ACAP version=1.1" as its first line when ACAP records are
//     written. Lines keep the file's line ending (CR LF when its first line
//     has one).
//   - The row of every other crawler is asked as the file's OtherCrawler
//     name, which no line of the file names.
package intent
