package policy

import "strconv"

// How the reader records what it finds (the codes are in codes.go).

func itoa(n int) string { return strconv.Itoa(n) }

// endOf returns the position just past a span.
func endOf(s Span) Pos {
	return Pos{Offset: s.End(), Line: s.Pos.Line, Col: s.Pos.Col + s.End() - s.Pos.Offset}
}

// report records a finding about span s.
func (p *parser) report(s Span, what finding) {
	p.f.diags = append(p.f.diags, what.on(s))
}

// finding is what a diagnostic says, before it is placed in the file.
type finding struct {
	sev     Severity
	code    string // a code of the registry (codes.go)
	section string // the section of a source document it cites
	msg     string
	fix     *Fix
}

// diagnostic places a finding between two positions.
func (fd finding) diagnostic(pos, end Pos) Diagnostic {
	return Diagnostic{Pos: pos, End: end, Severity: fd.sev, Code: fd.code, Message: fd.msg, Section: fd.section, Fix: fd.fix}
}

// on places a finding on a span.
func (fd finding) on(s Span) Diagnostic { return fd.diagnostic(s.Pos, endOf(s)) }

// diagnosticOn places a finding on the bytes [start, end) of line n.
func (f *File) diagnosticOn(n, start, end int, fd finding) Diagnostic {
	pos := f.posAt(n, start)
	return fd.diagnostic(pos, Pos{Offset: end, Line: n, Col: pos.Col + end - start})
}

// reportAt records a finding about the bytes [start, end) of line n.
func (p *parser) reportAt(n, start, end int, fd finding) {
	p.f.diags = append(p.f.diags, p.f.diagnosticOn(n, start, end, fd))
}

// skip records an error about span s and marks the field skipped.
func (p *parser) skip(fd *Field, s Span, what finding) {
	fd.Status = StatusSkipped
	what.sev = SevError
	p.report(s, what)
}

// prohibit records an error about span s and marks the field to be read
// as a prohibition (unless it is already skipped).
func (p *parser) prohibit(fd *Field, s Span, what finding) {
	if fd.Status == StatusOK {
		fd.Status = StatusProhibit
	}
	what.sev = SevError
	p.report(s, what)
}

// replace returns a fix that replaces span s with text.
func replace(title string, s Span, text string) *Fix {
	return &Fix{Title: title, Edits: []Edit{{Start: s.Pos.Offset, End: s.End(), New: text}}}
}
