// Package policy reads robots.txt files as crawlers of several generations
// read them, ACAP 1.0/1.1 and today's AI preferences included, checks them,
// and answers whether a crawler may use a URL, with the lines that decided.
//
// # Reading and checking
//
// [Parse] reads a file into a [File]: its lines, fields, conventional
// [Group] values and ACAP [Record] values. It fails only for input over
// [MaxFileSize]; everything else is recorded and reported by [Check] as
// [Diagnostic] values, each with a stable code, the section of the source
// it rests on and, where the meaning is kept, a [Fix]. [CheckAll] checks a
// file with the files it refers to (read with [ParseReferenced]).
//
//	f, err := policy.Parse("/robots.txt", src)
//	for _, d := range policy.Check(f) {
//		fmt.Println(d) // 3:1: error: ... [acap-unknown-field]
//	}
//
// # Deciding
//
// [NewPolicy] prepares a file for questions; [Policy.Decide] answers one
// [Question] (crawler, URL, usage, purpose, date, [Kind] of crawler) with
// an [Answer]: allowed or not, the restrictions, the deciding line and a
// [Trace] that explains it. [Policy.Matrix] answers many URLs and uses at
// once, [Policy.Batch] many crawlers without traces. A page's robots META
// tags, read with [ParsePage], join the decisions for its URL through
// [Policy.AddPage]. A policy compiles the file's patterns the first time a
// kind needs them, all at once; [Policy.Prepare] does the same a few
// patterns a call, for a caller that must keep a page drawing, and
// [Policy.DecideYielding] answers as Decide does while calling back every
// 64 rules it tries, so that such a caller can pause a long decision.
//
//	pol := policy.NewPolicy(f)
//	a := pol.Decide(policy.Question{Crawler: "GPTBot", URL: "/news/x", Kind: policy.KindRFC9309})
//	fmt.Println(a.Allowed, a.Line)
//
// The kinds are the ACAP reading ([KindACAP], the zero value), RFC 9309 as
// Google's parser reads it ([KindRFC9309]), the 1996 draft, the 1994
// convention, the 2.0.0 proposal, and [KindToday], a 2026 AI crawler. The
// ACAP kind answers a [Usage]; the today kind answers crawl and today's
// categories ([Category]: search, train-ai, ai-input, asked with
// Question.Category) with a [Preference]. [UsesOf] lists what a kind
// answers.
//
// # Converting
//
// [Convert] adds to a conventional file the ACAP records that say the same
// for crawl, and [CompareReadings] proves, over every path, whether two
// readings decide alike, giving the shortest paths where they do not.
// [CompareVersions] proves what changes when one version of a file
// replaces another, for every crawler, kind and use, with a witness path,
// both answers and both deciding lines for each change ([VersionReport]).
// [CompareKept] proves, for given crawlers, that a new version decides crawl
// as the old one did except under the paths it is to refuse (the check of a
// file written from an intent, package intent).
//
// # Editors
//
// [Scan] splits text into tokens that concatenate back to it, for
// highlighting; [Print] writes a File back unchanged and [Tidy] with
// normalised layout.
//
// # Errors and diagnostics
//
// Problems in a file are diagnostics, never errors. The few error values
// ([SizeError], [ConvertedSizeError], [ErrPageTooLarge]) are sentences an
// application can show as they are. Diagnostic codes are listed together
// (the Code constants) and never change.
//
// The reading of the source documents that the code implements, with the
// choices made where they are silent, is written out in READING.md beside
// this package; comments cite its sections as "READING.md §N".
package policy
