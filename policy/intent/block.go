package intent

import (
	"strings"
)

// The lines the builder writes stand between these two comments. Every
// line between them is the builder's: a second Write replaces them all.
const (
	beginMarker = "# BEGIN policy builder (ACAP Workbench): written from the publisher's intent; edit the intent, not these lines"
	endMarker   = "# END policy builder"
	acapVersion = "##ACAP version=1.1"
)

// block writes the builder's lines: one User-agent group per row (its
// crawlers, Allow/Disallow, Content-Usage, Content-Signal), the groups of
// the per-purpose tokens, then one ACAP record per row. It returns the
// lines, whether any ACAP record was written, and notes.
func block(pl *plan) (lines []string, acap bool, notes []string) {
	lines = append(lines, beginMarker)
	for i := range pl.rows {
		rp := &pl.rows[i]
		if len(rp.crawlers) == 0 {
			continue
		}
		lines = append(lines, "", "# "+rowTitle(rp))
		for _, c := range rp.crawlers {
			lines = append(lines, "User-agent: "+c)
		}
		lines = append(lines, crawlRules(rp.regions, rp.denied)...)
		for _, v := range []vocabulary{contentUsage(), contentSignal()} {
			ls := prefLines(v, rp)
			lines = append(lines, ls...)
			for _, l := range ls {
				if !strings.Contains(strings.TrimPrefix(l, v.field+": "), " ") && strings.HasPrefix(strings.TrimPrefix(l, v.field+": "), "/") {
					notes = append(notes, rowTitle(rp)+": \""+l+"\" states nothing under its path, so the broader line does not apply there (the checker warns that it states no preference, which is what it is for)")
				}
			}
		}
	}
	for i := range pl.purposes {
		pp := &pl.purposes[i]
		lines = append(lines, "", "# "+pp.p.token+": "+pp.p.governs)
		lines = append(lines, "User-agent: "+pp.p.token)
		lines = append(lines, crawlRules(pp.regions, pp.denied)...)
	}
	for i := range pl.rows {
		rp := &pl.rows[i]
		if len(rp.crawlers) == 0 {
			continue
		}
		ls, unsaid := acapLines(rp)
		if len(ls) == 0 {
			continue
		}
		acap = true
		lines = append(lines, "")
		for _, c := range rp.crawlers {
			lines = append(lines, "ACAP-crawler: "+c)
		}
		lines = append(lines, ls...)
		for _, u := range unsaid {
			notes = append(notes, rowTitle(rp)+": ACAP cannot say \"no preference\" for "+u+"; the broader ACAP line applies there")
		}
		if refusesOther(rp) {
			notes = append(notes, rowTitle(rp)+": ACAP-disallow-other refuses every usage no line of the record speaks of; follow is written with crawl so that it does not refuse following links")
		}
	}
	lines = append(lines, endMarker)
	return lines, acap, notes
}

// rowTitle names a row in comments and notes.
func rowTitle(rp *rowPlan) string {
	if rp.row.Name != "" {
		return rp.row.Name
	}
	if rp.row.Any() {
		return "every other crawler"
	}
	return strings.Join(rp.row.Crawlers, ", ")
}
