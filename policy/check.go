package policy

import "strings"

// Check returns the problems of the file, sorted by position: what the
// parser found on each line (errors make a line skipped, see FieldStatus)
// and what only shows across the whole file. It is fast enough to run on
// every keystroke. Two checks need more: CheckDrift compares how ACAP,
// conventional and today's crawlers read the file, and CheckReferences
// looks into other files; CheckAll runs all three.
func Check(f *File) []Diagnostic {
	if d, ok := notRobotsTxt(f); ok {
		return []Diagnostic{d}
	}
	ds := make([]Diagnostic, 0, len(f.diags)+4)
	ds = append(ds, f.diags...)
	c := checker{f: f}
	c.version()
	c.recordOrder()
	c.size()
	c.checkToday()
	ds = append(ds, c.diags...)
	SortDiagnostics(ds)
	return ds
}

// notRobotsTxt recognises a body that is not a robots.txt at all, such as
// an HTML error page or a JSON document served at /robots.txt: its first
// content starts like HTML, XML or JSON, no line of it is read as an
// ACAP-crawler line, and no User-agent line it has names a crawler (a
// script line such as "x = 'user agent: </b>'" is a User-agent line for
// Google's parser, naming no crawler). Such a file gets one diagnostic at line
// 1 instead of one per line: crawlers find no rules in it, so they crawl
// everything.
func notRobotsTxt(f *File) (Diagnostic, bool) {
	if len(f.Records) > 0 {
		return Diagnostic{}, false
	}
	for _, g := range f.Groups {
		for _, a := range g.Agents {
			if a.Status == StatusOK && agentName(a.Value.Text) != "" {
				return Diagnostic{}, false // a group some crawler reads
			}
		}
	}
	t := strings.TrimLeft(strings.TrimPrefix(f.text, bom), " \t\r\n\v\f")
	what := ""
	switch {
	case hasPrefixFold(t, "<!doctype html"), hasPrefixFold(t, "<html"), hasPrefixFold(t, "<head"), hasPrefixFold(t, "<body"):
		what = "an HTML page"
	case hasPrefixFold(t, "<?xml"), strings.HasPrefix(t, "<"):
		what = "an HTML or XML document"
	case strings.HasPrefix(t, "{"), strings.HasPrefix(t, "["):
		what = "a JSON document"
	default:
		// Plain text such as "not found": no line is a field any reading
		// knows, and some line is not even written name: value.
		known, bare := false, false
		for _, fd := range f.Fields {
			known = known || fd.Kind != FieldUnknown
			bare = bare || !fd.Colon
		}
		if known || !bare {
			return Diagnostic{}, false
		}
		what = "text in which no line is a robots.txt field"
	}
	l := f.Line(1)
	lines := itoa(len(f.Lines)) + " lines"
	if len(f.Lines) == 1 {
		lines = "1 line"
	}
	return Diagnostic{
		Pos: Pos{Offset: l.Start, Line: 1, Col: 1}, End: Pos{Offset: l.End, Line: 1, Col: 1 + l.End - l.Start},
		Severity: SevWarning, Code: CodeNotRobotsTxt, Section: secRFC9309,
		Message: "this is not a robots.txt: it is " + what + " (" + lines + "). A crawler that receives it as /robots.txt finds no group for any crawler in it, so it crawls everything (sent with a 5xx error status instead, it would keep crawlers away entirely, RFC 9309 §2.3.1.4). Serve a plain-text robots.txt at /robots.txt.",
	}, true
}

// CheckAll is Check, CheckDrift and CheckReferences together, sorted.
func CheckAll(f *File, others ...*File) []Diagnostic {
	ds := Check(f)
	ds = append(ds, CheckDrift(f)...)
	ds = append(ds, CheckReferences(f, others...)...)
	SortDiagnostics(ds)
	return ds
}

type checker struct {
	f     *File
	diags []Diagnostic
}

// add records a finding about the bytes [start, end) of line n.
func (c *checker) add(n, start, end int, fd finding) {
	c.diags = append(c.diags, c.f.diagnosticOn(n, start, end, fd))
}

// knownVersions are the ACAP versions the tester knows.
var knownVersions = [...]string{"1.0", "1.1"}

// version checks the ##ACAP version comment.
func (c *checker) version() {
	f := c.f
	l := f.Version
	if l == nil {
		if len(f.Records) > 0 {
			first := f.Line(1)
			c.add(1, first.Start, first.Start, finding{sev: SevInfo, code: CodeVersionMissing, section: secP1Version, msg: "the file has ACAP records but no ##ACAP version comment; put \"##ACAP version=1.1\" on the first line so readers know which ACAP it speaks", fix: &Fix{Title: "Add ##ACAP version=1.1", Edits: []Edit{{Start: bomLen(f), End: bomLen(f), New: "##ACAP version=1.1\n"}}}})
		}
		return
	}
	var start, end int // the version token
	toks := f.LineTokens(l.Num)
	for _, t := range toks {
		if t.Kind == TokVersion {
			start, end = int(t.Off), int(t.End)
		}
	}
	text := f.text[start:end]
	version := f.VersionValue
	canonical := "##ACAP version=" + version
	if version == "" {
		canonical = "##ACAP version=1.1"
	}
	contentEnd := l.End
	for contentEnd > end && (f.text[contentEnd-1] == ' ' || f.text[contentEnd-1] == '\t') {
		contentEnd--
	}
	switch {
	case !strings.HasPrefix(text, "##ACAP ") || strings.HasPrefix(text, "###") || version == "":
		c.add(l.Num, start, end, finding{sev: SevWarning, code: CodeVersionForm, section: secP1Version, msg: "the ACAP version comment is written \"" + canonical + "\" (two #, ACAP, a space, version=); crawlers looking for it may not recognise \"" + text + "\"", fix: &Fix{Title: "Write " + canonical, Edits: []Edit{{Start: start, End: end, New: canonical}}}})
	case contentEnd > end:
		// Trailing spaces are no problem (READING.md §8); trailing text is.
		c.add(l.Num, end, contentEnd, finding{sev: SevWarning, code: CodeVersionForm, section: secP1Version, msg: "the ACAP version comment has text after it; keep it alone on its line so that readers find the version", fix: &Fix{Title: "Remove the trailing text", Edits: []Edit{{Start: end, End: l.End}}}})
	}
	if l.Num != 1 || (toks[0].Kind == TokSpace) {
		c.add(l.Num, start, end, finding{sev: SevWarning, code: CodeVersionNotFirst, section: secP1Version, msg: "the ACAP version comment belongs on the very first line of the file, before any other comment or record", fix: &Fix{Title: "Move it to the first line", Edits: []Edit{
			{Start: bomLen(f), End: bomLen(f), New: canonical + "\n"},
			{Start: l.Start, End: l.Next},
		}}})
	}
	known := false
	for _, v := range knownVersions {
		if version == v {
			known = true
		}
	}
	if !known && version != "" {
		c.add(l.Num, start, end, finding{sev: SevInfo, code: CodeUnknownVersion, section: secP1Version, msg: "ACAP version \"" + version + "\" is not one the tester knows (1.0, 1.1); the file is read as ACAP 1.1"})
	}
}

// recordOrder advises putting ACAP records after the conventional groups.
func (c *checker) recordOrder() {
	f := c.f
	if len(f.Records) == 0 || len(f.Groups) == 0 {
		return
	}
	r := f.Records[0]
	last := f.Groups[len(f.Groups)-1]
	if r.First < last.First {
		l := f.Line(r.First)
		c.add(r.First, l.Start, l.End, finding{sev: SevInfo, code: CodeRecordsBeforeConv, section: secP1Combination, msg: "ACAP records come before the conventional group on line " + itoa(last.First) + "; the ACAP specification recommends putting every ACAP record at the end of the file, and a User-agent line ends an ACAP record"})
	}
}

// size warns when the file is longer than crawlers must read.
func (c *checker) size() {
	f := c.f
	if len(f.Src) <= ReadLimit {
		return
	}
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Next > ReadLimit {
			c.add(l.Num, l.Start, l.End, finding{sev: SevWarning, code: CodeFileTooLarge, section: secRFC9309Limits, msg: "the file is " + itoa(len(f.Src)>>10) + " KiB; crawlers must read only the first 500 KiB, so lines from here on may be ignored"})
			return
		}
	}
}
