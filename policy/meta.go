package policy

import (
	"bytes"
	"errors"
	"sort"
	"strings"

	"golang.org/x/net/html"
)

// MetaMaxSize is the largest HTML page ParsePage reads (5 MiB).
const MetaMaxSize = 5 << 20

// ErrPageTooLarge is returned by ParsePage for input over MetaMaxSize. Like
// every error of the package, its text is a sentence the app shows as it
// is, sizes in MiB.
var ErrPageTooLarge = errors.New("the HTML page is larger than " + mib(MetaMaxSize, false) + "; the page tester does not read it")

// Page is the robots information of one HTML page.
type Page struct {
	Path      string     // the URL path it belongs to (set by caller)
	Tags      []MetaTag  // every robots META tag in <head>, in order
	Fragments []Fragment // class="acap:allow-…" / "acap:disallow-…" fragments found in <body>
	Diags     []Diagnostic
	// Defs are the ACAP-qualified-usage and ACAP-composite-usage
	// definitions of the page, in order (duplicates left out).
	Defs []MetaDefinition
}

// MetaTag is one <meta name="robots|CRAWLER" content="...">.
type MetaTag struct {
	Name    string // "robots" or the crawler name, as written
	Robots  bool   // addressed to every crawler (name="robots")
	Content string
	Pos     Pos // position of the <meta tag start
	Rules   []MetaRule
	// Extra are the values in use today that the 1996 convention does not
	// define (nosnippet, max-snippet:0, noai, ...), lower-cased, in order.
	// Only the today kind reads some of them (see todaymeta.go).
	Extra []MetaValue
}

// MetaValue is one robots value of a tag as written (lower-cased), such as
// "nosnippet" or "max-snippet:0", with its position.
type MetaValue struct {
	Text string
	Pos  Pos
}

// MetaRule is one permission or prohibition a tag gives for the page.
type MetaRule struct {
	Allow bool
	// Usage is index, follow, preserve, present, present-*, other, or crawl
	// (crawl is reported with a warning and ignored by the decider).
	Usage Usage
	Quals []Qualifier
	ACAP  bool   // from ACAP syntax (true) or a conventional value like noindex (false)
	Text  string // the words it came from, e.g. "noindex" or "ACAP disallow-present-snippet"
	Pos   Pos
	// Purpose is the usage-purpose pattern written before allow-/disallow-,
	// or "" for every purpose.
	Purpose string
	// IDs are the fragments of an id-list= specification. A rule with IDs
	// speaks only of those fragments, not of the page.
	IDs []string
	// Local is the local usage the rule was expanded from, as "(name)".
	Local string
	// Note says why the rule is not what was written, e.g. a permission
	// with a bad qualifier read as a prohibition.
	Note string
}

// Fragment is an element of <body> whose class attribute carries ACAP
// permissions or prohibitions (Part 2 §2).
type Fragment struct {
	ID    string // the element's id attribute, if any
	Class string // the whole class attribute
	Rules []MetaRule
	Pos   Pos // position of the element's start tag
}

// MetaDefinition is an ACAP-qualified-usage or ACAP-composite-usage
// definition given in a META tag (Part 2 §1.3.4).
type MetaDefinition struct {
	Composite bool
	Name      string      // the defined name, as written
	Usage     Usage       // qualified usage: its base usage
	Quals     []Qualifier // qualified usage: its qualifiers
	Parts     []string    // composite usage: the constituents as written
	Pos       Pos         // the <meta tag start
	// Broken marks a qualified usage whose qualifiers are wrong: it stays
	// defined, and a permission that uses it (directly or through a
	// composite usage) is read as a prohibition (READING.md §8).
	Broken bool
}

// ParsePage reads the robots META tags and ACAP class fragments of an HTML
// page (ACAP Part 2, the October 2007 strawman). It uses the
// golang.org/x/net/html tokenizer and never panics; the only error is
// ErrPageTooLarge for input over 5 MiB. Problems are reported in Diags
// with 1-based line and byte columns in html.
//
// What is read:
//
//   - <meta name="robots" content="…"> addresses every crawler; any other
//     name addresses the crawler of that name, when the content starts with
//     ACAP or consists of robots values only (so description, keywords and
//     the like are never taken for crawlers).
//   - Conventional values index, noindex, follow, nofollow, all (index,
//     follow) and none (noindex, nofollow), case-insensitive, separated by
//     commas or spaces. Other values in use today (noarchive, nosnippet,
//     max-snippet:…) are not part of the convention Part 2 §1 cites; they
//     are reported as info and ignored; near misses (noindx) get a warning
//     with the fix.
//   - content="ACAP item, item, …": the strawman's grammar allows one
//     permission or prohibition per tag; we also accept several separated
//     by commas. An item is
//     [purpose-pattern] allow-USAGE [id-list= ID …] [type=value …] or
//     [purpose-pattern] disallow-USAGE, e.g. "ACAP allow-present-snippet
//     max-length=20-words", "ACAP news.* disallow-index". USAGE is an ACAP
//     usage or a local usage "(name)" defined on the page; a bare defined
//     name is accepted with a warning. The formal syntax requires at least
//     one qualifier on a permission (1*); we read that as a slip and make
//     qualifiers optional, as in Part 1.
//   - Qualifiers are checked as in robots.txt (valid for the usage, value,
//     repetition). Part 2 §1.3.4's location=URI is accepted on index,
//     preserve and present, and may repeat. A bad qualifier on a permission
//     is an error and the rule is read as a prohibition (Note says so), as
//     robots.txt lines are; qualifiers on a prohibition are an error and
//     dropped.
//   - id-list= limits a permission to fragments (MetaRule.IDs); ids not
//     found on the page get a warning. The formal syntax gives
//     prohibitions no id-list, so a prohibition with one is an error and is
//     skipped (use class="acap:disallow-…" on the fragment instead).
//   - Definitions: <meta name="ACAP-qualified-usage"
//     content="ACAP name usage type=value …"> and
//     <meta name="ACAP-composite-usage" content="ACAP name usage (qname) …">.
//     The formal syntax puts the definition in content after "ACAP"; §1.3.4's
//     example uses a value attribute, which is accepted with an info, as is
//     a definition without the ACAP word. Definitions apply to the whole
//     page wherever they stand in <head> (order is not significant, §1.3).
//     A permission of a local usage expands to one rule per constituent; a
//     prohibition of one is an error, read as a prohibition of each. A
//     qualified usage with a wrong qualifier is an error but stays defined
//     (MetaDefinition.Broken): a permission that uses it, directly or
//     through a composite usage, is read as a prohibition.
//   - A tag that permits or forbids crawl gets a warning (the page was
//     already crawled); the rule is kept for the trace.
//   - META tags belong in <head> (§1): a robots or definition META tag after
//     <body> (or after content that starts the body) gets a warning and is
//     ignored.
//   - class="… acap:allow-USAGE acap:disallow-USAGE …" on any element from
//     <body> on gives a Fragment (§2.2); no purposes or qualifiers there.
//   - Conflicting page-wide rules of one addressee for one usage get a
//     warning: the usage is prohibited (§1.3.3).
func ParsePage(path string, src []byte) (*Page, error) {
	if len(src) > MetaMaxSize {
		return nil, ErrPageTooLarge
	}
	r := &metaReader{src: src, page: &Page{Path: path}, ids: map[string]bool{}}
	r.lineStarts()
	r.tokenize()
	r.defineAll()
	for i := range r.tags {
		r.readTag(&r.tags[i])
	}
	for i := range r.frags {
		r.readFragment(&r.frags[i])
	}
	r.checkIDs()
	r.checkConflicts()
	SortDiagnostics(r.page.Diags)
	return r.page, nil
}

// metaAttr is one attribute of a tag: its key, its unescaped value and,
// when the raw value is byte for byte the value, where it starts.
type metaAttr struct {
	key, val string
	off      int  // source offset of the value (or of the tag when unknown)
	exact    bool // val == src[off:off+len(val)]
}

type metaRawTag struct {
	name  string // the name attribute, trimmed
	attrs []metaAttr
	pos   int // offset of '<'
	head  bool
}

type metaRawFrag struct {
	id    string
	class metaAttr
	pos   int
}

type metaReader struct {
	src    []byte
	starts []int
	page   *Page
	tags   []metaRawTag // robots, crawler and definition META tags
	frags  []metaRawFrag
	ids    map[string]bool
	qual   map[string]*MetaDefinition
	comp   map[string]*MetaDefinition
	idRefs []metaWord
}

func (r *metaReader) lineStarts() {
	r.starts = []int{0}
	for i := 0; i < len(r.src); i++ {
		switch r.src[i] {
		case '\n':
			r.starts = append(r.starts, i+1)
		case '\r':
			if i+1 < len(r.src) && r.src[i+1] == '\n' {
				i++
			}
			r.starts = append(r.starts, i+1)
		}
	}
}

func (r *metaReader) pos(off int) Pos {
	if off < 0 {
		off = 0
	}
	if off > len(r.src) {
		off = len(r.src)
	}
	n := sort.Search(len(r.starts), func(i int) bool { return r.starts[i] > off }) - 1
	if n < 0 {
		n = 0
	}
	return Pos{Offset: off, Line: n + 1, Col: off - r.starts[n] + 1}
}

// lineEnd returns the offset of the end of line n (1-based), without its
// line ending.
func (r *metaReader) lineEnd(n int) int {
	if n >= len(r.starts) {
		return len(r.src)
	}
	e := r.starts[n] - 1
	if e > 0 && r.src[e] == '\n' && r.src[e-1] == '\r' {
		e--
	}
	return e
}

// diag records a finding about the page's bytes [start, end), cut at the
// end of start's line.
func (r *metaReader) diag(start, end int, what finding) {
	p := r.pos(start)
	if le := r.lineEnd(p.Line); end > le {
		end = le
	}
	if end < p.Offset {
		end = p.Offset
	}
	r.page.Diags = append(r.page.Diags, what.diagnostic(p, Pos{Offset: end, Line: p.Line, Col: p.Col + end - p.Offset}))
}

func metaIsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// metaScanAttrs finds the raw value spans of a start tag's attributes,
// following the tokenizer's reading of attributes. Offsets are relative to
// raw; a missing value has vs = -1.
func metaScanAttrs(raw []byte) (keys []string, vs, ve []int) {
	i := 1
	for i < len(raw) && !metaIsSpace(raw[i]) && raw[i] != '/' && raw[i] != '>' {
		i++
	}
	for {
		for i < len(raw) && (metaIsSpace(raw[i]) || raw[i] == '/') {
			i++
		}
		if i >= len(raw) || raw[i] == '>' {
			return
		}
		ks := i
		i++
		for i < len(raw) && !metaIsSpace(raw[i]) && raw[i] != '/' && raw[i] != '>' && raw[i] != '=' {
			i++
		}
		key := lowerASCII(string(raw[ks:i]))
		j := i
		for j < len(raw) && metaIsSpace(raw[j]) {
			j++
		}
		s, e := -1, -1
		if j < len(raw) && raw[j] == '=' {
			j++
			for j < len(raw) && metaIsSpace(raw[j]) {
				j++
			}
			if j < len(raw) && (raw[j] == '"' || raw[j] == '\'') {
				q := raw[j]
				s = j + 1
				e = s
				for e < len(raw) && raw[e] != q {
					e++
				}
				i = e + 1
			} else {
				s = j
				e = j
				for e < len(raw) && !metaIsSpace(raw[e]) && raw[e] != '>' {
					e++
				}
				i = e
			}
		}
		keys, vs, ve = append(keys, key), append(vs, s), append(ve, e)
	}
}

// tagAttrs reads the current tag's attributes from the tokenizer and
// locates their values in the source.
func (r *metaReader) tagAttrs(z *html.Tokenizer, raw []byte, start int, hasAttr bool) []metaAttr {
	var as []metaAttr
	for hasAttr {
		var k, v []byte
		k, v, hasAttr = z.TagAttr()
		as = append(as, metaAttr{key: string(k), val: string(v), off: start})
	}
	keys, vs, ve := metaScanAttrs(raw)
	if len(keys) == len(as) {
		for i := range as {
			if keys[i] != as[i].key || vs[i] < 0 {
				continue
			}
			as[i].off = start + vs[i]
			as[i].exact = string(raw[vs[i]:ve[i]]) == as[i].val
		}
	}
	return as
}

func metaGet(as []metaAttr, key string) (metaAttr, bool) {
	for _, a := range as {
		if a.key == key {
			return a, true
		}
	}
	return metaAttr{}, false
}

// metaHeadElements may stand in <head>; any other start tag starts <body>.
var metaHeadElements = map[string]bool{
	"html": true, "head": true, "meta": true, "title": true, "link": true, "script": true,
	"style": true, "base": true, "noscript": true, "template": true,
}

// metaNotRobots are META names that are page metadata, never crawlers.
var metaNotRobots = map[string]bool{
	"description": true, "keywords": true, "author": true, "viewport": true, "generator": true,
	"referrer": true, "theme-color": true, "color-scheme": true, "application-name": true,
	"format-detection": true, "copyright": true, "rating": true, "subject": true, "language": true,
	"revisit-after": true, "distribution": true, "classification": true,
}

func (r *metaReader) tokenize() {
	z := html.NewTokenizer(bytes.NewReader(r.src))
	const (
		beforeBody = iota
		afterHead
		inBody
	)
	state := beforeBody
	off := 0
	for {
		tt := z.Next()
		raw := z.Raw()
		start := off
		off += len(raw)
		if tt == html.ErrorToken {
			if len(raw) > 0 {
				r.diag(start, len(r.src), finding{sev: SevWarning, code: CodeMetaTruncated, section: metaSecHead, msg: "the HTML ends inside a tag or comment; what follows is not read"})
			}
			break
		}
		switch tt {
		case html.EndTagToken:
			name, _ := z.TagName()
			if string(name) == "head" && state == beforeBody {
				state = afterHead
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			bname, hasAttr := z.TagName()
			name := string(bname)
			attrs := r.tagAttrs(z, raw, start, hasAttr)
			if name == "body" || name == "frameset" || !metaHeadElements[name] {
				state = inBody
			}
			if id, ok := metaGet(attrs, "id"); ok && id.val != "" {
				r.ids[id.val] = true
			}
			if cl, ok := metaGet(attrs, "class"); ok && metaHasACAPClass(cl.val) {
				if state == inBody {
					id, _ := metaGet(attrs, "id")
					r.frags = append(r.frags, metaRawFrag{id: id.val, class: cl, pos: start})
				} else {
					r.diag(start, start+len(raw), finding{sev: SevInfo, code: CodeMetaClassInactive, section: metaSecClass, msg: "ACAP class permissions are read on elements of <body> only; this one is ignored"})
				}
			}
			if name != "meta" {
				continue
			}
			na, ok := metaGet(attrs, "name")
			if !ok {
				continue
			}
			tn := strings.TrimSpace(na.val)
			if !r.isRobotsMeta(tn, attrs) {
				continue
			}
			if state == inBody {
				r.diag(start, start+len(raw), finding{sev: SevWarning, code: CodeMetaOutsideHead, section: metaSecHead, msg: "a META tag belongs in <head>; this one stands in <body> and is ignored"})
				continue
			}
			r.tags = append(r.tags, metaRawTag{name: tn, attrs: attrs, pos: start, head: true})
		}
	}
}

func metaHasACAPClass(v string) bool {
	for _, f := range strings.Fields(v) {
		if hasPrefixFold(f, "acap:") {
			return true
		}
	}
	return false
}

func metaIsDefName(name string) bool {
	return equalFoldASCII(name, "ACAP-qualified-usage") || equalFoldASCII(name, "ACAP-composite-usage")
}

// isRobotsMeta reports whether a META tag of this name is one this reader
// is about: robots, a definition, or a crawler name whose content is ACAP
// or robots values.
func (r *metaReader) isRobotsMeta(name string, attrs []metaAttr) bool {
	if equalFoldASCII(name, "robots") || metaIsDefName(name) {
		return true
	}
	if name == "" || metaNotRobots[lowerASCII(name)] {
		return false
	}
	c, _ := metaGet(attrs, "content")
	words := metaSplitConventional(c.val, 0, false)
	if len(words) == 0 {
		return false
	}
	if equalFoldASCII(words[0].text, "ACAP") {
		return true
	}
	for _, w := range words {
		lw := lowerASCII(w.text)
		if _, ok := metaConventional[lw]; ok {
			continue
		}
		if _, ok := metaKnownOther(lw); ok {
			continue
		}
		return false
	}
	return true
}

// metaWord is a word of an attribute value and where it is in the source.
type metaWord struct {
	text     string
	off, end int
}

// metaWords splits v at spaces; offsets are exact when the value is.
func metaWords(v string, base int, exact bool, seps string) []metaWord {
	var ws []metaWord
	i := 0
	for i < len(v) {
		for i < len(v) && strings.IndexByte(seps, v[i]) >= 0 {
			i++
		}
		s := i
		for i < len(v) && strings.IndexByte(seps, v[i]) < 0 {
			i++
		}
		if i > s {
			w := metaWord{text: v[s:i], off: base, end: base}
			if exact {
				w.off, w.end = base+s, base+i
			}
			ws = append(ws, w)
		}
	}
	return ws
}

func metaSplitConventional(v string, base int, exact bool) []metaWord {
	return metaWords(v, base, exact, " \t\n\r\f,")
}

// metaConventional maps the conventional values to what they permit and
// forbid.
var metaConventional = map[string][]MetaRule{
	"index":    {{Allow: true, Usage: UsageIndex}},
	"noindex":  {{Allow: false, Usage: UsageIndex}},
	"follow":   {{Allow: true, Usage: UsageFollow}},
	"nofollow": {{Allow: false, Usage: UsageFollow}},
	"all":      {{Allow: true, Usage: UsageIndex}, {Allow: true, Usage: UsageFollow}},
	"none":     {{Allow: false, Usage: UsageIndex}, {Allow: false, Usage: UsageFollow}},
}

// metaConventionalACAP is the ACAP item a conventional value stands for.
var metaConventionalACAP = map[string]string{
	"index": "allow-index", "noindex": "disallow-index", "follow": "allow-follow", "nofollow": "disallow-follow",
}

// metaKnownOther recognises robots values in use today that the 1996
// convention does not define, and gives the ACAP item that says the same
// (or "").
func metaKnownOther(lw string) (string, bool) {
	if i := strings.IndexByte(lw, ':'); i > 0 {
		lw = lw[:i]
	}
	switch lw {
	case "noarchive", "nocache":
		return "disallow-preserve", true
	case "nosnippet":
		return "disallow-present-snippet", true
	case "noimageindex", "notranslate", "noodp", "noydir", "indexifembedded", "unavailable_after",
		"max-snippet", "max-image-preview", "max-video-preview", "noai", "noimageai", "nositelinkssearchbox":
		return "", true
	}
	return "", false
}

var metaConventionalNames = []string{"index", "noindex", "follow", "nofollow", "all", "none"}

// defineAll reads the definition tags: qualified usages first, then
// composite usages, so that order in the page does not matter.
func (r *metaReader) defineAll() {
	r.qual = map[string]*MetaDefinition{}
	r.comp = map[string]*MetaDefinition{}
	for _, composite := range []bool{false, true} {
		for i := range r.tags {
			t := &r.tags[i]
			if !metaIsDefName(t.name) || equalFoldASCII(t.name, "ACAP-composite-usage") != composite {
				continue
			}
			r.define(t, composite)
		}
	}
}

func (r *metaReader) defContent(t *metaRawTag) (metaAttr, bool) {
	if c, ok := metaGet(t.attrs, "content"); ok {
		return c, true
	}
	if v, ok := metaGet(t.attrs, "value"); ok {
		r.diag(t.pos, v.off+len(v.val), finding{sev: SevInfo, code: CodeMetaDefValueAttr, section: metaSecDefinitions, msg: "the definition is read from the value attribute, as in the §1.3.4 example; the formal syntax (§1.3.5) puts it in content"})
		return v, true
	}
	return metaAttr{}, false
}

func (r *metaReader) define(t *metaRawTag, composite bool) {
	c, ok := r.defContent(t)
	if !ok || strings.TrimSpace(c.val) == "" {
		r.diag(t.pos, t.pos+5, finding{sev: SevError, code: CodeMetaBadDefinition, section: metaSecDefinitions, msg: t.name + " needs a content attribute with the definition"})
		return
	}
	words := metaWords(c.val, c.off, c.exact, " \t\n\r\f")
	if equalFoldASCII(words[0].text, "ACAP") {
		words = words[1:]
	} else {
		var fix *Fix
		if c.exact {
			fix = &Fix{Title: "Start with ACAP", Edits: []Edit{{Start: words[0].off, End: words[0].off, New: "ACAP "}}}
		}
		r.diag(words[0].off, words[0].end, finding{sev: SevInfo, code: CodeMetaDefNoACAP, section: metaSecFormal, msg: "the formal syntax starts a definition with the word ACAP; read as if it did", fix: fix})
	}
	bad := func(w metaWord, msg string) {
		r.diag(w.off, w.end, finding{sev: SevError, code: CodeMetaBadDefinition, section: metaSecDefinitions, msg: msg + "; the definition is ignored"})
	}
	if len(words) < 2 {
		w := metaWord{off: c.off, end: c.off + len(c.val)}
		if len(words) == 1 {
			w = words[0]
		}
		if composite {
			bad(w, "a composite usage needs a name and at least one usage")
		} else {
			bad(w, "a qualified usage needs a name, a standard usage and at least one qualifier")
		}
		return
	}
	name := words[0]
	if !isDefName(name.text) {
		bad(name, "\""+name.text+"\" is not a valid name: names start with a letter and use letters, digits, '-', '_' and '.'")
		return
	}
	key := lowerASCII(name.text)
	if r.qual[key] != nil || r.comp[key] != nil {
		r.diag(name.off, name.end, finding{sev: SevError, code: CodeMetaDuplicateDefinition, section: metaSecDefinitions, msg: "\"" + name.text + "\" is already defined; the first definition counts and this one is ignored"})
		return
	}
	d := &MetaDefinition{Composite: composite, Name: name.text, Pos: r.pos(t.pos)}
	if composite {
		for _, w := range words[1:] {
			inner := strings.TrimSuffix(strings.TrimPrefix(w.text, "("), ")")
			if _, ok := ParseUsage(inner); ok && inner == w.text {
				d.Parts = append(d.Parts, w.text)
				continue
			}
			if r.qual[lowerASCII(inner)] != nil {
				d.Parts = append(d.Parts, w.text)
				continue
			}
			if r.comp[lowerASCII(inner)] != nil {
				bad(w, "a composite usage may not contain another composite usage")
				return
			}
			bad(w, "\""+w.text+"\" is neither a standard ACAP usage nor a qualified usage defined on this page")
			return
		}
		r.comp[key] = d
	} else {
		u, ok := ParseUsage(words[1].text)
		if !ok {
			bad(words[1], "\""+words[1].text+"\" is not a standard ACAP usage")
			return
		}
		d.Usage = u
		quals, stray := metaQualifiers(words[2:])
		if stray != nil {
			bad(*stray, "\""+stray.text+"\" is not a qualifier written type=value")
			return
		}
		if len(quals) == 0 {
			bad(words[1], "a qualified usage needs at least one qualifier, such as time-limit=7-days")
			return
		}
		if !r.checkQuals(u, quals, true, "", c.exact) {
			r.diag(name.off, name.end, finding{sev: SevError, code: CodeMetaBadDefinition, section: metaSecDefinitions, msg: "the qualified usage \"" + name.text + "\" has a wrong qualifier: a permission that uses it is read as a prohibition of " + u.String()})
			d.Broken = true
			quals = nil
		}
		d.Quals = quals
		r.qual[key] = d
	}
	r.page.Defs = append(r.page.Defs, *d)
}

// metaQualifiers reads words written type=value (spaces around '=' are
// allowed). It returns the first word that is not a qualifier.
func metaQualifiers(ws []metaWord) ([]Qualifier, *metaWord) {
	var qs []Qualifier
	for i := 0; i < len(ws); i++ {
		q, next, ok := metaQualAt(ws, i)
		if !ok {
			return qs, &ws[i]
		}
		qs = append(qs, q)
		i = next
	}
	return qs, nil
}

// metaQualAt reads the qualifier starting at word i and returns the index
// of its last word.
func metaQualAt(ws []metaWord, i int) (Qualifier, int, bool) {
	w := ws[i]
	var name, val string
	end := w.end
	switch eq := strings.IndexByte(w.text, '='); {
	case eq < 0 && i+1 < len(ws) && strings.HasPrefix(ws[i+1].text, "="):
		name = w.text
		i++
		val, end = ws[i].text[1:], ws[i].end
		if val == "" && i+1 < len(ws) && !strings.Contains(ws[i+1].text, "=") {
			i++
			val, end = ws[i].text, ws[i].end
		}
	case eq > 0:
		name, val = w.text[:eq], w.text[eq+1:]
		if val == "" && i+1 < len(ws) && !strings.Contains(ws[i+1].text, "=") {
			i++
			val, end = ws[i].text, ws[i].end
		}
	default:
		return Qualifier{}, i, false
	}
	if val == "" {
		return Qualifier{}, i, false
	}
	q := Qualifier{Type: lookupQualType(name), Name: name, Value: val, Pos: Pos{Offset: w.off}, End: end}
	return q, i, true
}

// metaIsLocation reports whether q is Part 2's location=URI qualifier.
func metaIsLocation(q Qualifier) bool {
	return q.Type == QualUnknown && equalFoldASCII(q.Name, "location")
}

// checkQuals checks the qualifiers of a permission (allow) or prohibition
// and reports problems. It returns false when one is wrong.
func (r *metaReader) checkQuals(u Usage, qs []Qualifier, allow bool, local string, exact bool) bool {
	ok := true
	bad := func(q Qualifier, code, msg string, fix *Fix) {
		ok = false
		r.diag(q.Pos.Offset, q.End, finding{sev: SevError, code: code, section: metaSecPermission, msg: msg, fix: fix})
	}
	seen := map[QualifierType]bool{}
	for i := range qs {
		q := qs[i]
		switch {
		case !allow:
			bad(q, CodeMetaQualifierOnProhibit, "a prohibition takes no qualifiers (to restrict a usage, permit it with qualifiers instead)", nil)
			continue
		case local != "":
			bad(q, CodeMetaQualifierOnLocal, "a permission for a locally defined usage takes no qualifiers; put them in the ACAP-qualified-usage definition", nil)
			continue
		case metaIsLocation(q):
			if u != UsageIndex && u != UsagePreserve && u != UsagePresent {
				bad(q, CodeMetaQualifierNotValid, "location cannot restrict "+u.String()+" (it is valid on index, preserve and present)", nil)
			} else if strings.ContainsAny(q.Value, " \t\"'<>") {
				bad(q, CodeMetaQualifierValue, "location needs a URI", nil)
			}
			continue
		case q.Type == QualUnknown:
			names := []string{"location"}
			for t := QualTimeLimit; t < numQualTypes; t++ {
				names = append(names, t.String())
			}
			msg := "\"" + q.Name + "\" is not an ACAP qualifier"
			var fix *Fix
			if best := closest(q.Name, names, 3); best != "" {
				msg += "; did you mean " + best + "?"
				if exact {
					fix = &Fix{Title: "Write " + best, Edits: []Edit{{Start: q.Pos.Offset, End: q.Pos.Offset + len(q.Name), New: best}}}
				}
			}
			bad(q, CodeMetaUnknownQualifier, msg, fix)
			continue
		}
		if msg, good := checkQualValue(q.Type, q.Value); msg != "" {
			var fix *Fix
			if good != "" && exact {
				fix = &Fix{Title: "Write " + q.Type.String() + "=" + good, Edits: []Edit{{Start: q.End - len(q.Value), End: q.End, New: good}}}
			}
			bad(q, CodeMetaQualifierValue, msg, fix)
			continue
		}
		if !QualifierValidFor(q.Type, u) {
			bad(q, CodeMetaQualifierNotValid, q.Type.String()+" cannot restrict "+u.String()+" ("+qualValidList(q.Type)+")", nil)
			continue
		}
		if seen[q.Type] && (q.Type != QualProhibitedModification || equalFoldASCII(q.Value, "any")) {
			bad(q, CodeMetaQualifierRepeated, q.Type.String()+" is given more than once", nil)
			continue
		}
		seen[q.Type] = true
		if qualNotReady(q.Type) {
			r.diag(q.Pos.Offset, q.End, finding{sev: SevInfo, code: CodeMetaNotReady, section: metaSecPermission, msg: q.Type.String() + " is not ready for implementation and is interpreted only by prior arrangement"})
		}
	}
	return ok
}

// fixPositions fills in the line and column of qualifiers read with only
// an offset.
func (r *metaReader) fixPositions(qs []Qualifier) {
	for i := range qs {
		qs[i].Pos = r.pos(qs[i].Pos.Offset)
	}
}

func (r *metaReader) readTag(t *metaRawTag) {
	if metaIsDefName(t.name) {
		return
	}
	tag := MetaTag{Name: t.name, Robots: equalFoldASCII(t.name, "robots"), Pos: r.pos(t.pos)}
	c, ok := metaGet(t.attrs, "content")
	tag.Content = c.val
	if !ok || strings.TrimSpace(c.val) == "" {
		r.diag(t.pos, t.pos+5, finding{sev: SevWarning, code: CodeMetaEmptyContent, section: metaSecConventional, msg: "this robots META tag has no content; it permits and forbids nothing"})
		r.page.Tags = append(r.page.Tags, tag)
		return
	}
	words := metaWords(c.val, c.off, c.exact, " \t\n\r\f")
	if equalFoldASCII(words[0].text, "ACAP") || hasPrefixFold(words[0].text, "ACAP,") {
		tag.Rules = r.readACAP(c, words[0])
	} else {
		tag.Rules = r.readConventional(c, &tag.Extra)
	}
	r.page.Tags = append(r.page.Tags, tag)
}

func (r *metaReader) readConventional(c metaAttr, extra *[]MetaValue) []MetaRule {
	var rules []MetaRule
	for _, w := range metaSplitConventional(c.val, c.off, c.exact) {
		lw := lowerASCII(w.text)
		if rs, ok := metaConventional[lw]; ok {
			for _, ru := range rs {
				ru.Text = lw
				ru.Pos = r.pos(w.off)
				rules = append(rules, ru)
			}
			continue
		}
		if acap, ok := metaKnownOther(lw); ok {
			*extra = append(*extra, MetaValue{Text: lw, Pos: r.pos(w.off)})
			msg := "\"" + w.text + "\" is not one of the Robots META values of the 1996 convention (index, noindex, follow, nofollow, all, none)" + metaTodayNote(lw)
			if acap != "" {
				msg += "; in ACAP write content=\"ACAP " + acap + "\""
			}
			r.diag(w.off, w.end, finding{sev: SevInfo, code: CodeMetaUnknownValue, section: metaSecConventional, msg: msg})
			continue
		}
		if best := closest(lw, metaConventionalNames, 2); best != "" {
			var fix *Fix
			if c.exact {
				fix = &Fix{Title: "Write " + best, Edits: []Edit{{Start: w.off, End: w.end, New: best}}}
			}
			r.diag(w.off, w.end, finding{sev: SevWarning, code: CodeMetaMisspeltValue, section: metaSecConventional, msg: "\"" + w.text + "\" is not a Robots META value; did you mean " + best + "? It is ignored", fix: fix})
			continue
		}
		r.diag(w.off, w.end, finding{sev: SevInfo, code: CodeMetaUnknownValue, section: metaSecConventional, msg: "\"" + w.text + "\" is not one of the Robots META values (index, noindex, follow, nofollow, all, none); it is ignored"})
	}
	return rules
}

// readACAP reads content="ACAP item, item ...".
func (r *metaReader) readACAP(c metaAttr, acapWord metaWord) []MetaRule {
	// The items start after the word ACAP.
	startIdx := len(c.val) - len(strings.TrimLeft(c.val, " \t\n\r\f")) + len("ACAP")
	rest := c.val[startIdx:]
	base := c.off
	if c.exact {
		base += startIdx
	}
	var rules []MetaRule
	n := 0
	i := 0
	for i <= len(rest) {
		j := strings.IndexByte(rest[i:], ',')
		if j < 0 {
			j = len(rest) - i
		}
		item := rest[i : i+j]
		ibase := base
		if c.exact {
			ibase += i
		}
		if ws := metaWords(item, ibase, c.exact, " \t\n\r\f"); len(ws) > 0 {
			n++
			rules = append(rules, r.readItem(ws, c.exact)...)
		}
		i += j + 1
	}
	if n == 0 {
		r.diag(acapWord.off, acapWord.end, finding{sev: SevError, code: CodeMetaACAPEmpty, section: metaSecFormal, msg: "ACAP must be followed by a permission or prohibition, such as ACAP disallow-index"})
	}
	return rules
}

func metaItemText(ws []metaWord) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.text
	}
	return "ACAP " + strings.Join(parts, " ")
}

// metaItem is one ACAP permission or prohibition of a META value, as read
// so far.
type metaItem struct {
	ws      []metaWord
	exact   bool   // offsets are exact (the value is as written)
	k       int    // index in ws of the allow-/disallow- word
	allow   bool   // a permission
	purpose string // the usage-purpose pattern before it, or ""
	verb    metaWord
	name    string // the usage named after allow- or disallow-
	nameOff int
	u       Usage  // the standard usage, or UsageNone for a local one
	local   string // the local usage, without parentheses
	ids     []string
	quals   []Qualifier
}

// readItem reads one ACAP permission or prohibition: the verb and its
// purpose, the usage, the fragments and qualifiers, and then the rules it
// stands for.
func (r *metaReader) readItem(ws []metaWord, exact bool) []MetaRule {
	it := &metaItem{ws: ws, exact: exact}
	if !r.readVerb(it) || !r.readUsage(it) || !r.readArgs(it) {
		return nil
	}
	var rules []MetaRule
	if it.local != "" {
		var ok bool
		if rules, ok = r.expandLocal(it); !ok {
			return nil
		}
	} else {
		ru := r.rule(it, it.u, nil)
		if len(it.quals) > 0 {
			r.fixPositions(it.quals)
			if r.checkQuals(it.u, it.quals, it.allow, "", exact) {
				ru.Quals = it.quals
			} else {
				ru.Allow = false
				ru.Note = "read as a prohibition: a qualifier is wrong"
				if !it.allow {
					ru.Note = "the qualifiers of a prohibition are ignored"
				}
			}
		}
		rules = append(rules, ru)
	}
	for _, ru := range rules {
		if ru.Usage == UsageCrawl {
			r.diag(it.verb.off, it.verb.end, finding{sev: SevWarning, code: CodeMetaCrawl, section: metaSecSyntax, msg: "a page cannot permit or forbid crawl: it has already been crawled when its META tags are read; use robots.txt. This is ignored"})
			break
		}
	}
	for i := range rules {
		r.fixPositions(rules[i].Quals)
	}
	return rules
}

// rule is a rule of the item for usage u with qualifiers qs.
func (r *metaReader) rule(it *metaItem, u Usage, qs []Qualifier) MetaRule {
	return MetaRule{Allow: it.allow, Usage: u, Quals: qs, ACAP: true, Text: metaItemText(it.ws), Pos: r.pos(it.ws[0].off), Purpose: it.purpose, IDs: it.ids}
}

// readVerb finds the allow- or disallow- word and the usage-purpose
// pattern before it. It reports false, with an error, when the item is
// ignored.
func (r *metaReader) readVerb(it *metaItem) bool {
	ws := it.ws
	it.k = -1
	for i, w := range ws {
		if hasPrefixFold(w.text, "allow-") {
			it.k, it.allow = i, true
			break
		}
		if hasPrefixFold(w.text, "disallow-") {
			it.k = i
			break
		}
	}
	if it.k < 0 {
		w := ws[0]
		msg := "\"" + w.text + "\" is not an ACAP permission or prohibition (allow-USAGE or disallow-USAGE); it is ignored"
		var fix *Fix
		if good, ok := metaConventionalACAP[lowerASCII(w.text)]; ok {
			msg = "\"" + w.text + "\" is a conventional value; after ACAP write " + good + " (or put " + w.text + " in a tag of its own)"
			if it.exact {
				fix = &Fix{Title: "Write " + good, Edits: []Edit{{Start: w.off, End: w.end, New: good}}}
			}
		}
		r.diag(w.off, ws[len(ws)-1].end, finding{sev: SevError, code: CodeMetaBadItem, section: metaSecFormal, msg: msg, fix: fix})
		return false
	}
	if it.k > 1 {
		r.diag(ws[0].off, ws[it.k-1].end, finding{sev: SevError, code: CodeMetaBadItem, section: metaSecFormal, msg: "only one usage-purpose pattern may stand before " + ws[it.k].text + "; the item is ignored"})
		return false
	}
	if it.k == 1 {
		it.purpose = ws[0].text
		if strings.ContainsAny(it.purpose, "=#") {
			r.diag(ws[0].off, ws[0].end, finding{sev: SevError, code: CodeMetaBadItem, section: metaSecFormal, msg: "\"" + it.purpose + "\" is not a usage-purpose pattern; the item is ignored"})
			return false
		}
	}
	it.verb = ws[it.k]
	it.name = it.verb.text[strings.IndexByte(it.verb.text, '-')+1:]
	it.nameOff = it.verb.off
	if it.exact {
		it.nameOff = it.verb.end - len(it.name)
	}
	return true
}

// readUsage reads the usage the verb names: a standard usage, or a local
// one (in parentheses, or defined on the page without them, which is
// warned about). It reports false, with an error, for an unknown usage.
func (r *metaReader) readUsage(it *metaItem) bool {
	name, verb := it.name, it.verb
	if strings.HasPrefix(name, "(") && strings.HasSuffix(name, ")") && len(name) > 2 {
		it.local = name[1 : len(name)-1]
		return true
	}
	if pu, ok := ParseUsage(name); ok {
		it.u = pu
		return true
	}
	lk := lowerASCII(name)
	if r.qual[lk] != nil || r.comp[lk] != nil {
		it.local = name
		var fix *Fix
		if it.exact {
			fix = &Fix{Title: "Write (" + name + ")", Edits: []Edit{{Start: it.nameOff, End: verb.end, New: "(" + name + ")"}}}
		}
		r.diag(it.nameOff, verb.end, finding{sev: SevWarning, code: CodeMetaLocalParens, section: metaSecFormal, msg: "a local usage is written in parentheses: (" + name + ")", fix: fix})
		return true
	}
	msg := "\"" + name + "\" is not an ACAP usage"
	good := ""
	if mu, ok := usageMisspellings[lk]; ok {
		good = mu.String()
	} else {
		names := make([]string, 0, numUsages)
		for _, uu := range Usages() {
			names = append(names, uu.String())
		}
		good = closest(lk, names, 2)
	}
	var fix *Fix
	if good != "" {
		msg += "; did you mean " + good + "?"
		if it.exact {
			fix = &Fix{Title: "Write " + good, Edits: []Edit{{Start: it.nameOff, End: verb.end, New: good}}}
		}
	}
	r.diag(it.nameOff, verb.end, finding{sev: SevError, code: CodeMetaUnknownUsage, section: metaSecFormal, msg: msg + ". The item is ignored.", fix: fix})
	return false
}

// readArgs reads what follows the verb: an id-list of fragments and
// qualifiers written type=value. It reports false, with an error, when
// the item is ignored.
func (r *metaReader) readArgs(it *metaItem) bool {
	var ids []metaWord
	inIDs := false
	rest := it.ws[it.k+1:]
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if eq := strings.IndexByte(w.text, '='); eq > 0 && equalFoldASCII(w.text[:eq], "id-list") {
			inIDs = true
			if v := w.text[eq+1:]; v != "" {
				iw := metaWord{text: v, off: w.off, end: w.end}
				if it.exact {
					iw.off = w.off + eq + 1
				}
				ids = append(ids, iw)
			}
			continue
		}
		if inIDs && !strings.Contains(w.text, "=") && !(i+1 < len(rest) && strings.HasPrefix(rest[i+1].text, "=")) {
			ids = append(ids, w)
			continue
		}
		inIDs = false
		q, next, ok := metaQualAt(rest, i)
		if !ok {
			r.diag(w.off, w.end, finding{sev: SevError, code: CodeMetaBadItem, section: metaSecFormal, msg: "\"" + w.text + "\" is not a qualifier written type=value; the item is ignored"})
			return false
		}
		it.quals = append(it.quals, q)
		i = next
	}
	if (len(ids) > 0 || inIDs) && !r.checkIDList(it, ids) {
		return false
	}
	for _, id := range ids {
		it.ids = append(it.ids, id.text)
		r.idRefs = append(r.idRefs, id)
	}
	return true
}

// checkIDList checks an item's id-list: only a permission takes one, with at
// least one HTML identifier.
func (r *metaReader) checkIDList(it *metaItem, ids []metaWord) bool {
	end := it.ws[len(it.ws)-1].end
	if !it.allow {
		r.diag(it.verb.off, end, finding{sev: SevError, code: CodeMetaFragmentOnProhibit, section: metaSecProhibition, msg: "a prohibition applies to the whole page and takes no id-list (use class=\"acap:" + it.verb.text + "\" on the fragment); the item is ignored"})
		return false
	}
	if len(ids) == 0 {
		r.diag(it.verb.off, end, finding{sev: SevError, code: CodeMetaBadFragmentID, section: metaSecPermission, msg: "id-list= needs at least one fragment identifier; the item is ignored"})
		return false
	}
	for _, id := range ids {
		if !metaValidID(id.text) {
			r.diag(id.off, id.end, finding{sev: SevError, code: CodeMetaBadFragmentID, section: metaSecFormal, msg: "\"" + id.text + "\" is not an HTML identifier (a letter, then letters, digits, '-', '_', ':' or '.'); the item is ignored"})
			return false
		}
	}
	return true
}

// expandLocal returns the rules a local usage stands for: those of its
// qualified-usage or composite-usage definition. A prohibition, qualifiers
// or a broken definition make each rule a prohibition with a note. It
// reports false, with an error, for an undefined local usage.
func (r *metaReader) expandLocal(it *metaItem) ([]MetaRule, bool) {
	local, allow := it.local, it.allow
	lk := lowerASCII(local)
	var parts []MetaRule
	broken := false
	if d := r.qual[lk]; d != nil {
		parts = append(parts, r.rule(it, d.Usage, d.Quals))
		broken = d.Broken
	} else if d := r.comp[lk]; d != nil {
		for _, p := range d.Parts {
			inner := lowerASCII(strings.TrimSuffix(strings.TrimPrefix(p, "("), ")"))
			if qd := r.qual[inner]; qd != nil {
				parts = append(parts, r.rule(it, qd.Usage, qd.Quals))
				broken = broken || qd.Broken
			} else if pu, ok := ParseUsage(p); ok {
				parts = append(parts, r.rule(it, pu, nil))
			}
		}
	} else {
		r.diag(it.nameOff, it.verb.end, finding{sev: SevError, code: CodeMetaUndefinedUsage, section: metaSecDefinitions, msg: "\"" + local + "\" is not defined on this page (define it with <meta name=\"ACAP-qualified-usage\"> or \"ACAP-composite-usage\"); the item is ignored"})
		return nil, false
	}
	note := ""
	if !allow {
		note = "a prohibition of a local usage is read as a prohibition of each usage it is built from"
		r.diag(it.nameOff, it.verb.end, finding{sev: SevError, code: CodeMetaLocalProhibition, section: metaSecFormal, msg: "a prohibition names a standard ACAP usage, not a local one; read as a prohibition of each usage \"" + local + "\" is built from"})
	}
	if len(it.quals) > 0 {
		r.checkQuals(it.u, it.quals, allow, local, it.exact)
		if allow {
			note = "read as a prohibition: a local usage takes no qualifiers"
		}
	}
	if broken && allow && note == "" {
		note = "read as a prohibition: the definition of a qualified usage it uses has a wrong qualifier"
		r.diag(it.nameOff, it.verb.end, finding{sev: SevError, code: CodeMetaBadDefinition, section: metaSecDefinitions, msg: "\"" + local + "\" uses a qualified usage whose definition has a wrong qualifier; read as a prohibition"})
	}
	rules := make([]MetaRule, 0, len(parts))
	for _, p := range parts {
		p.Local = "(" + local + ")"
		if note != "" {
			p.Allow, p.Quals, p.Note = false, nil, note
		}
		rules = append(rules, p)
	}
	return rules, true
}

// metaValidID reports whether s follows HTML 4's rule for identifiers.
func metaValidID(s string) bool {
	if s == "" || !isAlpha(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isAlpha(c) && !(c >= '0' && c <= '9') && c != '-' && c != '_' && c != ':' && c != '.' {
			return false
		}
	}
	return true
}

func (r *metaReader) readFragment(rf *metaRawFrag) {
	f := Fragment{ID: rf.id, Class: rf.class.val, Pos: r.pos(rf.pos)}
	for _, w := range metaWords(rf.class.val, rf.class.off, rf.class.exact, " \t\n\r\f") {
		if !hasPrefixFold(w.text, "acap:") {
			continue
		}
		rest := w.text[len("acap:"):]
		allow := hasPrefixFold(rest, "allow-")
		if !allow && !hasPrefixFold(rest, "disallow-") {
			r.diag(w.off, w.end, finding{sev: SevError, code: CodeMetaBadClass, section: metaSecClass, msg: "\"" + w.text + "\" is not acap:allow-USAGE or acap:disallow-USAGE; it is ignored"})
			continue
		}
		name := rest[strings.IndexByte(rest, '-')+1:]
		inner := strings.TrimSuffix(strings.TrimPrefix(name, "("), ")")
		mk := func(u Usage) MetaRule {
			return MetaRule{Allow: allow, Usage: u, ACAP: true, Text: w.text, Pos: r.pos(w.off)}
		}
		if u, ok := ParseUsage(name); ok {
			if u == UsageCrawl {
				r.diag(w.off, w.end, finding{sev: SevWarning, code: CodeMetaCrawl, section: metaSecClass, msg: "a fragment cannot permit or forbid crawl; this is ignored"})
			}
			f.Rules = append(f.Rules, mk(u))
			continue
		}
		lk := lowerASCII(inner)
		var us []MetaRule
		broken := false
		if d := r.qual[lk]; d != nil {
			ru := mk(d.Usage)
			ru.Quals = d.Quals
			us = append(us, ru)
			broken = d.Broken
		} else if d := r.comp[lk]; d != nil {
			for _, p := range d.Parts {
				pin := lowerASCII(strings.TrimSuffix(strings.TrimPrefix(p, "("), ")"))
				if qd := r.qual[pin]; qd != nil {
					ru := mk(qd.Usage)
					ru.Quals = qd.Quals
					us = append(us, ru)
					broken = broken || qd.Broken
				} else if pu, ok := ParseUsage(p); ok {
					us = append(us, mk(pu))
				}
			}
		} else {
			r.diag(w.off, w.end, finding{sev: SevError, code: CodeMetaBadClass, section: metaSecClass, msg: "\"" + name + "\" is neither an ACAP usage nor a usage defined in this page's META tags; it is ignored"})
			continue
		}
		for _, ru := range us {
			ru.Local = "(" + inner + ")"
			switch {
			case !allow:
				ru.Quals, ru.Note = nil, "a prohibition of a local usage is read as a prohibition of each usage it is built from"
			case broken:
				ru.Allow, ru.Quals, ru.Note = false, nil, "read as a prohibition: the definition of a qualified usage it uses has a wrong qualifier"
			}
			f.Rules = append(f.Rules, ru)
		}
		if !allow {
			r.diag(w.off, w.end, finding{sev: SevError, code: CodeMetaLocalProhibition, section: metaSecClass, msg: "acap:disallow- names a standard ACAP usage, not a local one; read as a prohibition of each usage \"" + inner + "\" is built from"})
		}
	}
	r.page.Fragments = append(r.page.Fragments, f)
}

func (r *metaReader) checkIDs() {
	for _, w := range r.idRefs {
		if !r.ids[w.text] {
			r.diag(w.off, w.end, finding{sev: SevWarning, code: CodeMetaFragmentMissing, section: metaSecPermission, msg: "no element of this page has id=\"" + w.text + "\""})
		}
	}
}

// checkConflicts warns where page-wide rules of one addressee permit and
// forbid the same usage: the usage is prohibited (§1.3.3).
func (r *metaReader) checkConflicts() {
	type key struct {
		who     string
		purpose string
		u       Usage
	}
	first := map[key]MetaRule{}
	reported := map[key]bool{}
	for _, t := range r.page.Tags {
		who := lowerASCII(t.Name)
		for _, ru := range t.Rules {
			if len(ru.IDs) > 0 || ru.Usage == UsageCrawl {
				continue
			}
			k := key{who, lowerASCII(ru.Purpose), ru.Usage}
			f, ok := first[k]
			if !ok {
				first[k] = ru
				continue
			}
			if f.Allow != ru.Allow && !reported[k] {
				reported[k] = true
				r.diag(ru.Pos.Offset, ru.Pos.Offset+len(ru.Text), finding{sev: SevWarning, code: CodeMetaConflict, section: metaSecConflicts, msg: "\"" + ru.Text + "\" and \"" + f.Text + "\" (line " + itoa(f.Pos.Line) + ") disagree about " + ru.Usage.String() +
					" for " + t.Name + "; conflicting META tags prohibit the usage"})
			}
		}
	}
}
