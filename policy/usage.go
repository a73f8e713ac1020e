package policy

import "strings"

// Usage is an ACAP usage type (ACAP Part 1 §2.5): the five basic usages, the
// general usage other, and the eight kinds of presentation derived from
// present.
type Usage uint8

// The usages. UsageNone is the zero value and names no usage.
const (
	UsageNone Usage = iota
	UsageCrawl
	UsageFollow
	UsageIndex
	UsagePreserve
	UsagePresent
	UsagePresentOriginal
	UsagePresentCurrentCopy
	UsagePresentOldCopy
	UsagePresentSnippet
	UsagePresentThumbnail
	UsagePresentOldSnippet
	UsagePresentOldThumbnail
	UsagePresentLink
	UsageOther
	numUsages
)

var usageNames = [numUsages]string{
	UsageNone:                "",
	UsageCrawl:               "crawl",
	UsageFollow:              "follow",
	UsageIndex:               "index",
	UsagePreserve:            "preserve",
	UsagePresent:             "present",
	UsagePresentOriginal:     "present-original",
	UsagePresentCurrentCopy:  "present-currentcopy",
	UsagePresentOldCopy:      "present-oldcopy",
	UsagePresentSnippet:      "present-snippet",
	UsagePresentThumbnail:    "present-thumbnail",
	UsagePresentOldSnippet:   "present-oldsnippet",
	UsagePresentOldThumbnail: "present-oldthumbnail",
	UsagePresentLink:         "present-link",
	UsageOther:               "other",
}

// Usages lists every usage in a stable order: the basic usages, each kind of
// presentation, then other.
func Usages() []Usage {
	us := make([]Usage, 0, numUsages-1)
	for u := UsageCrawl; u < numUsages; u++ {
		us = append(us, u)
	}
	return us
}

// String returns the usage's name as written in a field, such as
// "present-snippet".
func (u Usage) String() string {
	if u < numUsages {
		return usageNames[u]
	}
	return "usage?"
}

// IsPresentation reports whether u is present or one of the usages derived
// from it.
func (u Usage) IsPresentation() bool {
	return u >= UsagePresent && u <= UsagePresentLink
}

// ParseUsage returns the usage named s (case-insensitive).
func ParseUsage(s string) (Usage, bool) {
	for u := UsageCrawl; u < numUsages; u++ {
		if equalFoldASCII(s, usageNames[u]) {
			return u, true
		}
	}
	return UsageNone, false
}

// usageMisspellings maps names people write for a usage to the usage they
// meant; the checker offers the correction.
var usageMisspellings = map[string]Usage{
	"present-links":        UsagePresentLink,
	"present-snippets":     UsagePresentSnippet,
	"present-thumbnails":   UsagePresentThumbnail,
	"present-oldsnippets":  UsagePresentOldSnippet,
	"present-oldthumbnail": UsagePresentOldThumbnail,
	"present-current-copy": UsagePresentCurrentCopy,
	"present-old-copy":     UsagePresentOldCopy,
	"present-old-snippet":  UsagePresentOldSnippet,
	"crawling":             UsageCrawl,
	"indexing":             UsageIndex,
	"presents":             UsagePresent,
}

// QualifierType is one of the qualifier types of ACAP Part 1 §2.5.
type QualifierType uint8

// The qualifier types.
const (
	QualUnknown QualifierType = iota
	QualTimeLimit
	QualMustUseResource
	QualMaxLength
	QualProhibitedModification
	QualMustIncludeResource
	QualProhibitedContext
	QualRequiredContext
	numQualTypes
)

var qualNames = [numQualTypes]string{
	QualUnknown:                "",
	QualTimeLimit:              "time-limit",
	QualMustUseResource:        "must-use-resource",
	QualMaxLength:              "max-length",
	QualProhibitedModification: "prohibited-modification",
	QualMustIncludeResource:    "must-include-resource",
	QualProhibitedContext:      "prohibited-context",
	QualRequiredContext:        "required-context",
}

// String returns the qualifier type's name, such as "time-limit".
func (q QualifierType) String() string {
	if q < numQualTypes {
		return qualNames[q]
	}
	return "qualifier?"
}

func lookupQualType(s string) QualifierType {
	for q := QualTimeLimit; q < numQualTypes; q++ {
		if equalFoldASCII(s, qualNames[q]) {
			return q
		}
	}
	return QualUnknown
}

// QualifierValidFor reports whether a qualifier of type q may restrict a
// permission for usage u (ACAP Part 1 §2.5.3–2.5.5).
func QualifierValidFor(q QualifierType, u Usage) bool {
	switch q {
	case QualTimeLimit:
		return u == UsageIndex || u == UsagePreserve || u.IsPresentation()
	case QualMustUseResource:
		return u == UsageIndex || u.IsPresentation()
	case QualMaxLength:
		return u == UsagePresentSnippet || u == UsagePresentOldSnippet
	case QualProhibitedModification:
		return u == UsagePresent || u == UsagePresentOriginal || u == UsagePresentCurrentCopy || u == UsagePresentOldCopy
	case QualMustIncludeResource:
		return u.IsPresentation()
	case QualProhibitedContext, QualRequiredContext:
		return u == UsagePresentOriginal || u == UsagePresentCurrentCopy || u == UsagePresentOldCopy
	}
	return false
}

// qualNotReady reports whether the spec marks the qualifier as not ready
// for implementation or to be interpreted only by prior arrangement.
func qualNotReady(q QualifierType) bool {
	return q == QualMustUseResource || q == QualMustIncludeResource
}

// Qualifier is one type=value restriction on a permission, as written.
type Qualifier struct {
	Type  QualifierType
	Name  string // the type as written
	Value string // the value as written
	Pos   Pos    // where the qualifier starts
	End   int    // offset just past the value
}

// String returns "type=value" with the canonical type name.
func (q Qualifier) String() string {
	name := q.Type.String()
	if q.Type == QualUnknown {
		name = q.Name
	}
	return name + "=" + q.Value
}

// checkQualValue validates a qualifier value. It returns a message for the
// publisher when the value is wrong, and a corrected value when one is
// obvious.
func checkQualValue(q QualifierType, v string) (msg, fix string) {
	lv := lowerASCII(v)
	switch q {
	case QualTimeLimit:
		switch {
		case lv == "until-recrawled":
			return "", ""
		case lv == "until-recrawl" || lv == "until-re-crawled" || lv == "until-recrawed":
			return "time-limit value \"" + v + "\" is not defined; the value is until-recrawled", "until-recrawled"
		case strings.HasPrefix(lv, "until-"):
			d := lv[len("until-"):]
			if _, ok := parseDate(d); ok {
				return "", ""
			}
			return "time-limit date \"" + d + "\" is not a real date written YYYY-MM-DD", ""
		case strings.HasSuffix(lv, "-days"):
			if isDigits(lv[:len(lv)-len("-days")]) {
				return "", ""
			}
			return "time-limit \"" + v + "\" needs a whole number of days, such as 30-days", ""
		case strings.HasSuffix(lv, "-day") && isDigits(lv[:len(lv)-len("-day")]):
			return "time-limit \"" + v + "\" must end in -days", lv[:len(lv)-len("-day")] + "-days"
		}
		return "time-limit value \"" + v + "\" is not until-recrawled, until-YYYY-MM-DD or N-days", ""
	case QualMaxLength:
		for _, unit := range [...]string{"-chars", "-words"} {
			if strings.HasSuffix(lv, unit) {
				if isDigits(lv[:len(lv)-len(unit)]) {
					return "", ""
				}
				return "max-length \"" + v + "\" needs a whole number, such as 250" + unit, ""
			}
		}
		for _, unit := range [...]string{"-characters", "-char", "-word"} {
			if strings.HasSuffix(lv, unit) && isDigits(lv[:len(lv)-len(unit)]) {
				good := "-chars"
				if strings.Contains(unit, "word") {
					good = "-words"
				}
				return "max-length unit must be -chars or -words", lv[:len(lv)-len(unit)] + good
			}
		}
		return "max-length value \"" + v + "\" is not N-chars or N-words", ""
	case QualProhibitedModification:
		switch lv {
		case "any", "format", "style", "translation", "annotation":
			return "", ""
		}
		return "prohibited-modification value \"" + v + "\" is not any, format, style, translation or annotation", ""
	case QualProhibitedContext:
		if lv == "within-user-frame" {
			return "", ""
		}
		return "prohibited-context value must be within-user-frame", "within-user-frame"
	case QualRequiredContext:
		if lv == "within-original-frame" {
			return "", ""
		}
		return "required-context value must be within-original-frame", "within-original-frame"
	case QualMustUseResource, QualMustIncludeResource:
		if v == "" {
			return q.String() + " needs a URI", ""
		}
		return "", ""
	}
	return "", ""
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Date is a calendar day, as written YYYY-MM-DD in time limits.
type Date struct {
	Year, Month, Day int
}

// IsZero reports whether d is the zero Date ("no date").
func (d Date) IsZero() bool { return d == Date{} }

// Before reports whether d is strictly before e.
func (d Date) Before(e Date) bool {
	if d.Year != e.Year {
		return d.Year < e.Year
	}
	if d.Month != e.Month {
		return d.Month < e.Month
	}
	return d.Day < e.Day
}

// String formats d as YYYY-MM-DD.
func (d Date) String() string {
	b := []byte("0000-00-00")
	put := func(at, n, width int) {
		for i := width - 1; i >= 0; i-- {
			b[at+i] = byte('0' + n%10)
			n /= 10
		}
	}
	put(0, d.Year, 4)
	put(5, d.Month, 2)
	put(8, d.Day, 2)
	return string(b)
}

// ParseDate reads a date written YYYY-MM-DD and checks that the day exists.
func ParseDate(s string) (Date, bool) { return parseDate(s) }

func parseDate(s string) (Date, bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' || !isDigits(s[:4]) || !isDigits(s[5:7]) || !isDigits(s[8:]) {
		return Date{}, false
	}
	num := func(t string) int {
		n := 0
		for i := 0; i < len(t); i++ {
			n = n*10 + int(t[i]-'0')
		}
		return n
	}
	d := Date{num(s[:4]), num(s[5:7]), num(s[8:])}
	if d.Month < 1 || d.Month > 12 || d.Day < 1 || d.Day > daysIn(d.Year, d.Month) {
		return Date{}, false
	}
	return d, true
}

func daysIn(year, month int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}
