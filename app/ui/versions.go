// Versions: the "What changes?" side panel. The publisher picks the other
// version of robots.txt (another file of the workspace, the text before
// the builder's last edit, or a text pasted in, such as the file that is
// online now) and the panel proves, with policy.CompareVersions, what
// changes if robots.txt as it is in the editor replaces it: for every
// crawler either version names, the crawler directory's and every other
// crawler, in every kind of crawler and every use. The proof runs in a
// goroutine that lets the page draw every frame (pageYield) and asks
// before going on past its time cap, as the converter does.
package ui

import (
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/exercise"
	"github.com/acap-workbench/workbench/policy"
)

// PanelVersions is the ID of the version compare's panel; versionsHelp its
// help page.
const (
	PanelVersions = "versions"
	versionsHelp  = "versions"
	// verPaste and verBuilder are the sources of the other version that
	// are not workspace files.
	verPaste    = "paste"
	verBuilder  = "builder"
	verExercise = "exercise"
	// verMaxRows bounds the rows of the table of changes.
	verMaxRows = 200
)

// Versions is the version compare's panel.
type Versions struct {
	app.Compo

	// Text returns robots.txt's name and current text: the version to
	// publish.
	Text func() (name, text string)
	// Others returns the names and texts of the workspace's other files.
	Others func() (names, texts []string)
	// Before returns robots.txt as it was before the builder's last
	// edit ("" when the builder has not written).
	Before func() string
	// Start returns the name and starting file of the exercise shown, for
	// an exercise done with the version compare ("" when there is none).
	Start func() (title, text string)
	// OnGoToLine shows line n of robots.txt in the editor.
	OnGoToLine func(n int)
	// OnHelp shows a help page by ID.
	OnHelp func(id string)
	// Directory returns the crawler directory's tokens (none before the
	// simulator has loaded it).
	Directory func() []string

	ctx      app.Context
	mounted  bool
	source   string // verPaste, verBuilder, or a workspace file's name
	busy     bool
	paused   bool
	keep     chan bool
	status   string
	result   string // the report as markup
	resultOf string // the text of robots.txt it is about
}

// OnMount keeps the context, for a comparison's goroutine.
func (c *Versions) OnMount(ctx app.Context) { c.ctx, c.mounted = ctx, true }

// start returns the exercise's title and starting file, if any.
func (c *Versions) start() (title, text string) {
	if c.Start == nil {
		return "", ""
	}
	return c.Start()
}

// chosen returns the chosen source of the other version: by default the
// exercise's starting file while an exercise of the compare is open, else
// the pasted text.
func (c *Versions) chosen() string {
	if c.source != "" {
		return c.source
	}
	if _, t := c.start(); t != "" {
		return verExercise
	}
	return verPaste
}

// other returns the name and text of the other version, or why there is
// none.
func (c *Versions) other() (name, text, why string) {
	switch c.chosen() {
	case verPaste:
		text := ""
		if ta := byID("ver-paste"); ta.Truthy() {
			text = ta.Get("value").String()
		}
		if strings.TrimSpace(text) == "" {
			return "", "", "Paste the other version first: for example the robots.txt that is online now."
		}
		return "the pasted text", text, ""
	case verExercise:
		title, text := c.start()
		if text == "" {
			return "", "", "No exercise done with What changes? is open."
		}
		return "the starting file of “" + title + "”", text, ""
	case verBuilder:
		if c.Before == nil || c.Before() == "" {
			return "", "", "The builder has not written into robots.txt yet."
		}
		return "robots.txt before the builder's edit", c.Before(), ""
	}
	names, texts := c.Others()
	for i, n := range names {
		if n == c.source {
			return n, texts[i], ""
		}
	}
	return "", "", "The file “" + c.source + "” is no longer in the workspace."
}

// run compares the chosen version with robots.txt, which the click on
// Compare asked for.
func (c *Versions) run(ctx app.Context) {
	if c.busy {
		return
	}
	name, text := c.Text()
	oname, otext, why := c.other()
	if why != "" {
		c.status, c.result = why, ""
		return
	}
	before, err := policy.Parse(oname, []byte(otext))
	if err != nil {
		c.status, c.result = "The other version cannot be compared: "+strings.TrimSuffix(err.Error(), ".")+". Your text is kept as it is.", ""
		return
	}
	known := false
	for _, fd := range before.Fields {
		known = known || fd.Kind != policy.FieldUnknown
	}
	if !known {
		c.status, c.result = "The other version has no robots.txt line (User-agent, Allow, Disallow, ACAP-…): is it the right text? Your text is kept as it is.", ""
		return
	}
	after, err := policy.Parse(name, []byte(text))
	if err != nil {
		c.status, c.result = "robots.txt cannot be compared: "+err.Error(), ""
		return
	}
	c.busy, c.paused, c.result = true, false, ""
	c.status = "Comparing, over every path, for every crawler and kind…"
	c.keep = make(chan bool, 1)
	dir := c.Directory()
	opt := policy.VersionOptions{Crawlers: dir, Yield: pageYield(), Deadline: time.Now().Add(policy.DefaultConvertBudget), Pause: c.pause}
	go func() {
		t0 := time.Now()
		end := proofSpan()
		rep := policy.CompareVersions(before, after, opt)
		end()
		ms := time.Since(t0).Milliseconds()
		html := versionsHTML(&rep, oname, len(dir), ms)
		ctx.Dispatch(func(app.Context) {
			c.busy, c.paused, c.result, c.resultOf = false, false, html, text
			c.status = "Compared robots.txt with " + oname + "."
		})
	}()
}

// pause runs in the comparison's goroutine past its time cap: it asks
// whether to keep checking and waits for the answer.
func (c *Versions) pause() time.Time {
	c.ctx.Dispatch(func(app.Context) {
		c.paused = true
		c.status = "Still checking after " + strconv.Itoa(int(policy.DefaultConvertBudget.Seconds())) + " s. The answer does not depend on the time it takes."
	})
	keep := <-c.keep
	c.ctx.Dispatch(func(app.Context) {
		c.paused = false
		if keep {
			c.status = "Checking on…"
		}
	})
	if keep {
		return time.Now().Add(policy.DefaultConvertBudget)
	}
	return time.Time{}
}

// answer sends the person's choice to a paused comparison.
func (c *Versions) answer(keep bool) {
	select {
	case c.keep <- keep:
	default:
	}
}

// click answers the buttons of the report: a line of robots.txt
// (data-line) and a help link (data-help).
func (c *Versions) click(ctx app.Context, e app.Event) {
	t := e.Get("target")
	switch t.Get("id").String() {
	case "ver-run":
		c.run(ctx)
		return
	case "ver-keep", "ver-stop":
		c.answer(t.Get("id").String() == "ver-keep")
		return
	}
	followLink(t, c.OnHelp, c.OnGoToLine)
}

// verHead is the panel's fixed part: its title, what it does, and the
// field for a pasted version (read when Compare is pressed).
const verHead = `<div><h2 id="ver-h">What changes if I publish this?</h2><p class="wk-lead">Compares robots.txt as it is in the editor ` +
	`with another version of it, for every crawler either version names, the crawlers of the directory and every other crawler, ` +
	`as every kind of crawler reads them. “No change” is said only where it is proved on every path. <button class="wk-link" type="button" data-help="` +
	versionsHelp + `">How the comparison works</button></p><label for="ver-paste" class="ver-label">A version pasted here ` +
	`(for example the robots.txt online now):</label><textarea id="ver-paste" class="ver-paste" rows="6" spellcheck="false"></textarea></div>`

// Render shows the choice of the other version, the Compare button and
// the last report.
func (c *Versions) Render() app.UI {
	src := c.chosen()
	var b strings.Builder
	opt := func(val, label string) {
		b.WriteString(`<option value="` + escape(val) + `"`)
		if val == src {
			b.WriteString(` selected`)
		}
		b.WriteString(`>` + escape(label) + `</option>`)
	}
	b.WriteString(`<div class="wk-actions"><label for="ver-source">Compare robots.txt with </label><select id="ver-source" class="btn">`)
	opt(verPaste, "the version pasted above")
	if title, t := c.start(); t != "" {
		opt(verExercise, "the starting file of the exercise “"+title+"”")
	}
	if c.Before != nil && c.Before() != "" {
		opt(verBuilder, "robots.txt before the builder's last edit")
	}
	if c.Others != nil {
		names, _ := c.Others()
		for _, n := range names {
			opt(n, "the workspace file “"+n+"”")
		}
	}
	b.WriteString(`</select> <button id="ver-run" class="btn primary" type="button"`)
	if c.busy {
		b.WriteString(` disabled`)
	}
	b.WriteString(`>Compare</button>`)
	if c.paused {
		b.WriteString(` <button id="ver-keep" class="btn" type="button">Keep checking</button> <button id="ver-stop" class="btn" type="button">Stop here</button>`)
	}
	b.WriteString(`</div>`)
	status := `<p id="ver-status" class="wk-status" role="status" aria-live="polite" aria-busy="` + strconv.FormatBool(c.busy) + `">` + escape(c.status) + `</p>`
	if c.result != "" {
		if _, t := c.Text(); t != c.resultOf {
			status = `<div>` + status + `<p class="wk-mistake">robots.txt has changed since this comparison: compare again to see the new text's changes.</p></div>`
		}
	}
	return app.Section().Class("wk-versions").Aria("labelledby", "ver-h").DataSet("dir", len(c.Directory())).OnClick(c.click).OnChange(c.change).Body(
		app.Raw(verHead), app.Raw(b.String()), app.Raw(status), app.Raw(`<div>`+c.result+`</div>`))
}

// change answers the choice of the other version.
func (c *Versions) change(ctx app.Context, e app.Event) {
	if t := e.Get("target"); t.Get("id").String() == "ver-source" {
		c.source = t.Get("value").String()
	}
}

// versionsHTML writes a report: the verdict in one line, the changes as a
// table, what was not proved and what was not read, in words.
func versionsHTML(r *policy.VersionReport, other string, nDir int, ms int64) string {
	var b strings.Builder
	b.WriteString(`<div id="ver-report" class="ver-report">`)
	nk := strconv.Itoa(len(r.Kinds)) + " kinds"
	nc := strconv.Itoa(len(r.Crawlers)) + " crawlers"
	var open []string
	for _, g := range r.Groups {
		if len(g.Open) > 0 {
			open = append(open, g.Kind.Title()+": "+verUses(g.Open)+" for "+verCrawlers(g.Crawlers)+" (stopped by "+g.Stop.String()+")")
		}
	}
	switch {
	case r.NoChange():
		b.WriteString(`<p id="ver-verdict" class="ver-verdict ver-same"><strong>No change for ` + nc + ` in ` + nk + ` (proved).</strong></p>`)
	case len(r.Changes) > 0 && r.Proved():
		b.WriteString(`<p id="ver-verdict" class="ver-verdict ver-changed"><strong>` + plural(len(r.Changes), "change") +
			` (below); no other change for the ` + nc + ` in ` + nk + ` (proved).</strong></p>`)
	case len(r.Changes) > 0:
		b.WriteString(`<p id="ver-verdict" class="ver-verdict ver-changed"><strong>` + plural(len(r.Changes), "change") +
			` (below). The rest is not proved: see what was not covered.</strong></p>`)
	default:
		b.WriteString(`<p id="ver-verdict" class="ver-verdict ver-open"><strong>No change found, but not proved: see what was not covered.</strong></p>`)
	}
	if len(r.Changes) > 0 {
		b.WriteString(`<div class="ver-box"><table id="ver-changes" class="ver-t"><caption>Where the answers change: the shortest paths, with the line that decides in each version (` +
			escape(other) + ` before, robots.txt after)</caption><thead><tr><th scope="col">Crawlers</th><th scope="col">Kind</th><th scope="col">Use</th>` +
			`<th scope="col">URL</th><th scope="col">Before</th><th scope="col">After</th></tr></thead><tbody>`)
		for i, ch := range r.Changes {
			if i == verMaxRows {
				break
			}
			b.WriteString(`<tr><td title="` + escape(verWho(r, ch.Crawlers)) + `">` + escape(verCrawlers(ch.Crawlers)) + `</td><td>` +
				escape(ch.Kind.Title()) + `</td><td>` + escape(verUses(ch.Uses)) + `</td><td><code>` + escape(ch.Path) + `</code></td><td>` +
				escape(policy.AnswerText(ch.Before)) + ` <span class="ver-line">` + escape(verLine(ch.Before.Line)) + `</span></td><td>` +
				escape(policy.AnswerText(ch.After)) + ` `)
			if ch.After.Line > 0 {
				b.WriteString(`<button type="button" class="wk-link ver-line" data-line="` + strconv.Itoa(ch.After.Line) + `">line ` + strconv.Itoa(ch.After.Line) + `</button>`)
			} else {
				b.WriteString(`<span class="ver-line">` + verLine(0) + `</span>`)
			}
			b.WriteString(`</td></tr>`)
		}
		b.WriteString(`</tbody></table></div>`)
		if n := len(r.Changes) - verMaxRows; n > 0 {
			b.WriteString(`<p class="ver-note">` + strconv.Itoa(n) + ` more changes are not shown.</p>`)
		}
	}
	if len(open) > 0 || len(r.Unread) > 0 {
		b.WriteString(`<h3 class="ver-h">Not covered</h3><ul id="ver-open" class="ver-notes">`)
		for _, o := range open {
			b.WriteString(`<li>Not proved, nothing is claimed: ` + escape(o) + `.</li>`)
		}
		for _, u := range r.Unread {
			b.WriteString(`<li>Not read: ` + escape(u) + `.</li>`)
		}
		b.WriteString(`</ul>`)
	}
	b.WriteString(`<p class="ver-note">Compared: ` + nc + ` (every crawler the versions name`)
	if nDir > 0 {
		b.WriteString(`, the crawler directory's`)
	}
	b.WriteString(` and ` + strconv.Itoa(len(r.Classes)) + ` standing for all the others) in ` + nk + `; ` +
		strconv.Itoa(r.States) + ` states explored in ` + strconv.FormatInt(ms, 10) + ` ms.`)
	if nDir == 0 {
		b.WriteString(` The crawler directory was not loaded: its crawlers count among those the versions do not name.`)
	}
	b.WriteString(`</p></div>`)
	return b.String()
}

// verCrawlers names a group's crawlers briefly: the first three and how
// many more.
func verCrawlers(names []string) string {
	if len(names) <= 3 {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:3], ", ") + " and " + strconv.Itoa(len(names)-3) + " more"
}

// verWho names every crawler of a group, and whom each stands for.
func verWho(r *policy.VersionReport, names []string) string {
	var out []string
	for _, n := range names {
		if w := r.Who(n); w != n {
			out = append(out, n+" ("+w+")")
		} else {
			out = append(out, n)
		}
	}
	return strings.Join(out, ", ")
}

// verUses names uses: "every usage" for all the ACAP kind answers, "every
// usage but crawl" for all the others.
func verUses(us []policy.Use) string {
	switch all := len(policy.UsesOf(policy.KindACAP)); {
	case len(us) == all:
		return "every usage (" + strconv.Itoa(len(us)) + ")"
	case len(us) == all-1 && us[0].Usage == policy.UsageFollow:
		return "every usage but crawl (" + strconv.Itoa(len(us)) + ")"
	}
	s := make([]string, len(us))
	for i, u := range us {
		s[i] = u.String()
	}
	return strings.Join(s, ", ")
}

// verLine names a deciding line.
func verLine(n int) string {
	if n == 0 {
		return "(no line: the default)"
	}
	return "line " + strconv.Itoa(n)
}

// followVersions redraws the version compare when its panel is open (the
// workspace's files, or robots.txt, may have changed).
func (c *Workbench) followVersions() {
	if v := c.versions; v != nil && c.panel == PanelVersions && v.mounted {
		v.ctx.Dispatch(func(app.Context) {})
	}
}

// newVersions makes the version compare's panel, wired to the workspace.
func (c *Workbench) newVersions() *Versions {
	return &Versions{
		Text: func() (string, string) {
			n, t, _ := c.ws.mainText()
			return n, t
		},
		Others: func() (names, texts []string) {
			for i := 1; i < len(c.ws.files); i++ {
				names, texts = append(names, c.ws.files[i].Name), append(texts, c.ws.textOf(i))
			}
			return names, texts
		},
		Before: func() string {
			if c.builder == nil {
				return ""
			}
			return c.builder.before
		},
		Start: func() (string, string) {
			if ex := c.exercises.Shown(); ex != nil && ex.Panel == exercise.PanelVersions {
				return ex.Title, ex.Robots
			}
			return "", ""
		},
		OnGoToLine: c.goToMainLine,
		OnHelp:     c.showHelp,
		Directory: func() (out []string) {
			if c.sim != nil {
				for _, e := range c.sim.dir {
					out = append(out, e.Token)
				}
			}
			return out
		},
	}
}
