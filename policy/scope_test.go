package policy

import "testing"

func TestCompareScope(t *testing.T) {
	tests := []struct {
		a, b string
		want int // -1: a narrower, +1: b narrower, 0: undecided
		why  string
	}{
		// One runs out of characters: the other is narrower.
		{"/", "/public/", +1, "guide §2.4: / is overridden by /public/"},
		{"/news/", "/news/*.htm$", +1, "guide: /news/ vs /news/*.htm$"},
		{"/news/*.htm$", "/news/", -1, ""},
		{"/", "/$", +1, "guide Ex 3.2: / vs /$"},
		{"/a", "/a*", +1, "patterns are compared as written"},
		// '$' against anything else: the other is narrower.
		{"/a$", "/ab", +1, ""},
		{"/a$", "/a*", +1, "'$' against '*': '*' narrower"},
		{"/a*", "/a$", -1, ""},
		// '*' against an ordinary character: the other is narrower.
		{"/a*", "/ab", +1, ""},
		{"/ab", "/a*", -1, ""},
		{"*.html$", "/news/", +1, "implied '/': '*' meets 'n'"},
		{"/news/", "*.html$", -1, ""},
		{"*.html$", "/*.html$", 0, "implied '/' makes them identical"},
		// Literal mismatch at the same position: undecided.
		{"/a", "/b", 0, ""},
		{"/news/a", "/news/b*", 0, ""},
		{"/a%2Fb", "/a/b", 0, "%2F is not '/'"},
		// Identical: undecided.
		{"/news/", "/news/", 0, ""},
		{"/News/", "/nEWS/", 0, "case-insensitive"},
		{"/%41", "/a", 0, "decoded and folded"},
		{"/%2a", "/*", -1, "escaped '*' is ordinary: the wildcard is broader"},
		{"/%24", "/$", -1, "escaped '$' is ordinary against the anchor"},
		{"/ä", "/%C3%A4x", +1, "raw UTF-8 equals its escapes"},
		{"/x$y", "/x$", -1, "'$' not last is ordinary"},
		{"", "/", +1, "empty runs out at once"},
		{"", "", 0, ""},
	}
	for _, tt := range tests {
		a := CompilePattern(tt.a, MatchACAP)
		b := CompilePattern(tt.b, MatchACAP)
		if got := CompareScope(&a, &b); got != tt.want {
			t.Errorf("CompareScope(%q, %q) = %d, want %d (%s)", tt.a, tt.b, got, tt.want, tt.why)
		}
		if got := CompareScope(&b, &a); got != -tt.want {
			t.Errorf("CompareScope(%q, %q) = %d, want %d (swapped)", tt.b, tt.a, got, -tt.want)
		}
	}
}

func TestCompareScopeAcrossModes(t *testing.T) {
	// Section 4 compares a conventional (rfc9309) pattern with an ACAP one:
	// same decoded, folded form, with the implied '/'.
	tests := []struct {
		a    string
		am   MatchMode
		b    string
		bm   MatchMode
		want int
	}{
		{"/Private/", MatchRFC9309, "/private/", MatchACAP, 0},
		{"/private/", MatchRFC9309, "/private/x", MatchACAP, +1},
		{"*.pdf$", MatchRFC9309, "/*.pdf$", MatchACAP, 0},
		{"/a*", MatchPrefix, "/a*", MatchACAP, -1}, // '*' is ordinary in prefix mode
		{"news.*", MatchPurpose, "news.sport", MatchPurpose, +1},
		{"a", MatchPurpose, "/a", MatchACAP, 0}, // no '/' for purposes
	}
	for _, tt := range tests {
		a := CompilePattern(tt.a, tt.am)
		b := CompilePattern(tt.b, tt.bm)
		if got := CompareScope(&a, &b); got != tt.want {
			t.Errorf("CompareScope(%v %q, %v %q) = %d, want %d", tt.am, tt.a, tt.bm, tt.b, got, tt.want)
		}
	}
}

func TestCompareScopeZero(t *testing.T) {
	var z Pattern
	p := CompilePattern("/", MatchACAP)
	if got := CompareScope(&z, &p); got != +1 {
		t.Errorf("CompareScope(zero, /) = %d, want +1", got)
	}
	if got := CompareScope(&z, &z); got != 0 {
		t.Errorf("CompareScope(zero, zero) = %d, want 0", got)
	}
}
