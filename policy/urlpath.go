package policy

import "strings"

// PathOf reduces rawURL to the part that robots.txt patterns are matched
// against, the way Google's reference parser does it.
//
// The scheme and host are removed ("http://h/x", "https://h" and "//h/x"
// give "/x", "/" and "/x"), and so is a "#fragment". What is left starts at
// the first '/', '?' or ';' after the host and runs to the end: path,
// parameters and query together. When that part starts with '?' or ';' a
// '/' is put before it, so "?q" gives "/?q"; when nothing is left the
// result is "/". A string without "://" and without a leading "//" is read
// the same way: everything before its first '/', '?' or ';' counts as a
// host, so "/x" stays "/x" but a bare "x" gives "/".
//
// Dot segments ("/a/../b") are kept as they are, and so are existing
// percent escapes. Spaces, control characters and bytes outside ASCII are
// written as percent escapes with upper-case hex digits, so "/ä b" gives
// "/%C3%A4%20b". The result always starts with '/'. PathOf never panics and
// returns rawURL's own memory when nothing has to be escaped.
func PathOf(rawURL string) string {
	// Two leading slashes start an authority with no scheme.
	start := 0
	if strings.HasPrefix(rawURL, "//") {
		start = 2
	}
	rest := rawURL[start:]
	early := strings.IndexAny(rest, "/?;")
	hostEnd := 0 // offset in rest where the host ends
	if proto := strings.Index(rest, "://"); proto >= 0 && (early < 0 || proto < early) {
		hostEnd = proto + 3
	}
	i := strings.IndexAny(rest[hostEnd:], "/?;")
	if i < 0 {
		return "/"
	}
	pathStart := hostEnd + i
	end := len(rest)
	if h := strings.IndexByte(rest, '#'); h >= 0 {
		if h < pathStart {
			return "/"
		}
		end = h
	}
	p := rest[pathStart:end]
	slash := p[0] != '/'
	if !slash && !pathNeedsEscape(p) {
		return p
	}
	b := make([]byte, 0, len(p)+1+16)
	if slash {
		b = append(b, '/')
	}
	b = pathAppendEscaped(b, p)
	return string(b)
}

// pathNeedsEscape reports whether s contains a byte that PathOf escapes.
func pathNeedsEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		if pathEscapeByte(s[i]) {
			return true
		}
	}
	return false
}

// pathEscapeByte reports whether PathOf writes c as a percent escape.
func pathEscapeByte(c byte) bool { return c <= ' ' || c >= 0x7f }

const pctUpperHex = "0123456789ABCDEF"

// pathAppendEscaped appends s to b with the bytes pathEscapeByte selects written as
// %XX.
func pathAppendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if pathEscapeByte(c) {
			b = append(b, '%', pctUpperHex[c>>4], pctUpperHex[c&15])
			continue
		}
		b = append(b, c)
	}
	return b
}
