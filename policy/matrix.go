package policy

// Matrix answers many questions about one file in one call: every URL of
// urls, for every use of uses, as every kind of kinds, with the crawler,
// purpose, date and matching option of base. It reduces each URL once and
// reuses the parsed file and the per-crawler choice of records. The
// answer for urls[i], uses[j], kinds[k] is at index
// (i*len(uses)+j)*len(kinds)+k. UsesOf lists what a kind answers.
func (p *Policy) Matrix(base Question, urls []string, uses []Use, kinds []Kind) []Answer {
	out := make([]Answer, 0, len(urls)*len(uses)*len(kinds))
	for _, url := range urls {
		path := PathOf(url)
		subj := NewSubject(path)
		for _, u := range uses {
			for _, k := range kinds {
				q := base
				q.URL, q.Usage, q.Category, q.Kind = url, u.Usage, u.Category, k
				out = append(out, p.decide(&q, path, &subj, false))
			}
		}
	}
	return out
}

// Batch answers base's usage for many crawlers and URLs without traces
// (Answer.Trace is empty; ask Decide for the explanation of one), for a
// view of a whole group of crawlers. The answer for crawlers[i] and urls[j]
// is at index i*len(urls)+j of the result, which is appended to dst.
func (p *Policy) Batch(base Question, crawlers, urls []string, dst []Answer) []Answer {
	paths := make([]string, len(urls))
	subjs := make([]Subject, len(urls))
	for j, u := range urls {
		paths[j] = PathOf(u)
		subjs[j] = NewSubject(paths[j])
	}
	for _, c := range crawlers {
		q := base
		q.Crawler = c
		for j := range urls {
			q.URL = urls[j]
			dst = append(dst, p.decide(&q, paths[j], &subjs[j], true))
		}
	}
	return dst
}
