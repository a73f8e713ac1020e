// Presenter mode and the print view.
//
// Presenter mode is the class PresenterClass ("presenter") on the root
// element (<html>, where the theme's data-theme attribute is too): larger
// type and high contrast, in light and dark, from web/workshop.css.
//
// Wiring (a few lines in the Workbench):
//
//   - Toolbar: &PresenterToggle{On: c.presenter, OnChange: func(on bool) {
//     c.presenter = on; SetPresenter(on) }}. At start-up, SetPresenter(saved value)
//     if it is kept (for instance under a "presenter" storage key).
//     Changing the font size of the editor is still done by the editor's
//     own setting; presenter mode only sets --fs/--lh larger, so call
//     c.ed.setFontSize(...)/c.ed.render() afterwards if the editor measures
//     its line height.
//   - Print: a "Print" button sets c.printing = true and calls
//     PrintWhenRendered(ctx, func() { c.printing = false }); Render ends with
//     app.If(c.printing, func() app.UI { return &PrintView{Name: ..., Text:
//     robots.txt's text (c.ws.mainText()), URLs: the simulator's rows, Usages: its usages,
//     Answers: its answers (row-major: Answers[r*len(Usages)+c]), Crawler: ...} }).
//     PrintView is hidden on screen; under @media print only it is shown and
//     the rest of the page (toolbar, editor, side panel, dialogs) is hidden.
package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/policy"
)

// PresenterClass is the class that presenter mode puts on <html>.
const PresenterClass = "presenter"

// SetPresenter turns presenter mode on or off (in the browser).
func SetPresenter(on bool) {
	if !app.IsClient {
		return
	}
	app.Window().Get("document").Get("documentElement").Get("classList").Call("toggle", PresenterClass, on)
}

// PresenterOn reports whether presenter mode is on.
func PresenterOn() bool {
	if !app.IsClient {
		return false
	}
	return app.Window().Get("document").Get("documentElement").Get("classList").Call("contains", PresenterClass).Bool()
}

// PresenterToggle is the toolbar button for presenter mode.
type PresenterToggle struct {
	app.Compo

	On       bool
	OnChange func(on bool)
}

// Render shows a toggle button (aria-pressed).
func (c *PresenterToggle) Render() app.UI {
	return app.Button().ID("wk-presenter").Class("btn").Type("button").Aria("pressed", c.On).
		Title("Large type and high contrast, for projectors").Text("Presenter").
		OnClick(func(ctx app.Context, e app.Event) {
			c.On = !c.On
			if c.OnChange != nil {
				c.OnChange(c.On)
			} else {
				SetPresenter(c.On)
			}
		})
}

// PrintWhenRendered opens the browser's print dialog once the current
// update is on the page, then calls done (window.print returns when the
// dialog is closed).
func PrintWhenRendered(ctx app.Context, done func()) {
	ctx.Defer(func(ctx app.Context) {
		if app.IsClient {
			app.Window().Call("print")
		}
		if done != nil {
			ctx.Dispatch(func(app.Context) { done() })
		}
	})
}

// PrintView is the handout: on one page for a file and up to
// HandoutURLs URLs, the file with line numbers, its problems, the
// simulation matrix and, for each URL, the line that decided each answer.
// Full explanations are printed only on request: the one of the cell
// selected in the simulator (Selected), or every one (Full).
type PrintView struct {
	app.Compo

	Name    string // file name
	Text    string // file text
	Crawler string // the crawler asked about (shown in the caption)
	Purpose string
	URLs    []string
	Usages  []policy.Use
	// Answers are row-major: Answers[r*len(Usages)+c] answers URLs[r]
	// and Usages[c]. Missing answers are shown as "—".
	Answers []policy.Answer
	// File is the parsed file (for the deciding lines' text); Problems
	// are its diagnostics.
	File     *policy.File
	Problems []policy.Diagnostic
	// Selected is 1 + the index in Answers of the cell whose explanation
	// was asked for (0: none); Full asks for every explanation.
	Selected int
	Full     bool
}

// HandoutURLs is how many URLs a handout shows (its matrix and deciding
// lines); the others are counted.
const HandoutURLs = 10

func wkVerdict(a *policy.Answer) (icon, word string) {
	switch {
	case a == nil:
		return "—", "not asked"
	case !a.Allowed:
		return "✕", "no"
	case len(a.Restrictions) > 0:
		return "◐", "limits"
	}
	return "✓", "yes"
}

func (c *PrintView) answer(r, col int) *policy.Answer {
	i := r*len(c.Usages) + col
	if i < 0 || i >= len(c.Answers) {
		return nil
	}
	return &c.Answers[i]
}

// decider is one deciding line of a URL's answers, with the usages it
// decides and their verdict.
type decider struct {
	line         string // "line 4", "line 2 of x.txt", or "no line"
	text         string // the line's text
	icon, word   string
	usages       []string
	restrictions string
}

// deciders groups a URL's answers by the line that decided them and the
// verdict, in the order of the usages.
func (c *PrintView) deciders(r int) []decider {
	var out []decider
	for col := range c.Usages {
		a := c.answer(r, col)
		if a == nil {
			continue
		}
		icon, word := wkVerdict(a)
		line, text := "no line (the default)", ""
		switch {
		case a.Line > 0 && a.File != "":
			line = wkLineWord(a.Line) + " of " + a.File
		case a.Line > 0:
			line = wkLineWord(a.Line)
			if c.File != nil {
				text = strings.TrimSpace(c.File.LineText(a.Line))
			}
		}
		var rs []string
		for _, q := range a.Restrictions {
			rs = append(rs, q.String())
		}
		restr := strings.Join(rs, " ")
		found := false
		for k := range out {
			if out[k].line == line && out[k].word == word && out[k].restrictions == restr {
				out[k].usages = append(out[k].usages, c.Usages[col].String())
				found = true
				break
			}
		}
		if !found {
			out = append(out, decider{line, text, icon, word, []string{c.Usages[col].String()}, restr})
		}
	}
	return out
}

// printCell is one answer whose explanation the handout prints.
type printCell struct {
	url, usage, word string
	a                *policy.Answer
}

// Render builds the handout (computed once per render; it is only
// rendered when printing).
func (c *PrintView) Render() app.UI {
	urls := c.URLs
	more := 0
	if len(urls) > HandoutURLs {
		more = len(urls) - HandoutURLs
		urls = urls[:HandoutURLs]
	}
	cells := c.explained(urls)
	// A main landmark of its own: on paper, the page's <main> is hidden.
	return app.Main().Class("print-view").Body(
		app.H1().Text(c.Name),
		app.Section().Class("pv-file").Body(
			app.H2().Text("The file"),
			app.Pre().Class("pv-code").Text(c.numberedText()),
		),
		c.renderProblems(),
		app.If(len(urls) > 0 && len(c.Usages) > 0, func() app.UI { return c.renderSimulation(urls, more) }),
		app.If(len(cells) > 0, func() app.UI { return renderExplanations(cells) }),
	)
}

// numberedText is the file with its line numbers, right-aligned.
func (c *PrintView) numberedText() string {
	lines := strings.Split(strings.ReplaceAll(c.Text, "\r\n", "\n"), "\n")
	if len(lines) > 1 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	width := len(wkItoa(len(lines)))
	var code strings.Builder
	for i, l := range lines {
		n := wkItoa(i + 1)
		code.WriteString(strings.Repeat(" ", width-len(n)) + n + "  " + l + "\n")
	}
	return code.String()
}

// caption says whose answers the matrix holds and what its signs mean.
func (c *PrintView) caption() string {
	caption := "What " + c.Crawler + " may do with each URL"
	if c.Crawler == "" {
		caption = "What the crawler may do with each URL"
	}
	if c.Purpose != "" {
		caption += ", for the purpose " + c.Purpose
	}
	return caption + ". ✓ yes, ◐ allowed with restrictions, ✕ no."
}

// explained lists the answers whose explanations are printed: all of them
// for a full handout, else the selected cell's.
func (c *PrintView) explained(urls []string) []printCell {
	var cells []printCell
	for r := range urls {
		for col := range c.Usages {
			a := c.answer(r, col)
			if a == nil || !(c.Full || c.Selected == r*len(c.Usages)+col+1) {
				continue
			}
			_, w := wkVerdict(a)
			cells = append(cells, printCell{urls[r], c.Usages[col].String(), w, a})
		}
	}
	return cells
}

func (c *PrintView) renderProblems() app.UI {
	problems := c.Problems
	return app.Section().Class("pv-problems").Body(
		app.H2().Text("Problems"),
		app.If(len(problems) == 0, func() app.UI { return app.P().Text("None found.") }).
			Else(func() app.UI {
				return app.Ul().Body(app.Range(problems).Slice(func(i int) app.UI {
					d := problems[i]
					return app.Li().Body(
						app.Strong().Text(wkLineWord(d.Pos.Line)+", "+d.Severity.String()+": "),
						app.Text(d.Message),
					)
				}))
			}),
	)
}

// renderSimulation is the matrix of the first URLs and, for each URL, the
// lines that decided its answers.
func (c *PrintView) renderSimulation(urls []string, more int) app.UI {
	usages := c.Usages
	return app.Section().Class("pv-sim").Body(
		app.H2().Text("Simulation"),
		app.Table().Class("pv-matrix").Body(
			app.Caption().Text(c.caption()),
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text("URL"),
				app.Range(usages).Slice(func(i int) app.UI { return app.Th().Scope("col").Text(usages[i].String()) }),
			)),
			app.TBody().Body(app.Range(urls).Slice(func(r int) app.UI {
				return app.Tr().Body(
					app.Th().Scope("row").Body(app.Code().Text(urls[r])),
					app.Range(usages).Slice(func(col int) app.UI {
						icon, word := wkVerdict(c.answer(r, col))
						return app.Td().Class("pv-" + word).Text(icon + " " + word)
					}),
				)
			})),
		),
		app.If(more > 0, func() app.UI {
			return app.P().Class("pv-more").Text("The handout shows the first " + wkItoa(HandoutURLs) + " URLs; " + wkItoa(more) + " more were simulated.")
		}),
		app.H2().Text("What decided each answer"),
		app.Table().Class("pv-deciders").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text("URL"),
				app.Th().Scope("col").Text("Deciding line, and the answers it gives"),
			)),
			app.TBody().Body(app.Range(urls).Slice(func(r int) app.UI { return c.renderDeciders(r, urls[r]) })),
		),
	)
}

// renderDeciders is the row of one URL: each deciding line with the
// usages it answers.
func (c *PrintView) renderDeciders(r int, url string) app.UI {
	ds, rest := c.deciders(r), -1
	// The line deciding most usages is said last, as "the other usages",
	// so that a row stays short.
	for k, d := range ds {
		if len(d.usages) >= 4 && (rest < 0 || len(d.usages) > len(ds[rest].usages)) {
			rest = k
		}
	}
	if rest >= 0 {
		ds = append(append(append([]decider(nil), ds[:rest]...), ds[rest+1:]...), ds[rest])
		rest = len(ds) - 1
	}
	return app.Tr().Body(
		app.Th().Scope("row").Body(app.Code().Text(url)),
		app.Td().Body(app.Ul().Body(app.Range(ds).Slice(func(k int) app.UI {
			d := ds[k]
			what := strings.Join(d.usages, ", ") + ": " + d.icon + " " + d.word
			if k == rest && len(ds) > 1 {
				what = "the other " + wkItoa(len(d.usages)) + " usages: " + d.icon + " " + d.word
			} else if k == rest {
				what = "all " + wkItoa(len(d.usages)) + " usages: " + d.icon + " " + d.word
			}
			if d.restrictions != "" {
				what += " (" + d.restrictions + ")"
			}
			return app.Li().Body(
				app.Strong().Text(d.line),
				app.If(d.text != "", func() app.UI { return app.Code().Text(" " + d.text) }),
				app.Text(" → "+what),
			)
		}))),
	)
}

// renderExplanations prints the steps of each explained answer.
func renderExplanations(cells []printCell) app.UI {
	return app.Section().Class("pv-explanations").Body(
		app.H2().Text("Explanations"),
		app.Range(cells).Slice(func(i int) app.UI {
			ce := cells[i]
			return app.Div().Class("pv-explain").Body(
				app.H3().Body(app.Code().Text(ce.url), app.Text(" — "+ce.usage+": "+ce.word)),
				app.Ol().Body(app.Range(ce.a.Trace.Steps).Slice(func(j int) app.UI {
					s := ce.a.Trace.Steps[j]
					prefix := ""
					if s.Line > 0 {
						if s.File != "" {
							prefix = s.File + ":"
						}
						prefix += wkLineWord(s.Line) + ": "
					}
					return app.Li().Text(prefix + s.Text)
				})),
			)
		}),
	)
}
