package policy

import (
	"strconv"
	"strings"
)

// MatchMode says how a pattern is read and matched. Each kind of crawler
// uses one mode for its resource patterns; ACAP usage purposes have their
// own.
//
// In every mode, percent escapes are compared by the byte they stand for:
// "%41" equals "A", hex digits may be written in either case, and a raw
// non-ASCII byte equals its escape ("/ä" equals "/%C3%A4"). There is one
// exception: an escaped slash "%2F" is never the same as a real '/'
// (a path segment boundary). An escape is always a literal character, so
// "%2A" is a real asterisk and "%24" a real dollar sign, never a wildcard
// or an anchor. A '%' that is not followed by two hex digits is a plain
// '%', the same as "%25".
type MatchMode uint8

// The match modes.
const (
	// MatchRFC9309 is today's conventional reading (RFC 9309 as Google
	// reads it): a pattern matches every path that starts with it; '*'
	// stands for any run of characters, including none; a '$' that is the
	// last character means the path must end there, while a '$' anywhere
	// else is an ordinary character. Letters are compared case-sensitively.
	// The pattern is used as written: one that starts with neither '/' nor
	// '*' can never match a path.
	MatchRFC9309 MatchMode = iota

	// MatchACAP is the ACAP reading of resource patterns: as MatchRFC9309,
	// but ASCII letters are compared without regard to case, and a pattern
	// that does not start with '/' is read as if it did ("*.html$" is
	// "/*.html$", "news/" is "/news/"). A '$' that is not last is an error
	// the checker reports; the matcher reads it as an ordinary character.
	MatchACAP

	// MatchPrefix is the reading of the 1994 convention and the 1996
	// draft: a pattern matches every path that starts with it, byte for
	// byte after decoding escapes, case-sensitively; '*' and '$' are
	// ordinary characters.
	MatchPrefix

	// MatchWhole is the reading of the 2.0.0 proposal of 1996: the pattern
	// must cover the whole path, not just its start. Without '*' it must
	// equal the path; with '*' (any run of characters) it must match all
	// of it ("*.shtml" matches "/a/b.shtml" but not "/b.shtml.bak").
	// Case-sensitive; the proposal has no anchor, so '$' is an ordinary
	// character.
	MatchWhole

	// MatchPurpose is the reading of ACAP usage-purpose patterns: the
	// pattern must cover the whole purpose, '*' stands for any run of
	// characters, ASCII letters are compared without regard to case, and
	// nothing is put before the pattern. A final '$' is accepted and
	// changes nothing, since the match is whole anyway.
	MatchPurpose
)

// matchACAPCase reads ACAP resource patterns as MatchACAP does, but compares
// letters case-sensitively. No crawler reads a file so; the proof of
// equivalence asks such a reading to tell a difference that ACAP's case
// folding causes from one it does not (compare.go).
const matchACAPCase MatchMode = MatchPurpose + 1

var matchModeNames = [...]string{"rfc9309", "acap", "prefix", "whole", "purpose", "acap-case"}

// String returns a short lower-case name for m.
func (m MatchMode) String() string {
	if int(m) < len(matchModeNames) {
		return matchModeNames[m]
	}
	return "MatchMode(" + strconv.Itoa(int(m)) + ")"
}

// wildcards reports whether '*' is a wildcard in mode m.
func (m MatchMode) wildcards() bool { return m != MatchPrefix }

// anchors reports whether a final '$' anchors the pattern in mode m.
func (m MatchMode) anchors() bool {
	return m == MatchRFC9309 || m == MatchACAP || m == MatchPurpose || m == matchACAPCase
}

// isACAP reports whether m reads ACAP resource patterns: a pattern that
// does not start with '/' is read as if it did.
func (m MatchMode) isACAP() bool { return m == MatchACAP || m == matchACAPCase }

// scoped reports whether patterns of mode m keep their scope tokens
// (decisions compare them by scope).
func (m MatchMode) scoped() bool { return m.folds() || m == matchACAPCase }

// folds reports whether mode m compares ASCII letters case-insensitively.
func (m MatchMode) folds() bool { return m == MatchACAP || m == MatchPurpose }

// whole reports whether a pattern in mode m must cover the whole subject.
func (m MatchMode) whole() bool { return m == MatchWhole || m == MatchPurpose }

// isPath reports whether mode m reads resource paths (which start with '/').
func (m MatchMode) isPath() bool { return m != MatchPurpose }

// Scope tokens: bytes are 0..255; these two stand for the wildcard and
// the anchor.
const (
	scopeStar   = 256
	scopeAnchor = 257
)

// Pattern is a compiled resource or purpose pattern, ready to be matched
// against many subjects. Build one with CompilePattern; a Pattern is
// immutable and safe for concurrent use.
//
// The zero Pattern, like a pattern compiled from the empty string, matches
// nothing: an empty Disallow forbids nothing, and the checker reports an
// empty ACAP pattern as an error before it could matter.
type Pattern struct {
	raw      string
	mode     MatchMode
	ok       bool     // false: matches nothing
	fold     bool     // match against the folded form of the subject
	anchored bool     // the match must end at the end of the subject
	star     bool     // at least one non-empty segment follows a '*'
	wild     bool     // HasWildcard
	n        int      // Len
	first    string   // literal that must start the subject
	head     uint64   // head8(first)
	mask     uint64   // headMask(len(first))
	rest     []string // non-empty literals, each after a '*', in order
	scope    []uint16 // decoded, folded tokens for CompareScope (MatchACAP and MatchPurpose only; see scopeTokens)
}

// CompilePattern compiles raw, a pattern as written in the file (without
// surrounding spaces), for matching in the given mode.
//
// Matching never backtracks: the literal runs between wildcards are looked
// for left to right, each at its leftmost possible place, which takes time
// roughly linear in the subject's length whatever the number of '*'.
func CompilePattern(raw string, mode MatchMode) Pattern {
	p := Pattern{raw: raw, mode: mode, fold: mode.folds(), n: patternPriorityLen(raw)}
	if raw == "" {
		return p
	}
	p.ok = true
	body := raw
	if mode.isACAP() && body[0] != '/' {
		body = "/" + body
	}
	if mode.scoped() {
		// Only ACAP patterns are compared by scope in decisions; others
		// compute their tokens when CompareScope asks.
		p.scope = patternScopeTokens(body, mode)
	}
	p.anchored = mode.whole()
	if mode.anchors() && strings.HasSuffix(body, "$") {
		body = body[:len(body)-1]
		p.anchored = true
		p.wild = mode != MatchPurpose
	}
	canonSeg := func(s string) string {
		if !canonNeeded(s, p.fold) {
			return s
		}
		return string(canonAppend(nil, s, p.fold))
	}
	star := -1
	if mode.wildcards() {
		star = strings.IndexByte(body, '*')
	}
	if star < 0 {
		p.first = canonSeg(body)
		p.head, p.mask = head8(p.first), headMask(len(p.first))
		return p
	}
	p.wild = true
	p.first = canonSeg(body[:star])
	p.head, p.mask = head8(p.first), headMask(len(p.first))
	// One allocation for the segments, however many stars.
	p.rest = make([]string, 0, strings.Count(body[star+1:], "*")+1)
	for rest := body[star+1:]; ; {
		seg := rest
		next := strings.IndexByte(rest, '*')
		if next >= 0 {
			seg = rest[:next]
		}
		if seg != "" {
			p.rest = append(p.rest, canonSeg(seg))
		} else if next < 0 {
			// A trailing '*' accepts any ending, anchored or not.
			p.anchored = false
		}
		if next < 0 {
			break
		}
		rest = rest[next+1:]
	}
	p.star = len(p.rest) > 0
	return p
}

// scopeTokens returns the tokens CompareScope compares: kept in the
// pattern for the modes decisions compare by scope, computed otherwise.
func (p *Pattern) scopeTokens() []uint16 {
	if p.scope != nil || !p.ok || p.mode.scoped() {
		return p.scope
	}
	return patternScopeTokens(p.raw, p.mode)
}

// patternPriorityLen is Len: the octets of raw once its non-ASCII bytes are
// written as escapes, as Google counts them.
func patternPriorityLen(raw string) int {
	n := len(raw)
	for i := 0; i < len(raw); i++ {
		if raw[i] >= 0x80 {
			n += 2
		}
	}
	return n
}

// patternScopeTokens turns body (with any implied '/' already added) into the
// token sequence CompareScope compares: decoded, folded bytes, with
// wildcards and the anchor as their own tokens.
func patternScopeTokens(body string, mode MatchMode) []uint16 {
	if mode.isPath() && !strings.HasPrefix(body, "/") {
		body = "/" + body
	}
	anchor := mode.anchors() && strings.HasSuffix(body, "$")
	if anchor {
		body = body[:len(body)-1]
	}
	toks := make([]uint16, 0, len(body)+1)
	var buf []byte
	lit := func(s string) {
		buf = canonAppend(buf[:0], s, true)
		for _, c := range buf {
			toks = append(toks, uint16(c))
		}
	}
	if mode.wildcards() {
		for {
			i := strings.IndexByte(body, '*')
			if i < 0 {
				break
			}
			lit(body[:i])
			toks = append(toks, scopeStar)
			body = body[i+1:]
		}
	}
	lit(body)
	if anchor {
		toks = append(toks, scopeAnchor)
	}
	return toks
}

// Raw returns the pattern as it was written.
func (p *Pattern) Raw() string { return p.raw }

// Mode returns the mode p was compiled for.
func (p *Pattern) Mode() MatchMode { return p.mode }

// Len is the priority of p for the longest-match rule of RFC 9309: the
// number of octets of the pattern as written (a '/' the ACAP reading
// implies is not counted). Following Google's parser, which escapes
// non-ASCII bytes before it counts, each non-ASCII byte counts three, so
// "/ä" and "/%C3%A4" have the same priority.
func (p *Pattern) Len() int { return p.n }

// HasWildcard reports whether p uses a wildcard in its mode: a '*' where
// '*' is a wildcard, or an anchoring final '$' (an escaped "%2A" or "%24"
// does not count). The final '$' of a purpose pattern changes nothing and
// does not count either.
func (p *Pattern) HasWildcard() bool { return p.wild }

// Match reports whether p matches the subject. It does not allocate.
func (p *Pattern) Match(s *Subject) bool {
	if !p.ok {
		return false
	}
	t, h := s.canon, s.canonHead
	if p.fold {
		t, h = s.fold, s.foldHead
	}
	if h&p.mask != p.head || len(t) < len(p.first) ||
		(len(p.first) > 8 && t[8:len(p.first)] != p.first[8:]) {
		return false
	}
	if !p.star {
		return !p.anchored || len(t) == len(p.first)
	}
	return p.matchRest(t)
}

// matchRest matches the segments after the first '*' of p, greedily and
// leftmost, against t, whose first len(p.first) bytes already matched.
func (p *Pattern) matchRest(t string) bool {
	pos := len(p.first)
	last := len(p.rest) - 1
	for i, seg := range p.rest {
		if i == last && p.anchored {
			start := len(t) - len(seg)
			return start >= pos && t[start:] == seg && canonUnitStart(t, start)
		}
		j := seek(t, pos, seg)
		if j < 0 {
			return false
		}
		pos = j + len(seg)
	}
	return true
}

// seekNear is how many places seek tries itself before it asks
// canonIndex: in a chain of wildcards ("/*a*a*a…") each segment is found
// within a place or two, where a call of strings.Index costs several
// times the search (a pattern of 400 wildcards against a URL of 2,000
// characters: 7.7 µs, then 1.9 µs, natively).
const seekNear = 8

// seek is canonIndex, trying the first seekNear places itself.
func seek(t string, from int, seg string) int {
	if seg == "" {
		return from
	}
	c, n := seg[0], len(seg)
	end := min(from+seekNear, len(t)-n+1)
	for j := from; j < end; j++ {
		if t[j] == c && t[j:j+n] == seg && canonUnitStart(t, j) {
			return j
		}
	}
	return canonIndex(t, max(from, end), seg)
}

// canonIndex returns the first index i >= from at which seg occurs in t
// and is not inside a kept escape ("%25" or "%2F"), or -1.
func canonIndex(t string, from int, seg string) int {
	for from <= len(t) {
		j := strings.Index(t[from:], seg)
		if j < 0 {
			return -1
		}
		j += from
		if canonUnitStart(t, j) {
			return j
		}
		from = j + 1
	}
	return -1
}

// canonUnitStart reports whether index i of a canonical string is the start of
// a character rather than the middle of a kept escape. In canonical form
// every '%' starts a three-byte escape.
func canonUnitStart(t string, i int) bool {
	return !(i >= 1 && t[i-1] == '%') && !(i >= 2 && t[i-2] == '%')
}

// Subject is a path (or a usage purpose) prepared once for matching
// against many patterns: it holds the canonical form that case-sensitive
// patterns compare with and the same form with ASCII letters folded to
// lower case for the case-insensitive modes.
type Subject struct {
	path      string
	canon     string
	fold      string
	canonHead uint64 // first 8 bytes of canon, see head8
	foldHead  uint64 // first 8 bytes of fold
}

// NewSubject prepares path, normally a result of PathOf, for matching. Any
// string is accepted, so a usage purpose can be a subject too. It
// allocates at most once, and not at all when path has no escapes and no
// upper-case letters.
func NewSubject(path string) Subject {
	s := Subject{path: path, canon: path, fold: path}
	needCanon, needFold := canonNeeded(path, false), canonNeeded(path, true)
	switch {
	case needCanon:
		var stack [512]byte
		b := canonAppend(stack[:0], path, false)
		n := len(b)
		for i := 0; i < n; i++ { // fold the canonical form: letters only
			c := b[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b = append(b, c)
		}
		all := string(b)
		s.canon, s.fold = all[:n], all[n:]
	case needFold:
		// Canonical already: only the letters change.
		var stack [256]byte
		s.fold = string(canonAppend(stack[:0], path, true))
	}
	s.canonHead, s.foldHead = head8(s.canon), head8(s.fold)
	return s
}

// head8 packs the first (up to) 8 bytes of s into an integer, the first
// byte lowest, zero-padded; with headMask it lets Match reject most
// literal prefixes with one comparison.
func head8(s string) uint64 {
	var h uint64
	for i := 0; i < len(s) && i < 8; i++ {
		h |= uint64(s[i]) << (8 * i)
	}
	return h
}

// headMask is the mask of the bytes head8 takes from a string of length n.
func headMask(n int) uint64 {
	if n >= 8 {
		return ^uint64(0)
	}
	return 1<<(8*n) - 1
}

// Path returns the string the subject was made from.
func (s *Subject) Path() string { return s.path }

// The canonical form of a pattern literal or a subject decodes every
// escape into the byte it stands for, except two that are kept as
// upper-case escapes so they cannot be mistaken for anything else: "%2F"
// (an escaped '/', distinct from a real '/') and "%25" (a real '%'; a lone
// '%' becomes "%25" too). So in canonical form every '%' starts one of
// those two escapes. The folded form also lower-cases ASCII letters
// (turning "%2F" into "%2f", consistently on both sides).

// canonNeeded reports whether canonAppend would change s.
func canonNeeded(s string, fold bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			if i+2 < len(s) && s[i+1] == '2' && (s[i+2] == '5' || (s[i+2] == 'F' && !fold) || (s[i+2] == 'f' && fold)) {
				i += 2
				continue
			}
			return true
		}
		if fold && 'A' <= c && c <= 'Z' {
			return true
		}
	}
	return false
}

// canonAppend appends the canonical (and, if fold, folded) form of s to b.
func canonAppend(b []byte, s string, fold bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			if i+2 < len(s) {
				if h, l := pctUnhex(s[i+1]), pctUnhex(s[i+2]); h >= 0 && l >= 0 {
					i += 2
					c = byte(h<<4 | l)
					switch c {
					case '/':
						if fold {
							b = append(b, '%', '2', 'f')
						} else {
							b = append(b, '%', '2', 'F')
						}
						continue
					case '%':
						b = append(b, '%', '2', '5')
						continue
					}
				} else {
					b = append(b, '%', '2', '5')
					continue
				}
			} else {
				b = append(b, '%', '2', '5')
				continue
			}
		}
		if fold && 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

func pctUnhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
