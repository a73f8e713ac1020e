package ui

import (
	"strings"

	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/intent"
)

// The policy builder's proof as markup in one piece: a proof over the
// whole directory has hundreds of checks, and mounting an element per check
// would hold the page. Every piece of text is escaped.

// proofKindWord is a short name for a kind of crawler, for a narrow table.
func proofKindWord(k policy.Kind) string {
	switch k {
	case policy.KindACAP:
		return "ACAP"
	case policy.KindRFC9309:
		return "RFC 9309"
	case policy.KindDraft1996:
		return "1996 draft"
	case policy.KindREP1994:
		return "1994"
	case policy.KindV2Proposal:
		return "2.0.0 proposal"
	case policy.KindToday:
		return "today"
	}
	return k.String()
}

// proofLine groups the checks of one row, column and scope: one line of
// the table, with a verdict per kind. The checks over every path
// (Check.AllPaths) make a line of their own.
type proofLine struct {
	row, col, scope, witness string
	intent                   intent.Value
	allPaths                 bool
	checks                   []intent.Check
}

// proofLines groups the checks in the proof's order.
func proofLines(p *intent.Proof) []proofLine {
	var out []proofLine
	at := map[string]int{}
	for _, c := range p.Checks {
		k := c.RowName + "\x00" + c.Column.String() + "\x00" + c.Scope
		if c.AllPaths {
			k += "\x00every path"
		}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, proofLine{row: c.RowName, col: c.Column.String(), scope: c.Scope, witness: c.Witness, intent: c.Intent, allPaths: c.AllPaths})
		}
		out[i].checks = append(out[i].checks, c)
	}
	return out
}

// proofHTML writes the proof's table: per row × column × scope, the
// verdict of each kind (✓, ✗ or "not expressible"), then each mismatch
// (crawler, witness URL, both answers, the deciding line as a button with
// data-line) and each reason with a link to the help (data-help).
func proofHTML(p *intent.Proof, f *policy.File) string {
	scoped := map[string]bool{}
	for _, c := range p.Checks {
		if c.Scope != "" {
			scoped[c.RowName] = true
		}
	}
	var b strings.Builder
	b.WriteString(`<div class="bld-proof-box"><table class="bld-pt"><thead><tr><th scope="col">Crawlers</th><th scope="col">Use</th>` +
		`<th scope="col">Where</th><th scope="col">Intent</th><th scope="col">Read as</th></tr></thead><tbody>`)
	for _, l := range proofLines(p) {
		where, want := "whole site", builderValueWord(l.intent)
		switch {
		case l.allPaths:
			where, want = "every path", "as before, refused where the intent refuses"
		case l.scope != "":
			where = l.scope
		case scoped[l.row]:
			where = "rest of the site"
		}
		bad := false
		for _, c := range l.checks {
			bad = bad || c.Status != intent.Proved
		}
		cls := "bld-ok"
		if bad {
			cls = "bld-bad"
		}
		b.WriteString(`<tr class="` + cls + `"><th scope="row">` + escape(l.row) + `</th><td>` + escape(l.col) + `</td><td><code>` +
			escape(where) + `</code></td><td>` + escape(want) + `</td><td><ul class="bld-kinds">`)
		for _, c := range l.checks {
			b.WriteString(`<li class="bld-s` + wkItoa(int(c.Status)) + `">` + escape(statusWord(c.Status)+" "+proofKindWord(c.Kind)))
			if c.Usage != policy.UsageNone && c.Column.Category != policy.CategoryNone {
				b.WriteString(` <span class="bld-as">(as ` + escape(c.Usage.String()) + `)</span>`)
			}
			b.WriteString(`</li>`)
		}
		b.WriteString(`</ul>`)
		for _, c := range l.checks {
			if c.Status != intent.Proved {
				checkDetailHTML(&b, c, f)
			}
		}
		b.WriteString(`</td></tr>`)
	}
	b.WriteString(`</tbody></table></div>`)
	return b.String()
}

// statusWord is a check's verdict as the table shows it.
func statusWord(s intent.Status) string {
	switch s {
	case intent.NotExpressible:
		return "not expressible:"
	case intent.NotProved:
		return "not proved:"
	}
	return s.String()
}

// checkDetailHTML writes why a check is not ✓.
func checkDetailHTML(b *strings.Builder, c intent.Check, f *policy.File) {
	b.WriteString(`<div class="bld-why">`)
	switch c.Status {
	case intent.NotExpressible:
		b.WriteString(`<p><strong>Not expressible</strong> for ` + escape(proofKindWord(c.Kind)) + `: ` + escape(c.Reason) +
			` <button class="wk-link" type="button" data-help="` + builderHelp + `">Why some intents cannot be written</button></p>`)
	case intent.NotProved:
		b.WriteString(`<p><strong>Not proved</strong> for ` + escape(proofKindWord(c.Kind)) + `: ` + escape(c.Reason) + `</p>`)
	}
	for _, m := range c.Mismatches {
		b.WriteString(`<p><strong>✗ ` + escape(m.Crawler) + `</strong> (` + escape(proofKindWord(c.Kind)) + `) at <code>` + escape(m.URL) +
			`</code>: the file says “` + escape(m.Got) + `”, the intent “` + escape(c.Want) + `”. `)

		switch {
		case m.Line > 0 && m.File == "":
			text := m.LineText
			if text == "" && f != nil {
				text = f.LineText(m.Line)
			}
			b.WriteString(`Decided by <button class="wk-link" type="button" data-line="` + wkItoa(m.Line) + `">` +
				escape(wkLineWord(m.Line)+": ") + `<code>` + escape(strings.TrimSpace(text)) + `</code></button>`)
		case m.Line > 0:
			b.WriteString(`Decided by ` + escape(m.File) + `, ` + escape(wkLineWord(m.Line)) + `: <code>` + escape(strings.TrimSpace(m.LineText)) + `</code>`)
		default:
			b.WriteString(`No line decides it.`)
		}
		b.WriteString(`</p>`)
	}
	b.WriteString(`</div>`)
}
