package policy

// Matrix answers many questions about one file in one call: every URL of
// urls, for every usage of usages, as every kind of kinds, with the
// crawler, purpose, date and matching option of base. It reduces each URL
// once and reuses the parsed file and the per-crawler choice of records.
// The answer for urls[i], usages[j], kinds[k] is at
// index (i*len(usages)+j)*len(kinds)+k.
func (p *Policy) Matrix(base Question, urls []string, usages []Usage, kinds []Kind) []Answer {
	out := make([]Answer, 0, len(urls)*len(usages)*len(kinds))
	for _, url := range urls {
		path := PathOf(url)
		subj := NewSubject(path)
		for _, u := range usages {
			for _, k := range kinds {
				q := base
				q.URL, q.Usage, q.Kind = url, u, k
				out = append(out, p.decide(&q, path, &subj, false))
			}
		}
	}
	return out
}
