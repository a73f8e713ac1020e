package policy

import (
	"strconv"
	"strings"
)

// Size limits (semantics §1).
const (
	// ReadLimit is how much of a file crawlers must read (RFC 9309 §2.5).
	// Content past it is still parsed, with a warning.
	ReadLimit = 500 << 10
	// MaxFileSize is the hard cap: Parse refuses larger input.
	MaxFileSize = 5 << 20
)

// SizeError is returned by Parse for input over MaxFileSize.
type SizeError struct {
	Size int
}

func (e *SizeError) Error() string {
	return "the file is " + mib(e.Size) + "; the tester reads files of at most " + mib(MaxFileSize) +
		" (crawlers stop reading long before that, at about 500 KiB)"
}

func mib(n int) string {
	whole := n >> 20
	tenth := (n - whole<<20) * 10 >> 20
	return strconv.Itoa(whole) + "." + strconv.Itoa(tenth) + " MiB"
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
	f := &File{Name: name, Src: src, text: string(src)}
	p := parser{f: f}
	p.lines()
	p.structure()
	p.resolve()
	return f, nil
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
	f      *File
	fields []Field // backing store for f.Fields
}

// lines scans the file line by line and builds each line's field.
func (p *parser) lines() {
	f := p.f
	n := 1
	for i := 0; i < len(f.text); i++ {
		if c := f.text[i]; c == '\n' || (c == '\r' && (i+1 == len(f.text) || f.text[i+1] != '\n')) {
			n++
		}
	}
	f.Lines = make([]Line, 0, n)
	f.Fields = make([]*Field, 0, n)
	s := scanner{src: f.text, line: 1, col0: 1}
	s.toks = make([]Token, 0, len(f.text)/4+len(f.text)/32+8) // real files have a token per 4-5 bytes
	starts := make([]int, 0, n+1)
	for s.off < len(f.text) {
		starts = append(starts, len(s.toks))
		start := s.off
		s.scanLine()
		end := s.off
		last := s.toks[len(s.toks)-1]
		if last.Kind == TokNewline {
			end = last.Pos.Offset
		}
		f.Lines = append(f.Lines, Line{Num: len(f.Lines) + 1, Start: start, End: end, Next: s.off})
	}
	if len(f.text) == 0 || f.Lines[len(f.Lines)-1].Next != f.Lines[len(f.Lines)-1].End {
		// The file is empty or ends with a line ending: there is one more,
		// empty line (as editors show it).
		off := len(f.text)
		starts = append(starts, len(s.toks))
		f.Lines = append(f.Lines, Line{Num: len(f.Lines) + 1, Start: off, End: off, Next: off})
	}
	starts = append(starts, len(s.toks))
	f.Tokens = s.toks
	for i := range f.Lines {
		l := &f.Lines[i]
		l.Tokens = f.Tokens[starts[i]:starts[i+1]:starts[i+1]]
		p.line(l)
	}
}

// line classifies a line and builds its field.
func (p *parser) line(l *Line) {
	toks := l.Tokens
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
			p.f.VersionValue = versionValue(p.f.text[toks[i].Pos.Offset:toks[i].End])
		}
		return
	case TokComment:
		l.Kind = LineComment
		return
	}
	l.Kind = LineField
	if len(p.fields) == cap(p.fields) {
		// Fields are allocated in slabs so that pointers to them stay valid.
		p.fields = make([]Field, 0, min(max(64, 2*cap(p.fields)), 4096))
	}
	p.fields = append(p.fields, Field{Line: l.Num})
	fd := &p.fields[len(p.fields)-1]
	l.Field = fd
	p.f.Fields = append(p.f.Fields, fd)
	p.field(fd, toks[i:])
}

// versionValue extracts X from "##ACAP version=X".
func versionValue(s string) string {
	i := strings.IndexByte(s, '=')
	if i < 0 {
		return ""
	}
	return strings.TrimSpace(s[i+1:])
}

func (p *parser) span(t Token) Span {
	return Span{Pos: t.Pos, End: t.End, Text: p.f.text[t.Pos.Offset:t.End]}
}

// spanOf returns the span from the start of a to the end of b.
func (p *parser) spanOf(a, b Token) Span {
	return Span{Pos: a.Pos, End: b.End, Text: p.f.text[a.Pos.Offset:b.End]}
}

// field fills fd from the tokens of its line, starting at the name.
func (p *parser) field(fd *Field, toks []Token) {
	// The name, with a local usage in parentheses if there is one.
	i := 0
	if toks[0].Kind == TokField || toks[0].Kind == TokLocalUsage {
		i = 1
		nameEnd := toks[0]
		for i < len(toks) && (toks[i].Kind == TokLocalUsage || (toks[i].Kind == TokError && toks[i].Pos.Offset == nameEnd.End)) {
			nameEnd = toks[i]
			i++
		}
		fd.Name = p.spanOf(toks[0], nameEnd)
	} else {
		fd.Name = Span{Pos: toks[0].Pos, End: toks[0].Pos.Offset}
	}
	info := lookupField(fd.Name.Text)
	fd.Kind, fd.Near, fd.Usage = info.kind, info.near, info.usage
	switch fd.Kind {
	case FieldACAPAllow, FieldACAPDisallow:
		if strings.HasPrefix(info.rest, "(") {
			fd.Local = strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(info.rest, "("), ")"))
		}
	case FieldACAPRequest:
		fd.Action = info.rest
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
		at := fd.Name.End
		if i < len(toks) {
			at = toks[i].Pos.Offset
		} else if i > 0 {
			at = toks[i-1].End
		}
		fd.Value = Span{Pos: p.f.posAt(fd.Line, at), End: at}
	}
	switch fd.Kind {
	case FieldACAPAllow, FieldACAPDisallow, FieldACAPRequest:
		p.ruleValue(fd, val)
	case FieldACAPPurpose:
		fd.Pattern = fd.Value
	case FieldACAPQualifiedUsage, FieldACAPCompositeUsage, FieldACAPResourceSet:
		for _, w := range words(val) {
			fd.Args = append(fd.Args, p.spanOf(w[0], w[len(w)-1]))
		}
		if fd.Kind == FieldACAPQualifiedUsage {
			fd.Quals = p.qualifiers(val)
		}
	case FieldAllow, FieldDisallow:
		fd.Pattern = fd.Value
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
	if i > 0 {
		if val[0].Kind == TokSetRef {
			s := p.span(val[0])
			name := s.Text[len(setRefPrefix):]
			fd.SetRef = Span{Pos: Pos{Offset: s.Pos.Offset + len(setRefPrefix), Line: s.Pos.Line, Col: s.Pos.Col + len(setRefPrefix)}, End: s.End, Text: name}
		} else {
			fd.Pattern = p.spanOf(val[0], val[i-1])
		}
	}
	fd.Quals = p.qualifiers(val[i:])
}

// qualifiers collects the type=value qualifiers among value tokens.
func (p *parser) qualifiers(val []Token) []Qualifier {
	var qs []Qualifier
	for i := 0; i < len(val); i++ {
		if val[i].Kind != TokQualName && val[i].Kind != TokEquals {
			continue
		}
		q := Qualifier{Pos: val[i].Pos, End: val[i].End}
		if val[i].Kind == TokQualName {
			q.Name = p.span(val[i]).Text
			q.Type = lookupQualType(q.Name)
			i++
			for i < len(val) && val[i].Kind == TokSpace {
				i++
			}
		}
		if i < len(val) && val[i].Kind == TokEquals {
			q.End = val[i].End
			i++
			for i < len(val) && val[i].Kind == TokSpace {
				i++
			}
			if i < len(val) && val[i].Kind == TokQualValue {
				q.Value = p.span(val[i]).Text
				q.End = val[i].End
			} else {
				i--
			}
		}
		qs = append(qs, q)
	}
	return qs
}
