package policy

import "strings"

// Span is a piece of the file's text with its position. Text is a
// substring of the file (no copy).
type Span struct {
	Text string
	Pos  Pos
}

// End returns the offset just past the span's last byte.
func (s Span) End() int { return s.Pos.Offset + len(s.Text) }

// IsZero reports whether the span is absent.
func (s Span) IsZero() bool { return !s.Pos.IsValid() }

// LineKind says what a line holds.
type LineKind uint8

// The line kinds.
const (
	LineBlank   LineKind = iota // nothing but spaces
	LineComment                 // only a comment
	LineVersion                 // the ##ACAP version comment (or a misspelling of it)
	LineField                   // a field, perhaps followed by a comment
)

// Line is one line of the file. Every line of the input has a Line, blank
// and comment lines included. Its tokens are not kept (they would weigh more
// than the file): File.LineTokens scans them again, which gives the same
// tokens as a scan of the whole file.
type Line struct {
	Num   int // 1-based line number
	Start int // offset of the first byte
	End   int // offset of the line ending (or of the end of the file)
	Next  int // offset just past the line ending
	Kind  LineKind
	Field *Field // the field on the line, for LineField
}

// Pos returns the position of offset off, which lies on the line.
func (l *Line) Pos(off int) Pos { return Pos{Offset: off, Line: l.Num, Col: off - l.Start + 1} }

// FieldStatus says how the readings use a field after checking.
type FieldStatus uint8

// The field statuses.
const (
	// StatusOK: the field is used as written.
	StatusOK FieldStatus = iota
	// StatusSkipped: the line has an error and no reading uses it.
	StatusSkipped
	// StatusProhibit: an ACAP permission or prohibition that could not be
	// fully understood is read as a prohibition of its usage (or of each
	// usage a local usage stands for), without qualifiers.
	StatusProhibit
)

// String returns "ok", "skipped" or "prohibit".
func (s FieldStatus) String() string {
	switch s {
	case StatusSkipped:
		return "skipped"
	case StatusProhibit:
		return "prohibit"
	}
	return "ok"
}

// Field is one field line: a name, a colon and a value. It holds what every
// field has; what only ACAP permissions and definitions have is reached
// through methods (Pattern, SetRef, Local, Action, Quals, Args, Rules), so
// that the many conventional lines of a large file stay small.
type Field struct {
	Kind   FieldKind
	Status FieldStatus // how the readings use the field (see FieldStatus)
	Usage  Usage       // for ACAP permissions and prohibitions: the standard usage, or UsageNone for a local or unknown usage
	Colon  bool        // whether the colon was written
	Near   bool        // the name is a misspelling read as Kind (Dissallow, User agent)
	Line   int         // 1-based line number
	Name   Span        // the name as written, such as "ACAP-allow-(cache)"
	Value  Span        // the whole value, trimmed, without the comment
	// Record is the ACAP record the field belongs to, if any. A conventional
	// field with a Record stands inside an ACAP record.
	Record *Record

	acap *acapParts // for ACAP permissions, requests and definitions
}

// acapParts are the parts of a field that only ACAP permissions, requests
// and definitions have.
type acapParts struct {
	pattern Span        // an ACAP permission's resource pattern
	setRef  Span        // the set name of a the-acap:resource-set: reference
	local   string      // the local usage name, for ACAP-allow-(name)
	action  string      // for ACAP-request-: the action as written
	quals   []Qualifier // qualifiers as written
	args    []Span      // for definitions: the defined name and the words after it
	rules   []Rule      // see Field.Rules
}

// Pattern returns the field's pattern: the resource pattern of an Allow,
// Disallow or ACAP permission (zero when the permission names a resource
// set), the purpose pattern of ACAP-usage-purpose, and the zero Span for
// other fields.
func (f *Field) Pattern() Span {
	switch f.Kind {
	case FieldAllow, FieldDisallow, FieldACAPPurpose:
		return f.Value
	}
	if f.acap == nil {
		return Span{}
	}
	return f.acap.pattern
}

// SetRef returns the set name of a the-acap:resource-set: reference in an
// ACAP permission, or the zero Span.
func (f *Field) SetRef() Span {
	if f.acap == nil {
		return Span{}
	}
	return f.acap.setRef
}

// Local returns the local usage name (lower case) of ACAP-allow-(name) and
// ACAP-disallow-(name), or "".
func (f *Field) Local() string {
	if f.acap == nil {
		return ""
	}
	return f.acap.local
}

// Action returns the action of ACAP-request-ACTION as written, or "".
func (f *Field) Action() string {
	if f.acap == nil {
		return ""
	}
	return f.acap.action
}

// Quals returns the qualifiers written on an ACAP permission or
// ACAP-qualified-usage definition.
func (f *Field) Quals() []Qualifier {
	if f.acap == nil {
		return nil
	}
	return f.acap.quals
}

// Args returns the words of a definition's value: the defined name and the
// words after it.
func (f *Field) Args() []Span {
	if f.acap == nil {
		return nil
	}
	return f.acap.args
}

// Rules returns the permissions and prohibitions the field stands for once
// local usages and resource sets are expanded (ACAP permissions and
// prohibitions only).
func (f *Field) Rules() []Rule {
	if f.acap == nil {
		return nil
	}
	return f.acap.rules
}

// IsAllow reports whether the field permits (Allow, ACAP-allow-*).
func (f *Field) IsAllow() bool { return f.Kind == FieldAllow || f.Kind == FieldACAPAllow }

// Rule is one permission or prohibition of a usage for a pattern: what an
// ACAP field means after composite usages, qualified usages and resource
// sets are expanded. A field with no definitions has exactly one Rule.
type Rule struct {
	Allow   bool
	Usage   Usage
	Pattern string      // the resource pattern as written
	PatPos  Pos         // where the pattern is written (in the field or the set definition)
	Quals   []Qualifier // the qualifiers that restrict a permission
	Via     string      // how the rule was reached: "", "(name)" for a local usage, "set NAME"
}

// Group is a conventional group: User-agent lines and the rules after them,
// grouped the way RFC 9309 crawlers group them.
type Group struct {
	Agents []*Field // the User-agent lines
	Rules  []*Field // Allow and Disallow lines, in order
	Other  []*Field // other fields inside the group (Crawl-delay, Robot-version, ...)
	// Skipped are the lines inside the group that look like rules but that
	// no reading uses ("Dis-allow: /x", "Disallow /a b"): they neither end
	// the group nor count, and traces name them where they would match.
	Skipped []*Field
	First   int // first line
	Last    int // last line with a field of the group

	signals []*Field // Content-Usage and Content-Signal lines (groups of the today reading only)
}

// Record is an ACAP record: ACAP-crawler lines and what follows them up to
// the next ACAP-crawler line after other fields, the next User-agent line, or
// the end of the file.
type Record struct {
	Crawlers  []*Field     // the ACAP-crawler lines
	Any       bool         // one of them is '*'
	Reference *Field       // ACAP-permissions-reference, if the record is one
	Rules     []*Field     // permissions, prohibitions and requests outside sub-records
	Subs      []*SubRecord // sub-records for usage purposes
	Ignored   []*Field     // conventional fields inside the record (the acap reading ignores them)
	First     int          // first line
	Last      int          // last line with a field of the record
}

// SubRecord groups permissions and prohibitions for usage purposes.
type SubRecord struct {
	Purposes []*Field // the ACAP-usage-purpose lines
	Rules    []*Field // the permissions and prohibitions
}

// QualifiedUsage is an ACAP-qualified-usage definition.
type QualifiedUsage struct {
	Name  string
	Usage Usage
	Quals []Qualifier
	Field *Field
}

// CompositeUsage is an ACAP-composite-usage definition: standard usages and
// qualified usages that a permission names together.
type CompositeUsage struct {
	Name  string
	Parts []UsagePart
	Field *Field
}

// UsagePart is one constituent of a composite usage.
type UsagePart struct {
	Usage     Usage
	Qualified *QualifiedUsage // non-nil for a (qualified usage)
}

// ResourceSet is an ACAP-resource-set definition.
type ResourceSet struct {
	Name     string
	Patterns []Span
	Field    *Field
}

// Definitions are a file's ACAP definitions, by lower-cased name.
type Definitions struct {
	Qualified map[string]*QualifiedUsage
	Composite map[string]*CompositeUsage
	Sets      map[string]*ResourceSet
}

// File is a parsed robots.txt file. It keeps every line; Print gives back
// the input byte for byte.
type File struct {
	Name    string
	Src     []byte
	Lines   []Line
	Fields  []*Field // every field, in order
	Version *Line    // the ACAP version comment, if any (the first one)
	// VersionValue is the version it declares, such as "1.1".
	VersionValue string
	Groups       []*Group
	Records      []*Record
	Defs         Definitions
	// IgnoreConventional is the ACAP-ignore-conventional-records line, if
	// the file has one (ACAP crawlers then read only ACAP records).
	IgnoreConventional *Field
	Sitemaps           []*Field
	Signals            []*Field // Content-Usage, Content-Signal and License lines

	text  string       // Src as a string, shared by all spans
	diags []Diagnostic // problems found while parsing
}

// Line returns line n (1-based), or nil.
func (f *File) Line(n int) *Line {
	if n < 1 || n > len(f.Lines) {
		return nil
	}
	return &f.Lines[n-1]
}

// FieldAt returns the field on line n, or nil.
func (f *File) FieldAt(n int) *Field {
	if l := f.Line(n); l != nil {
		return l.Field
	}
	return nil
}

// LineText returns the text of line n without its line ending.
func (f *File) LineText(n int) string {
	l := f.Line(n)
	if l == nil {
		return ""
	}
	return f.text[l.Start:l.End]
}

// posAt returns the position of offset off, which lies on line n.
func (f *File) posAt(n, off int) Pos {
	l := f.Line(n)
	if l == nil {
		return Pos{}
	}
	return l.Pos(off)
}

// LineTokens returns the tokens of line n (1-based), its line ending
// included, scanned again from the file's text; nil if there is no line n.
func (f *File) LineTokens(n int) []Token {
	return f.appendLineTokens(nil, n)
}

// appendLineTokens appends the tokens of line n to dst.
func (f *File) appendLineTokens(dst []Token, n int) []Token {
	l := f.Line(n)
	if l == nil {
		return dst
	}
	s := scanner{src: f.text[:l.Next], off: l.Start, toks: dst, lf: strings.IndexByte(f.text[l.Start:l.Next], '\r') < 0}
	if s.off < l.Next {
		s.scanLine()
	}
	return s.toks
}

// Crawlers returns the crawler names the file uses in User-agent and
// ACAP-crawler lines (without versions), in order of first use, once each,
// leaving out "*".
func (f *File) Crawlers() []string { return crawlerNames(f) }

// Purposes returns the usage-purpose patterns of the file's sub-records, in
// order of first use, once each.
func (f *File) Purposes() []string {
	var out []string
	seen := map[string]bool{}
	for _, fd := range f.Fields {
		if fd.Kind == FieldACAPPurpose && fd.Status == StatusOK {
			k := lowerASCII(fd.Pattern().Text)
			if !seen[k] {
				seen[k] = true
				out = append(out, fd.Pattern().Text)
			}
		}
	}
	return out
}
