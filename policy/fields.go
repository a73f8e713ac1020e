package policy

import "strings"

// FieldKind says what a field line is.
type FieldKind uint8

// The field kinds. The conventional ones come first, then the 2.0.0
// proposal's, today's usage signals, and the ACAP fields.
const (
	FieldUnknown FieldKind = iota // a name the tester does not know
	FieldUserAgent
	FieldAllow
	FieldDisallow
	FieldSitemap
	FieldCrawlDelay
	FieldHost
	FieldRobotVersion // 2.0.0 proposal
	FieldVisitTime    // 2.0.0 proposal
	FieldRequestRate  // 2.0.0 proposal
	FieldComment      // 2.0.0 proposal's Comment: field (not a # comment)
	FieldContentUsage // IETF AI preferences
	FieldContentSignal
	FieldLicense // RSL
	FieldACAPCrawler
	FieldACAPReference
	FieldACAPPurpose
	FieldACAPAllow
	FieldACAPDisallow
	FieldACAPRequest
	FieldACAPQualifiedUsage
	FieldACAPCompositeUsage
	FieldACAPResourceSet
	FieldACAPIgnoreConventional
	FieldACAPUnknown // starts with ACAP- but is not a field of the ABNF
	numFieldKinds
)

var fieldKindNames = [numFieldKinds]string{
	FieldUnknown:                "unknown",
	FieldUserAgent:              "User-agent",
	FieldAllow:                  "Allow",
	FieldDisallow:               "Disallow",
	FieldSitemap:                "Sitemap",
	FieldCrawlDelay:             "Crawl-delay",
	FieldHost:                   "Host",
	FieldRobotVersion:           "Robot-version",
	FieldVisitTime:              "Visit-time",
	FieldRequestRate:            "Request-rate",
	FieldComment:                "Comment",
	FieldContentUsage:           "Content-Usage",
	FieldContentSignal:          "Content-Signal",
	FieldLicense:                "License",
	FieldACAPCrawler:            "ACAP-crawler",
	FieldACAPReference:          "ACAP-permissions-reference",
	FieldACAPPurpose:            "ACAP-usage-purpose",
	FieldACAPAllow:              "ACAP-allow",
	FieldACAPDisallow:           "ACAP-disallow",
	FieldACAPRequest:            "ACAP-request",
	FieldACAPQualifiedUsage:     "ACAP-qualified-usage",
	FieldACAPCompositeUsage:     "ACAP-composite-usage",
	FieldACAPResourceSet:        "ACAP-resource-set",
	FieldACAPIgnoreConventional: "ACAP-ignore-conventional-records",
	FieldACAPUnknown:            "ACAP-?",
}

// String returns the field's canonical name (for ACAP permissions and
// prohibitions, without the usage).
func (k FieldKind) String() string {
	if k < numFieldKinds {
		return fieldKindNames[k]
	}
	return "field?"
}

// IsGoogle reports whether k is one of the four fields Google's parser
// reads: User-agent, Allow, Disallow, Sitemap.
func (k FieldKind) IsGoogle() bool {
	return k == FieldUserAgent || k == FieldAllow || k == FieldDisallow || k == FieldSitemap
}

// IsACAP reports whether the field belongs to the ACAP extensions.
func (k FieldKind) IsACAP() bool { return k >= FieldACAPCrawler }

// IsConventionalRule reports whether k is Allow or Disallow.
func (k FieldKind) IsConventionalRule() bool { return k == FieldAllow || k == FieldDisallow }

// IsACAPRule reports whether k is an ACAP permission or prohibition.
func (k FieldKind) IsACAPRule() bool { return k == FieldACAPAllow || k == FieldACAPDisallow }

// IsDefinition reports whether k is an ACAP definition field.
func (k FieldKind) IsDefinition() bool {
	return k == FieldACAPQualifiedUsage || k == FieldACAPCompositeUsage || k == FieldACAPResourceSet
}

// valueClass says how the scanner splits a field's value into tokens.
type valueClass uint8

const (
	valPlain     valueClass = iota // one value token
	valConvPath                    // conventional Allow/Disallow: the whole value is a pattern
	valRule                        // ACAP permission: pattern or set reference, then qualifiers
	valPurpose                     // a purpose pattern
	valSet                         // set name, then patterns
	valQualified                   // name, usage, qualifiers
	valComposite                   // name, usages and (local usages)
	valKeyValues                   // Content-Usage / Content-Signal: key=value lists
	valNone                        // no value at all
)

// fieldInfo is what the name of a field tells.
type fieldInfo struct {
	kind  FieldKind
	class valueClass
	usage Usage  // for ACAP-allow-/ACAP-disallow-: the usage (UsageNone for a local usage or an unknown one)
	rest  string // for ACAP-allow-/disallow-/request-: what follows the prefix, as written
	near  bool   // the name is a misspelling that crawlers accept (Dissallow, User agent)
}

// lookupField classifies a field name as written (without its colon).
func lookupField(name string) fieldInfo {
	var buf [48]byte
	if len(name) > len(buf) {
		if hasPrefixFold(name, "acap-") {
			return acapField(name)
		}
		if sp := googleSpelling(name); sp.kind != FieldUnknown {
			return fieldInfo{kind: sp.kind, class: sp.class, near: true}
		}
		return fieldInfo{kind: FieldUnknown}
	}
	lower := buf[:len(name)]
	for i := 0; i < len(name); i++ {
		c := name[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[i] = c
	}
	switch string(lower) {
	case "user-agent":
		return fieldInfo{kind: FieldUserAgent}
	case "allow":
		return fieldInfo{kind: FieldAllow, class: valConvPath}
	case "disallow":
		return fieldInfo{kind: FieldDisallow, class: valConvPath}
	case "sitemap":
		return fieldInfo{kind: FieldSitemap}
	case "crawl-delay":
		return fieldInfo{kind: FieldCrawlDelay}
	case "host":
		return fieldInfo{kind: FieldHost}
	case "robot-version":
		return fieldInfo{kind: FieldRobotVersion}
	case "visit-time":
		return fieldInfo{kind: FieldVisitTime}
	case "request-rate":
		return fieldInfo{kind: FieldRequestRate}
	case "comment":
		return fieldInfo{kind: FieldComment}
	case "content-usage":
		return fieldInfo{kind: FieldContentUsage, class: valKeyValues}
	case "content-signal":
		return fieldInfo{kind: FieldContentSignal, class: valKeyValues}
	case "license":
		return fieldInfo{kind: FieldLicense}
	case "acap-crawler":
		return fieldInfo{kind: FieldACAPCrawler}
	case "acap-permissions-reference":
		return fieldInfo{kind: FieldACAPReference}
	case "acap-usage-purpose":
		return fieldInfo{kind: FieldACAPPurpose, class: valPurpose}
	case "acap-qualified-usage":
		return fieldInfo{kind: FieldACAPQualifiedUsage, class: valQualified}
	case "acap-composite-usage":
		return fieldInfo{kind: FieldACAPCompositeUsage, class: valComposite}
	case "acap-resource-set":
		return fieldInfo{kind: FieldACAPResourceSet, class: valSet}
	case "acap-ignore-conventional-records":
		return fieldInfo{kind: FieldACAPIgnoreConventional, class: valNone}
	}
	if hasPrefixFold(name, "acap-") {
		return acapField(name)
	}
	// Google's parser reads any name that starts with one of its spellings
	// as that field: read with a warning.
	if sp := googleSpelling(name); sp.kind != FieldUnknown {
		return fieldInfo{kind: sp.kind, class: sp.class, near: true}
	}
	return fieldInfo{kind: FieldUnknown}
}

// spelling is a field name as Google's parser recognises it.
type spelling struct {
	prefix string
	kind   FieldKind
	class  valueClass
}

// googleSpellings are the spellings Google's parser (robots.cc) accepts for
// its four fields, in the order it tries them: a field name that starts
// with one of them, in any case, is read as the field.
var googleSpellings = [...]spelling{
	{"user-agent", FieldUserAgent, valPlain},
	{"useragent", FieldUserAgent, valPlain},
	{"user agent", FieldUserAgent, valPlain},
	{"allow", FieldAllow, valConvPath},
	{"disallow", FieldDisallow, valConvPath},
	{"dissallow", FieldDisallow, valConvPath},
	{"dissalow", FieldDisallow, valConvPath},
	{"disalow", FieldDisallow, valConvPath},
	{"diasllow", FieldDisallow, valConvPath},
	{"disallaw", FieldDisallow, valConvPath},
	{"sitemap", FieldSitemap, valPlain},
	{"site-map", FieldSitemap, valPlain},
}

// googleSpelling returns the spelling Google's parser reads name by (its
// kind is FieldUnknown when there is none).
func googleSpelling(name string) (sp spelling) {
	for _, g := range googleSpellings {
		if hasPrefixFold(name, g.prefix) {
			return g
		}
	}
	return sp
}

// complete reports whether the name is a whole, known field name, so that
// what follows it on the line must be its value.
func (fi fieldInfo) complete() bool {
	switch fi.kind {
	case FieldUnknown, FieldACAPUnknown:
		return false
	case FieldACAPAllow, FieldACAPDisallow:
		return fi.usage != UsageNone || strings.HasPrefix(fi.rest, "(")
	}
	return true
}

// acapField classifies a name that starts with "ACAP-" and is not one of the
// fixed ACAP names.
func acapField(name string) fieldInfo {
	switch {
	case hasPrefixFold(name, "acap-allow-"):
		rest := name[len("acap-allow-"):]
		u, _ := ParseUsage(rest)
		return fieldInfo{kind: FieldACAPAllow, class: valRule, usage: u, rest: rest}
	case hasPrefixFold(name, "acap-disallow-"):
		rest := name[len("acap-disallow-"):]
		u, _ := ParseUsage(rest)
		return fieldInfo{kind: FieldACAPDisallow, class: valRule, usage: u, rest: rest}
	case hasPrefixFold(name, "acap-request-"):
		return fieldInfo{kind: FieldACAPRequest, class: valRule, rest: name[len("acap-request-"):]}
	}
	// An unknown ACAP field; if it is a permission with a space instead of a
	// hyphen, scan its value as a permission so it colours sensibly.
	class := valPlain
	if hasPrefixFold(name, "acap-allow") || hasPrefixFold(name, "acap-disallow") {
		class = valRule
	}
	return fieldInfo{kind: FieldACAPUnknown, class: class}
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && equalFoldASCII(s[:len(prefix)], prefix)
}

// knownFieldNames are the canonical names offered as corrections for
// unknown fields.
var knownFieldNames = [...]string{
	"User-agent", "Allow", "Disallow", "Sitemap", "Crawl-delay", "Host",
	"Robot-version", "Visit-time", "Request-rate", "Comment",
	"Content-Usage", "Content-Signal", "License",
	"ACAP-crawler", "ACAP-permissions-reference", "ACAP-usage-purpose",
	"ACAP-qualified-usage", "ACAP-composite-usage", "ACAP-resource-set",
	"ACAP-ignore-conventional-records",
}
