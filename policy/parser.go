package policy

import (
	"strconv"
	"strings"
)

// Size limits (READING.md §1).
const (
	// ReadLimit is how much of a file crawlers must read (RFC 9309 §2.5).
	// Content past it is still parsed, with a warning.
	ReadLimit = 500 << 10
	// MaxFileSize is the hard cap. Every function that reads bytes as a
	// file (Parse, ParseReferenced, and ParsePage with MetaMaxSize, the
	// same size) refuses larger input with an error value and no result.
	// Check, NewPolicy, Convert and the other functions that take a *File
	// therefore only ever see files within it.
	MaxFileSize = 5 << 20
)

// SizeError is returned by Parse and ParseReferenced for input over
// MaxFileSize.
type SizeError struct {
	Size int
}

func (e *SizeError) Error() string {
	return "the file is " + mib(e.Size, true) + "; the tester reads files of at most " + mib(MaxFileSize, false) +
		" (crawlers stop reading long before that, at about 500 KiB)"
}

// mib writes n bytes in MiB with one decimal ("5.7 MiB"), the one unit of
// every size message. With up it rounds up, so that a size just over a
// limit never reads as the limit itself; else down.
func mib(n int, up bool) string {
	tenths := n * 10 >> 20
	if up && tenths<<20 < n*10 {
		tenths++
	}
	return strconv.Itoa(tenths/10) + "." + strconv.Itoa(tenths%10) + " MiB"
}

// Parse reads a robots.txt file. It never fails on content: problems are
// recorded and reported by Check, and lines with errors are marked
// StatusSkipped or StatusProhibit. The only error is a *SizeError for input
// over MaxFileSize. name is the file's path (for example "/robots.txt"); it
// is used in messages and for ACAP-permissions-reference look-ups.
func Parse(name string, src []byte) (*File, error) {
	if len(src) > MaxFileSize {
		return nil, &SizeError{Size: len(src)}
	}
	return parse(name, src, nil, nil), nil
}

// ParseYielding is Parse, calling yield now and then (every 1,024 lines
// or fields, and every 16 KiB of lines read) so that a caller on a page's
// only thread can let the page draw while a large file is read: a file of
// 639 KB of lines of 400 wildcards is tens of milliseconds of parsing
// under WebAssembly. yield may block. The file is Parse's.
func ParseYielding(name string, src []byte, yield func()) (*File, error) {
	if len(src) > MaxFileSize {
		return nil, &SizeError{Size: len(src)}
	}
	return parse(name, src, nil, yield), nil
}

// parse reads src; inherit, when not nil, are the definitions of a file
// that refers to this one, visible where the file has none of its own.
// yield, when not nil, is called every parseStep lines and fields (a
// conversion in a page lets it draw).
func parse(name string, src []byte, inherit *Definitions, yield func()) *File {
	f := &File{Name: name, Src: src, text: string(src)}
	p := parser{f: f, inherit: inherit, yield: yield}
	p.lines()
	p.structure()
	p.resolve()
	return f
}

// parseStep is the lines, or fields, a parse with a yield reads between
// two calls of it; parseBytes the bytes of lines, for files of long lines.
const (
	parseStep  = 1024
	parseBytes = 16 << 10
)

// pause calls the parse's yield, if any, once every parseStep calls.
func (p *parser) pause() {
	if p.yield == nil {
		return
	}
	if p.paced++; p.paced%parseStep == 0 {
		p.yield()
	}
}

// ParseReferenced reads a file reached through the
// ACAP-permissions-reference of from: the local usages and resource sets
// defined in from are visible in it, where it does not define the name
// itself (ACAP Part 1 §2.4.1.3 and §2.7; READING.md §8). Its own
// definitions stay its own. Like Parse, it fails only for input over
// MaxFileSize.
func ParseReferenced(name string, src []byte, from *File) (*File, error) {
	if len(src) > MaxFileSize {
		return nil, &SizeError{Size: len(src)}
	}
	var inherit *Definitions
	if from != nil {
		inherit = &from.Defs
	}
	return parse(name, src, inherit, nil), nil
}

// MustParse is Parse for input known to be small, such as examples and
// tests; it panics on a SizeError.
func MustParse(src string) *File {
	f, err := Parse("/robots.txt", []byte(src))
	if err != nil {
		panic(err)
	}
	return f
}

type parser struct {
	f       *File
	yield   func()       // see parse
	paced   int          // calls of pause
	inherit *Definitions // definitions of the referring file, for a referenced file
	fields  []Field      // backing store for f.Fields
	acaps   []acapParts  // backing store for the fields' acapParts
	l       *Line        // the line being read
	name    scannedName  // what the scanner learnt of the line's field name

	vtoks  []Token            // buffer of valueTokens
	kinds  [numFieldKinds]int // the number of fields of each kind
	agents []*Field           // backing store for the groups' Agents
	rules  []*Field           // backing store for the groups' Rules
}

// lines scans the file line by line and builds each line's field. The
// tokens of a line are scanned into one buffer that every line reuses.
func (p *parser) lines() {
	f := p.f
	text := f.text
	n, nf := countLines(text)
	f.Lines = make([]Line, 0, n)
	f.Fields = make([]*Field, 0, nf)
	p.fields = make([]Field, 0, nf)
	s := scanner{src: text, toks: make([]Token, 0, 32), lf: strings.IndexByte(text, '\r') < 0}
	// Most files have no NUL, VT or FF: then no line needs p.controls.
	s.nul0 = strings.IndexByte(text, 0) < 0
	controls := !s.nul0 || strings.IndexByte(text, '\v') >= 0 || strings.IndexByte(text, '\f') >= 0
	yieldAt := parseBytes
	for s.off < len(text) {
		p.pause()
		if p.yield != nil && s.off >= yieldAt {
			yieldAt = s.off + parseBytes
			p.yield()
		}
		start := s.off
		s.toks = s.toks[:0]
		s.scanLine()
		end := s.off
		if last := s.toks[len(s.toks)-1]; last.Kind == TokNewline {
			end = int(last.Off)
		}
		// Set the fields of the (zeroed) new line one by one: appending a
		// Line value would copy it with write barriers while the collector
		// runs.
		if len(f.Lines) == cap(f.Lines) { // never with countLines' exact count
			f.Lines = append(f.Lines, Line{})[:len(f.Lines)]
		}
		f.Lines = f.Lines[:len(f.Lines)+1]
		l := &f.Lines[len(f.Lines)-1]
		l.Num, l.Start, l.End, l.Next = len(f.Lines), start, end, s.off
		p.name = s.name
		p.line(l, s.toks)
		if controls {
			p.controls(l, s.toks)
		}
	}
	if len(text) == 0 || f.Lines[len(f.Lines)-1].Next != f.Lines[len(f.Lines)-1].End {
		// The file is empty or ends with a line ending: there is one more,
		// empty line (as editors show it).
		off := len(text)
		f.Lines = append(f.Lines, Line{Num: len(f.Lines) + 1, Start: off, End: off, Next: off, Kind: LineBlank})
	}
	if f.Version != nil {
		f.Version = &f.Lines[f.Version.Num-1] // in case the lines moved
	}
}

// controls reports the bytes Google's parser reads in its own way (READING.md
// §8): a NUL byte ends the line, and vertical tabs and form feeds at the ends
// of a line, a name or a value are stripped like spaces.
func (p *parser) controls(l *Line, toks []Token) {
	text := p.f.text[l.Start:l.End]
	if i := strings.IndexByte(text, 0); i >= 0 {
		p.reportAt(l.Num, l.Start+i, l.End, finding{sev: SevWarning, code: CodeNULByte, section: secGoogleLeniency, msg: "a NUL byte: Google's parser ends the line here and ignores what follows it; other crawlers may read the line differently. Remove the NUL byte (and the rest of the line, if it is not meant to be read)"})
		text = text[:i]
	}
	for _, t := range toks {
		if t.Kind != TokSpace || int(t.Off)-l.Start >= len(text) {
			continue
		}
		if sp := p.f.text[t.Off:t.End]; strings.ContainsAny(sp, "\v\f") {
			p.reportAt(l.Num, int(t.Off), int(t.End), finding{sev: SevInfo, code: CodeEdgeControl, section: secGoogleLeniency, msg: "a vertical tab or form feed: Google's parser strips it like a space, and so does every reading of the tester, but RFC 9309 allows only spaces and tabs here and a strict crawler may read it as part of the name or value. Write a space instead", fix: &Fix{Title: "Write a space", Edits: []Edit{{Start: int(t.Off), End: int(t.End), New: strings.Map(func(r rune) rune {
				if r == '\v' || r == '\f' {
					return ' '
				}
				return r
			}, sp)}}}})
			return
		}
	}
}

// countLines counts the lines of text, and the lines that may hold a field
// (those whose first byte after spaces is not '#' or a line ending), so
// that lines and fields are allocated once.
func countLines(text string) (n, nf int) {
	n = 1
	start := 0 // past a byte order mark (or the start of one), as the scanner skips it
	for start < 3 && start < len(text) && text[start] == bom[start] {
		start++
	}
	if strings.IndexByte(text, '\r') >= 0 {
		field := false // the current line has a field candidate
		lineStart := true
		for i := start; i < len(text); i++ {
			switch c := text[i]; c {
			case '\n', '\r':
				if c == '\n' || i+1 == len(text) || text[i+1] != '\n' {
					n++
					if field {
						nf++
					}
					field, lineStart = false, true
				}
			case ' ', '\t':
			default:
				if lineStart {
					field = c != '#'
					lineStart = false
				}
			}
		}
		if field {
			nf++
		}
		return n, nf
	}
	// Only LF line endings: find them with IndexByte.
	for i := start; i < len(text); {
		for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		if i < len(text) && text[i] != '\n' && text[i] != '#' {
			nf++
		}
		k := strings.IndexByte(text[i:], '\n')
		if k < 0 {
			break
		}
		n++
		i += k + 1
	}
	return n, nf
}

// line classifies a line and builds its field from its tokens.
func (p *parser) line(l *Line, toks []Token) {
	i := 0
	for i < len(toks) && (toks[i].Kind == TokSpace || toks[i].Kind == TokBOM) {
		i++
	}
	if i == len(toks) || toks[i].Kind == TokNewline {
		l.Kind = LineBlank
		return
	}
	switch toks[i].Kind {
	case TokVersion:
		l.Kind = LineVersion
		if p.f.Version == nil {
			p.f.Version = l
			p.f.VersionValue = versionValue(p.f.text[toks[i].Off:toks[i].End])
		}
		return
	case TokComment:
		l.Kind = LineComment
		return
	}
	l.Kind = LineField
	if len(p.fields) == cap(p.fields) {
		// Fields are allocated in slabs so that pointers to them stay valid
		// (the count made by lines is exact for all but odd files, such as
		// one whose byte order mark is followed by a comment).
		p.fields = make([]Field, 0, min(max(64, 2*cap(p.fields)), 4096))
	}
	p.fields = p.fields[:len(p.fields)+1] // a zeroed Field (see lines)
	fd := &p.fields[len(p.fields)-1]
	fd.Line = l.Num
	l.Field = fd
	p.f.Fields = append(p.f.Fields, fd)
	p.l = l
	p.field(fd, toks[i:])
	p.kinds[fd.Kind]++
}

// acapOf returns fd's ACAP parts, allocating them in slabs.
func (p *parser) acapOf(fd *Field) *acapParts {
	if fd.acap == nil {
		if len(p.acaps) == cap(p.acaps) {
			p.acaps = make([]acapParts, 0, min(max(16, 2*cap(p.acaps)), 1024))
		}
		p.acaps = append(p.acaps, acapParts{})
		fd.acap = &p.acaps[len(p.acaps)-1]
	}
	return fd.acap
}

// versionValue extracts X from "##ACAP version=X".
func versionValue(s string) string {
	i := strings.IndexByte(s, '=')
	if i < 0 {
		return ""
	}
	return strings.TrimSpace(s[i+1:])
}

// span returns the span of token t of the current line.
func (p *parser) span(t Token) Span {
	return Span{Pos: p.l.Pos(int(t.Off)), Text: p.f.text[t.Off:t.End]}
}

// spanOf returns the span from the start of a to the end of b, tokens of
// the current line.
func (p *parser) spanOf(a, b Token) Span {
	return Span{Pos: p.l.Pos(int(a.Off)), Text: p.f.text[a.Off:b.End]}
}

// field fills fd from the tokens of its line, starting at the name.
func (p *parser) field(fd *Field, toks []Token) {
	// The name, with a local usage in parentheses if there is one.
	i := 0
	if toks[0].Kind == TokField || toks[0].Kind == TokLocalUsage {
		i = 1
		nameEnd := toks[0]
		for i < len(toks) && (toks[i].Kind == TokLocalUsage || (toks[i].Kind == TokError && toks[i].Off == nameEnd.End)) {
			nameEnd = toks[i]
			i++
		}
		fd.Name = p.spanOf(toks[0], nameEnd)
	} else {
		fd.Name = Span{Pos: p.l.Pos(int(toks[0].Off))}
	}
	var info fieldInfo
	if n := p.name; n.ok && n.start == fd.Name.Pos.Offset && n.end == fd.Name.End() {
		info = n.info // the scanner looked it up
	} else {
		info = lookupField(fd.Name.Text)
	}
	fd.Kind, fd.Near, fd.Usage = info.kind, info.near, info.usage
	switch fd.Kind {
	case FieldACAPAllow, FieldACAPDisallow:
		if strings.HasPrefix(info.rest, "(") {
			p.acapOf(fd).local = lowerASCII(strings.TrimSuffix(strings.TrimPrefix(info.rest, "("), ")"))
		}
	case FieldACAPRequest:
		p.acapOf(fd).action = info.rest
	}
	for i < len(toks) && toks[i].Kind == TokSpace {
		i++
	}
	if i < len(toks) && toks[i].Kind == TokColon {
		fd.Colon = true
		i++
	}
	// The value: every token up to the comment or line ending, without the
	// spaces around it.
	for i < len(toks) && toks[i].Kind == TokSpace {
		i++
	}
	j := i
	for j < len(toks) && toks[j].Kind != TokComment && toks[j].Kind != TokNewline {
		j++
	}
	for j > i && toks[j-1].Kind == TokSpace {
		j--
	}
	val := toks[i:j]
	if len(val) > 0 {
		fd.Value = p.spanOf(val[0], val[len(val)-1])
	} else {
		// An empty value sits just after the colon or the name.
		at := fd.Name.End()
		if i < len(toks) {
			at = int(toks[i].Off)
		} else if i > 0 {
			at = int(toks[i-1].End)
		}
		fd.Value = Span{Pos: p.l.Pos(at)}
	}
	switch fd.Kind {
	case FieldACAPAllow, FieldACAPDisallow, FieldACAPRequest:
		p.ruleValue(fd, val)
	case FieldACAPQualifiedUsage, FieldACAPCompositeUsage, FieldACAPResourceSet:
		a := p.acapOf(fd)
		for _, w := range words(val) {
			a.args = append(a.args, p.spanOf(w[0], w[len(w)-1]))
		}
		if fd.Kind == FieldACAPQualifiedUsage {
			a.quals = p.qualifiers(val)
		}
	}
}

// words splits value tokens into runs separated by spaces.
func words(val []Token) [][]Token {
	var ws [][]Token
	start := -1
	for i, t := range val {
		if t.Kind == TokSpace {
			if start >= 0 {
				ws = append(ws, val[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		ws = append(ws, val[start:])
	}
	return ws
}

// ruleValue reads an ACAP permission's value: a pattern or set reference,
// then qualifiers.
func (p *parser) ruleValue(fd *Field, val []Token) {
	i := 0
	for i < len(val) && val[i].Kind != TokSpace {
		i++
	}
	a := p.acapOf(fd)
	if i > 0 {
		if val[0].Kind == TokSetRef {
			off := int(val[0].Off) + len(setRefPrefix)
			a.setRef = Span{Pos: p.l.Pos(off), Text: p.f.text[off:val[0].End]}
		} else {
			a.pattern = p.spanOf(val[0], val[i-1])
		}
	}
	a.quals = p.qualifiers(val[i:])
}

// qualifiers collects the type=value qualifiers among value tokens.
func (p *parser) qualifiers(val []Token) []Qualifier {
	var qs []Qualifier
	for i := 0; i < len(val); i++ {
		if val[i].Kind != TokQualName && val[i].Kind != TokEquals {
			continue
		}
		q := Qualifier{Pos: p.l.Pos(int(val[i].Off)), End: int(val[i].End)}
		if val[i].Kind == TokQualName {
			q.Name = p.span(val[i]).Text
			q.Type = lookupQualType(q.Name)
			i++
			for i < len(val) && val[i].Kind == TokSpace {
				i++
			}
		}
		if i < len(val) && val[i].Kind == TokEquals {
			q.End = int(val[i].End)
			i++
			for i < len(val) && val[i].Kind == TokSpace {
				i++
			}
			if i < len(val) && val[i].Kind == TokQualValue {
				q.Value = p.span(val[i]).Text
				q.End = int(val[i].End)
			} else {
				i--
			}
		}
		qs = append(qs, q)
	}
	return qs
}
