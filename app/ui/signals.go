// Signals: "Today's signals" (issue 7), the lines a publisher could write
// today for a file's ACAP policy (policy.ModernSignals), and what has no
// modern equivalent.
//
// Wiring (a few lines in the Workbench):
//
//	&Signals{
//		File:       f, // the *policy.File of robots.txt (the one the simulator parses)
//		OnGoToLine: func(n int) { c.switchTo(0); c.ed.selectLine(n) },
//	}
//
// The proposals are computed once per *policy.File (by pointer): pass a new
// pointer when the text changes, the same pointer otherwise. The lines are
// shown in <pre> (selectable) with a "Copy" button (navigator.clipboard;
// when the browser refuses, the component says to select and copy by
// hand). The ACAP lines a proposal comes from are buttons that call
// OnGoToLine.
package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/policy"
)

// Signals shows policy.ModernSignals for File.
type Signals struct {
	app.Compo

	// File is the parsed robots.txt; nil shows nothing to translate.
	File *policy.File
	// OnGoToLine shows line n of robots.txt in the editor.
	OnGoToLine func(n int)

	ctx     app.Context
	mounted bool
	of      *policy.File
	props   []policy.SignalProposal
	copied  string // message after a copy
}

func (c *Signals) proposals() []policy.SignalProposal {
	if c.File != c.of || (c.File != nil && c.props == nil) {
		c.of = c.File
		c.props = nil
		c.copied = ""
		if c.File != nil {
			c.props = policy.ModernSignals(c.File)
			if c.props == nil {
				c.props = []policy.SignalProposal{}
			}
		}
	}
	return c.props
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

// OnMount keeps the context for the clipboard's answer.
func (c *Signals) OnMount(ctx app.Context) { c.ctx, c.mounted = ctx, true }

// Render shows the proposals, then what has no equivalent.
func (c *Signals) Render() app.UI {
	props := c.proposals()
	var lines, none []policy.SignalProposal
	for _, p := range props {
		if p.NoEquivalent {
			none = append(none, p)
		} else {
			lines = append(lines, p)
		}
	}
	var all []string
	for _, p := range lines {
		all = append(all, strings.Join(p.Lines, "\n"))
	}
	allText := strings.Join(all, "\n\n")
	intro := "The closest lines in today's vocabularies for this file's ACAP policy. They are advice: the tester does not use them when deciding."
	switch {
	case c.File == nil:
		intro = "Open a robots.txt to see what today's signals would say."
	case len(props) == 0:
		intro = "This file has no ACAP policy, so there is nothing to translate."
	}
	f := c.File
	return app.Section().Class("wk-signals").Aria("labelledby", "wk-sig-h").Body(
		app.H2().ID("wk-sig-h").Text("Today's signals"),
		app.P().Class("wk-lead").Text(intro),
		app.P().Class("wk-status").Aria("live", "polite").Text(c.copied),
		app.Ol().Class("wk-proposals").Body(
			app.Range(lines).Slice(func(i int) app.UI {
				p := lines[i]
				text := strings.Join(p.Lines, "\n")
				hid := "wk-sig-p" + wkItoa(i+1)
				return app.Li().Class("wk-proposal").Body(
					app.H3().ID(hid).Class("sr-only").Text("Proposal "+wkItoa(i+1)),
					app.Pre().Class("wk-code").Body(app.Code().Text(text)),
					app.Button().Class("btn").Type("button").Aria("describedby", hid).Text("Copy").
						OnClick(func(ctx app.Context, e app.Event) { c.copy(text) }),
					app.P().Text(p.Explanation),
					c.renderFrom(f, p.FromLines),
				)
			}),
		),
		app.If(len(lines) > 1, func() app.UI {
			return app.Div().Class("wk-actions").Body(
				app.Button().Class("btn").Type("button").Text("Copy all proposed lines").
					OnClick(func(ctx app.Context, e app.Event) { c.copy(allText) }),
			)
		}),
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

// renderFrom lists the ACAP lines a proposal comes from, each a button
// that shows the line in the editor.
func (c *Signals) renderFrom(f *policy.File, ls []int) app.UI {
	if len(ls) == 0 {
		return app.Text("")
	}
	return app.Div().Class("wk-from").Body(
		app.Span().Text("From: "),
		app.Ul().Class("wk-from-lines").Body(
			app.Range(ls).Slice(func(i int) app.UI {
				n := ls[i]
				text := ""
				if f != nil {
					text = strings.TrimSpace(f.LineText(n))
				}
				return app.Li().Body(
					app.Button().Class("wk-link").Type("button").
						OnClick(func(ctx app.Context, e app.Event) {
							if c.OnGoToLine != nil {
								c.OnGoToLine(n)
							}
						}).Body(
						app.Span().Text(wkLineWord(n)+": "),
						app.Code().Text(text),
					),
				)
			}),
		),
	)
}
