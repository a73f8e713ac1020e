package ui

import (
	"strings"

	"github.com/acap-workbench/workbench/policy"
)

// compareRun is the comparison of kinds being answered: a few questions,
// but each costs a cell of the matrix, so they go in slices too.
type compareRun struct {
	job     *slicer
	url     string
	uses    []policy.Use
	asks    []policy.Use // per kind and use, row-major: what the kind is asked
	oks     []bool       // whether the kind has an equivalent of the use
	ans     []policy.Answer
	waiting bool // a slice waits for a frame (pageFrames)
}

// renderCompare answers the question of the selected cell as every kind of
// crawler, for crawl and for the cell's use. An ACAP usage is asked of the
// today kind as its category, and a category of the other kinds as the
// ACAP usage it maps to (policy.Use.For); where there is none the cell
// says so. The answers come in slices; the table is drawn when all are in.
func (s *simulator) renderCompare(url string, u policy.Use) {
	if s.pol == nil {
		return
	}
	crawl := policy.Use{Usage: policy.UsageCrawl}
	uses := []policy.Use{crawl}
	if u != crawl {
		uses = append(uses, u)
	}
	c := &s.cmp
	c.url, c.uses, c.asks, c.oks = url, uses, c.asks[:0], c.oks[:0]
	var qs []policy.Question
	for _, kind := range policy.Kinds() {
		for _, us := range uses {
			ask, ok := compareUsage(kind, us)
			c.asks, c.oks = append(c.asks, ask), append(c.oks, ok)
			q := s.base
			q.URL, q.Usage, q.Category, q.Kind = url, ask.Usage, ask.Category, kind
			qs = append(qs, q)
		}
	}
	c.ans = make([]policy.Answer, len(qs))
	p := s.pol
	oks, ans := c.oks, c.ans
	c.job = &slicer{total: len(qs), budget: 1e12, decide: func(i int) {
		if oks[i] {
			ans[i] = p.Decide(qs[i])
		}
	}}
	s.compareSlice(firstSliceMs)
	if !c.job.finished() && s.lastCompare != "pending" {
		s.lastCompare = "pending"
		s.compare.Set("innerHTML", `<p class="muted">Asking every kind of crawler the same question…</p>`)
	}
}

// compareSlice answers some of the comparison's questions, and draws the
// table once all are answered.
func (s *simulator) compareSlice(ms float64) {
	c := &s.cmp
	if c.job == nil || c.job.finished() {
		return
	}
	c.job.run(goClock(), ms, c.job.total)
	if !c.job.finished() {
		afterPaintOnce(&c.waiting, func() { s.compareSlice(sliceMs) })
		return
	}
	if h := s.compareHTML(); h != s.lastCompare {
		s.lastCompare = h
		s.compare.Set("innerHTML", h)
	}
}

// compareHTML is the comparison's table, its answers all in.
func (s *simulator) compareHTML() string {
	c := &s.cmp
	var b strings.Builder
	b.WriteString(`<h3 class="ex-h">Every kind of crawler, same question</h3><table class="cmp"><thead><tr><th scope="col">Kind</th>`)
	for _, us := range c.uses {
		b.WriteString(`<th scope="col">` + us.String() + `</th><th scope="col">deciding line</th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	i := 0
	for _, kind := range policy.Kinds() {
		cls := ""
		if kind == s.base.Kind {
			cls = ` class="cur"`
		}
		b.WriteString(`<tr` + cls + `><th scope="row">` + escape(kind.Title()) + `</th>`)
		for _, us := range c.uses {
			ask, ok, a := c.asks[i], c.oks[i], &c.ans[i]
			i++
			if !ok {
				b.WriteString(`<td class="c-na" data-kind="` + kind.String() + `"><span class="muted">no equivalent of ` + us.String() + `</span></td><td></td>`)
				continue
			}
			v := verdict(a)
			b.WriteString(`<td class="c-` + v + `" data-kind="` + kind.String() + `"><span class="ic" aria-hidden="true">` + verdictIcon[v] + `</span> ` + verdictWords(a))
			if ask != us {
				b.WriteString(` <span class="muted">(as ` + ask.String() + `)</span>`)
			}
			b.WriteString(`</td><td>`)
			if a.Line > 0 {
				b.WriteString(lineButton(a.File, a.Line))
				if a.File == "" && s.polFile != nil {
					b.WriteString(` <code>` + escape(strings.TrimSpace(s.polFile.LineText(a.Line))) + `</code>`)
				}
			} else {
				b.WriteString(`<span class="muted">none (default)</span>`)
			}
			b.WriteString(`</td>`)
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table>`)
	return b.String()
}
