package policy

import "strconv"

// Diagnostic codes. They are stable: the app links them to help, and tests
// and exercises may refer to them.
const (
	// Errors: the line is skipped (or read as a prohibition).
	CodeUnknownACAPField      = "acap-unknown-field"       // ACAP-allow preserve:, ACAP-foo:
	CodeUnknownUsage          = "acap-unknown-usage"       // ACAP-allow-present-links:
	CodeMissingColonACAP      = "acap-missing-colon"       // ACAP-allow-crawl /x
	CodeUnknownQualifier      = "acap-unknown-qualifier"   // colour=red
	CodeBadQualifierValue     = "acap-qualifier-value"     // time-limit=until-2008-02-30
	CodeQualifierNotValid     = "acap-qualifier-not-valid" // max-length on index
	CodeQualifierRepeated     = "acap-qualifier-repeated"
	CodeQualifierOnProhibit   = "acap-qualifier-on-prohibition"
	CodeQualifierOnLocal      = "acap-qualifier-on-local-usage"
	CodeStrayToken            = "acap-stray-token" // /a /b
	CodeAnchorNotLast         = "acap-anchor-not-last"
	CodeEmptyValue            = "acap-empty-value"
	CodeUndefinedSet          = "acap-undefined-set"
	CodeUndefinedUsage        = "acap-undefined-local-usage"
	CodeBrokenQualifiedUsage  = "acap-broken-qualified-usage" // a permission uses a qualified usage whose qualifiers are wrong
	CodeDuplicateDefinition   = "acap-duplicate-definition"
	CodeDefinitionAfterRecord = "acap-definition-after-record"
	CodeLocalProhibition      = "acap-local-prohibition"
	CodeOutsideRecord         = "acap-outside-record"
	CodeReferenceNotAlone     = "acap-reference-not-alone"
	CodeReferenceChain        = "acap-reference-chain"
	CodeBadDefinition         = "acap-bad-definition"
	CodeRequestInSubRecord    = "acap-request-in-sub-record"
	CodeBadAction             = "acap-unknown-action"
	CodeNotUnderstood         = "line-not-understood" // a conventional line no crawler can read
	CodeBadValueACAP          = "acap-bad-value"      // a value that ACAP's grammar does not allow

	// Warnings: used as written, probably not what was meant.
	CodeMisspeltField        = "misspelt-field"    // Dissallow:, User agent:
	CodeMissingColon         = "missing-colon"     // Disallow /x (conventional)
	CodeVersionForm          = "acap-version-form" // ###ACAP, #ACAP, trailing text
	CodeVersionNotFirst      = "acap-version-not-first"
	CodeAnyWithNamed         = "acap-any-with-named"
	CodeCrawlerVersion       = "crawler-version-suffix"
	CodeCrawlerNameCut       = "crawler-name-cut" // User-agent: kangaroo bot is read as kangaroo
	CodeConventionalInRecord = "conventional-in-acap-record"
	CodePatternNoSlash       = "pattern-no-leading-slash"
	CodePatternSpace         = "pattern-has-space" // Disallow: /a b
	CodeBlankInGroup         = "blank-line-in-group"
	CodeFileTooLarge         = "file-over-500kib"
	CodeCrawlDrift           = "acap-conventional-drift"
	CodeRuleOutsideGroup     = "rule-outside-group"
	CodeBadValue             = "bad-value" // Crawl-delay: soon, Sitemap: /relative
	CodeEmptyRecord          = "acap-empty-record"
	CodeEmptySubRecord       = "acap-empty-sub-record"
	CodeSignalSyntax         = "usage-signal-syntax" // Content-Usage, Content-Signal, License
	CodeVersionMissing       = "acap-version-missing"
	CodeNULByte              = "nul-byte" // a NUL byte ends the line for Google

	// Information.
	CodeUnknownField         = "unknown-field"
	CodeNotReady             = "acap-not-ready"      // ACAP-request-*, must-include-resource
	CodePriorArrangement     = "acap-by-arrangement" // must-use-resource
	CodeRecordsBeforeConv    = "acap-records-before-conventional"
	CodeUnknownVersion       = "acap-unknown-version"
	CodeIgnorePosition       = "acap-ignore-position"
	CodeConventionalIgnored  = "acap-conventional-ignored"
	CodeEmptyDisallowAllowed = "empty-disallow"
	CodeNotRobotsTxt         = "not-robots-txt" // an HTML page or JSON body served as robots.txt
	CodeEdgeControl          = "vertical-tab-or-form-feed"
)

// Sections cited by diagnostics.
const (
	secP1Overview      = "ACAP Part 1 §2.1"
	secP1General       = "ACAP Part 1 §2.2"
	secP1Records       = "ACAP Part 1 §2.3"
	secP1Crawler       = "ACAP Part 1 §2.3.1"
	secP1Reference     = "ACAP Part 1 §2.3.2"
	secP1Purpose       = "ACAP Part 1 §2.3.3"
	secP1Permission    = "ACAP Part 1 §2.4.1"
	secP1LocalUsage    = "ACAP Part 1 §2.4.1.3"
	secP1Prohibition   = "ACAP Part 1 §2.4.2"
	secP1ResourceSpec  = "ACAP Part 1 §2.4.3"
	secP1Usages        = "ACAP Part 1 §2.5"
	secP1Qualifiers    = "ACAP Part 1 §2.5.3–2.5.5"
	secP1MustUse       = "ACAP Part 1 §2.5.3.2, §2.5.5.2.2"
	secP1MustInclude   = "ACAP Part 1 §2.5.5.2.5"
	secP1Requests      = "ACAP Part 1 §2.6"
	secP1Definitions   = "ACAP Part 1 §2.7"
	secP1Patterns      = "ACAP Part 1 §2.8"
	secP1Ignore        = "ACAP Part 1 §2.9.1"
	secP1Combination   = "ACAP Part 1 §2.9.2"
	secP1Version       = "ACAP Part 1 §2.9.3"
	secP1Syntax        = "ACAP Part 1 §3"
	secRFC9309         = "RFC 9309 §2.2"
	secRFC9309Groups   = "RFC 9309 §2.1"
	secRFC9309Limits   = "RFC 9309 §2.5"
	secDraft1996       = "1996 draft §3.3"
	secV2Proposal      = "REP 2.0.0 proposal"
	secSignals         = "IETF AI preferences / Content Signals / RSL"
	secGoogleLeniency  = "RFC 9309 §2.2 (as Google reads it)"
	secImplementations = "ACAP Part 1 §1.1"
)

func itoa(n int) string { return strconv.Itoa(n) }

// endOf returns the position just past a span.
func endOf(s Span) Pos {
	return Pos{Offset: s.End(), Line: s.Pos.Line, Col: s.Pos.Col + s.End() - s.Pos.Offset}
}

// report records a diagnostic about span s.
func (p *parser) report(s Span, sev Severity, code, section, msg string, fix *Fix) {
	p.f.diags = append(p.f.diags, Diagnostic{Pos: s.Pos, End: endOf(s), Severity: sev, Code: code, Message: msg, Section: section, Fix: fix})
}

// reportAt records a diagnostic about the bytes [start, end) of line n.
func (p *parser) reportAt(n, start, end int, sev Severity, code, section, msg string, fix *Fix) {
	pos := p.f.posAt(n, start)
	p.f.diags = append(p.f.diags, Diagnostic{Pos: pos, End: Pos{Offset: end, Line: n, Col: pos.Col + end - start}, Severity: sev, Code: code, Message: msg, Section: section, Fix: fix})
}

// skip records an error and marks the field skipped.
func (p *parser) skip(fd *Field, s Span, code, section, msg string) {
	p.skipFix(fd, s, code, section, msg, nil)
}

func (p *parser) skipFix(fd *Field, s Span, code, section, msg string, fix *Fix) {
	fd.Status = StatusSkipped
	p.report(s, SevError, code, section, msg, fix)
}

// prohibit records an error and marks the field to be read as a prohibition
// (unless it is already skipped).
func (p *parser) prohibit(fd *Field, s Span, code, section, msg string, fix *Fix) {
	if fd.Status == StatusOK {
		fd.Status = StatusProhibit
	}
	p.report(s, SevError, code, section, msg, fix)
}

// replace returns a fix that replaces span s with text.
func replace(title string, s Span, text string) *Fix {
	return &Fix{Title: title, Edits: []Edit{{Start: s.Pos.Offset, End: s.End(), New: text}}}
}
