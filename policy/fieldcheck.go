package policy

import "strings"

// checkField reports the problems a field has on its own line, and sets its
// status. Problems that depend on other lines (records, definitions) are
// found by structure and resolve.
func (p *parser) checkField(fd *Field) {
	p.l = p.f.Line(fd.Line) // the line p.span and p.spanOf read positions from
	switch {
	case fd.Kind == FieldUnknown:
		p.unknownField(fd)
		return
	case fd.Kind == FieldACAPUnknown:
		p.unknownACAPField(fd)
		return
	case fd.Near:
		p.misspelt(fd)
	}
	if !fd.Colon && fd.Kind != FieldACAPIgnoreConventional {
		p.missingColon(fd)
		if fd.Status == StatusSkipped {
			return
		}
	}
	switch fd.Kind {
	case FieldACAPAllow, FieldACAPDisallow:
		p.checkRule(fd)
	case FieldACAPRequest:
		p.checkRequest(fd)
	case FieldACAPCrawler:
		p.checkCrawlerName(fd, true)
	case FieldUserAgent:
		p.checkCrawlerName(fd, false)
	case FieldACAPPurpose, FieldACAPReference:
		if fd.Value.Text == "" {
			p.skip(fd, fd.Name, finding{code: CodeEmptyValue, section: secP1Syntax, msg: fd.Kind.String() + " needs a value"})
		}
	case FieldACAPQualifiedUsage, FieldACAPCompositeUsage, FieldACAPResourceSet:
		p.checkDefinitionSyntax(fd)
	case FieldACAPIgnoreConventional:
		if fd.Colon || fd.Value.Text != "" {
			p.skip(fd, fd.Name, finding{code: CodeBadValueACAP, section: secP1Ignore, msg: "ACAP-ignore-conventional-records is written alone, with no colon and no value; as written, ACAP crawlers do not recognise it", fix: &Fix{Title: "Write ACAP-ignore-conventional-records alone", Edits: []Edit{{Start: fd.Name.Pos.Offset, End: lineContentEnd(p.f, fd), New: "ACAP-ignore-conventional-records"}}}})
		}
	case FieldAllow, FieldDisallow:
		if fd.Near && strings.ContainsAny(fd.Name.Text, " \t") {
			break // "Disallow /a:b": the warning about the colon says it all
		}
		if v := fd.Value.Text; hasBlank(v) {
			// The tester (like crawlers that decode escapes) compares a raw
			// space as %20, so writing %20 keeps what the line means for
			// every kind; cutting the path would widen the rule.
			enc := strings.NewReplacer(" ", "%20", "\t", "%09").Replace(v)
			p.report(fd.Value, finding{sev: SevWarning, code: CodePatternSpace, section: secRFC9309, msg: "the path has a space in it: \"" + v + "\" is one path. The tester reads the space as %20, as crawlers that decode escapes do, but Google's parser compares it as written and URLs carry a space as %20, so for Google the line matches nothing. Write the space as %20 if it is part of the path; if you meant several paths, write one per line.", fix: replace("Write "+enc, fd.Value, enc)})
		}
		if v := fd.Value.Text; v != "" && v[0] != '/' && v[0] != '*' {
			// No fix: writing the slash would change what the line means
			// (READING.md §8); the message says what to write.
			msg := "paths start with '/': \"" + v + "\" is read as written, as Google's parser reads it, so it matches no URL (a few crawlers put a '/' before it). "
			switch {
			case hasPrefixFold(v, "http://") || hasPrefixFold(v, "https://"):
				msg += "A rule holds a path on this host, not a URL: to keep crawlers away from another host, put a robots.txt on that host."
			case v[0] == '?':
				msg += "To match this query on every path, write \"/*" + v + "\"."
			default:
				msg += "Write \"/" + v + "\" if that is the path you meant."
			}
			p.report(fd.Value, finding{sev: SevWarning, code: CodePatternNoSlash, section: secRFC9309, msg: msg})
		}
	case FieldCrawlDelay:
		if !isDecimal(fd.Value.Text) {
			p.report(fd.Value, finding{sev: SevWarning, code: CodeBadValue, section: secRFC9309, msg: "Crawl-delay takes a number of seconds, such as 10"})
		}
	case FieldSitemap:
		if !isAbsURL(fd.Value.Text) && !(fd.Near && hasBlank(fd.Name.Text)) {
			p.report(fd.Value, finding{sev: SevWarning, code: CodeBadValue, section: "RFC 9309 §2.3.5", msg: "Sitemap takes a full URL, such as https://www.example.com/sitemap.xml"})
		}
	case FieldRobotVersion:
		if !isVersion(fd.Value.Text) {
			p.report(fd.Value, finding{sev: SevWarning, code: CodeBadValue, section: secV2Proposal, msg: "Robot-version takes a version number such as 2.0.0"})
		}
	case FieldVisitTime:
		if !isTimeRange(fd.Value.Text) {
			p.report(fd.Value, finding{sev: SevWarning, code: CodeBadValue, section: secV2Proposal, msg: "Visit-time takes a range of UTC times written HHMM-HHMM, such as 0100-0645"})
		}
	case FieldRequestRate:
		if !isRequestRate(fd.Value.Text) {
			p.report(fd.Value, finding{sev: SevWarning, code: CodeBadValue, section: secV2Proposal, msg: "Request-rate takes documents per time, such as 1/10m or 100/24h, optionally followed by a time range 1300-1659"})
		}
	case FieldContentSignal, FieldContentUsage, FieldLicense:
		p.checkSignal(fd)
	case FieldHost:
		p.report(fd.Name, finding{sev: SevInfo, code: CodeUnknownField, section: secRFC9309, msg: "Host is Yandex's: Yandex's crawler read it as the site's preferred host name; Google and the other crawlers ignore the line"})
	}
}

// hasBlank reports whether s holds a space or a tab.
func hasBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' || s[i] == '\t' {
			return true
		}
	}
	return false
}

// lineContentEnd returns the offset where the field's line content ends
// (before the comment and trailing spaces).
func lineContentEnd(f *File, fd *Field) int {
	if fd.Value.Text != "" {
		return fd.Value.End()
	}
	return fd.Value.Pos.Offset
}

// misspelt reports a conventional field name that Google's parser reads as
// one of its four fields because it starts with one of its spellings.
func (p *parser) misspelt(fd *Field) {
	canon := fd.Kind.String()
	sp := googleSpelling(fd.Name.Text)
	name := fd.Name.Text
	if i := strings.IndexAny(name, " \t"); i >= 0 && !strings.HasPrefix(strings.ToLower(name), "user agent") {
		// "Disallow /a:b": no colon after the name, but one later.
		p.report(fd.Name, finding{sev: SevWarning, code: CodeMissingColon, section: secGoogleLeniency, msg: "there is no colon after " + name[:i] + ", but there is one later in the line: Google's parser takes everything before the first colon as the name (\"" + name +
			"\", which starts with \"" + sp.prefix + "\") and reads the line as " + canon + ": " + fd.Value.Text + "; other crawlers ignore it. Write the colon right after " + name[:i] + " if that is what you meant."})
		return
	}
	p.report(fd.Name, finding{sev: SevWarning, code: CodeMisspeltField, section: secGoogleLeniency, msg: "\"" + name + "\" is not a field name: Google's parser reads any name that starts with \"" + sp.prefix + "\" as " + canon + ", so it reads this line; other crawlers ignore it", fix: replace("Write "+canon, fd.Name, canon)})
}

func (p *parser) missingColon(fd *Field) {
	at := fd.Name.End()
	fix := &Fix{Title: "Add the colon", Edits: []Edit{{Start: at, End: at, New: ":"}}}
	if fd.Kind.IsACAP() {
		p.skip(fd, fd.Name, finding{code: CodeMissingColonACAP, section: secP1Syntax, msg: fd.Name.Text + " has no colon after it, so ACAP crawlers do not understand the line and skip it", fix: fix})
		return
	}
	if fd.Value.Text == "" {
		p.skip(fd, fd.Name, finding{code: CodeNotUnderstood, section: secGoogleLeniency, msg: fd.Name.Text + " stands alone, with no colon and no value: no crawler reads it (Google's parser needs a colon, or a space between a name and a value), so the line is ignored"})
		return
	}
	if hasBlank(fd.Value.Text) {
		p.skip(fd, fd.Name, finding{code: CodeNotUnderstood, section: secGoogleLeniency, msg: fd.Name.Text + " has no colon, and its value has spaces: no crawler can tell the name from the value, so the line is ignored", fix: fix})
		return
	}
	p.report(fd.Name, finding{sev: SevWarning, code: CodeMissingColon, section: secGoogleLeniency, msg: fd.Name.Text + " has no colon: Google reads the line anyway, other crawlers ignore it", fix: fix})
}

func (p *parser) unknownField(fd *Field) {
	if r, ok := readers[strings.ToLower(fd.Name.Text)]; ok {
		p.report(fd.Name, finding{sev: SevInfo, code: CodeUnknownField, section: secRFC9309, msg: r})
		return
	}
	msg := "unknown field \"" + fd.Name.Text + "\": crawlers ignore this line"
	var fix *Fix
	best := closest(fd.Name.Text, knownFieldNames[:], 2)
	if lookupField(best).kind.IsGoogle() && (fd.Colon || fd.Value.Text != "") {
		// User_agent, Dis-allow: meant as a field every crawler reads, read
		// by none.
		fix = replace("Write "+best, fd.Name, best)
		p.skip(fd, fd.Name, finding{code: CodeNotUnderstood, section: secGoogleLeniency, msg: "\"" + fd.Name.Text + "\" is not " + best + ": no crawler reads this line (Google's parser accepts only names that start with one of its spellings of " + best + "), so it is ignored. Did you mean " + best + "?", fix: fix})
		return
	}
	if best != "" && fd.Colon {
		msg += "; did you mean " + best + "?"
		fix = replace("Write "+best, fd.Name, best)
	}
	p.report(fd.Name, finding{sev: SevInfo, code: CodeUnknownField, section: secRFC9309, msg: msg, fix: fix})
}

// readers names who reads fields that are not part of any specification
// the tester follows, but that a known crawler uses.
var readers = map[string]string{
	"clean-param": "Clean-param is Yandex's: Yandex's crawler reads it (URL parameters to ignore); other crawlers ignore the line",
	"noindex":     "Noindex in robots.txt was never part of a standard; Google stopped reading it in 2019, and other crawlers ignore the line",
}

// acapNameCandidates are the ACAP field names a misspelt one is compared
// with.
func acapNameCandidates() []string {
	names := []string{"ACAP-crawler", "ACAP-permissions-reference", "ACAP-usage-purpose",
		"ACAP-qualified-usage", "ACAP-composite-usage", "ACAP-resource-set", "ACAP-ignore-conventional-records",
		"ACAP-request-take-down", "ACAP-request-re-crawl"}
	for _, u := range Usages() {
		names = append(names, "ACAP-allow-"+u.String(), "ACAP-disallow-"+u.String())
	}
	return names
}

func (p *parser) unknownACAPField(fd *Field) {
	name := fd.Name.Text
	msg := "\"" + name + "\" is not an ACAP field, so ACAP crawlers skip the line"
	var fix *Fix
	// A space or underscore where a hyphen belongs: ACAP-allow preserve.
	joined := strings.Join(strings.Fields(strings.ReplaceAll(name, "_", " ")), "-")
	if fi := lookupField(joined); fi.complete() && fi.kind != FieldACAPUnknown {
		msg += "; the words of a field name are joined by hyphens: " + joined
		fix = replace("Write "+joined, fd.Name, joined)
	} else if best := closest(name, acapNameCandidates(), 3); best != "" {
		msg += "; did you mean " + best + "?"
		fix = replace("Write "+best, fd.Name, best)
	}
	p.skip(fd, fd.Name, finding{code: CodeUnknownACAPField, section: secP1Syntax, msg: msg, fix: fix})
}

// checkRule checks an ACAP permission or prohibition on its own.
func (p *parser) checkRule(fd *Field) {
	allow := fd.Kind == FieldACAPAllow
	verb := "ACAP-disallow-"
	if allow {
		verb = "ACAP-allow-"
	}
	if fd.Usage == UsageNone && fd.Local() == "" {
		rest := fd.Name.Text[len(verb):]
		msg := "\"" + rest + "\" is not an ACAP usage, so ACAP crawlers skip the line"
		var fix *Fix
		usageSpan := Span{Pos: Pos{Offset: fd.Name.Pos.Offset + len(verb), Line: fd.Name.Pos.Line, Col: fd.Name.Pos.Col + len(verb)}, Text: rest}
		if u, ok := usageMisspellings[lowerASCII(rest)]; ok {
			msg += "; the usage is called " + u.String()
			fix = replace("Write "+verb+u.String(), usageSpan, u.String())
		} else {
			names := make([]string, 0, numUsages)
			for _, u := range Usages() {
				names = append(names, u.String())
			}
			if best := closest(rest, names, 3); best != "" {
				msg += "; did you mean " + best + "?"
				fix = replace("Write "+verb+best, usageSpan, best)
			}
		}
		p.skip(fd, fd.Name, finding{code: CodeUnknownUsage, section: secP1Usages, msg: msg, fix: fix})
		return
	}
	// Tokens after the pattern that are not qualifiers.
	for _, t := range p.valueTokens(fd) {
		if t.Kind == TokError {
			s := p.span(t)
			p.skip(fd, s, finding{code: CodeStrayToken, section: secP1Syntax, msg: "\"" + s.Text + "\" follows the pattern but is not a qualifier written type=value; a field takes one pattern, so ACAP crawlers skip the line"})
			return
		}
	}
	if fd.Pattern().Text == "" && fd.SetRef().IsZero() {
		p.skip(fd, fd.Name, finding{code: CodeEmptyValue, section: secP1ResourceSpec, msg: fd.Name.Text + " needs a resource pattern (such as /) or a resource set; an empty one is not allowed in ACAP"})
		return
	}
	if !fd.SetRef().IsZero() && fd.SetRef().Text == "" {
		p.skip(fd, fd.Value, finding{code: CodeEmptyValue, section: secP1ResourceSpec, msg: "the resource set reference names no set"})
		return
	}
	if pat := fd.Pattern().Text; pat != "" {
		if i := strings.IndexByte(pat, '$'); i >= 0 && i != len(pat)-1 {
			s := Span{Pos: Pos{Offset: fd.Pattern().Pos.Offset + i, Line: fd.Line, Col: fd.Pattern().Pos.Col + i}, Text: "$"}
			p.skip(fd, s, finding{code: CodeAnchorNotLast, section: secP1Patterns, msg: "'$' may only be the last character of a pattern (it marks the end of the path); write %24 for a literal dollar sign"})
			return
		}
		p.checkPatternSlash(fd.Pattern())
	}
	if fd.Local() != "" && !allow {
		p.prohibit(fd, fd.Name, finding{code: CodeLocalProhibition, section: secP1Prohibition, msg: "a prohibition may not name a locally defined usage; it is read as a prohibition of each usage that (" + fd.Local() + ") stands for. Write one ACAP-disallow- line per usage."})
	}
	p.checkQualifiers(fd, fd.Usage, fd.Quals(), allow)
}

// checkPatternSlash warns about an ACAP pattern that starts with neither '/'
// nor '*'.
func (p *parser) checkPatternSlash(s Span) {
	if v := s.Text; v != "" && v[0] != '/' && v[0] != '*' {
		p.report(s, finding{sev: SevWarning, code: CodePatternNoSlash, section: secP1Patterns, msg: "resource patterns start with '/' (or '*'); \"" + v + "\" is read as \"/" + v + "\"", fix: replace("Write /"+v, s, "/"+v)})
	}
}

// valueTokens returns the tokens of a field's value.
//
// The tokens are scanned again into a buffer that the next call reuses:
// use them before calling valueTokens again.
func (p *parser) valueTokens(fd *Field) []Token {
	p.vtoks = p.f.appendLineTokens(p.vtoks[:0], fd.Line)
	toks := p.vtoks
	i := 0
	for i < len(toks) && int(toks[i].Off) < fd.Value.Pos.Offset {
		i++
	}
	j := i
	for j < len(toks) && int(toks[j].End) <= fd.Value.End() {
		j++
	}
	return toks[i:j:j]
}

// checkQualifiers checks the qualifiers of a permission (or a qualified usage
// definition) for usage u. On a permission, any problem makes the field a
// prohibition.
func (p *parser) checkQualifiers(fd *Field, u Usage, qs []Qualifier, allow bool) {
	bad := func(q Qualifier, code, section, msg string, fix *Fix) {
		s := Span{Pos: q.Pos, Text: p.f.text[q.Pos.Offset:q.End]}
		if fd.Kind == FieldACAPQualifiedUsage {
			// Doubt is read as no: the definition stands, and every
			// permission that uses it is read as a prohibition of its
			// base usage (READING.md §8).
			p.prohibit(fd, s, finding{code: code, section: section, msg: msg + "; a permission that uses this qualified usage is read as a prohibition of " + u.String(), fix: fix})
			return
		}
		if fd.Kind.IsDefinition() {
			p.skip(fd, s, finding{code: code, section: section, msg: msg, fix: fix})
			return
		}
		p.prohibit(fd, s, finding{code: code, section: section, msg: msg + "; ACAP crawlers read the line as a prohibition", fix: fix})
	}
	seen := [numQualTypes]bool{}
	for _, q := range qs {
		switch {
		case !allow:
			bad(q, CodeQualifierOnProhibit, secP1Prohibition, "a prohibition takes no qualifiers (to restrict a usage, permit it with qualifiers instead)", nil)
			continue
		case fd.Local() != "" && !fd.Kind.IsDefinition():
			bad(q, CodeQualifierOnLocal, secP1LocalUsage, "a permission for a locally defined usage takes no qualifiers; put them in the ACAP-qualified-usage definition", nil)
			continue
		case q.Type == QualUnknown:
			var fix *Fix
			msg := "\"" + q.Name + "\" is not an ACAP qualifier"
			names := make([]string, 0, numQualTypes)
			for t := QualTimeLimit; t < numQualTypes; t++ {
				names = append(names, t.String())
			}
			if best := closest(q.Name, names, 3); best != "" {
				msg += "; did you mean " + best + "?"
				fix = &Fix{Title: "Write " + best, Edits: []Edit{{Start: q.Pos.Offset, End: q.Pos.Offset + len(q.Name), New: best}}}
			}
			bad(q, CodeUnknownQualifier, secP1Qualifiers, msg, fix)
			continue
		}
		if msg, good := checkQualValue(q.Type, q.Value); msg != "" {
			var fix *Fix
			if good != "" {
				fix = &Fix{Title: "Write " + q.Type.String() + "=" + good, Edits: []Edit{{Start: q.End - len(q.Value), End: q.End, New: good}}}
			}
			bad(q, CodeBadQualifierValue, secP1Qualifiers, msg, fix)
			continue
		}
		if u != UsageNone && !QualifierValidFor(q.Type, u) {
			bad(q, CodeQualifierNotValid, secP1Qualifiers, q.Type.String()+" cannot restrict "+u.String()+" ("+qualValidList(q.Type)+")", nil)
			continue
		}
		if seen[q.Type] && (q.Type != QualProhibitedModification || equalFoldASCII(q.Value, "any")) {
			bad(q, CodeQualifierRepeated, secP1Qualifiers, q.Type.String()+" is given more than once", nil)
			continue
		}
		if q.Type == QualProhibitedModification && equalFoldASCII(q.Value, "any") && seen[q.Type] {
			bad(q, CodeQualifierRepeated, secP1Qualifiers, "prohibited-modification=any already covers every modification", nil)
			continue
		}
		seen[q.Type] = true
		s := Span{Pos: q.Pos, Text: p.f.text[q.Pos.Offset:q.End]}
		switch q.Type {
		case QualMustUseResource:
			p.report(s, finding{sev: SevInfo, code: CodePriorArrangement, section: secP1MustUse, msg: "must-use-resource is interpreted only by prior arrangement with the crawler operator (and is not ready for implementation for presentation)"})
		case QualMustIncludeResource:
			p.report(s, finding{sev: SevInfo, code: CodeNotReady, section: secP1MustInclude, msg: "must-include-resource is not ready for implementation and is interpreted only by prior arrangement"})
		}
	}
	// prohibited-modification=any alongside other values.
	if seen[QualProhibitedModification] {
		anyAt, n := -1, 0
		for i, q := range qs {
			if q.Type == QualProhibitedModification {
				n++
				if equalFoldASCII(q.Value, "any") {
					anyAt = i
				}
			}
		}
		if anyAt >= 0 && n > 1 && allow {
			bad(qs[anyAt], CodeQualifierRepeated, secP1Qualifiers, "prohibited-modification=any may not be combined with other prohibited-modification values", nil)
		}
	}
}

func qualValidList(q QualifierType) string {
	switch q {
	case QualTimeLimit:
		return "it is valid on index, preserve, present and present-*"
	case QualMustUseResource:
		return "it is valid on index, present and present-*"
	case QualMaxLength:
		return "it is valid on present-snippet and present-oldsnippet"
	case QualProhibitedModification:
		return "it is valid on present, present-original, present-currentcopy and present-oldcopy"
	case QualMustIncludeResource:
		return "it is valid on present and present-*"
	case QualProhibitedContext, QualRequiredContext:
		return "it is valid on present-original, present-currentcopy and present-oldcopy"
	}
	return "it is not an ACAP qualifier"
}

func (p *parser) checkRequest(fd *Field) {
	action := lowerASCII(fd.Action())
	if action != "take-down" && action != "re-crawl" {
		msg := "\"" + fd.Action() + "\" is not an ACAP action; the actions are take-down and re-crawl"
		var fix *Fix
		if best := closest(fd.Action(), []string{"take-down", "re-crawl"}, 3); best != "" {
			s := Span{Pos: Pos{Offset: fd.Name.End() - len(fd.Action()), Line: fd.Line, Col: fd.Name.Pos.Col + len(fd.Name.Text) - len(fd.Action())}, Text: fd.Action()}
			fix = replace("Write ACAP-request-"+best, s, best)
		}
		p.skip(fd, fd.Name, finding{code: CodeBadAction, section: secP1Requests, msg: msg, fix: fix})
		return
	}
	p.report(fd.Name, finding{sev: SevInfo, code: CodeNotReady, section: secP1Requests, msg: "action requests are not ready for implementation; crawlers are not expected to act on this line"})
	if fd.Pattern().Text == "" {
		p.skip(fd, fd.Name, finding{code: CodeEmptyValue, section: secP1Requests, msg: fd.Name.Text + " needs the path of one resource"})
	}
}

// checkCrawlerName checks the name in ACAP-crawler or User-agent: the
// name is '*' (alone or before white space) or the value's leading run of
// letters, digits, '_', '-' and '.' (agentName).
func (p *parser) checkCrawlerName(fd *Field, acap bool) {
	v := fd.Value.Text
	field, sec := "User-agent", secRFC9309Groups
	if acap {
		field, sec = "ACAP-crawler", secP1Crawler
	}
	if v == "" {
		if acap {
			p.skip(fd, fd.Name, finding{code: CodeEmptyValue, section: secP1Crawler, msg: "ACAP-crawler needs a crawler name, or * for any crawler; ACAP crawlers skip this line, so the lines below it belong to the record above"})
		} else {
			p.report(fd.Name, finding{sev: SevWarning, code: CodeBadValue, section: secRFC9309Groups, msg: "User-agent needs a crawler name, or * for any crawler; as written, the group applies to no crawler"})
		}
		return
	}
	name := agentName(v)
	if acap {
		name = acapName(v)
	}
	switch {
	case name == "*" || name == v:
	case name == "":
		what := "no crawler name (a name is read as its leading letters, digits, '-', '_' and '.')"
		if v[0] == '*' {
			what = "'*' does not work as a wildcard in names: * names every crawler only when it stands alone"
		}
		p.report(fd.Value, finding{sev: SevWarning, code: CodeBadValue, section: sec, msg: "\"" + v + "\" gives " + what + ", so this " + field + " line names no crawler, and its rules apply to none. Write * alone for every crawler, or the crawler's name."})
	case v[len(name)] == '/' && isVersionSuffix(v[len(name)+1:]):
		p.report(fd.Value, finding{sev: SevInfo, code: CodeCrawlerVersion, section: sec, msg: "crawler names are compared without a version: \"" + v + "\" is read as \"" + name + "\"", fix: replace("Write "+name, fd.Value, name)})
	default:
		p.report(fd.Value, finding{sev: SevWarning, code: CodeCrawlerNameCut, section: sec, msg: "a crawler name is read as its leading letters, digits, '-', '_' and '.': \"" + v + "\" is read as \"" + name + "\", which may not be the crawler you meant"})
	}
}

// isVersionSuffix reports whether s, what follows the '/' after a crawler
// name, is a version such as 1.6 or 2.1b: a digit first, then no white
// space.
func isVersionSuffix(s string) bool {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return false
	}
	return !strings.ContainsAny(s, " \t(;")
}

// checkDefinitionSyntax checks a definition's words; names are resolved
// later.
func (p *parser) checkDefinitionSyntax(fd *Field) {
	args := fd.Args()
	if len(args) == 0 {
		p.skip(fd, fd.Name, finding{code: CodeEmptyValue, section: secP1Definitions, msg: fd.Kind.String() + " needs a name and its definition"})
		return
	}
	if !isDefName(args[0].Text) {
		p.skip(fd, args[0], finding{code: CodeBadDefinition, section: secP1Syntax, msg: "\"" + args[0].Text + "\" is not a valid name: names start with a letter and use letters, digits, '-', '_' and '.'"})
		return
	}
	switch fd.Kind {
	case FieldACAPQualifiedUsage:
		if len(args) < 2 {
			p.skip(fd, fd.Name, finding{code: CodeBadDefinition, section: secP1Definitions, msg: "a qualified usage needs a name, a standard usage and at least one qualifier"})
			return
		}
		u, ok := ParseUsage(args[1].Text)
		if !ok {
			p.skip(fd, args[1], finding{code: CodeBadDefinition, section: secP1Definitions, msg: "\"" + args[1].Text + "\" is not a standard ACAP usage"})
			return
		}
		if len(fd.Quals()) == 0 {
			p.skip(fd, fd.Name, finding{code: CodeBadDefinition, section: secP1Definitions, msg: "a qualified usage needs at least one qualifier, such as time-limit=7-days"})
			return
		}
		for _, t := range p.valueTokens(fd) {
			if t.Kind == TokError {
				p.skip(fd, p.span(t), finding{code: CodeStrayToken, section: secP1Syntax, msg: "\"" + p.span(t).Text + "\" is not a qualifier written type=value"})
				return
			}
		}
		p.checkQualifiers(fd, u, fd.Quals(), true)
	case FieldACAPCompositeUsage:
		if len(args) < 2 {
			p.skip(fd, fd.Name, finding{code: CodeBadDefinition, section: secP1Definitions, msg: "a composite usage needs a name and at least one usage"})
		}
	case FieldACAPResourceSet:
		if len(args) < 2 {
			p.skip(fd, fd.Name, finding{code: CodeBadDefinition, section: secP1Definitions, msg: "a resource set needs a name and at least one resource pattern"})
			return
		}
		for _, a := range args[1:] {
			if i := strings.IndexByte(a.Text, '$'); i >= 0 && i != len(a.Text)-1 {
				p.skip(fd, a, finding{code: CodeAnchorNotLast, section: secP1Patterns, msg: "'$' may only be the last character of a pattern"})
				return
			}
			p.checkPatternSlash(a)
		}
	}
}

func isDefName(s string) bool {
	if s == "" || !isAlpha(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isAlpha(c) && !(c >= '0' && c <= '9') && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

func isAlpha(c byte) bool { return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') }

func isDecimal(s string) bool {
	dot := false
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
		case c == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return true
}

func isAbsURL(s string) bool {
	return (hasPrefixFold(s, "http://") || hasPrefixFold(s, "https://")) && len(s) > len("https://") && !strings.ContainsAny(s, " \t")
}

func isVersion(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) < 2 {
		return false
	}
	for _, x := range parts {
		if !isDigits(x) && x != "x" && x != "X" {
			return false
		}
	}
	return true
}

func isHHMM(s string) bool {
	if len(s) != 4 || !isDigits(s) {
		return false
	}
	return (s[0]-'0')*10+(s[1]-'0') < 24 && (s[2]-'0') < 6
}

func isTimeRange(s string) bool {
	a, b, ok := strings.Cut(s, "-")
	return ok && isHHMM(a) && isHHMM(b)
}

func isRequestRate(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 || len(f) > 2 {
		return false
	}
	n, per, ok := strings.Cut(f[0], "/")
	if !ok || !isDigits(n) || per == "" {
		return false
	}
	unit := per[len(per)-1]
	num := per
	if unit == 's' || unit == 'm' || unit == 'h' || unit == 'S' || unit == 'M' || unit == 'H' {
		num = per[:len(per)-1]
	}
	if num != "" && !isDigits(num) {
		return false
	}
	return len(f) == 1 || isTimeRange(f[1])
}

// closest returns the candidate nearest to s (case-insensitive) within max
// edits, or "" when none is that near or s is one of them.
func closest(s string, candidates []string, max int) string {
	best, bestD := "", max+1
	ls := strings.ToLower(s)
	for _, c := range candidates {
		// editDistance lowers c's ASCII letters itself: a candidate with
		// other characters is lowered first.
		if !isASCII(c) {
			c = strings.ToLower(c)
		}
		d := editDistance(ls, c, bestD)
		if d < bestD {
			best, bestD = c, d
		}
	}
	if bestD == 0 {
		return ""
	}
	return best
}

// editDistance is the Levenshtein distance of a and b with b's ASCII
// capitals lowered, or a value > limit once it is sure to exceed limit. It
// allocates nothing: the checker asks it about every unknown field of a
// file, against every known name.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	if len(a) > 64 || len(b) > 64 {
		return limit + 1
	}
	var rows [2][65]int
	prev, cur := rows[0][:len(b)+1], rows[1][:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if c := b[j-1]; a[i-1] == c || 'A' <= c && c <= 'Z' && a[i-1] == c+'a'-'A' {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// isASCII reports whether s has only ASCII characters.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
