// Signals: "Today's signals", the lines a publisher could write
// today for a file's ACAP policy (advise.Signals), and what has no
// modern equivalent.
//
// Wiring (a few lines in the Workbench):
//
//	&Signals{
//		File:       f, // the *policy.File of robots.txt (the one the simulator parses)
//		OnGoToLine: func(n int) { c.ws.switchTo(0); c.ed.selectLine(n) },
//		OnBuild:    func() { c.choosePanel(PanelBuilder) },
//	}
//
// The proposals are computed once per *policy.File (by pointer): pass a new
// pointer when the text changes, the same pointer otherwise. The lines are
// shown in <pre> (selectable) with a "Copy" button (navigator.clipboard;
// when the browser refuses, the component says to select and copy by
// hand); the stricter alternatives, which Apply leaves out, have a list of
// their own. The ACAP lines a proposal comes from are buttons that call
// OnGoToLine. A file without ACAP records gets what it already tells
// today's crawlers and a button to the policy builder (OnBuild).
package ui

import (
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/advise"
)

// Signals shows advise.Signals for File.
type Signals struct {
	app.Compo

	// File is the parsed robots.txt; nil shows nothing to translate.
	File *policy.File
	// OnGoToLine shows line n of robots.txt in the editor.
	OnGoToLine func(n int)
	// OnApply changes robots.txt's current text with edit, as one edit
	// that Ctrl+Z undoes.
	OnApply func(edit func(src []byte) []byte)
	// URLs returns the simulator's sample URLs, on which the panel decides
	// what the proposed lines keep of the ACAP policy and what they lose.
	URLs func() []string
	// OnBuild opens the policy builder ("Build a policy"), where a
	// publisher says what today's crawlers may do: offered on a file
	// without ACAP records, and for ai-input, which ACAP had no word for.
	OnBuild func()

	ctx     app.Context
	mounted bool
	of      *policy.File
	waiting later // the proposals a task will compute
	props   []advise.Proposal
	copied  string   // message after a copy or an apply
	shown   []string // the lines of each proposal shown, for its Copy button
	// showAll draws every proposal; else the first sigFirst of each list
	// (a large policy gives hundreds, each with the lines it comes from).
	showAll bool

	keepKey     string // File pointer and URLs the comparison was made for
	keepFile    *policy.File
	keepWaiting later // the comparison a task will make
	keep        []advise.KeepRow
	keepN       int // crawlers compared
}

// later is a piece of the panel's work waiting for its task: for a File,
// and the sample URLs where they matter.
type later struct {
	f   *policy.File
	key string
}

// inSteps does a piece of the panel's work for File and key, unless it is
// waiting already (*w): step runs in tasks of its own, each after a paint,
// until it reports the work done; then done runs and the panel is drawn
// again. The work stops when the panel's File, or the work waiting in *w,
// is another. The steps touch only what their closures made.
func (c *Signals) inSteps(w *later, key string, step func() bool, done func()) {
	if *w == (later{c.File, key}) {
		return
	}
	*w = later{c.File, key}
	f := c.File
	var next func()
	next = func() {
		if c.File != f || *w != (later{f, key}) {
			return
		}
		if !step() {
			afterPaint(next)
			return
		}
		c.ctx.Dispatch(func(app.Context) {
			if c.File == f {
				done()
			}
		})
	}
	afterPaint(next)
}

// sigStepRecords is the records whose proposals one task works out.
const sigStepRecords = 16

// proposals returns the proposals for File, computing them when File
// changed. In the browser the work is done in tasks of its own (inSteps),
// asked for once the panel is mounted (the drawing that mounts it shows
// the work pending), and it returns nil and pending reports true
// meanwhile; natively (tests draw without mounting) it is done at once.
func (c *Signals) proposals() (props []advise.Proposal, pending bool) {
	if c.File == c.of && (c.File == nil || c.props != nil) {
		return c.props, false
	}
	if c.File == nil || !app.IsClient {
		var props []advise.Proposal
		if c.File != nil {
			props = advise.Signals(c.File)
		}
		c.setProposals(props)
		return c.props, false
	}
	if c.mounted {
		s := advise.NewSignaler(c.File)
		c.inSteps(&c.waiting, "", func() bool { return s.Step(sigStepRecords) }, func() { c.setProposals(s.Proposals()) })
	}
	return nil, true
}

// setProposals keeps the proposals worked out for File (none: an empty
// list, which says they are done).
func (c *Signals) setProposals(props []advise.Proposal) {
	if props == nil {
		props = []advise.Proposal{}
	}
	c.of, c.props, c.copied = c.File, props, ""
}

func (c *Signals) copy(text string) {
	wkCopy(text, func(ok bool) {
		msg := "Copied."
		if !ok {
			msg = "Your browser did not allow copying: select the lines and copy them by hand."
		}
		if c.mounted {
			c.ctx.Dispatch(func(app.Context) { c.copied = msg })
			return
		}
		c.copied = msg
	})
}

// sigFirst is how many proposals of a list are drawn until the publisher
// asks for all; sigLinesShown is how many lines of a proposal are drawn
// (a group for a named crawler repeats every line of the records for all
// crawlers: thousands, on a large policy).
const (
	sigFirst      = 20
	sigLinesShown = 40
)

// limit is how many proposals of a list are drawn.
func (c *Signals) limit() int {
	if c.showAll {
		return int(^uint(0) >> 1)
	}
	return sigFirst
}

// OnMount keeps the context (for the clipboard's answer and the panel's
// tasks) and draws the panel again, which asks for the work its first
// drawing showed pending.
func (c *Signals) OnMount(ctx app.Context) {
	c.ctx, c.mounted = ctx, true
	ctx.Dispatch(func(app.Context) {})
}

// Render shows the proposals, the stricter alternatives, what the
// proposals keep on the sample URLs, then what has no equivalent. On a
// file without ACAP records it says what the file tells today's crawlers
// and offers the policy builder.
func (c *Signals) Render() app.UI {
	props, pending := c.proposals()
	if pending {
		return app.Section().Class("wk-signals").Aria("labelledby", "wk-sig-h").Aria("busy", "true").Body(
			app.H2().ID("wk-sig-h").Text("Today's signals"),
			app.P().Class("wk-lead").Text("Working out today's lines for this file's policy…"))
	}
	var lines, alts, none []advise.Proposal
	for _, p := range props {
		switch {
		case p.NoEquivalent:
			none = append(none, p)
		case p.Alternative:
			alts = append(alts, p)
		default:
			lines = append(lines, p)
		}
	}
	var all []string
	for _, p := range lines {
		all = append(all, strings.Join(p.Lines, "\n"))
	}
	allText := strings.Join(all, "\n\n")
	shown := append([]string(nil), all...)
	for _, p := range alts {
		shown = append(shown, strings.Join(p.Lines, "\n"))
	}
	f := c.File
	c.shown = shown
	switch {
	case f == nil:
		return app.Section().Class("wk-signals").Aria("labelledby", "wk-sig-h").Body(
			app.H2().ID("wk-sig-h").Text("Today's signals"),
			app.P().Class("wk-lead").Text("Open a robots.txt to see what today's signals would say."))
	case len(props) == 0:
		return app.Section().Class("wk-signals").Aria("labelledby", "wk-sig-h").Body(
			append([]app.UI{app.H2().ID("wk-sig-h").Text("Today's signals")}, c.renderModern(f)...)...)
	}
	intro := "The closest lines in today's vocabularies for this file's ACAP policy: one User-agent group for the crawlers of each ACAP record (Apply writes groups of the same lines once, with the User-agent lines of each). Apply them to see them decided by today's AI crawler (the kind \"Today's AI crawler\" of the simulator), and below, on your sample URLs, what they keep of the ACAP policy and what they lose."
	if len(lines) == 0 {
		intro = "Today's vocabularies have no line for any part of this file's ACAP policy; below is what they cannot say."
	}
	return app.Section().Class("wk-signals").Aria("labelledby", "wk-sig-h").Body(
		app.H2().ID("wk-sig-h").Text("Today's signals"),
		app.P().Class("wk-lead").Text(intro),
		app.P().Class("wk-status").Aria("live", "polite").Text(c.copied),
		app.Div().Class("wk-proposals-box").OnClick(c.listClick).Body(app.Raw(proposalsHTML(f, lines, 0, c.limit()))),
		app.If(len(lines) > 0, func() app.UI {
			applied := c.applied(lines)
			label := "Apply the proposed lines to robots.txt"
			if applied {
				label = "The proposed lines are in robots.txt"
			}
			return app.Div().Class("wk-actions").Body(
				app.Button().ID("wk-sig-apply").Class("btn").Type("button").Disabled(applied || c.OnApply == nil).Text(label).
					OnClick(func(ctx app.Context, e app.Event) { c.apply() }),
				app.If(len(lines) > 1, func() app.UI {
					return app.Button().Class("btn").Type("button").Text("Copy all proposed lines").
						OnClick(func(ctx app.Context, e app.Event) { c.copy(allText) })
				}),
			)
		}),
		c.renderAIInput(),
		app.If(len(alts) > 0, func() app.UI {
			return app.Section().ID("wk-sig-alt").Class("wk-noeq").Aria("labelledby", "wk-sig-alt-h").Body(
				app.H3().ID("wk-sig-alt-h").Text("Stricter alternatives (not applied)"),
				app.P().Text("Each says part of your ACAP policy with a line more crawlers obey, and refuses more than ACAP did. Apply leaves them out; copy one if you prefer it."),
				app.Div().Class("wk-proposals-box").OnClick(c.listClick).Body(app.Raw(proposalsHTML(f, alts, len(lines), c.limit()))),
			)
		}),
		app.If(len(lines) > 0, func() app.UI { return c.renderKeep(f) }),
		app.If(len(none) > 0, func() app.UI {
			return app.Section().Class("wk-noeq").Body(
				app.H3().Text("What today's signals cannot say"),
				app.P().Text("These parts of your ACAP policy have no modern equivalent. Crawlers of today will not see them; keep them in the ACAP lines or write them into your terms of use."),
				app.Ul().Body(
					app.Range(none).Slice(func(i int) app.UI {
						return app.Li().Body(
							app.P().Text(none[i].Explanation),
							c.renderFrom(f, none[i].FromLines),
						)
					}),
				),
			)
		}),
	)
}

// renderAIInput says that ACAP had no word for AI answers, and offers the
// builder to say it.
func (c *Signals) renderAIInput() app.UI {
	return app.P().ID("wk-sig-aiinput").Class("wk-lead").Body(
		app.Text("ACAP had no word for AI answers (ai-input: using your pages as input to an answer, for retrieval or grounding), so neither your ACAP lines nor the proposed lines say whether that is allowed. "),
		c.buildButton("Say it in Build a policy"),
	)
}

// buildButton opens the policy builder.
func (c *Signals) buildButton(label string) app.UI {
	if c.OnBuild == nil {
		return app.Text("")
	}
	return app.Button().Class("wk-link wk-sig-build").Type("button").Text(label).
		OnClick(func(ctx app.Context, e app.Event) { c.OnBuild() })
}

// renderModern is the panel for a file without ACAP records: what the
// file already tells today's crawlers, and the policy builder to say
// more.
func (c *Signals) renderModern(f *policy.File) []app.UI {
	var usage, signal, license int
	for _, fd := range f.Signals {
		if fd.Status == policy.StatusSkipped {
			continue
		}
		switch fd.Kind {
		case policy.FieldContentUsage:
			usage++
		case policy.FieldContentSignal:
			signal++
		case policy.FieldLicense:
			license++
		}
	}
	var tokens []string
	for _, g := range f.Groups {
		for _, ua := range g.Agents {
			n := strings.TrimSpace(ua.Value.Text)
			if (strings.EqualFold(n, "Google-Extended") || strings.EqualFold(n, "Applebot-Extended")) && !slices.Contains(tokens, n) {
				tokens = append(tokens, n)
			}
		}
	}
	has := "It has no Content-Usage or Content-Signal line and no group for a per-purpose token (Google-Extended, Applebot-Extended): today's AI crawlers read only its User-agent, Allow and Disallow lines, so for training and AI answers each operator's own policy applies."
	if usage+signal+license+len(tokens) > 0 {
		var parts []string
		add := func(n int, what string) {
			if n == 1 {
				parts = append(parts, "1 "+what+" line")
			} else if n > 1 {
				parts = append(parts, wkItoa(n)+" "+what+" lines")
			}
		}
		add(usage, "Content-Usage")
		add(signal, "Content-Signal")
		add(license, "License")
		if len(tokens) > 0 {
			parts = append(parts, "a group for "+strings.Join(tokens, " and "))
		}
		has = "It already speaks to today's crawlers with " + strings.Join(parts, ", ") + ": choose the kind \"Today's AI crawler\" in the simulator to see, URL by URL, how they read it."
	}
	return []app.UI{
		app.P().ID("wk-sig-modern").Class("wk-lead").Text("This file has no ACAP records, so there is no ACAP policy to translate. " + has),
		app.P().Class("wk-lead").Text("To say what search engines, AI training crawlers and AI assistants may do with your pages (search, train-ai, ai-input), for every group of crawlers at once, use the policy builder: it writes the User-agent groups, Content-Usage, Content-Signal and per-purpose token lines into this file, keeps your other lines, and proves that every kind of crawler reads what you meant."),
		app.Div().Class("wk-actions").Body(
			app.If(c.OnBuild != nil, func() app.UI {
				return app.Button().ID("wk-sig-build").Class("btn primary").Type("button").Text("Build a policy").
					OnClick(func(ctx app.Context, e app.Event) { c.OnBuild() })
			}),
		),
	}
}

// renderFrom lists the ACAP lines a proposal comes from, each a button
// that shows the line in the editor. A policy of a thousand lines gives
// as many buttons: the list is written as markup in one piece, every line
// escaped, and one listener on the list answers the buttons (data-line),
// since mounting each button as a component held the page for a second.
func (c *Signals) renderFrom(f *policy.File, ls []int) app.UI {
	if len(ls) == 0 {
		return app.Text("")
	}
	return app.Div().Class("wk-from").OnClick(c.listClick).Body(
		app.Span().Text("From: "),
		app.Raw(fromLinesHTML(f, ls)),
	)
}

// fromLinesHTML is the list of renderFrom: a button per line, with the
// line's number and text, for the first fromFirst lines; the others are
// counted and named by their numbers, as ranges (fromRanges), in one
// item. A proposal of a large policy comes from thousands of lines, and
// drawing a button for each held the page for over a second.
func fromLinesHTML(f *policy.File, ls []int) string {
	var b strings.Builder
	b.WriteString(`<ul class="wk-from-lines">`)
	for i, n := range ls {
		if i == fromFirst {
			rest := len(ls) - fromFirst
			word := " more lines: "
			if rest == 1 {
				word = " more line: "
			}
			b.WriteString(`<li class="wk-from-more">and ` + wkItoa(rest) + word + escape(fromRanges(ls[fromFirst:], fromRangesMax)) + `</li>`)
			break
		}
		text := ""
		if f != nil {
			text = strings.TrimSpace(f.LineText(n))
		}
		b.WriteString(`<li><button class="wk-link" type="button" data-line="` + wkItoa(n) + `"><span>` +
			escape(wkLineWord(n)+": ") + `</span><code>` + escape(text) + `</code></button></li>`)
	}
	b.WriteString(`</ul>`)
	return b.String()
}

// fromFirst is how many of the lines a proposal comes from are drawn as
// buttons; fromRangesMax is how many ranges of the others are named.
const (
	fromFirst     = 8
	fromRangesMax = 40
)

// fromRanges names the line numbers ls (ascending) as ranges, "12–40, 52",
// the first max of them, then "…".
func fromRanges(ls []int, max int) string {
	var parts []string
	for i := 0; i < len(ls); {
		j := i
		for j+1 < len(ls) && ls[j+1] == ls[j]+1 {
			j++
		}
		if len(parts) == max {
			parts = append(parts, "…")
			break
		}
		if j > i {
			parts = append(parts, wkItoa(ls[i])+"–"+wkItoa(ls[j]))
		} else {
			parts = append(parts, wkItoa(ls[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// listClick answers the buttons of the lists written as markup: a line
// of the file (data-line) is shown in the editor, a proposal's Copy
// (data-copy) copies its lines.
func (c *Signals) listClick(ctx app.Context, e app.Event) {
	t := e.Get("target")
	if t.Call("closest", "[data-more]").Truthy() {
		c.showAll = true
		return
	}
	if btn := t.Call("closest", "[data-copy]"); btn.Truthy() {
		if i, err := strconv.Atoi(btn.Call("getAttribute", "data-copy").String()); err == nil && i >= 0 && i < len(c.shown) {
			c.copy(c.shown[i])
		}
		return
	}
	btn := t.Call("closest", "[data-line]")
	if !btn.Truthy() || c.OnGoToLine == nil {
		return
	}
	if n, err := strconv.Atoi(btn.Call("getAttribute", "data-line").String()); err == nil {
		c.OnGoToLine(n)
	}
}

// proposalsHTML is the list of proposals, the first limit of them (a
// button, data-more, offers the rest): for each, its lines, a Copy button
// (data-copy: first + its index), its explanation and the lines it comes
// from. Written as markup in one piece, every piece of text escaped: a
// file of a hundred records gives a hundred proposals of a dozen
// elements, which mounted one by one held the page for a second.
func proposalsHTML(f *policy.File, lines []advise.Proposal, first, limit int) string {
	var b strings.Builder
	// One element: app.Raw keeps only the first.
	b.WriteString(`<div><ol class="wk-proposals">`)
	word := "Proposal "
	if first > 0 || (len(lines) > 0 && lines[0].Alternative) {
		word = "Alternative "
	}
	for i, p := range lines {
		if i == limit {
			b.WriteString(`</ol><p class="wk-more">` + wkItoa(len(lines)-limit) + ` more not shown (Apply and Copy all take every one). ` +
				`<button class="btn" type="button" data-more="1">Show them all</button></p></div>`)
			return b.String()
		}
		hid := "wk-sig-p" + wkItoa(first+i+1)
		b.WriteString(`<li class="wk-proposal"><h3 id="` + hid + `" class="sr-only">` + word + wkItoa(i+1) + `</h3>` +
			`<pre class="wk-code" tabindex="0"><code>` + escape(strings.Join(p.Lines[:min(len(p.Lines), sigLinesShown)], "\n")) + `</code></pre>`)
		if rest := len(p.Lines) - sigLinesShown; rest > 0 {
			b.WriteString(`<p class="wk-more">… and ` + wkItoa(rest) + ` more lines (Copy and Apply take every line).</p>`)
		}
		b.WriteString(`<button class="btn" type="button" aria-describedby="` + hid + `" data-copy="` + wkItoa(first+i) + `">Copy</button>` +
			`<p>` + escape(p.Explanation) + `</p>`)
		if len(p.FromLines) > 0 {
			b.WriteString(`<div class="wk-from"><span>From: </span>` + fromLinesHTML(f, p.FromLines) + `</div>`)
		}
		b.WriteString(`</li>`)
	}
	b.WriteString(`</ol></div>`)
	return b.String()
}

// applied reports whether every proposed line is already a line of the
// file (the proposals were applied, or written by hand).
func (c *Signals) applied(props []advise.Proposal) bool {
	if c.File == nil {
		return false
	}
	have := map[string]bool{}
	for _, l := range strings.Split(strings.ReplaceAll(string(c.File.Src), "\r", ""), "\n") {
		have[strings.TrimSpace(l)] = true
	}
	for _, p := range props {
		for _, l := range p.Lines {
			if !have[l] {
				return false
			}
		}
	}
	return true
}

func (c *Signals) apply() {
	if c.File == nil || c.OnApply == nil {
		return
	}
	props := c.props
	c.OnApply(func(src []byte) []byte { return advise.Apply(src, props) })
	c.copied = "Applied: the lines are at the end of robots.txt. Press Ctrl+Z in the editor to take them back."
}

// keepRows compares the file as it is (ACAP crawler) with the file and the
// proposed lines (today's AI crawler) on the sample URLs, for the file's
// crawlers and one it does not name; computed once per file and URLs.
func (c *Signals) keepRows() ([]advise.KeepRow, int) {
	var urls []string
	if c.URLs != nil {
		urls = c.URLs()
	}
	key := strings.Join(urls, "\n")
	if c.File == c.keepFile && key == c.keepKey {
		return c.keep, c.keepN
	}
	if c.File == nil || len(urls) == 0 {
		c.keepFile, c.keepKey, c.keep = c.File, key, nil
		return nil, 0
	}
	if !app.IsClient {
		k := c.keeper(c.File, c.props, urls)
		if k != nil {
			k.Step(-1)
		}
		c.keepDone(k, key)
		return c.keep, c.keepN
	}
	if c.mounted { // in tasks, as proposals: the first parses the file with the proposed lines
		f, props := c.File, c.props
		var k *advise.Keeper
		started := false
		c.inSteps(&c.keepWaiting, key, func() bool {
			if !started {
				started, k = true, c.keeper(f, props, urls)
				return k == nil
			}
			return k.Step(keepStepWork)
		}, func() { c.keepDone(k, key) })
	}
	return nil, -1
}

// keeper parses f with the proposed lines props and returns the comparison
// to make on urls (keepRows), or nil if it cannot be parsed.
func (c *Signals) keeper(f *policy.File, props []advise.Proposal, urls []string) *advise.Keeper {
	after, err := policy.Parse("/robots.txt", advise.Apply(f.Src, props))
	if err != nil {
		return nil
	}
	crawlers := f.Crawlers()
	if len(crawlers) > 6 {
		crawlers = crawlers[:6]
	}
	// A crawler no line names, for every crawler the file does not name
	// (a fixed name could be one the file uses).
	other, _ := f.OtherCrawler()
	return advise.NewKeeper(f, after, append(crawlers, other), urls)
}

// keepStepWork is the bytes of patterns the comparison compiles in one
// task (a large policy and its proposed lines compile in several).
const keepStepWork = 32 << 10

// keepDone keeps the comparison k has made (none if k is nil).
func (c *Signals) keepDone(k *advise.Keeper, key string) {
	c.keepFile, c.keepKey, c.keep, c.keepN = c.File, key, nil, 0
	if k != nil {
		c.keep, c.keepN = k.Rows(), k.Crawlers()
	}
}

// keepClass is the class of an outcome's column.
var keepClass = map[advise.KeepOutcome]string{advise.Kept: "k-kept", advise.Lost: "k-lost", advise.RestrictionsLost: "k-restr",
	advise.LeftToCrawler: "k-left", advise.Stricter: "k-strict"}

// renderKeep shows, per pair of an ACAP usage and today's category, how
// many answers on the sample URLs the modern lines keep and lose, and the
// ones they do not keep, each with both deciding lines.
func (c *Signals) renderKeep(f *policy.File) app.UI {
	rows, n := c.keepRows()
	if n < 0 {
		return app.P().ID("wk-keep").Class("wk-lead").Aria("busy", "true").Text("Deciding, on your sample URLs, what the proposed lines keep…")
	}
	if len(rows) == 0 {
		return app.P().Class("wk-lead").Text("Type sample URLs in the simulator to see, decided on them, what the proposed lines keep of the ACAP policy.")
	}
	type tally struct{ n [8]int }
	counts := make([]tally, len(advise.KeepPairs()))
	var misses []advise.KeepRow
	for _, r := range rows {
		for i, p := range advise.KeepPairs() {
			if p == r.Pair {
				counts[i].n[r.Outcome]++
			}
		}
		if r.Outcome != advise.Kept {
			misses = append(misses, r)
		}
	}
	urls := len(rows) / (n * len(advise.KeepPairs()))
	const maxShown = 12
	more := 0
	if len(misses) > maxShown {
		more = len(misses) - maxShown
		misses = misses[:maxShown]
	}
	line := func(a policy.Answer) string {
		if a.Line > 0 {
			return " (line " + wkItoa(a.Line) + ")"
		}
		return ""
	}
	return app.Section().ID("wk-keep").Class("wk-keep").Aria("labelledby", "wk-keep-h").Body(
		app.H3().ID("wk-keep-h").Text("What the proposed lines keep, on your sample URLs"),
		app.P().Class("wk-lead").Text("Each ACAP answer (ACAP crawler, this file) beside today's answer (today's AI crawler, this file with the proposed lines), for "+
			wkItoa(n)+" crawlers × "+wkItoa(urls)+" URLs. Decided by the engine, question by question. Kept: today's answer says what ACAP said (for search, no preference counts as allowed: a crawler that may crawl a page may index it). Left to the crawler: an ACAP line allowed it, today's lines state no preference, so the operator's own policy applies. Time limits, purposes and present-X distinctions are not compared (they have no counterpart)."),
		app.Table().Class("wk-keep-t").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text("ACAP usage → today"),
				app.Range(advise.Outcomes()).Slice(func(j int) app.UI {
					return app.Th().Scope("col").Text(advise.Outcomes()[j].String())
				}),
			)),
			app.TBody().Body(
				app.Range(advise.KeepPairs()).Slice(func(i int) app.UI {
					p := advise.KeepPairs()[i]
					t := counts[i]
					return app.Tr().Body(
						app.Th().Scope("row").Text(p.ACAP.String()+" → "+p.Today.String()),
						app.Range(advise.Outcomes()).Slice(func(j int) app.UI {
							o := advise.Outcomes()[j]
							return app.Td().Class(keepClass[o]).Text(wkItoa(t.n[o]))
						}),
					)
				}),
			),
		),
		app.If(len(misses) > 0, func() app.UI {
			return app.Ul().Class("wk-keep-miss").Body(
				app.Range(misses).Slice(func(i int) app.UI {
					r := misses[i]
					acap := verdictWords(&r.ACAP)
					if len(r.ACAP.Restrictions) > 0 {
						var qs []string
						for _, q := range r.ACAP.Restrictions {
							qs = append(qs, q.String())
						}
						acap += " (" + strings.Join(qs, ", ") + ")"
					}
					return app.Li().Body(
						app.Strong().Text(r.Outcome.String()+": "),
						app.Code().Text(r.URL),
						app.Text(" for "+r.Crawler+": ACAP "+r.Pair.ACAP.String()+" "+acap+line(r.ACAP)+"; today "+r.Pair.Today.String()+" "+verdictWords(&r.Today)+line(r.Today)+"."),
					)
				}),
			)
		}),
		app.If(more > 0, func() app.UI { return app.P().Class("wk-lead").Text("… and " + wkItoa(more) + " more.") }),
		app.If(len(misses) == 0, func() app.UI {
			return app.P().Class("wk-lead").Text("Every compared answer is kept on these URLs.")
		}),
	)
}
