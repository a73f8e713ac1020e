// Builder: the "Build a policy" side panel. The publisher says, for groups
// of crawlers (from the crawler directory), for the crawlers the file
// names and for every other crawler, yes / no / not stated to each of
// today's categories (and, behind a toggle, to each ACAP usage), with
// optional path scopes. "Write into the file" merges the intent into
// robots.txt with intent.Write as one edit that Ctrl+Z undoes, then shows
// intent.Prove's table for the result.
//
// Wiring (a few lines in the Workbench):
//
//	&Builder{
//		Text:       func() string { /* robots.txt's current text */ },
//		OnApply:    c.ws.applyToMain, // one edit
//		OnGoToLine: c.goToMainLine,
//		OnHelp:     c.showHelp,
//	}
//
// File (the parse of robots.txt) adds a row for each crawler it names;
// the Workbench gives a new pointer when the text changes (followBuilder).
package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/directory"
	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/intent"
)

// PanelBuilder is the ID of the policy builder's panel.
const PanelBuilder = "builder"

// builderHelp is the ID of the builder's help page.
const builderHelp = "builder"

// Builder is the policy builder's panel.
type Builder struct {
	app.Compo

	// File is the parse of robots.txt; nil before one is open.
	File *policy.File
	// Text returns robots.txt's current text.
	Text func() string
	// OnApply replaces robots.txt's text as one edit.
	OnApply func(text string)
	// OnGoToLine shows line n of robots.txt in the editor.
	OnGoToLine func(n int)
	// OnHelp shows a help page by ID.
	OnHelp func(id string)

	ctx      app.Context
	mounted  bool
	dir      []directory.Entry
	dirState string
	cells    map[string]builderCell
	acap     bool
	busy     bool
	status   string
	notes    []string
	proof    *intent.Proof
	proofOf  string // the text proved
	proofTab string // the proof's table as markup
	before   string // robots.txt before the last write (the version compare offers it)
}

// OnMount fetches the crawler directory once.
func (c *Builder) OnMount(ctx app.Context) {
	c.ctx, c.mounted = ctx, true
	if c.dirState != "" {
		return
	}
	c.dirState = "loading"
	wkFetchText(RootPrefix()+directory.Path, func(text string, err error) {
		ctx.Dispatch(func(app.Context) {
			if err != nil {
				c.dirState = "The crawler directory could not be loaded (" + err.Error() + "); the groups hold the well-known crawlers only."
				return
			}
			es, err := directory.Parse([]byte(text))
			if err != nil {
				c.dirState = err.Error()
				return
			}
			c.dir, c.dirState = es, "loaded"
		})
	})
}

// cell returns the state of a cell.
func (c *Builder) cell(row string, col intent.Column) builderCell {
	return c.cells[builderCellKey(row, col)]
}

// cellChange answers every control of the grid (one listener): a select
// (data-field="value") or a scope field (data-field="scopes"), each
// naming its row and column.
func (c *Builder) cellChange(ctx app.Context, e app.Event) {
	t := e.Get("target")
	attr := func(n string) string {
		v := t.Call("getAttribute", n)
		if !v.Truthy() {
			return ""
		}
		return v.String()
	}
	row, col, field := attr("data-row"), attr("data-col"), attr("data-field")
	if row == "" || col == "" {
		return
	}
	if c.cells == nil {
		c.cells = map[string]builderCell{}
	}
	k := row + "\x00" + col
	bc := c.cells[k]
	v := t.Get("value").String()
	switch field {
	case "value":
		switch v {
		case "yes":
			bc.Value = intent.Yes
		case "no":
			bc.Value = intent.No
		default:
			bc.Value = intent.NotStated
		}
	case "scopes":
		bc.Scopes = v
	default:
		return
	}
	c.cells[k] = bc
}

// write checks the intent, then writes it and proves it in tasks of their
// own after a paint, so that the page draws "Writing…" first and the new
// text between the two.
func (c *Builder) write(ctx app.Context) {
	if c.busy || c.Text == nil || c.OnApply == nil {
		return
	}
	in, err := builderIntent(builderRows(c.dir, c.File), builderColumns(c.acap), c.cells)
	if err == nil && len(in.Rows) == 0 {
		c.status = "Nothing to write yet: choose yes or no in at least one cell."
		return
	}
	if err == nil {
		err = in.Validate()
	}
	if err != nil {
		c.status = "Nothing was written, robots.txt is unchanged. " + err.Error()
		return
	}
	c.busy, c.status, c.proof, c.proofTab, c.notes = true, "Writing into robots.txt…", nil, "", nil
	afterPaint(func() { ctx.Dispatch(func(ctx app.Context) { c.writeNow(ctx, in) }) })
}

// writeNow merges the intent into robots.txt's current text and applies
// the result as one edit.
func (c *Builder) writeNow(ctx app.Context, in *intent.Intent) {
	src := c.Text()
	f, err := policy.Parse("/robots.txt", []byte(src))
	var res *intent.Result
	if err == nil {
		res, err = intent.Write(in, f)
	}
	if err != nil {
		c.busy, c.status = false, "Nothing was written, robots.txt is unchanged. "+err.Error()
		return
	}
	out := string(res.Text)
	c.notes = res.Notes
	// The new text is applied in a task of its own: merging an intent over
	// the whole directory and applying the result (a check and a redraw)
	// were one frame of a few hundred milliseconds.
	afterPaint(func() { ctx.Dispatch(func(ctx app.Context) { c.applyWritten(ctx, in, f, src, out) }) })
}

// applyWritten applies the text written from src, unless robots.txt has
// changed since (the user typed meanwhile): then nothing is written.
func (c *Builder) applyWritten(ctx app.Context, in *intent.Intent, f *policy.File, src, out string) {
	if c.Text() != src {
		c.busy, c.status, c.notes = false, "robots.txt changed while the builder was writing, so nothing was written. Write again to include the change.", nil
		return
	}
	if out != src {
		c.before = src
		c.OnApply(out)
	}
	c.status = "Written: the builder's lines are at the end of robots.txt, between its two marker comments; Ctrl+Z in the editor takes them back. Proving…"
	afterPaint(func() { ctx.Dispatch(func(ctx app.Context) { c.proveNow(ctx, in, f, out) }) })
}

// proveNow reads the written text as every kind of crawler does, and
// compares it with the text before (before), over every path, for crawl:
// in a goroutine that lets the page draw every frameBudget (pageYield),
// the proof shown when it is done.
func (c *Builder) proveNow(ctx app.Context, in *intent.Intent, before *policy.File, text string) {
	g, err := policy.Parse("/robots.txt", []byte(text))
	if err != nil {
		c.busy, c.status = false, "Written, but the proof could not be made: "+err.Error()
		return
	}
	yield := pageYield()
	go func() {
		end := proofSpan()
		p, err := intent.ProveYielding(in, before, g, yield)
		end()
		var tab string
		if err == nil {
			tab = proofHTML(p, g)
		}
		ctx.Dispatch(func(app.Context) {
			c.busy = false
			if err != nil {
				c.status = "Written, but the proof could not be made: " + err.Error()
				return
			}
			c.proof, c.proofOf, c.proofTab = p, text, tab
			c.status = "Written and proved."
		})
	}()
}

// click answers the buttons of the proof's markup: a deciding line
// (data-line) and a help link (data-help).
func (c *Builder) click(ctx app.Context, e app.Event) {
	t := e.Get("target")
	followLink(t, c.OnHelp, c.OnGoToLine)
}

// Render shows the grid, the Write button, and the last proof.
func (c *Builder) Render() app.UI {
	rows := builderRows(c.dir, c.File)
	cols := builderColumns(c.acap)
	stale := c.proof != nil && c.Text != nil && c.Text() != c.proofOf
	return app.Section().Class("wk-builder").Aria("labelledby", "bld-h").Body(
		app.H2().ID("bld-h").Text("Build a policy"),
		app.P().Class("wk-lead").Body(
			app.Text("Say what each group of crawlers may do with your pages: yes, no, or not stated. A scope gives a cell another value under a path (type /archive/ for “except /archive/”). Rows left all “not stated” are not touched. "),
			app.Button().Class("wk-link").Type("button").DataSet("help", builderHelp).Text("How the builder writes and proves").
				OnClick(c.click),
		),
		app.Label().Class("bld-toggle").Body(
			app.Input().ID("bld-acap").Type("checkbox").Checked(c.acap).
				OnChange(func(ctx app.Context, e app.Event) { c.acap = ctx.JSSrc().Get("checked").Bool() }),
			app.Text(" ACAP usages (for publishers who speak ACAP)"),
		),
		c.renderGrid(rows, cols),
		app.Div().Class("wk-actions").Body(
			app.Button().ID("bld-write").Class("btn primary").Type("button").Disabled(c.busy).
				Text("Write into the file").OnClick(func(ctx app.Context, e app.Event) { c.write(ctx) }),
		),
		app.P().ID("bld-status").Class("wk-status").Aria("live", "polite").Text(c.status),
		app.If(len(c.notes) > 0, func() app.UI {
			return app.Ul().Class("bld-notes").Body(app.Range(c.notes).Slice(func(i int) app.UI { return app.Li().Text(c.notes[i]) }))
		}),
		app.If(c.proof != nil, func() app.UI { return c.renderProof(stale) }),
		app.If(c.dirState != "" && c.dirState != "loaded" && c.dirState != "loading", func() app.UI {
			return app.P().Class("wk-lead").Text(c.dirState)
		}),
	)
}

// renderGrid is the table of rows × columns, each cell a select and a
// scope field labelled by row and column.
func (c *Builder) renderGrid(rows []builderRow, cols []intent.Column) app.UI {
	return app.Div().ID("bld-grid").Class("bld-grid").Body(
		app.Table().Class("bld-t").OnChange(c.cellChange).Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text("Crawlers"),
				app.Range(cols).Slice(func(j int) app.UI { return app.Th().Scope("col").Text(cols[j].String()) }),
			)),
			app.TBody().Body(
				app.Range(rows).Slice(func(i int) app.UI {
					r := rows[i]
					return app.Tr().DataSet("row", r.Key).Body(
						app.Th().Scope("row").Body(c.renderRowHead(r)),
						app.Range(cols).Slice(func(j int) app.UI { return c.renderCell(r, cols[j]) }),
					)
				}),
			),
		),
	)
}

// renderRowHead names a row; a group opens to its crawlers.
func (c *Builder) renderRowHead(r builderRow) app.UI {
	if len(r.Crawlers) == 1 {
		return app.Span().Class("bld-name").Title(r.Note).Text(r.Name)
	}
	names := ""
	for i, n := range r.Crawlers {
		if i > 0 {
			names += ", "
		}
		names += n
	}
	return app.Details().Class("bld-group").Body(
		app.Summary().Body(
			app.Span().Class("bld-name").Text(r.Name),
			app.Span().Class("bld-count").Text(" ("+wkItoa(len(r.Crawlers))+")"),
		),
		app.P().Class("bld-note").Text(r.Note+": "+names),
	)
}

// renderCell is one cell: a select of yes / no / not stated and a field of
// scopes, both labelled by row and column.
func (c *Builder) renderCell(r builderRow, col intent.Column) app.UI {
	bc := c.cell(r.Key, col)
	label := r.Name + ": " + col.String()
	opt := func(val, word string, v intent.Value) app.UI {
		return app.Option().Value(val).Selected(bc.Value == v).Text(word)
	}
	cls := "bld-v bld-" + builderValueWord(bc.Value)
	if bc.Value == intent.NotStated {
		cls = "bld-v bld-unstated"
	}
	return app.Td().Body(
		app.Select().Class(cls).Aria("label", label).DataSet("row", r.Key).DataSet("col", col.String()).DataSet("field", "value").Body(
			opt("", "not stated", intent.NotStated),
			opt("yes", "yes", intent.Yes),
			opt("no", "no", intent.No),
		),
		app.Input().Type("text").Class("bld-scope").Aria("label", label+", scopes (paths with another value)").
			Placeholder("except /path/").Value(bc.Scopes).Spellcheck(false).
			DataSet("row", r.Key).DataSet("col", col.String()).DataSet("field", "scopes"),
	)
}

// renderProof shows the proof's summary and its table.
func (c *Builder) renderProof(stale bool) app.UI {
	p := c.proof
	sum := wkItoa(p.Count(intent.Proved)) + " checks ✓, " + wkItoa(p.Count(intent.NotExpressible)) + " not expressible, " +
		wkItoa(p.Count(intent.Differs)) + " ✗ (mismatches)."
	if n := p.Count(intent.NotProved); n > 0 {
		sum += " " + wkItoa(n) + " not proved within the bound on the work (nothing is claimed there)."
	}
	if p.OK() {
		sum = "The file says the intent: " + sum
	} else {
		sum = "The file does not say all of the intent: " + sum
	}
	return app.Section().ID("bld-proof").Class("bld-proof").Aria("labelledby", "bld-proof-h").OnClick(c.click).Body(
		app.H3().ID("bld-proof-h").Text("Proof: robots.txt read by every kind of crawler"),
		app.P().ID("bld-proof-sum").Class("wk-lead").Text(sum),
		app.If(stale, func() app.UI {
			return app.P().Class("wk-mistake").Text("robots.txt has changed since this proof: write again to prove the new text.")
		}),
		app.Raw(c.proofTab),
	)
}

// followBuilder gives the builder the current parse of robots.txt (for
// the rows of the crawlers it names), when its panel is open.
func (c *Workbench) followBuilder() {
	if c.ed == nil || c.builder == nil || c.panel != PanelBuilder {
		return
	}
	if f, _, _ := c.ws.simFiles(); f != c.builder.File {
		c.ctx.Dispatch(func(app.Context) { c.builder.File = f })
	}
}

// showHelp opens the help panel on page id.
func (c *Workbench) showHelp(id string) {
	c.ctx.Dispatch(func(app.Context) {
		c.choosePanel(PanelHelp)
		h := c.help
		h.sel = id
		if h.mounted {
			h.ctx.Dispatch(func(app.Context) { h.sel = id })
		}
		if h.OnPage != nil {
			h.OnPage(id)
		}
	})
}

// newBuilder makes the builder's panel, wired to robots.txt.
func (c *Workbench) newBuilder() *Builder {
	return &Builder{
		Text: func() string {
			_, t, _ := c.ws.mainText()
			return t
		},
		OnApply:    c.ws.applyToMain,
		OnGoToLine: c.goToMainLine,
		OnHelp:     c.showHelp,
	}
}

// followLink follows the link of a report's markup that holds t: a help
// page (data-help) or a line of robots.txt (data-line), each handed to its
// callback when there is one.
func followLink(t app.Value, onHelp func(string), onGoToLine func(int)) {
	if b := t.Call("closest", "[data-help]"); b.Truthy() {
		if onHelp != nil {
			onHelp(b.Call("getAttribute", "data-help").String())
		}
		return
	}
	b := t.Call("closest", "[data-line]")
	if !b.Truthy() || onGoToLine == nil {
		return
	}
	if n, err := strconv.Atoi(b.Call("getAttribute", "data-line").String()); err == nil {
		onGoToLine(n)
	}
}
