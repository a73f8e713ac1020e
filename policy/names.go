package policy

import "strings"

// Crawler names: how a User-agent or ACAP-crawler value names a crawler,
// and how a question's crawler is compared with it (READING.md §5, §8).

// agentAny reports whether a User-agent or ACAP-crawler value names every
// crawler: '*' alone, or '*' followed by white space and anything ("* foo"),
// as Google's parser reads it. "*Fetch*", "**" or "*.*" do not.
func agentAny(v string) bool {
	return len(v) > 0 && v[0] == '*' && (len(v) == 1 || isCSpace(v[1]))
}

// isCSpace is C's isspace: the ASCII white space Google's parser tests
// after a '*'.
func isCSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n'
}

// agentName returns the name a User-agent or ACAP-crawler value gives: "*"
// for every crawler (see agentAny), else its leading run of letters,
// digits, '_', '-' and '.', which may be empty ("*Fetch*" names no
// crawler). "Googlebot/2.1" gives "Googlebot".
func agentName(v string) string {
	if agentAny(v) {
		return "*"
	}
	i := 0
	for i < len(v) && isNameByte(v[i]) {
		i++
	}
	return v[:i]
}

func isNameByte(c byte) bool {
	return isAlpha(c) || ('0' <= c && c <= '9') || c == '_' || c == '-' || c == '.'
}

// acapName returns the name an ACAP-crawler value gives: "*" for every
// crawler (see agentAny), "" for any other value that starts with '*'
// ("*Fetch*" names no crawler), else the value without a /version suffix.
func acapName(v string) string {
	switch {
	case agentAny(v):
		return "*"
	case v != "" && v[0] == '*':
		return ""
	}
	return crawlerName(v)
}

// uaName returns the name RFC 9309 crawlers read in a User-agent value
// (see agentName).
func uaName(v string) string { return agentName(v) }

// crawlerName returns the name in an ACAP-crawler or User-agent value without
// a /version suffix.
func crawlerName(v string) string {
	if i := strings.IndexByte(v, '/'); i > 0 {
		v = v[:i]
	}
	return strings.TrimSpace(v)
}

// crawlerEq compares crawler names case-insensitively, without versions.
func crawlerEq(name, crawler string) bool {
	return equalFoldASCII(crawlerName(name), crawlerName(crawler))
}
