package policy

import "strings"

// The scanner splits a robots.txt file into tokens. It works one line at a
// time and needs nothing from earlier lines, so an editor can re-scan only
// the lines that changed and get the same tokens as a scan of the whole file.
// It never fails: bytes that fit nowhere become TokError tokens, and the
// tokens of a file, concatenated, give back the file byte for byte.

// Scan returns the tokens of src.
func Scan(src []byte) []Token {
	s := scanner{src: string(src)}
	s.lf = strings.IndexByte(s.src, '\r') < 0
	s.toks = make([]Token, 0, len(src)/4+4)
	for s.off < len(src) {
		s.scanLine()
	}
	return s.toks
}

// ScanLine returns the tokens of one line. line may include its line ending
// (LF, CRLF or CR); anything after the first line ending is scanned as the
// start of the next line. offset is where the line starts in its file: token
// offsets are shifted by it, and a byte order mark is recognised only when
// it is 0.
func ScanLine(line []byte, offset int) []Token {
	return AppendLineTokens(make([]Token, 0, 8), line, offset)
}

// AppendLineTokens is ScanLine that appends to dst, for callers that reuse a
// buffer.
func AppendLineTokens(dst []Token, line []byte, offset int) []Token {
	s := scanner{src: string(line), base: offset, toks: dst}
	s.lf = strings.IndexByte(s.src, '\r') < 0
	for s.off < len(line) {
		s.scanLine()
	}
	return s.toks
}

type scanner struct {
	src  string
	base int  // file offset of src[0]
	off  int  // current index into src
	lf   bool // src holds no CR: line endings are found with IndexByte
	nul0 bool // src holds no NUL: lines need not be searched for one
	toks []Token
	name scannedName // the field name of the last line scanned, if any
}

// scannedName is what the scanner learnt of a field name: where it is and
// what lookupField said of it, so that the parser need not look it up again.
type scannedName struct {
	start, end int // offsets in the file
	info       fieldInfo
	ok         bool
}

func (s *scanner) emit(kind TokenKind, start, end int) {
	if end <= start {
		return
	}
	s.toks = append(s.toks, Token{Off: int32(s.base + start), End: int32(s.base + end), Kind: kind})
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

// isEdgeSpace is the white space Google's parser strips at the ends of a
// line, a name and a value (absl::StripAsciiWhitespace): spaces and tabs,
// and also vertical tabs and form feeds. Between a name and a value without
// a colon only spaces and tabs separate.
func isEdgeSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

// scanLine scans the line that starts at s.off, with its line ending.
func (s *scanner) scanLine() {
	src := s.src
	start := s.off
	s.name.ok = false
	// Find the end of the line's content.
	eol := start
	if s.lf {
		if i := strings.IndexByte(src[start:], '\n'); i >= 0 {
			eol += i
		} else {
			eol = len(src)
		}
	} else {
		for eol < len(src) && src[eol] != '\n' && src[eol] != '\r' {
			eol++
		}
	}
	p := start
	if s.base+start == 0 {
		// A byte order mark, or the start of one (Google skips a partial one).
		n := 0
		for n < 3 && p+n < eol && src[p+n] == bom[n] {
			n++
		}
		s.emit(TokBOM, p, p+n)
		p += n
	}
	// A NUL byte ends the line for Google's parser (it keeps lines in C
	// strings): what follows is read as nothing, like a comment.
	nul := eol
	if !s.nul0 {
		if i := strings.IndexByte(src[p:eol], 0); i >= 0 {
			nul = p + i
		}
	}
	s.scanContent(p, nul)
	s.emit(TokComment, nul, eol)
	// The line ending.
	nl := eol
	if nl < len(src) {
		if src[nl] == '\r' && nl+1 < len(src) && src[nl+1] == '\n' {
			nl += 2
		} else {
			nl++
		}
		s.emit(TokNewline, eol, nl)
	}
	s.off = nl
}

// scanContent scans src[p:eol], a line without its ending.
func (s *scanner) scanContent(p, eol int) {
	src := s.src
	q := p
	for q < eol && isEdgeSpace(src[q]) {
		q++
	}
	s.emit(TokSpace, p, q)
	p = q
	if p == eol {
		return
	}
	// The comment, if any, starts at the first '#'.
	hash := eol
	if i := strings.IndexByte(src[p:eol], '#'); i >= 0 {
		hash = p + i
	}
	if hash == p {
		s.scanComment(p, eol)
		return
	}
	// Trailing spaces before the comment or the end belong to neither.
	end := hash
	for end > p && isEdgeSpace(src[end-1]) {
		end--
	}
	s.scanField(p, end)
	s.emit(TokSpace, end, hash)
	if hash < eol {
		s.emit(TokComment, hash, eol)
	}
}

// scanComment scans a line's comment, which starts at p; it recognises the
// ACAP version comment and its common misspellings.
func (s *scanner) scanComment(p, eol int) {
	src := s.src
	q := p
	for q < eol && src[q] == '#' {
		q++
	}
	r := q
	for r < eol && isSpace(src[r]) {
		r++
	}
	if r+4 <= eol && hasPrefixFold(src[r:r+4], "acap") {
		t := r + 4
		u := t
		for u < eol && isSpace(src[u]) {
			u++
		}
		atEnd := u == eol || src[u] == '#'
		if atEnd || (u > t && u+7 <= eol && hasPrefixFold(src[u:u+7], "version")) {
			// The version comment runs to the end of its first word after
			// "version"; anything after it is an ordinary comment.
			v := u
			for v < eol && !isSpace(src[v]) && (v == u || src[v] != '#') {
				v++
			}
			if atEnd {
				v = t
			}
			s.emit(TokVersion, p, v)
			w := v
			for w < eol && isSpace(src[w]) {
				w++
			}
			s.emit(TokSpace, v, w)
			s.emit(TokComment, w, eol)
			return
		}
	}
	s.emit(TokComment, p, eol)
}

// scanField scans src[p:end]: a field without its comment and trailing
// spaces. end > p.
func (s *scanner) scanField(p, end int) {
	src := s.src
	colon := strings.IndexByte(src[p:end], ':')
	if colon >= 0 {
		colon += p
	}
	// nameEnd is the end of the name; valStart where the value is scanned
	// from (just past the colon when there is one).
	var nameEnd, valStart int
	hasColon := false
	if colon >= 0 {
		nameEnd = colon
		for nameEnd > p && isEdgeSpace(src[nameEnd-1]) {
			nameEnd--
		}
		firstEnd := p
		for firstEnd < nameEnd && !isSpace(src[firstEnd]) {
			firstEnd++
		}
		hasColon = true
		if firstEnd < nameEnd {
			// The name has spaces in it: "User agent:" and "ACAP-allow
			// preserve:" are misspelt names, and so, for Google's parser, is
			// any name up to the first colon that starts with one of its
			// spellings ("Disallow /a:b" is read as Disallow: b). Otherwise
			// "Crawl-delay 10:00" is a known field without its colon.
			if googleSpelling(src[p:nameEnd]).kind == FieldUnknown && lookupField(src[p:firstEnd]).complete() {
				nameEnd = firstEnd
				hasColon = false
			}
		}
	} else {
		nameEnd = p
		for nameEnd < end && !isSpace(src[nameEnd]) {
			nameEnd++
		}
	}
	info := lookupField(src[p:nameEnd])
	s.name = scannedName{start: s.base + p, end: s.base + nameEnd, info: info, ok: true}
	s.scanName(p, nameEnd)
	if hasColon {
		s.emit(TokSpace, nameEnd, colon)
		s.emit(TokColon, colon, colon+1)
		valStart = colon + 1
	} else {
		valStart = nameEnd
	}
	s.scanValue(info, valStart, end)
}

// scanName scans a field name, splitting off a local usage in parentheses
// as in ACAP-allow-(name).
func (s *scanner) scanName(p, end int) {
	src := s.src
	open := strings.IndexByte(src[p:end], '(')
	if open >= 0 {
		open += p
	}
	if open < 0 {
		s.emit(TokField, p, end)
		return
	}
	s.emit(TokField, p, open)
	close := open
	for close < end && src[close] != ')' {
		close++
	}
	if close < end {
		close++
	}
	s.emit(TokLocalUsage, open, close)
	s.emit(TokError, close, end)
}

// scanValue scans src[p:end], the part of a field after its colon (or after
// its name when the colon is missing).
func (s *scanner) scanValue(info fieldInfo, p, end int) {
	src := s.src
	q := p
	for q < end && isEdgeSpace(src[q]) {
		q++
	}
	s.emit(TokSpace, p, q)
	p = q
	if p >= end {
		return
	}
	switch info.class {
	case valPlain:
		s.emit(TokValue, p, end)
	case valNone:
		s.emit(TokError, p, end)
	case valConvPath, valPurpose:
		s.scanPattern(p, end)
	case valRule:
		w := s.word(p, end)
		if hasPrefixFold(src[p:w], setRefPrefix) {
			s.emit(TokSetRef, p, w)
		} else {
			s.scanPattern(p, w)
		}
		s.scanQualifiers(w, end)
	case valSet:
		w := s.word(p, end)
		s.emit(TokValue, p, w)
		for p = s.spaces(w, end); p < end; p = s.spaces(w, end) {
			w = s.word(p, end)
			s.scanPattern(p, w)
		}
	case valQualified:
		w := s.word(p, end)
		s.emit(TokValue, p, w)
		if p = s.spaces(w, end); p < end {
			w = s.word(p, end)
			s.emit(TokUsage, p, w)
			s.scanQualifiers(w, end)
		}
	case valComposite:
		w := s.word(p, end)
		s.emit(TokValue, p, w)
		for p = s.spaces(w, end); p < end; p = s.spaces(w, end) {
			w = s.word(p, end)
			if src[p] == '(' {
				s.emit(TokLocalUsage, p, w)
			} else {
				s.emit(TokUsage, p, w)
			}
		}
	case valKeyValues:
		s.scanKeyValues(p, end)
	}
}

// spaces emits the run of spaces at p and returns where it ends.
func (s *scanner) spaces(p, end int) int {
	q := p
	for q < end && isSpace(s.src[q]) {
		q++
	}
	s.emit(TokSpace, p, q)
	return q
}

// word returns the end of the word that starts at p.
func (s *scanner) word(p, end int) int {
	for p < end && !isSpace(s.src[p]) {
		p++
	}
	return p
}

// scanPattern scans a pattern: literal runs, '*' and '$'.
func (s *scanner) scanPattern(p, end int) {
	src := s.src
	lit := p
	for i := p; i < end; i++ {
		switch src[i] {
		case '*':
			s.emit(TokPattern, lit, i)
			s.emit(TokWildcard, i, i+1)
			lit = i + 1
		case '$':
			s.emit(TokPattern, lit, i)
			s.emit(TokAnchor, i, i+1)
			lit = i + 1
		}
	}
	s.emit(TokPattern, lit, end)
}

// scanQualifiers scans what follows a pattern: qualifiers written
// type=value, with optional spaces around '='. Anything else is an error.
func (s *scanner) scanQualifiers(p, end int) {
	src := s.src
	for p = s.spaces(p, end); p < end; p = s.spaces(p, end) {
		w := s.word(p, end)
		eq := p
		for eq < w && src[eq] != '=' {
			eq++
		}
		if eq == w {
			// No '=' in this word: it is a qualifier name only if the next
			// word starts with '='.
			n := w
			for n < end && isSpace(src[n]) {
				n++
			}
			if n < end && src[n] == '=' && eq > p {
				s.emit(TokQualName, p, w)
				s.emit(TokSpace, w, n)
				p, w, eq = n, s.word(n, end), n
			} else {
				s.emit(TokError, p, w)
				p = w
				continue
			}
		} else {
			s.emit(TokQualName, p, eq)
		}
		s.emit(TokEquals, eq, eq+1)
		v := eq + 1
		if v == w {
			// "type =" or "type= value": the value is the next word.
			n := s.spaces(v, end)
			if n < end && n > v {
				w = s.word(n, end)
				v = n
			}
		}
		s.emit(TokQualValue, v, w)
		p = w
	}
}

// scanKeyValues scans Content-Usage and Content-Signal values: an optional
// path, then key=value pairs separated by commas or spaces.
func (s *scanner) scanKeyValues(p, end int) {
	src := s.src
	for p = s.spaces(p, end); p < end; p = s.spaces(p, end) {
		if src[p] == ',' || src[p] == ';' {
			s.emit(TokPunct, p, p+1)
			p++
			continue
		}
		w := p
		for w < end && !isSpace(src[w]) && src[w] != ',' && src[w] != ';' {
			w++
		}
		eq := p
		for eq < w && src[eq] != '=' {
			eq++
		}
		switch {
		case eq < w:
			s.emit(TokQualName, p, eq)
			s.emit(TokEquals, eq, eq+1)
			s.emit(TokQualValue, eq+1, w)
		case src[p] == '/' || src[p] == '*':
			s.scanPattern(p, w)
		default:
			s.emit(TokError, p, w)
		}
		p = w
	}
}

const (
	setRefPrefix = "the-acap:resource-set:"
	bom          = "\xEF\xBB\xBF"
)

// bomLen returns the length of the byte order mark (or of the start of
// one) at the head of the file, within its first line.
func bomLen(f *File) int {
	n := 0
	for n < 3 && n < len(f.text) && f.text[n] == bom[n] {
		n++
	}
	if n > 0 && len(f.Lines) > 0 && f.Lines[0].End < n {
		n = f.Lines[0].End // the line ends inside the partial mark
	}
	return n
}
