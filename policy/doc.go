// Package policy reads robots.txt files the way crawlers of several
// generations read them, with the ACAP 1.0/1.1 extensions, and tells a
// publisher precisely what is wrong with a file.
//
// # The model
//
// Reading a file goes through four stages, each with its own small data
// types, in the manner of go/scanner, go/ast and go/types:
//
//   - Scan splits the text into Tokens. Every byte belongs to exactly one
//     token (spaces, line endings and comments included), so the tokens
//     concatenated give back the input, and an editor can colour a file
//     from them. The scanner needs nothing from earlier lines: ScanLine
//     scans one line and yields the same tokens a whole-file scan would.
//   - Parse builds a File: every Line of the input (blank and comment lines
//     too), the Field on each line, conventional Groups, ACAP Records with
//     their sub-records, and the ACAP Definitions with local usages and
//     resource sets resolved. Parse fails only for input over MaxFileSize.
//     A File keeps lines and fields, not tokens (a token is 12 bytes, a
//     conventional Field about 100, the file one byte per byte):
//     File.LineTokens scans a line's tokens again when they are needed.
//   - Check returns the Diagnostics: line, column range, severity, a stable
//     code, a message, the section of the specification it rests on, and
//     where possible a Fix written as text edits.
//   - Print writes a File back unchanged; Tidy writes it with normalised
//     layout and the same meaning.
//
// Positions (Pos) are byte offsets with 1-based lines and byte columns, as
// in go/token; a Token holds only its offsets (Line.Pos gives the rest). Line endings may be LF, CRLF or a lone CR; a leading byte order
// mark is skipped; any byte sequence is accepted.
//
// # What severities mean
//
// A diagnostic's severity says how crawlers treat its line, and the
// decisions of this package obey it:
//
//   - An error marks a line a strict crawler would not understand. It is
//     skipped (FieldStatus StatusSkipped) and no reading uses it. One
//     exception follows ACAP 1.1: a permission or prohibition of a known
//     usage whose qualifiers are wrong, and a prohibition of a locally
//     defined usage, are read as a prohibition of that usage (of each usage
//     the local usage stands for) for the line's pattern (StatusProhibit).
//     Reading doubt as "no" is the cautious choice for a publisher.
//   - A warning marks a line that is used as written but probably does not
//     say what its author meant: a misspelt conventional field name that
//     Google's parser accepts, a conventional line without its colon, a
//     conventional line inside an ACAP record, a path without a leading
//     slash, a blank line between User-agent and its rules.
//   - Info is advice: unknown fields, features the ACAP specification marks
//     as not ready or usable only by prior arrangement, ordering advice.
//
// # Records
//
// An ACAP record runs from its ACAP-crawler lines to the next ACAP-crawler
// line that follows other fields, the next User-agent line, or the end of
// the file. A conventional group runs from its User-agent lines to the next
// User-agent line that follows a rule; ACAP lines do not end it. Allow and
// Disallow lines that stand inside an ACAP record belong to the group above
// for conventional crawlers and are ignored by ACAP crawlers (a warning says
// so). Definitions must come before the first ACAP record; one placed later
// is an error, and the Fix moves it.
//
// # Deciding
//
// A Policy answers a Question (crawler, purpose, URL, usage, date, kind of
// crawler) with an Answer: allowed or not, the restrictions on an allowed
// usage, the line that decided, and a Trace of plain-language steps. Matrix
// answers many questions in one call for the simulator.
//
// For an ACAP crawler the answer is reached like this:
//
//  1. Records that name the crawler are merged; records for "*" apply to
//     everyone. With Question.UserAgent, record names are looked for inside
//     a full User-Agent string and only the longest found count.
//  2. Four layers are searched in turn, and the first with a field that
//     matches the path and speaks of the usage decides: named records'
//     sub-records for the purpose, any-crawler sub-records for the purpose,
//     named records' general fields, any-crawler general fields. A question
//     without a purpose skips the sub-records.
//  3. Inside that layer, if the matching fields disagree, the one with the
//     narrowest pattern wins, comparing patterns character by character
//     (ACAP Part 1 §2.4.5); where that comparison cannot separate them, a
//     present-X field beats a present field, and otherwise the usage is
//     prohibited.
//  4. For crawl, conventional Allow/Disallow lines are read too (unless the
//     file says ACAP-ignore-conventional-records): a conventional group
//     naming the crawler beats an ACAP answer from an any-crawler record and
//     the reverse; otherwise the narrower pattern wins, and ACAP wins a tie.
//  5. When nothing speaks of the usage, ACAP-disallow-other decides; when
//     nothing at all matches, the usage is allowed.
//  6. Every usage but crawl needs crawl, and presenting a stored copy needs
//     preserve; an until-date time limit ends after that day.
//  7. A page's robots META tags, added with Policy.AddPage, decide the
//     usages they speak of for that page, as the narrowest scope there is.
//     A deciding META permission brings its qualifiers like a field (its
//     until- date is enforced, its restrictions reported). The usages a
//     usage needs are answered with the page included, except crawl, which
//     robots.txt alone decides: a crawler that may not fetch the page
//     never sees its tags. Named tags are chosen like records (Page.RulesFor,
//     Page.RulesForUserAgent).
//
// Case-insensitive comparisons (patterns, crawler names, purposes, usages,
// qualifier types, defined names, META names) fold the ASCII letters A-Z
// only: "ſ" is not "s" and the Kelvin sign is not "K".
//
// The other kinds read only the conventional lines and know only crawl:
// RFC 9309 (longest pattern wins, Allow wins a tie, as Google's parser), the
// 1996 draft (first matching rule of the first matching record), the 1994
// convention (Disallow prefixes only) and the 2.0.0 proposal (explicit and
// wildcard rules). For those three a blank line ends a record; a record
// ended before any rule is still the crawler's record and forbids nothing.
// Their patterns are used as written: one that starts with neither '/' nor
// '*' matches nothing (with a warning); only ACAP patterns get the leading
// '/'. From a page they read only noindex and nofollow.
//
// # Today's AI crawlers
//
// KindToday reads a file as a 2026 AI crawler does, following the IETF
// AI-preferences drafts (vocabulary and attachment), Cloudflare's Content
// Signals Policy and the per-purpose product tokens. It answers crawl and
// three categories of use (UsageSearch, UsageTrainAI, UsageAIInput) with a
// Preference: allowed, disallowed, no preference, or not crawled.
//
//  1. Crawl is the RFC 9309 decision for the crawler's product token.
//  2. A URL the crawler may not crawl has no preference: "not crawled".
//  3. Otherwise each category is answered from the crawler's group: the
//     Content-Usage rule with the longest matching path (a rule without
//     path matches every path; rules whose paths have the same length and
//     both match combine), then the Content-Signal lines of the group,
//     chosen the same way among themselves. The statements combine most
//     restrictively: any no wins, else any yes, else no preference.
//  4. Google-Extended speaks for Google's train-ai and ai-input and
//     Applebot-Extended for Apple's train-ai: a question about Googlebot
//     (or Applebot) also reads that token's group, where a matching
//     Disallow means disallowed, and its Content-Usage/Content-Signal lines.
//     Asked as Google-Extended itself, Googlebot does the crawling.
//  5. An ACAP usage asked of this kind is mapped by TodayCategory (index and
//     present-X to search, preserve and other to train-ai); follow follows
//     crawl.
//
// ParseStatement reads one line's preferences as the drafts do: an optional
// path ending at the first space or tab, then a Structured Fields
// Dictionary (RFC 9651). Labels are case-sensitive; Content-Usage takes y
// and n, Content-Signal yes and no; unknown labels and parameters are
// ignored; a dictionary that cannot be parsed states no preference at all.
// The checker warns where a line would not be read as meant (upper case,
// yes for y, a path with a space, a missing comma, a label given twice) and
// notes unknown labels as information.
//
// Where the sources are silent this package chooses, in one place
// (todayvocab.go): a path may precede Content-Signal values; a label given
// twice keeps its last value; Content-Usage and Content-Signal are rules,
// so for this kind a User-agent line after one starts a new group (the RFC
// 9309 kind, reading as Google's parser, goes on with the group); paths of
// equal length that both match combine; a per-purpose token's group is
// chosen as RFC 9309 chooses groups, so the '*' group applies to it when no
// group names it.
//
// # Converting
//
// Convert adds to a conventional file the ACAP records that say the same,
// then proves it with CompareReadings: for every crawler, the source
// reading of the old file and the ACAP reading of the new one decide crawl
// alike on every path, or the report gives witnesses.
//
// Whom the proof covers. Each reading chooses its groups and records from
// the crawler's name alone, so crawlers whose names make every reading
// choose alike are answered alike. The proof asks each crawler either file
// names, and one crawler for each class of the others
// (EquivalenceReport.Classes, Who): the crawlers named in no User-agent,
// asked as "AnyOtherCrawler" (with an X more for each time a file uses
// that name, so it never reads a named group); and, for the source kinds
// that choose a record by substring (the 1996 draft, the 1994 convention,
// the 2.0.0 proposal), for each record that crawlers the files do not name
// can read, one whose name is part of its User-agent value and of none
// before it (the longest such part, "alphabe" for "alphabet"). Those read
// the any-crawler records in ACAP, whose names are whole: where the source
// gives them another answer than a crawler of no record, no ACAP line can
// remove the difference (Difference.NamePart). Witnesses are written so
// that a URL reads them back (PathOf): a path that begins with "//", which a
// URL reads as a host, after an empty host ("////a").
//
// The proof. A path is read as a sequence of units: its bytes once escapes
// are decoded, except that an escaped slash "%2F" is a unit of its own and
// a real '%' is the unit '%' (this is exactly what Pattern.Match compares,
// so two paths with the same units are matched alike by every pattern in
// every mode; an independent test checks the automaton against the matcher
// on every short path). Each pattern is a small automaton over units ('*'
// loops, a letter of an ACAP pattern accepts both cases, a final '$' must
// meet the end, otherwise a match is a prefix and stays matched). Each
// reading decides crawl from which of its patterns match, so for one
// crawler the product of the patterns the readings consult, read unit by
// unit from "/", tells which patterns match. A state of the search keeps
// the live positions of the patterns that may still match and a summary of
// those that matched for good, reduced to what an answer can observe: of a
// list of rules where the first match decides (RFC 9309's longest pattern
// first; the 1996 draft's record order), the first rule that matched, and
// only as far as a rule before it could change the answer (a run of rules
// of one verdict, for the source; for the conventional side of the ACAP
// reading, a run that also compares alike with the ACAP lines it is weighed
// against); of an ACAP layer (named or any records, crawl or other), the
// fields that can still win or keep another from winning. A field is left
// out when another of its side is narrower (it can neither win nor add a
// condition), when it cannot win and every field it keeps from winning is
// kept from winning by another, or when it has a twin: a field read before
// it that compares alike with the other side and, where it matters which
// field decides, with the conventional rules and its own side. A pattern
// that could no longer change an answer given the summary is not followed
// further; a pattern that begins with a wildcard waits for its first
// literal at every unit, which states do not store. Two paths that reach
// the same state get the same answers however they go on, and the states
// are finite: the search, breadth first over the units the patterns name
// plus one unit none names, visits every state some path reaches, asking
// the real deciding code of the readings on the shortest path to each.
// The readings agree on every path exactly when they agree in every state;
// otherwise the first differing states are the shortest witnesses, one per
// pair of deciding lines. /robots.txt, which every reading allows, is asked
// as "/%72obots.txt" (same units).
//
// Three readings take part: the source, the ACAP reading, and the ACAP
// reading with its patterns compared case-sensitively (the conventional
// lines it reads are case-sensitive anyway). A difference is of case when
// the case-sensitive ACAP reading gives the source's answer: ACAP's case
// folding alone makes it, and no ACAP line can remove it. So a difference
// that is not of case is a path where both ACAP readings differ from the
// source: the search that settles it leaves the case-folding reading out,
// which keeps it small; a second search, bounded, then looks for
// differences of case. Once a crawler is shown to differ by differences
// not of case, its search stops at the first few (EquivalenceReport.
// Stopped): the answer is settled, the witnesses are the shortest. The
// work is bounded by work, not by time (CompareOptions: states and counted
// bytes per search, states in all, taken crawler by crawler in the
// report's order), so that a report depends only on the input and the
// bounds, on every machine, with one thread or several, idle or loaded;
// crawlers not finished are listed in EquivalenceReport.NotProved and
// nothing is claimed about them. A time cap (Deadline) may stop the work
// to keep a page responsive: the report then says so (TimeStopped), and a
// Pause function can give more time instead, the work resuming where it
// stopped. Each phase that may take long (the search, the weighing of
// rules, the pair lines) calls Yield now and then. The weighing is near
// linear in the rules for long runs of one verdict: only the comparisons
// that some path can observe are kept, by rule, and a run keeps its
// comparisons by element, so each rule is weighed once.
//
// The repairs. Convert first adds, for each pair of a crawler's rules that
// overlap and that ACAP ranks the other way from RFC 9309, lines for the
// paths both match, narrower than the one ACAP prefers: a plain prefix G
// against a rule w with a wildcard gives G followed by w from each place
// its automaton can be in after G ("/svc/pips" and "/*?*embed=" give
// "/svc/pips*?*embed="); a wildcard-led rule "/*x" against a longer one
// that must end the path, "/*y$", gives "/*x*y$" and the ways x runs into
// y. The lines are built from the case-sensitive patterns, so that they add
// no difference other than of case. Then, proof by proof, it adds lines
// for the witnesses left, keeping them only when the result is better: a
// line identical to the conventional line that decides for the ACAP
// reading or for its case-sensitive form (ACAP wins identical patterns,
// semantics §4: first-match shadowing, a crawler read in one record by the
// 1996 draft but merged by the conventional side); lines for the paths the
// deciding lines share; the source's pattern. A source rule the lines
// alone show is never reached (a Disallow tied with an identical Allow for
// RFC 9309; for the 1996 draft, a rule after one that matches every path
// it matches) is not translated; one that is never reached for subtler
// reasons is translated, and the proof judges the result. A pair line is
// not written where a rule RFC 9309 ranks first, of the other verdict,
// matches every path of the line. Two patterns that both begin with a
// wildcard, neither bound to the path's end, "/*x" (which RFC 9309 ranks
// first) against "/*y" ("/*?lang=" against "/*?q="): a line beats "/*y"
// only with a literal right after the first '/' or by extending "/*y", so
// the lines are "/*y*x", "/x*y" and "/u*x*y" for every unit u a path may go
// on with (upper case folded, escaped bytes included: 233 lines), and where
// x and y overlap the merged forms ("/*ab" against "/*bc": "/abc" and
// "/u*abc" too, 465 lines); the engine's own proof finds them complete.
// They are added where the cap allows; differences left for the cap, or
// between patterns with further wildcards, are listed
// (Difference.Wildcards), as are those of case. Convert adds
// at most 500 lines a file (a publisher reads the differences more easily
// than thousands of lines) and says so when it stops. A converted text over
// MaxFileSize is refused (Conversion.Err), never replaced.
//
// # Reading lines as Google does
//
// Every reading takes a line as Google's parser (google/robotstxt) takes it,
// wherever RFC 9309 leaves room: a field name that starts with one of
// Google's spellings is that field (user-agent, useragent, user agent;
// allow; disallow, dissallow, dissalow, disalow, diasllow, disallaw;
// sitemap, site-map), with a warning naming the spelling; other near misses
// (User_agent, Dis-allow) are read by no crawler and are errors. Without a
// colon right after the name, the name runs to the first colon in the line
// ("Disallow /a:b" is Disallow: b). Vertical tabs and form feeds at the ends
// of a line, a name or a value are stripped like spaces, and a NUL byte ends
// the line; a diagnostic says so (info for the white space, which every
// reading strips alike; a warning for the others). '*' names every crawler only
// alone or before white space; otherwise a User-agent name is its leading
// run of letters, digits, '_', '-' and '.', which may be empty ("*Fetch*"
// names no crawler, with a warning). An ACAP-crawler value that starts with
// '*' and is not the any-crawler name names no crawler either.
//
// The rfc9309 reading differs from Google's only where the product's
// reading says so (conformance/README.md): /robots.txt may always be
// fetched, escapes are compared decoded (except %2F), names with digits are
// whole, and Allow: .../index.html does not also allow the directory.
// TestOracleCorpus and FuzzOracle check this against
// github.com/jimsmart/grobotstxt v1.0.3, a Go port of Google's parser, on
// the 270 files of the shared corpus and on generated files; a named
// function (diffClass) says which documented difference explains each
// answer that is not Google's. Where the port itself differs from Google's
// C++ parser, the test accounts for it: it gives the port escapes already in
// upper case (the port's upper-casing also corrupts digits) and User-agent
// names cut as the C++ parser cuts them (the port keeps RFC 7231 token
// characters and tests Unicode spaces after '*'), and it names the port's
// own readings of NUL bytes, Unicode spaces at the ends of a line and the
// extra misspelling "diaslow", asking the port again with what the C++
// parser reads where it can.
//
// # Diagnostics that never mislead
//
// A fix is offered only when it keeps what the line means for every kind,
// or when it makes a skipped line readable: a space in a path is fixed as
// %20; a conventional path without its leading '/', a blank line inside a
// group and a colon later in the line get advice without a fix. A line
// every reading reads as its author meant gets no warning: a /version
// suffix is info, trailing spaces after the ACAP version comment are
// nothing. A name that is cut short ("kangaroo bot" is kangaroo) is a
// warning (CodeCrawlerNameCut). Fields a known crawler reads name it
// (Clean-param and Host: Yandex). A body that is an HTML, XML or JSON
// document, or plain text with no field, and that names no crawler gets one
// diagnostic (CodeNotRobotsTxt) at line 1 instead of one per line.
//
// # Choices where the documents are silent
//
// Where neither the specifications nor the product's reading settle a case,
// this package chooses, and the in-app help says the same:
//
//   - A line that no reading uses (a skipped error, a bare word) neither
//     starts nor ends a group or a record (semantics §8): an ACAP-crawler
//     line with no name does not start a record, so the lines after it
//     belong to the record above, as for a crawler that skips it.
//   - The comparison covers every crawler (those a file names, and one
//     for each class of those it does not); the drift check (CheckDrift)
//     only the named ones. Convert gives its proofs DefaultConvertWork
//     states in all, the drift check less (and a time cap of 300 ms);
//     past that, the crawlers not finished are reported as not proved.
//   - An ACAP permission with words after its pattern that are not
//     qualifiers (such as "/a /b") is skipped rather than read as a
//     prohibition: it is not clear which pattern was meant.
//   - A permission for a local usage that carries its own qualifiers is
//     read as a prohibition of the usages it stands for, like a known usage
//     with wrong qualifiers.
//   - ACAP-ignore-conventional-records written with a colon or a value is
//     an error, and the file is then read as if the line were absent.
//   - A composite usage may only name qualified usages defined above it;
//     resource sets may be defined in any order before the first record.
//   - With several fields on a side of a conflict, §2.4.5 does not say
//     which is "the narrowest" when some cannot be compared. A side wins
//     when one of its fields is narrower than every field of the other
//     side, whatever the order of the lines: with ACAP-allow-crawl: /*/a,
//     ACAP-allow-crawl: /*b/ and ACAP-disallow-crawl: /*b, /xb/a may be
//     crawled, /*b/ deciding, in any order of the three lines. The deciding
//     field is the first line of those narrower than the whole other side
//     that no other of them is narrower than. No side winning is a conflict
//     scope cannot decide: the usage is prohibited.
//   - When a conflict cannot be decided by scope, the deciding line
//     reported is the first prohibition that no other prohibition is
//     narrower than.
//   - When several fields agree and tie, the first line decides and the
//     restrictions of all of them are reported together.
//   - An expired until-date permission is reported as "not allowed" with
//     the expired line as the deciding line; a broader permission does not
//     take its place.
//   - A page's META tags take part in the decision of the usages a usage
//     needs, except crawl: a page's allow-preserve lets its stored copy be
//     presented although robots.txt refuses preserve, and its
//     disallow-preserve refuses the copy. A META permission for a usage
//     that robots.txt refuses to crawl is never seen. Older kinds read only
//     noindex and nofollow from a page, and only when crawl is allowed.
//   - A page's allow-other or disallow-other decides a usage that neither
//     the page nor robots.txt speaks of (robots.txt silent, or decided
//     only by its own fields for other); an explicit robots.txt field for
//     the usage is not overridden by the page's other.
//   - Named META tags are compared with the crawler as record names are:
//     without a /version, ASCII letters case-insensitively; with the
//     User-Agent option, only the tags with the longest name found count.
//     A present-X tag beats a present tag of the same addressee for
//     present-X; a tag addressed by name beats every robots tag.
//   - A qualified usage whose qualifiers are wrong (not valid for its base
//     usage, a bad value, repeated, unknown) is an error, but it stays
//     defined: a permission that uses it, directly or through a composite
//     usage, is read as a prohibition of every usage the line stands for.
//     The same holds for the definitions in a page's META tags.
//   - Several ACAP-usage-purpose lines in a row make one sub-record; an
//     empty one among them adds no purpose, and the sub-record applies for
//     the others.
//   - A referenced file (ACAP-permissions-reference) sees the local usages
//     and resource sets of the file that refers to it (ParseReferenced);
//     where it defines the same name itself, its own definition counts.
//     Parse alone does not know a file's referrer and reports borrowed
//     names as undefined; the workbench checks the files robots.txt refers
//     to with ParseReferenced.
//   - ACAP-usage-purpose with an empty value is an error; the lines after
//     it, up to the next purpose or record, form a sub-record that no
//     question reaches (they are not read as general lines).
//   - With the User-Agent option, the older kinds also use only the records
//     with the longest name found in the string.
package policy
