package policy

// CompareScope decides which of two patterns has the narrower scope, by the
// character-by-character comparison that ACAP uses to settle a conflict
// between a permission and a prohibition (ACAP 1.0 Part 1, §2.4.5).
//
// It returns -1 when a is the narrower, +1 when b is, and 0 when the
// comparison cannot tell (the caller then falls back to its own tie rules,
// and in the end to a prohibition).
//
// Both patterns are walked from the left in the form matching uses: escapes
// decoded (an escaped slash stays distinct from '/'), ASCII letters folded
// to lower case, and, for resource patterns, a '/' put before a pattern
// that does not start with one, so "*.html$" is walked as "/*.html$". A
// wildcard '*' and an anchoring final '$' are special characters; an
// escaped "%2A" or "%24", or a '*' or '$' that the pattern's mode reads
// literally, is an ordinary character. Consecutive '*' are not merged: the
// patterns are compared as written. At the first position where they
// differ:
//
//   - if one pattern has ended, the other (longer) one is narrower;
//   - if one has the anchor '$', the other is narrower, whatever it has
//     there (even '*');
//   - if one has '*' and the other an ordinary character, the other is
//     narrower;
//   - if both have ordinary characters, the comparison cannot decide (0).
//
// Identical patterns (after decoding and folding) also give 0. So "/news/"
// is broader than "/news/*.htm$" and "/" broader than "/$", while "/a" and
// "/b" cannot be ordered.
func CompareScope(a, b *Pattern) int {
	if c := scopeClass(a, b); c != 2 {
		return int(c)
	}
	return 0
}

// scopeClass is CompareScope telling identical patterns apart: -1 (a is
// narrower), +1 (b is), 2 (identical), 0 (cannot be ordered).
func scopeClass(a, b *Pattern) int8 { return scopeClassToks(a.scopeTokens(), b.scopeTokens()) }

// scopeClassToks is scopeClass on the patterns' scope tokens.
func scopeClassToks(x, y []uint16) int8 {
	for i := 0; ; i++ {
		switch {
		case i == len(x) && i == len(y):
			return 2
		case i == len(x):
			return +1
		case i == len(y):
			return -1
		}
		cx, cy := x[i], y[i]
		switch {
		case cx == cy:
			continue
		case cx == scopeAnchor:
			return +1
		case cy == scopeAnchor:
			return -1
		case cx == scopeStar:
			return +1
		case cy == scopeStar:
			return -1
		default:
			return 0
		}
	}
}
