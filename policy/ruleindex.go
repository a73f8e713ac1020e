package policy

// ruleIndex finds the patterns that can match a path without trying them
// all: patterns whose literal start has a second byte (after the leading
// '/') are filed under that byte; the rest ("/", "/*...", "*...") are
// always tried. Indices stay in the order of the rules they index.
type ruleIndex struct {
	buckets [256][]int32
	always  []int32
}

// patternKey returns the byte a pattern is filed under, or -1.
func patternKey(p *Pattern) int {
	if !p.ok || len(p.first) < 2 {
		return -1
	}
	return int(p.first[1])
}

// subjectKey returns the byte of the subject that selects a bucket, or -1.
func subjectKey(s *Subject, fold bool) int {
	t := s.canon
	if fold {
		t = s.fold
	}
	if len(t) < 2 {
		return -1
	}
	return int(t[1])
}

func newRuleIndex(n int, pattern func(i int) *Pattern) *ruleIndex {
	x := &ruleIndex{}
	for i := 0; i < n; i++ {
		if k := patternKey(pattern(i)); k >= 0 {
			x.buckets[k] = append(x.buckets[k], int32(i))
		} else {
			x.always = append(x.always, int32(i))
		}
	}
	return x
}

// each calls fn with the index of every rule that may match the subject,
// in ascending order, until fn returns false, and counts each on tk.
func (x *ruleIndex) each(s *Subject, fold bool, tk *ticker, fn func(i int) bool) {
	var b []int32
	if k := subjectKey(s, fold); k >= 0 {
		b = x.buckets[k]
	}
	a := x.always
	for len(a) > 0 || len(b) > 0 {
		var i int32
		if len(b) == 0 || (len(a) > 0 && a[0] < b[0]) {
			i, a = a[0], a[1:]
		} else {
			i, b = b[0], b[1:]
		}
		tk.tick()
		if !fn(int(i)) {
			return
		}
	}
}
