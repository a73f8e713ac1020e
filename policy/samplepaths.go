package policy

import "strings"

// SamplePaths returns up to max paths to try a file on, taken from its own
// rules in the order they are written: "/" first, then one path for each
// pattern of an Allow, a Disallow or an ACAP permission (its resource sets
// expanded), made concrete: a '*' becomes "x", a final '$' is dropped, and a
// pattern without a leading '/' gets one. Duplicates and empty patterns are
// left out. The simulator offers them as "URLs from this file", so each is
// written to be asked as it is: a path that starts with "//", which as a URL
// would name a host, is written after an empty host ("////a" asks "//a").
func (f *File) SamplePaths(max int) []string {
	out := []string{"/"}
	seen := map[string]bool{"/": true}
	add := func(pat string) {
		p := strings.TrimSpace(pat)
		p = strings.TrimSuffix(p, "$")
		if p == "" || len(out) >= max {
			return
		}
		p = strings.ReplaceAll(p, "*", "x")
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		p = witnessURL(p)
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for i := range f.Lines {
		fd := f.Lines[i].Field
		if fd == nil || fd.Status == StatusSkipped {
			continue
		}
		switch fd.Kind {
		case FieldAllow, FieldDisallow:
			add(fd.Pattern().Text)
		case FieldACAPAllow, FieldACAPDisallow:
			for _, r := range fd.Rules() {
				add(r.Pattern)
			}
		}
	}
	if max < len(out) {
		out = out[:max]
	}
	return out
}
