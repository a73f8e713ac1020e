package policy

import "strings"

// OtherCrawler returns a crawler name that no line of the file names for
// any kind of crawler, so that asking it answers for "any other crawler":
// it equals no name (RFC 9309, ACAP), is part of no User-agent or
// ACAP-crawler value (the 1996 draft picks a record whose value contains the
// crawler's name) and contains no name (a full User-Agent string is matched
// by substring). It is "other-crawler" when that is free. Otherwise it is
// one character repeated: the first of a fixed list that no name is made of
// alone, repeated once more than the longest run of it in any value, so
// that no value holds it; the answer depends only on the file.
//
// ok is false only when every character of the list names a crawler on its
// own ("a", "b", …, "-"): then no such name exists and the name returned
// is named by the file.
func (f *File) OtherCrawler() (name string, ok bool) {
	var values, names []string
	for _, g := range f.Groups {
		for _, a := range g.Agents {
			values = append(values, lowerASCII(a.Value.Text))
		}
	}
	for _, r := range f.Records {
		for _, c := range r.Crawlers {
			values = append(values, lowerASCII(c.Value.Text))
		}
	}
	for _, n := range f.Crawlers() {
		names = append(names, lowerASCII(n))
	}
	free := func(c string) bool {
		for _, v := range values {
			if !agentAny(v) && strings.Contains(v, c) {
				return false
			}
		}
		for _, n := range names {
			if strings.Contains(c, n) {
				return false
			}
		}
		return true
	}
	const first = "other-crawler"
	if free(first) {
		return first, true
	}
	for i := 0; i < len(otherChars); i++ {
		ch := otherChars[i]
		run := 2 // at least three characters: "xxx"
		for _, v := range values {
			run = max(run, longestRun(v, ch))
		}
		c := strings.Repeat(string(ch), run+1)
		if free(c) {
			return c, true
		}
	}
	return first, false
}

// otherChars are the characters OtherCrawler repeats, in the order tried:
// letters that are rare in crawler names first, then the rest of the
// characters a crawler name may hold.
const otherChars = "xzqjkvwyfgbpmuhdlcnrtsoiea0123456789_-."

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}
