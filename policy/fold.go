package policy

// ACAP compares names, usages, purposes and patterns without regard to
// case, but only for ASCII letters (READING.md §8): "ſ" (U+017F) is not "s"
// and the Kelvin sign "K" (U+212A) is not "K", although Unicode case
// folding (strings.EqualFold, strings.ToLower) says they are. These
// helpers fold A-Z to a-z and leave every other byte alone.

// equalFoldASCII reports whether a and b are equal with ASCII letters
// compared case-insensitively.
func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lowerByte(a[i]) != lowerByte(b[i]) {
			return false
		}
	}
	return true
}

// lowerASCII returns s with ASCII letters lowered; other bytes are kept.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				b[j] = lowerByte(b[j])
			}
			return string(b)
		}
	}
	return s
}

// containsFoldASCII reports whether sub occurs in s, ASCII letters compared
// case-insensitively.
func containsFoldASCII(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if equalFoldASCII(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
