package policy

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

type matchRow struct {
	mode    MatchMode
	pattern string
	url     string // passed through PathOf
	want    bool
	src     string // where the row comes from, when not made up here
}

var matchRows = []matchRow{
	// --- MatchRFC9309: prefix, '*', '$'.
	{MatchRFC9309, "/", "/", true, ""},
	{MatchRFC9309, "/", "/anything", true, ""},
	{MatchRFC9309, "/fish", "/fish", true, "RFC 9309 §2.2.2 / Google spec tests"},
	{MatchRFC9309, "/fish", "/fish.html", true, ""},
	{MatchRFC9309, "/fish", "/fish/salmon.html", true, ""},
	{MatchRFC9309, "/fish", "/fishheads", true, ""},
	{MatchRFC9309, "/fish", "/Fish.asp", false, "case-sensitive"},
	{MatchRFC9309, "/fish", "/catfish", false, ""},
	{MatchRFC9309, "/fish", "/?id=fish", false, ""},
	{MatchRFC9309, "/fish*", "/fish", true, ""},
	{MatchRFC9309, "/fish*", "/fishheads/yummy.html", true, ""},
	{MatchRFC9309, "/fish/", "/fish", false, ""},
	{MatchRFC9309, "/fish/", "/fish/?id=anything", true, ""},
	{MatchRFC9309, "/*.php", "/index.php", true, ""},
	{MatchRFC9309, "/*.php", "/filename.php?parameters", true, ""},
	{MatchRFC9309, "/*.php", "/folder/filename.php", true, ""},
	{MatchRFC9309, "/*.php", "/", false, ""},
	{MatchRFC9309, "/*.php", "/windows.PHP", false, ""},
	{MatchRFC9309, "/*.php$", "/filename.php", true, ""},
	{MatchRFC9309, "/*.php$", "/filename.php?parameters", false, ""},
	{MatchRFC9309, "/*.php$", "/filename.php5", false, ""},
	{MatchRFC9309, "/fish*.php", "/fish.php", true, ""},
	{MatchRFC9309, "/fish*.php", "/fishheads/catfish.php?parameters", true, ""},
	{MatchRFC9309, "/fish*.php", "/Fish.PHP", false, ""},
	{MatchRFC9309, "*", "/x", true, ""},
	{MatchRFC9309, "*$", "/x", true, ""},
	{MatchRFC9309, "**", "/", true, ""},
	{MatchRFC9309, "/$", "/", true, ""},
	{MatchRFC9309, "/$", "/a", false, ""},
	{MatchRFC9309, "/a*$", "/abc", true, "trailing '*' before '$' accepts any end"},
	{MatchRFC9309, "/a*b*c", "/xabc", false, "first literal is anchored at the start"},
	{MatchRFC9309, "/a*b*c", "/a-c-b-c", true, ""},
	{MatchRFC9309, "/a*b*c$", "/a-b-c-b-c", true, "last literal anchored at the end, not at its first place"},
	{MatchRFC9309, "/a*bc$", "/abc", true, ""},
	{MatchRFC9309, "/ab*bc$", "/abc", false, "the two literals may not overlap"},
	{MatchRFC9309, "/a*a$", "/a", false, ""},
	{MatchRFC9309, "/a*a$", "/aa", true, ""},
	{MatchRFC9309, "*.html", "/index.html", true, "a leading '*' covers the '/'"},
	{MatchRFC9309, "fish", "/fish", false, "no implied '/' in RFC 9309"},
	{MatchRFC9309, "", "/", false, "empty pattern matches nothing"},
	{MatchRFC9309, "", "/x", false, ""},
	// '$' not last is literal.
	{MatchRFC9309, "/a$b", "/a$b", true, "'$' not last is literal"},
	{MatchRFC9309, "/a$b", "/a", false, ""},
	{MatchRFC9309, "/a$$", "/a$", true, "only the last '$' anchors"},
	{MatchRFC9309, "/a$$", "/a$x", false, ""},
	// Escapes.
	{MatchRFC9309, "/a%2fb", "/a%2Fb", true, "hex case"},
	{MatchRFC9309, "/a%2Fb", "/a/b", false, "%2F is not '/'"},
	{MatchRFC9309, "/a/b", "/a%2fb", false, ""},
	{MatchRFC9309, "/a%2F", "/a%2f/", true, ""},
	{MatchRFC9309, "/%41", "/A", true, "%41 is A"},
	{MatchRFC9309, "/A", "/%41", true, ""},
	{MatchRFC9309, "/%61", "/A", false, "decoded, still case-sensitive"},
	{MatchRFC9309, "/%7e", "/~", true, ""},
	{MatchRFC9309, "/%7E", "/%7e", true, ""},
	{MatchRFC9309, "/%2A", "/*", true, "%2A is a literal '*'"},
	{MatchRFC9309, "/%2A", "/x", false, "%2A is not a wildcard"},
	{MatchRFC9309, "/a%24", "/a$", true, "%24 is a literal '$'"},
	{MatchRFC9309, "/a%24", "/a$b", true, "%24 does not anchor"},
	{MatchRFC9309, "/a%24", "/a", false, ""},
	{MatchRFC9309, "/%25", "/%", true, "a lone '%' is a literal '%'"},
	{MatchRFC9309, "/%", "/%25", true, ""},
	{MatchRFC9309, "/%25", "/%25", true, ""},
	{MatchRFC9309, "/%252F", "/%2F", false, "%25 then 2F is not an escaped slash"},
	{MatchRFC9309, "/%252F", "/%252f", false, "case of a literal F after %25 matters"},
	{MatchRFC9309, "/%252F", "/%252F", true, ""},
	{MatchRFC9309, "/%zz", "/%zz", true, "bad escape is literal"},
	{MatchRFC9309, "/%zz", "/%25zz", true, ""},
	{MatchRFC9309, "/%4", "/%4", true, ""},
	{MatchRFC9309, "/%4", "/%41", false, ""},
	{MatchRFC9309, "*2F", "/a%2F", false, "a wildcard literal never lands inside an escape"},
	{MatchRFC9309, "*2F", "/a%2F2F", true, ""},
	{MatchRFC9309, "*25$", "/100%", false, ""},
	{MatchRFC9309, "*%25$", "/100%", true, ""},
	{MatchRFC9309, "/a b", "/a%20b", true, "raw space equals %20"},
	{MatchRFC9309, "/ä", "/%C3%A4", true, "raw UTF-8 equals its escapes"},
	{MatchRFC9309, "/%c3%a4", "/ä", true, ""},
	{MatchRFC9309, "/%C3", "/ä", true, "prefix of the UTF-8 bytes"},
	{MatchRFC9309, "/Ä", "/ä", false, "no folding outside ASCII"},
	// --- MatchACAP.
	{MatchACAP, "/News/", "/news/a.html", true, "case-insensitive"},
	{MatchACAP, "/news/", "/NEWS/A.HTML", true, ""},
	{MatchACAP, "/%4E", "/n", true, "decoded, then folded"},
	{MatchACAP, "*.html$", "/a/b.HTML", true, "implied '/' before '*'"},
	{MatchACAP, "*.html$", "/a/b.html?x", false, ""},
	{MatchACAP, "news/", "/news/x", true, "implied '/'"},
	{MatchACAP, "news/", "/a/news/x", false, ""},
	{MatchACAP, "$", "/", true, "read as /$"},
	{MatchACAP, "$", "/a", false, ""},
	{MatchACAP, "/a$b", "/A$B", true, "'$' not last (an error) is matched as a literal"},
	{MatchACAP, "/a$b", "/a", false, ""},
	{MatchACAP, "/%2F", "/%2f", true, ""},
	{MatchACAP, "/a%2Fb", "/a/b", false, ""},
	{MatchACAP, "/%2a", "/*", true, ""},
	{MatchACAP, "/%2a", "/x", false, ""},
	{MatchACAP, "/ä", "/%c3%a4", true, ""},
	{MatchACAP, "/É", "/é", false, "ASCII folding only"},
	{MatchACAP, "", "/", false, "empty pattern matches nothing"},
	{MatchACAP, "/", "/", true, ""},
	// --- MatchPrefix: no wildcards.
	{MatchPrefix, "/tmp", "/tmp", true, "draft1996 §3.2.2 table"},
	{MatchPrefix, "/tmp", "/tmp.html", true, "draft1996 §3.2.2 table"},
	{MatchPrefix, "/tmp", "/tmp/a.html", true, "draft1996 §3.2.2 table"},
	{MatchPrefix, "/tmp/", "/tmp", false, "draft1996 §3.2.2 table"},
	{MatchPrefix, "/tmp/", "/tmp/", true, "draft1996 §3.2.2 table"},
	{MatchPrefix, "/tmp/", "/tmp/a.html", true, "draft1996 §3.2.2 table"},
	{MatchPrefix, "/a*", "/ab", false, "'*' is literal"},
	{MatchPrefix, "/a*", "/a*b", true, ""},
	{MatchPrefix, "/a$", "/a", false, "'$' is literal"},
	{MatchPrefix, "/a$", "/a$", true, ""},
	{MatchPrefix, "/A", "/a", false, "case-sensitive"},
	{MatchPrefix, "", "/", false, "empty Disallow forbids nothing"},
	{MatchPrefix, "/org/", "/orgo.gif", false, "draft1996-09.json"},
	{MatchPrefix, "/serv", "/services/fast.html", true, "draft1996-09.json"},
	{MatchPrefix, "/~mak", "http://www.fict.org/%7Emak/mak.html", true, "draft1996-09.json"},
	{MatchPrefix, "/~mak", "http://www.fict.org/%7Ejim/jim.html", false, "draft1996-09.json"},
	// --- MatchWhole: the 2.0.0 proposal.
	{MatchWhole, "/a.html", "/a.html", true, ""},
	{MatchWhole, "/a.html", "/a.html?x", false, "explicit must equal the path"},
	{MatchWhole, "/a", "/a.html", false, ""},
	{MatchWhole, "*/index.html", "/x/index.html", true, "rep-2.0.0 proposal"},
	{MatchWhole, "*/index.html", "/x/index.html.bak", false, ""},
	{MatchWhole, "*.shtml", "/a/b.shtml", true, ""},
	{MatchWhole, "/a*", "/a/b/c", true, ""},
	{MatchWhole, "/a$", "/a$", true, "'$' is literal"},
	{MatchWhole, "/a$", "/a", false, ""},
	{MatchWhole, "/A", "/a", false, "case-sensitive"},
	{MatchWhole, "/%41", "/A", true, ""},
	{MatchWhole, "", "/", false, ""},
	// --- MatchPurpose: whole, folded, no '/'.
	{MatchPurpose, "sports", "Sports", true, "READING.md §3.2: sports matches Sports"},
	{MatchPurpose, "sports", "sportsbook", false, "whole match"},
	{MatchPurpose, "news.*", "news.example", true, ""},
	{MatchPurpose, "news.*", "news", false, ""},
	{MatchPurpose, "*news*", "dailyNEWSfeed", true, ""},
	{MatchPurpose, "sports$", "sports", true, "final '$' allowed, meaningless"},
	{MatchPurpose, "sports$", "sportsbook", false, ""},
	{MatchPurpose, "*", "anything", true, ""},
	{MatchPurpose, "", "x", false, ""},
}

// Rows from the conformance case files (the rule that decides, against the
// case's URL). For a Disallow that decides, want is true; the other rule of
// the file must not match where the file's answer requires it.
var conformanceRows = []matchRow{
	{MatchRFC9309, "/foo/bar/ツ", "http://foo.bar/foo/bar/%E3%83%84", true, "rfc9309-google-unit-029.json ID_Encoding#02"},
	{MatchRFC9309, "/foo/bar/ツ", "http://foo.bar/foo/bar/ツ", true, "rfc9309-google-unit-029.json ID_Encoding#03"},
	{MatchRFC9309, "/foo/bar/%E3%83%84", "http://foo.bar/foo/bar/%E3%83%84", true, "rfc9309-google-unit-030.json ID_Encoding#04"},
	{MatchRFC9309, "/foo/bar/%E3%83%84", "http://foo.bar/foo/bar/ツ", true, "rfc9309-google-unit-030.json ID_Encoding#05"},
	{MatchRFC9309, "/foo/bar/%62%61%7A", "http://foo.bar/foo/bar/baz", true, "rfc9309-google-unit-031.json ID_Encoding#06"},
	{MatchRFC9309, "/foo/bar/%62%61%7A", "http://foo.bar/foo/bar/%62%61%7A", true, "rfc9309-google-unit-031.json ID_Encoding#07"},
	{MatchRFC9309, "/foo/bar/ツ", "http://foo.bar/foo/bar/ツ", true, "rfc9309-google-spec-038.json non-ascii-paths#02.2"},
	{MatchRFC9309, "/foo/bar/%E3%83%84", "http://foo.bar/foo/bar/ツ", true, "rfc9309-google-spec-039.json non-ascii-paths#03.2"},
	{MatchRFC9309, "/foo/bar/%62%61%7A", "http://foo.bar/foo/bar/baz", true, "rfc9309-google-spec-040.json non-ascii-paths#04.1"},
	{MatchRFC9309, "/path/file-with-a-%2A.html", "https://www.example.com/path/file-with-a-*.html", true, "rfc9309-text-03.json rfc2.2.3 %2A"},
	{MatchRFC9309, "/path/foo-%24", "https://www.example.com/path/foo-$", true, "rfc9309-text-04.json rfc2.2.3 %24"},
	{MatchRFC9309, "/foo/bar?baz=https%3A%2F%2Ffoo.bar", "https://example.com/foo/bar?baz=https://foo.bar", false, "rfc9309-text-06.json table row2 (%2F rule)"},
	{MatchRFC9309, "/foo/bar/baz", "https://example.com/foo/bar/%62%61%7A", true, "rfc9309-text-07.json table row5"},
	{MatchPrefix, "/a%3cd.html", "http://www.fict.org/a%3cd.html", true, "draft1996-03.json"},
	{MatchPrefix, "/a%3cd.html", "http://www.fict.org/a%3Cd.html", true, "draft1996-03.json"},
	{MatchPrefix, "/a%3Cd.html", "http://www.fict.org/a%3cd.html", true, "draft1996-04.json"},
	{MatchPrefix, "/a%3Cd.html", "http://www.fict.org/a%3Cd.html", true, "draft1996-04.json"},
	{MatchPrefix, "/a%2fb.html", "http://www.fict.org/a%2fb.html", true, "draft1996-05.json"},
	{MatchPrefix, "/a%2fb.html", "http://www.fict.org/a/b.html", false, "draft1996-05.json"},
	{MatchPrefix, "/a/b.html", "http://www.fict.org/a%2fb.html", false, "draft1996-06.json"},
	{MatchPrefix, "/a/b.html", "http://www.fict.org/a/b.html", true, "draft1996-06.json"},
	{MatchPrefix, "/%7ejoe/index.html", "http://www.fict.org/~joe/index.html", true, "draft1996-07.json"},
	{MatchPrefix, "/~joe/index.html", "http://www.fict.org/%7Ejoe/index.html", true, "draft1996-08.json"},
	{MatchPrefix, "/org/plans.html", "http://www.fict.org/org/plans.html", true, "draft1996-09.json"},
}

func TestMatch(t *testing.T) {
	for _, rows := range [][]matchRow{matchRows, conformanceRows} {
		for _, r := range rows {
			p := CompilePattern(r.pattern, r.mode)
			subj := r.url
			if r.mode != MatchPurpose {
				subj = PathOf(subj)
			}
			s := NewSubject(subj)
			if got := p.Match(&s); got != r.want {
				t.Errorf("%v: CompilePattern(%q).Match(%q) = %v, want %v (%s)", r.mode, r.pattern, s.Path(), got, r.want, r.src)
			}
			// The reference matcher must agree with every row.
			if got := refMatch(r.pattern, s.Path(), r.mode); got != r.want {
				t.Errorf("%v: reference(%q, %q) = %v, want %v (%s)", r.mode, r.pattern, s.Path(), got, r.want, r.src)
			}
		}
	}
}

func TestMatchRawSubject(t *testing.T) {
	// NewSubject accepts strings that PathOf would have escaped.
	p := CompilePattern("/%C3%A4%20x", MatchRFC9309)
	s := NewSubject("/ä x")
	if !p.Match(&s) {
		t.Errorf("escaped pattern does not match raw subject")
	}
	if s.Path() != "/ä x" {
		t.Errorf("Path() = %q", s.Path())
	}
}

func TestPatternZero(t *testing.T) {
	var p Pattern
	s := NewSubject("/")
	if p.Match(&s) {
		t.Error("zero Pattern matches")
	}
	if p.Raw() != "" || p.Len() != 0 || p.HasWildcard() {
		t.Errorf("zero Pattern: Raw %q Len %d HasWildcard %v", p.Raw(), p.Len(), p.HasWildcard())
	}
	e := NewSubject("")
	if p.Match(&e) {
		t.Error("zero Pattern matches the empty subject")
	}
}

func TestPatternProperties(t *testing.T) {
	tests := []struct {
		raw  string
		mode MatchMode
		len  int
		wild bool
	}{
		{"/", MatchRFC9309, 1, false},
		{"/fish", MatchRFC9309, 5, false},
		{"/fish*", MatchRFC9309, 6, true},
		{"/fish$", MatchRFC9309, 6, true},
		{"/a$b", MatchRFC9309, 4, false},
		{"/%2A", MatchRFC9309, 4, false},
		{"/%24", MatchRFC9309, 4, false},
		{"/ä", MatchRFC9309, 7, false},      // as Google: "/%C3%A4"
		{"/%C3%A4", MatchRFC9309, 7, false}, // same priority as the raw form
		{"*.html$", MatchACAP, 7, true},     // the implied '/' is not counted
		{"/a*", MatchPrefix, 3, false},
		{"/a$", MatchPrefix, 3, false},
		{"*.shtml", MatchWhole, 7, true},
		{"/a$", MatchWhole, 3, false},
		{"sports$", MatchPurpose, 7, false},
		{"news.*", MatchPurpose, 6, true},
		{"", MatchRFC9309, 0, false},
	}
	for _, tt := range tests {
		p := CompilePattern(tt.raw, tt.mode)
		if p.Raw() != tt.raw {
			t.Errorf("Raw() = %q, want %q", p.Raw(), tt.raw)
		}
		if p.Mode() != tt.mode {
			t.Errorf("Mode() = %v, want %v", p.Mode(), tt.mode)
		}
		if p.Len() != tt.len {
			t.Errorf("%v %q: Len() = %d, want %d", tt.mode, tt.raw, p.Len(), tt.len)
		}
		if p.HasWildcard() != tt.wild {
			t.Errorf("%v %q: HasWildcard() = %v, want %v", tt.mode, tt.raw, p.HasWildcard(), tt.wild)
		}
	}
}

func TestMatchModeString(t *testing.T) {
	for m, want := range map[MatchMode]string{
		MatchRFC9309: "rfc9309", MatchACAP: "acap", MatchPrefix: "prefix",
		MatchWhole: "whole", MatchPurpose: "purpose", 9: "MatchMode(9)",
	} {
		if m.String() != want {
			t.Errorf("%d.String() = %q, want %q", m, m.String(), want)
		}
	}
}

func TestMatchNoAlloc(t *testing.T) {
	s := NewSubject("/Some/Path/%2Fx/index.html?q=1")
	for _, raw := range []string{"/some", "/Some/", "/*.html", "*x*index*$", "/nope"} {
		for _, m := range []MatchMode{MatchRFC9309, MatchACAP, MatchPrefix, MatchWhole} {
			p := CompilePattern(raw, m)
			if n := testing.AllocsPerRun(100, func() { p.Match(&s) }); n != 0 {
				t.Errorf("%v %q: Match allocates %v", m, raw, n)
			}
		}
	}
}

func TestNewSubjectNoAllocPlain(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { _ = NewSubject("/plain/lower/path.html?a=b") }); n != 0 {
		t.Errorf("NewSubject allocates %v on a plain lower-case path", n)
	}
}

// TestMatchLinearTime checks that many '*' do not cause a backtracking
// blow-up.
func TestMatchLinearTime(t *testing.T) {
	long := "/" + strings.Repeat("a", 100<<10)
	tests := []struct {
		name, raw, path string
		want            bool
	}{
		{"1000 stars", strings.Repeat("*", 1000), long, true},
		{"1000 stars then b", strings.Repeat("*", 1000) + "b", long, false},
		{"1000 a-stars then b", "/" + strings.Repeat("a*", 1000) + "b", long, false},
		{"1000 a-stars anchored", "/" + strings.Repeat("*a", 1000) + "$", long, true},
		{"1000 aab-stars", "/" + strings.Repeat("*aab", 1000), long, false},
		{"1000 stars, long literal", strings.Repeat("*", 1000) + strings.Repeat("a", 500) + "b$", long, false},
	}
	// fastest of three runs: a loaded machine slows some runs, never all.
	fastest := func(p Pattern) (time.Duration, bool) {
		best, got := time.Duration(1<<62), false
		for i := 0; i < 3; i++ {
			s := NewSubject(long)
			start := time.Now()
			got = p.Match(&s)
			if d := time.Since(start); d < best {
				best = d
			}
		}
		return best, got
	}
	// The baseline, measured in the same run: one star then a byte, which
	// scans the whole path once. A matcher that backtracks over the 1000
	// stars of a pattern would take about 1000 times as long.
	base, _ := fastest(CompilePattern("*b", MatchRFC9309))
	for _, m := range []MatchMode{MatchRFC9309, MatchACAP, MatchWhole} {
		for _, tt := range tests {
			d, got := fastest(CompilePattern(tt.raw, m))
			if m != MatchWhole && got != tt.want {
				t.Errorf("%s (%v) = %v, want %v", tt.name, m, got, tt.want)
			}
			if d > 100*base {
				t.Errorf("%s (%v) took %v, %.0f× the one-star scan of the same path (%v); want at most 100×", tt.name, m, d, float64(d)/float64(base), base)
			}
			if testing.Verbose() {
				t.Logf("%s (%v): %v, %.1f× the one-star scan", tt.name, m, d, float64(d)/float64(base))
			}
		}
	}
}

// refUnit decodes s into units, as the rules say: an escape is the byte it
// stands for, except an escaped slash (256); a '%' that starts no escape is
// the byte '%'. With wild, '*' is -1.
func refUnits(s string, wild, fold bool) []int {
	var u []int
	for i := 0; i < len(s); i++ {
		c := int(s[i])
		switch {
		case c == '*' && wild:
			c = -1
		case c == '%' && i+2 < len(s) && pctUnhex(s[i+1]) >= 0 && pctUnhex(s[i+2]) >= 0:
			c = pctUnhex(s[i+1])<<4 | pctUnhex(s[i+2])
			i += 2
			if c == '/' {
				c = 256
			}
		}
		if fold && 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		u = append(u, c)
	}
	return u
}

// refMatch is a slow, obviously correct matcher: a dynamic program over
// decoded units.
func refMatch(pattern, subject string, mode MatchMode) bool {
	if pattern == "" {
		return false
	}
	fold := mode == MatchACAP || mode == MatchPurpose
	wild := mode != MatchPrefix
	if mode == MatchACAP && pattern[0] != '/' {
		pattern = "/" + pattern
	}
	whole := mode == MatchWhole || mode == MatchPurpose
	if (mode == MatchRFC9309 || mode == MatchACAP || mode == MatchPurpose) && strings.HasSuffix(pattern, "$") {
		pattern = pattern[:len(pattern)-1]
		whole = true
	}
	p := refUnits(pattern, wild, fold)
	s := refUnits(subject, false, fold)
	// m[i][j]: p[:i] matches s[:j] exactly.
	m := make([][]bool, len(p)+1)
	for i := range m {
		m[i] = make([]bool, len(s)+1)
	}
	m[0][0] = true
	for i := 1; i <= len(p); i++ {
		for j := 0; j <= len(s); j++ {
			if p[i-1] == -1 {
				m[i][j] = m[i-1][j] || (j > 0 && m[i][j-1])
			} else {
				m[i][j] = j > 0 && m[i-1][j-1] && p[i-1] == s[j-1]
			}
		}
	}
	if whole {
		return m[len(p)][len(s)]
	}
	for j := 0; j <= len(s); j++ {
		if m[len(p)][j] {
			return true
		}
	}
	return false
}

func FuzzPatternMatch(f *testing.F) {
	for _, r := range matchRows {
		f.Add(r.pattern, PathOf(r.url), uint8(r.mode))
	}
	f.Add("*2F", "/%2F2F", uint8(0))
	f.Add("/a*%2f*$", "/A%2F%2f", uint8(1))
	f.Add("*%*", "/%%25%", uint8(0))
	f.Fuzz(func(t *testing.T, pattern, subject string, mode uint8) {
		if len(pattern) > 24 || len(subject) > 48 {
			return
		}
		m := MatchMode(mode % 5)
		p := CompilePattern(pattern, m)
		s := NewSubject(subject)
		got := p.Match(&s)
		if want := refMatch(pattern, subject, m); got != want {
			t.Fatalf("%v: CompilePattern(%q).Match(%q) = %v, reference says %v", m, pattern, subject, got, want)
		}
		// A pattern always matches itself read as a path, when it has no
		// special characters.
		if m != MatchPurpose && pattern != "" && !strings.ContainsAny(pattern, "*$") && strings.HasPrefix(pattern, "/") {
			ps := NewSubject(pattern)
			if !p.Match(&ps) {
				t.Fatalf("%v: %q does not match itself", m, pattern)
			}
		}
		// CompareScope is antisymmetric and never panics.
		q := CompilePattern(subject, m)
		if CompareScope(&p, &q) != -CompareScope(&q, &p) {
			t.Fatalf("CompareScope(%q, %q) not antisymmetric", pattern, subject)
		}
	})
}

func BenchmarkMatch(b *testing.B) {
	path := PathOf("https://www.example.com/news/2024/05/some-article-title.html?utm_source=feed")
	s := NewSubject(path)
	cases := []struct {
		name string
		raw  string
		mode MatchMode
		want bool
	}{
		{"LiteralMiss", "/private/", MatchRFC9309, false},
		{"LiteralMissLongCommonPrefix", "/news/2024/06/", MatchRFC9309, false},
		{"LiteralHit", "/news/2024/", MatchRFC9309, true},
		{"LiteralHitACAP", "/NEWS/", MatchACAP, true},
		{"Wildcard", "/*.html", MatchRFC9309, true},
		{"WildcardAnchoredMiss", "/news/*.pdf$", MatchRFC9309, false},
		{"WildcardMany", "/*news*2024*title*utm*$", MatchACAP, true},
	}
	for _, c := range cases {
		p := CompilePattern(c.raw, c.mode)
		if p.Match(&s) != c.want {
			b.Fatalf("%s: Match = %v", c.name, !c.want)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p.Match(&s)
			}
		})
	}
	// A group of 160 literal rules, as the decision engine walks it.
	b.Run("Group160", func(b *testing.B) {
		ps := make([]Pattern, 160)
		for i := range ps {
			ps[i] = CompilePattern(fmt.Sprintf("/section%d/page", i), MatchRFC9309)
		}
		b.ReportAllocs()
		for b.Loop() {
			for i := range ps {
				ps[i].Match(&s)
			}
		}
	})
}

func BenchmarkNewSubject(b *testing.B) {
	path := PathOf("https://www.example.com/News/2024/%7Euser/a.html?x=1")
	b.ReportAllocs()
	for b.Loop() {
		_ = NewSubject(path)
	}
}

func ExampleCompilePattern() {
	s := NewSubject(PathOf("https://example.com/News/Today.HTML?page=2"))
	for _, c := range []struct {
		raw  string
		mode MatchMode
	}{
		{"/news/", MatchRFC9309},     // case-sensitive: no
		{"/news/", MatchACAP},        // case-insensitive: yes
		{"*.html$", MatchACAP},       // the query follows .HTML: no
		{"/*.HTML", MatchRFC9309},    // prefix match, query allowed: yes
		{"/%4Eews/", MatchRFC9309},   // %4E is N: yes
		{"/News/Today", MatchPrefix}, // plain prefix: yes
	} {
		p := CompilePattern(c.raw, c.mode)
		fmt.Printf("%-8s %-12s %v\n", c.mode, c.raw, p.Match(&s))
	}
	// Output:
	// rfc9309  /news/       false
	// acap     /news/       true
	// acap     *.html$      false
	// rfc9309  /*.HTML      true
	// rfc9309  /%4Eews/     true
	// prefix   /News/Today  true
}
