package policy

// The registry of diagnostics: every code Check, CheckAll and ParsePage
// report, and the sections of the source documents they cite. Codes are
// stable: the app links them to help, and tests and exercises refer to
// them.

// Diagnostic codes of the robots.txt reader and checker.
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

// Diagnostic codes of today's lines read together: contradictions across
// vocabularies, preferences no crawler reads, and crawlers that do not
// obey robots.txt.
const (
	// Warnings.
	CodeSignalContradiction = "usage-signal-contradiction"  // Content-Usage and Content-Signal disagree in one group
	CodeTokenContradiction  = "purpose-token-contradiction" // a preference for Google's or Apple's crawlers against Google-Extended / Applebot-Extended
	CodeACAPTodayDrift      = "acap-today-drift"            // an ACAP record and today's lines disagree for one crawler

	// Information.
	CodeSignalNeverRead     = "usage-signal-never-read"    // a preference in a group whose crawlers may crawl nothing
	CodeCrawlerIgnoresRobot = "crawler-ignores-robots-txt" // a group names a crawler the directory reports as not obeying robots.txt
)

const secToday = "IETF AI preferences / Content Signals / per-purpose tokens"

// Diagnostic codes of the robots META tag reader (ACAP Part 2).
const (
	// Errors: the value (or item) is skipped, or read as a prohibition.
	CodeMetaBadItem             = "meta-bad-item"            // ACAP content word that is not a permission or prohibition
	CodeMetaACAPEmpty           = "meta-acap-empty"          // content="ACAP" and nothing else
	CodeMetaUnknownUsage        = "meta-unknown-usage"       // ACAP allow-present-links
	CodeMetaUnknownQualifier    = "meta-unknown-qualifier"   // colour=red
	CodeMetaQualifierValue      = "meta-qualifier-value"     // time-limit=until-2008-02-30
	CodeMetaQualifierNotValid   = "meta-qualifier-not-valid" // max-length on index
	CodeMetaQualifierRepeated   = "meta-qualifier-repeated"  // the same qualifier twice
	CodeMetaQualifierOnProhibit = "meta-qualifier-on-prohibition"
	CodeMetaQualifierOnLocal    = "meta-qualifier-on-local-usage"
	CodeMetaFragmentOnProhibit  = "meta-fragment-on-prohibition" // ACAP disallow-index id-list=x
	CodeMetaBadFragmentID       = "meta-bad-fragment-id"         // id-list= 1abc
	CodeMetaUndefinedUsage      = "meta-undefined-local-usage"   // allow-(nosuch)
	CodeMetaLocalProhibition    = "meta-local-prohibition"       // disallow-(mine)
	CodeMetaBadDefinition       = "meta-bad-definition"          // ACAP-qualified-usage without qualifiers
	CodeMetaDuplicateDefinition = "meta-duplicate-definition"
	CodeMetaBadClass            = "meta-bad-class" // class="acap:allow-nosuch"

	// Warnings: used as written, probably not what was meant.
	CodeMetaCrawl           = "meta-crawl"             // a page cannot permit or forbid crawl
	CodeMetaOutsideHead     = "meta-outside-head"      // robots META tag inside <body>: ignored
	CodeMetaMisspeltValue   = "meta-misspelt-value"    // noindx
	CodeMetaEmptyContent    = "meta-empty-content"     // content="" or no content attribute
	CodeMetaConflict        = "meta-conflict"          // noindex with ACAP allow-index: prohibited
	CodeMetaLocalParens     = "meta-local-parentheses" // allow-mine for allow-(mine)
	CodeMetaFragmentMissing = "meta-fragment-not-found"
	CodeMetaTruncated       = "meta-truncated" // the HTML ends inside a tag

	// Information.
	CodeMetaUnknownValue  = "meta-unknown-value" // noarchive, max-snippet:50
	CodeMetaNotReady      = "meta-not-ready"     // must-use-resource, must-include-resource
	CodeMetaDefValueAttr  = "meta-definition-value-attribute"
	CodeMetaDefNoACAP     = "meta-definition-no-acap-prefix"
	CodeMetaClassInactive = "meta-class-outside-body"
)

// Sections of the Part 2 strawman cited by the diagnostics.
const (
	metaSecConventional = "ACAP Part 2 §1"
	metaSecHead         = "ACAP Part 2 §1"
	metaSecSyntax       = "ACAP Part 2 §1.3"
	metaSecPermission   = "ACAP Part 2 §1.3.1"
	metaSecProhibition  = "ACAP Part 2 §1.3.2"
	metaSecConflicts    = "ACAP Part 2 §1.3.3"
	metaSecDefinitions  = "ACAP Part 2 §1.3.4"
	metaSecFormal       = "ACAP Part 2 §1.3.5"
	metaSecClass        = "ACAP Part 2 §2.2"
)
