package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/policy"
)

// renderSimForm is the static markup of the simulator, the converter and
// the page tester. Nothing in it is conditional and no value comes from the
// user: the lists and results are written by the simulator (escaped), so
// go-app's diffing never touches them.
func (c *Workbench) renderSimForm() []app.UI {
	kinds := policy.Kinds()
	return []app.UI{
		app.Section().ID(idSim).Class("sim").Aria("labelledby", "sim-h").Body(
			app.H2().ID("sim-h").Text("Simulator"),
			app.Div().Class("sim-form").Body(
				app.Label().For(idSimCrawler).Text("Crawler"),
				app.Div().Class("sim-pair").Body(
					app.Select().ID(idSimCrawler).Class("btn"),
					app.Input().ID(idSimName).Class("field").Type("text").Spellcheck(false).
						Placeholder("a name, or a User-Agent string").Aria("label", "Crawler name or User-Agent string"),
				),
				app.Span(),
				app.Label().Class("check").Body(
					app.Input().ID(idSimUA).Type("checkbox"),
					app.Text(" Full User-Agent string (names match as substrings)"),
				),
				app.Span().ID(idSimCrawlerInfo).Class("muted crawler-info"),
				app.Label().For(idSimPurpose).Text("Purpose"),
				app.Div().Class("sim-pair").Body(
					app.Select().ID(idSimPurpose).Class("btn"),
					app.Input().ID(idSimPurpText).Class("field").Type("text").Spellcheck(false).
						Placeholder("a usage purpose").Aria("label", "Usage purpose"),
				),
				app.Label().For(idSimDate).Text("Date"),
				app.Div().Class("sim-pair").Body(
					app.Input().ID(idSimDate).Class("field").Type("date").Aria("describedby", "sim-date-help"),
					app.Span().ID("sim-date-help").Class("muted").Text("for until- time limits; empty: shown, not enforced"),
				),
				app.Label().For(idSimKind).Text("Kind"),
				app.Select().ID(idSimKind).Class("btn").Body(
					app.Range(kinds).Slice(func(i int) app.UI {
						return app.Option().Value(kinds[i].String()).Text(kinds[i].Title())
					}),
				),
				app.Label().For(idSimURLs).Text("URLs"),
				app.Textarea().ID(idSimURLs).Class("field sim-urls").Rows(5).Spellcheck(false).Wrap("off").
					Aria("describedby", "sim-urls-help"),
				app.Span(),
				app.Div().Class("sim-pair").Body(
					app.Span().ID("sim-urls-help").Class("muted").Text("One a line: paths or full URLs; paste many."),
					app.Button().ID(idSimURLsFill).Class("btn").Type("button").Title("One path for each pattern of the file's rules, in the order they are written").Text("URLs from this file"),
				),
			),
			app.P().ID(idSimStatus).Class("sim-status").Aria("live", "polite"),
			app.P().ID(idSimLegend).Class("legend").Body(
				app.Span().Class("c-yes").Body(app.Span().Class("ic").Aria("hidden", "true").Text("✓"), app.Text(" yes: allowed")),
				app.Span().Class("c-limits lg-acap").Body(app.Span().Class("ic").Aria("hidden", "true").Text("◐"), app.Text(" limits: allowed with restrictions")),
				app.Span().Class("c-no").Body(app.Span().Class("ic").Aria("hidden", "true").Text("✕"), app.Text(" no: not allowed")),
				app.Span().Class("c-none lg-today").Body(app.Span().Class("ic").Aria("hidden", "true").Text("○"), app.Text(" none: no preference stated")),
				app.Span().Class("c-uncrawled lg-today").Body(app.Span().Class("ic").Aria("hidden", "true").Text("⊘"), app.Text(" uncrawled: may not be crawled, so no preference applies")),
			),
			app.Div().ID(idSimMatrix).Class("matrix"),
			app.Div().ID(idSimExplain).Class("explain").Aria("live", "polite"),
			app.Div().ID(idSimCompare).Class("compare"),
			app.Div().ID("batch-panel").Class("batch").Body(
				app.H3().Class("ex-h").Text("Today's AI crawlers: a whole group at once"),
				app.Div().Class("sim-pair").Body(
					app.Label().For(idBatchGroup).Text("Group"),
					app.Select().ID(idBatchGroup).Class("btn").Body(app.Option().Value("").Text("loading the directory…")),
					app.Label().For(idBatchCat).Text("Category"),
					app.Select().ID(idBatchCat).Class("btn").Body(
						app.Option().Value("train-ai").Text("train-ai"),
						app.Option().Value("search").Text("search"),
						app.Option().Value("ai-input").Text("ai-input"),
					),
					app.Button().ID(idBatchFill).Class("btn").Type("button").Text("Fill the table"),
					app.Button().ID(idBatchClear).Class("btn").Type("button").Text("Clear"),
				),
				app.P().ID(idBatchStatus).Class("muted").Aria("live", "polite"),
				app.Div().ID(idBatch).Class("matrix batch-matrix"),
				app.P().Class("muted").Body(
					app.Text("Crawler directory: "+CrawlerDirSource+"; "),
					app.A().Href(RootPrefix()+"/web/crawlers/LICENSE").Target("_blank").Text("its licence"),
					app.Text(". What each well-known token is used for comes from its operator's documentation."),
				),
			),
		),
		// Disclosure buttons rather than <details>: a closed <details> in
		// the page made every keystroke on a 500 KiB file ~8 ms slower in
		// Chromium (measured).
		app.Section().ID(idConvPanel).Class("panel").Aria("labelledby", "conv-toggle").Body(
			app.H2().Class("panel-h").Body(
				app.Button().ID("conv-toggle").Class("disclose").Type("button").Aria("expanded", "false").Aria("controls", "conv-body").Text("Convert to ACAP"),
			),
			app.Div().ID("conv-body").Hidden(true).Body(
				app.P().Class("muted").Text("Adds ACAP records that say what your conventional lines say, and checks that ACAP crawlers will decide crawl as the crawlers you choose do today."),
				app.Div().Class("sim-form").Body(
					app.Label().For(idConvSource).Text("Agree with"),
					app.Select().ID(idConvSource).Class("btn").Body(
						app.Option().Value(policy.KindRFC9309.String()).Text(policy.KindRFC9309.Title()),
						app.Option().Value(policy.KindDraft1996.String()).Text(policy.KindDraft1996.Title()),
					),
					app.Span(),
					app.Label().Class("check").Body(app.Input().ID(idConvComments).Type("checkbox"), app.Text(" Keep each source line as a comment")),
					app.Span(),
					app.Label().Class("check").Body(app.Input().ID(idConvIgnore).Type("checkbox"), app.Text(" ACAP crawlers ignore the conventional lines")),
				),
				app.Button().ID(idConvRun).Class("btn primary").Type("button").Text("Convert"),
				app.Div().ID(idConvOut).Class("conv-out"),
			),
		),
		app.Section().ID("page-panel").Class("panel").Aria("labelledby", "page-toggle").Body(
			app.H2().Class("panel-h").Body(
				app.Button().ID("page-toggle").Class("disclose").Type("button").Aria("expanded", "false").Aria("controls", "page-body").Text("Page (META) tester"),
			),
			app.Div().ID("page-body").Hidden(true).Body(
				app.Div().Class("sim-form").Body(
					app.Label().For(idPageURL).Text("Page URL"),
					app.Input().ID(idPageURL).Class("field").Type("text").Spellcheck(false).Placeholder("/news/today.html"),
					app.Label().For(idPageHTML).Text("Its HTML"),
					app.Textarea().ID(idPageHTML).Class("field page-html").Rows(6).Spellcheck(false).Wrap("off").
						Placeholder(`<meta name="robots" content="ACAP disallow-index">`),
				),
				app.Div().ID(idPageOut).Class("page-out").Aria("live", "polite"),
			),
		),
	}
}
