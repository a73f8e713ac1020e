// Exercises: the workshop exercises of web/exercises, with live checks
// of the publisher's robots.txt, progress kept in the browser, the
// solution on request (after a try) and the next exercise.
//
// Wiring (a few lines in the Workbench). Create it once and keep the
// pointer, so that the text can be pushed to it on every edit:
//
//	c.exercises = &Exercises{
//		// List: nil, so it fetches RootPrefix()+"/web/exercises/index.json"
//		// and every file it names when it mounts.
//		OnOpen: func(name, text string, urls []string, crawler, purpose string) {
//			// name is "robots.txt": the starting file replaces the
//			// workspace's robots.txt (files[0]) through offerLoad, which asks
//			// first when there are changes that were not downloaded.
//			c.ctx.Dispatch(func(app.Context) { c.ws.switchTo(0); c.ws.offerLoad(name, text) })
//		},
//		OnGoToLine: func(n int) { c.ws.switchTo(0); c.ed.selectLine(n) },
//		OnPanel:    func(id string) { c.choosePanel(id) }, // the builder
//	}
//	// in Render: c.exercises (the same pointer every time)
//	// in edited(), load() and applyToMain(), and once in OnMount:
//	//	_, text, _ := c.ws.mainText(); c.exercises.SetText(text)
//	// (the checks are about robots.txt, files[0], whichever tab is shown)
//
// Either pass Text declaratively (the robots.txt text, re-rendering the
// parent on every change) or leave it empty and call SetText: SetText waits
// 150 ms after the last call, then re-renders the component only. The
// checks run exercise.Run on the text and are recomputed only when the
// text or the exercise changes.
package ui

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/exercise"
	"github.com/acap-workbench/workbench/policy"
)

// ParseExerciseIndex reads web/exercises/index.json, the list of exercise
// file names.
func ParseExerciseIndex(data []byte) ([]string, error) {
	var names []string
	if err := json.Unmarshal(data, &names); err != nil {
		return nil, err
	}
	return names, nil
}

// Exercises lists the exercises and shows one with its live checks.
type Exercises struct {
	app.Compo

	// List are the exercises; nil makes the component fetch them when it
	// mounts in the browser (and keep them, whatever the parent renders).
	List []*exercise.Exercise
	// Text is the robots.txt checked (unless SetText was called).
	Text string
	// OnOpen opens the exercise's starting file, named "robots.txt", with
	// the URLs, the crawler and the purpose of its checks.
	OnOpen OpenFunc
	// OnGoToLine shows line n of robots.txt in the editor.
	OnGoToLine func(n int)
	// OnPanel shows a side panel by ID: the policy builder or the version
	// compare, for an exercise done with it ("panel"). The exercise stays
	// selected, so its tab shows the checks again.
	OnPanel func(id string)

	ctx      app.Context
	mounted  bool
	loaded   []*exercise.Exercise // fetched, when List is nil
	loading  bool
	errs     []string    // files that could not be loaded, with the reason
	cur      int         // 1 + index in List of the exercise shown; 0: the list
	openKind policy.Kind // the kind of the exercise last opened
	showHint bool
	// Progress: by exercise name, ProgressDone or ProgressTried (kept in
	// this browser); started are the exercises whose starting file was
	// opened in this visit (an edit of it is a try).
	progress map[string]string
	started  map[string]bool
	// The solution of the exercise shown: asked (the confirmation is
	// shown) and shown.
	askSolution, showSolution bool
	live                      string
	liveSet                   bool
	gen                       int
	fetch                     func(url string, done func(string, error))

	// The cache: results of the exercise shown for text.
	cacheEx   *exercise.Exercise
	cacheText string
	results   []exercise.Result
	runs      int // how many times the checks ran (for tests)
}

// Progress through an exercise, as the list shows it.
const (
	ProgressNew   = "new"
	ProgressTried = "tried"
	ProgressDone  = "done"
)

// KeyExerciseProgress keeps, in this browser, which exercises were tried
// and which were done.
const KeyExerciseProgress = keyPrefix + "exercise-progress"

// OnMount fetches the exercises when List is nil.
func (c *Exercises) OnMount(ctx app.Context) {
	c.ctx, c.mounted = ctx, true
	c.loadProgress()
	if c.List == nil && c.loaded == nil && !c.loading {
		c.load()
	}
}

// list returns List, or the fetched exercises.
func (c *Exercises) list() []*exercise.Exercise {
	if c.List != nil {
		return c.List
	}
	return c.loaded
}

// SetText gives the component the current robots.txt; the checks update
// 150 ms after the last call.
func (c *Exercises) SetText(text string) {
	if !c.mounted {
		c.live, c.liveSet = text, true
		return
	}
	c.gen++
	g := c.gen
	c.ctx.After(150*time.Millisecond, func(app.Context) {
		if g == c.gen {
			c.live, c.liveSet = text, true
		}
	})
}

// loadProgress reads the progress kept in this browser.
func (c *Exercises) loadProgress() {
	if c.progress != nil || !app.IsClient {
		return
	}
	c.progress = map[string]string{}
	if raw, ok, err := storageGet(KeyExerciseProgress); err == nil && ok {
		c.progress = DecodeProgress(raw)
	}
}

// DecodeProgress reads kept progress; what it cannot read is dropped.
func DecodeProgress(raw string) map[string]string {
	var m map[string]string
	out := map[string]string{}
	if json.Unmarshal([]byte(raw), &m) != nil {
		return out
	}
	for k, v := range m {
		if v == ProgressDone || v == ProgressTried {
			out[k] = v
		}
	}
	return out
}

// Progress says how far this browser got with an exercise.
func (c *Exercises) Progress(name string) string {
	if p := c.progress[name]; p != "" {
		return p
	}
	return ProgressNew
}

// note records progress (never back from done to tried) and keeps it.
func (c *Exercises) note(name, p string) {
	if c.progress == nil {
		c.progress = map[string]string{}
	}
	if old := c.progress[name]; old == p || old == ProgressDone {
		return
	}
	c.progress[name] = p
	if app.IsClient {
		if b, err := json.Marshal(c.progress); err == nil {
			_ = storageSet(KeyExerciseProgress, string(b))
		}
	}
}

// Select shows exercise i of List (-1: the list).
func (c *Exercises) Select(i int) {
	if i < -1 || i >= len(c.list()) {
		i = -1
	}
	c.cur, c.showHint = i+1, false
	c.askSolution, c.showSolution = false, false
	if c.mounted && app.IsClient {
		c.ctx.Defer(func(app.Context) {
			if el := app.Window().GetElementByID("wk-ex-h"); el.Truthy() {
				el.Call("focus")
			}
		})
	}
}

func (c *Exercises) text() string {
	if c.liveSet {
		return c.live
	}
	return c.Text
}

func (c *Exercises) run(f func()) {
	if c.mounted {
		c.ctx.Dispatch(func(app.Context) { f() })
		return
	}
	f()
}

func (c *Exercises) fetcher() func(string, func(string, error)) {
	if c.fetch != nil {
		return c.fetch
	}
	return wkFetchText
}

// load fetches index.json and then every exercise it names, in order.
func (c *Exercises) load() {
	c.loading = true
	base := RootPrefix() + "/web/exercises/"
	c.fetcher()(base+"index.json", func(text string, err error) {
		var names []string
		if err == nil {
			names, err = ParseExerciseIndex([]byte(text))
		}
		if err != nil {
			c.run(func() {
				c.loading = false
				c.errs = []string{"The list of exercises could not be loaded: " + err.Error() + "."}
			})
			return
		}
		list := make([]*exercise.Exercise, len(names))
		errs := make([]string, len(names))
		left := len(names)
		finish := func() {
			c.run(func() {
				c.loading = false
				c.loaded = []*exercise.Exercise{}
				c.errs = nil
				for i := range names {
					if list[i] != nil {
						c.loaded = append(c.loaded, list[i])
					} else if errs[i] != "" {
						c.errs = append(c.errs, errs[i])
					}
				}
			})
		}
		if left == 0 {
			finish()
			return
		}
		for i, name := range names {
			if strings.ContainsAny(name, "/\\?#") {
				errs[i] = "“" + name + "” is not a file name."
				if left--; left == 0 {
					finish()
				}
				continue
			}
			c.fetcher()(base+name, func(text string, err error) {
				if err == nil {
					list[i], err = exercise.Parse([]byte(text))
				}
				if err != nil {
					errs[i] = "“" + name + "” could not be loaded: " + err.Error() + "."
				}
				if left--; left == 0 {
					finish()
				}
			})
		}
	})
}

// checks returns the results for the selected exercise and the current
// text, running them only when either changed.
func (c *Exercises) checks() []exercise.Result {
	all := c.list()
	if c.cur < 1 || c.cur > len(all) {
		return nil
	}
	ex, text := all[c.cur-1], c.text()
	if c.cacheEx == ex && c.cacheText == text && c.results != nil {
		return c.results
	}
	c.cacheEx, c.cacheText = ex, text
	c.results = exercise.Run(ex, []byte(text))
	if c.results == nil {
		c.results = []exercise.Result{}
	}
	c.runs++
	switch {
	case exercise.Passed(c.results):
		c.note(ex.Name, ProgressDone)
	case c.started[ex.Name] && text != ex.Robots:
		c.note(ex.Name, ProgressTried)
	}
	return c.results
}

// openStart hands the exercise's starting file to OnOpen.
func (c *Exercises) openStart(ex *exercise.Exercise) {
	if c.OnOpen == nil {
		return
	}
	var urls []string
	seen := map[string]bool{}
	crawler, purpose := "", ""
	for i, cs := range ex.Cases {
		if i == 0 {
			crawler, purpose = cs.Crawler, cs.Purpose
		}
		if !seen[cs.URL] {
			seen[cs.URL] = true
			urls = append(urls, cs.URL)
		}
	}
	c.openKind = ex.Kind()
	if c.started == nil {
		c.started = map[string]bool{}
	}
	c.started[ex.Name] = true
	c.expect(ex.Robots)
	c.OnOpen("robots.txt", ex.Robots, urls, crawler, purpose)
}

// openSolution opens the solution as robots.txt (the workbench keeps the
// participant's own file in a tab of its own when it has changes).
func (c *Exercises) openSolution(ex *exercise.Exercise) {
	if c.OnOpen == nil {
		return
	}
	var urls []string
	seen := map[string]bool{}
	for _, cs := range ex.Cases {
		if !seen[cs.URL] {
			seen[cs.URL] = true
			urls = append(urls, cs.URL)
		}
	}
	crawler, purpose := "", ""
	if len(ex.Cases) > 0 {
		crawler, purpose = ex.Cases[0].Crawler, ex.Cases[0].Purpose
	}
	c.openKind = ex.Kind()
	c.expect(ex.Solution)
	c.OnOpen("robots.txt", ex.Solution, urls, crawler, purpose)
}

// expect takes text as robots.txt's text at once: the file handed to
// OnOpen, which the editor is about to show. A text pushed before it (and
// still waiting) is dropped, so that neither the checks nor the progress
// read the file that was replaced.
func (c *Exercises) expect(text string) {
	c.gen++
	c.live, c.liveSet = text, true
}

// tried reports whether the participant has tried the exercise shown
// (then the solution may be shown).
func (c *Exercises) tried(ex *exercise.Exercise) bool {
	return c.Progress(ex.Name) != ProgressNew || (c.started[ex.Name] && c.text() != ex.Robots)
}

// Shown returns the exercise shown (nil: the list).
func (c *Exercises) Shown() *exercise.Exercise {
	if all := c.list(); c.cur >= 1 && c.cur <= len(all) {
		return all[c.cur-1]
	}
	return nil
}

// OpenedKind is the kind of crawler of the exercise last handed to OnOpen.
func (c *Exercises) OpenedKind() policy.Kind { return c.openKind }

// Render shows the list, or the selected exercise.
func (c *Exercises) Render() app.UI {
	all := c.list()
	if c.cur < 1 || c.cur > len(all) {
		return c.renderList()
	}
	return c.renderExercise(all[c.cur-1])
}

func (c *Exercises) renderList() app.UI {
	list := c.list()
	status := ""
	if c.loading {
		status = "Loading the exercises…"
	} else if list != nil {
		n := map[string]int{}
		for _, ex := range list {
			n[c.Progress(ex.Name)]++
		}
		status = wkItoa(len(list)) + " exercises: " + wkItoa(n[ProgressDone]) + " done, " + wkItoa(n[ProgressTried]) + " tried, " +
			wkItoa(n[ProgressNew]) + " new (kept in this browser)"
	}
	errs := c.errs
	return app.Section().Class("wk-exercises").Aria("labelledby", "wk-ex-h").Body(
		app.H2().ID("wk-ex-h").TabIndex(-1).Text("Exercises"),
		app.P().Class("wk-status").Aria("live", "polite").Text(status),
		app.Ul().Class("wk-ex-list").Body(
			app.Range(list).Slice(func(i int) app.UI {
				ex := list[i]
				p := c.Progress(ex.Name)
				return app.Li().Class("wk-ex-item wk-p-"+p).Body(
					app.Span().Class("wk-progress").Text(progressWords[p]),
					app.Button().Class("wk-link").Type("button").Text(ex.Title).
						OnClick(func(ctx app.Context, e app.Event) { c.Select(i) }),
					app.If(len(ex.Topics) > 0, func() app.UI {
						return app.Span().Class("wk-topics").Text(" — " + strings.Join(ex.Topics, ", "))
					}),
				)
			}),
		),
		app.Div().Class("wk-alerts").Body(
			app.Range(errs).Slice(func(i int) app.UI {
				return app.P().Class("wk-error").Role("alert").Text(errs[i])
			}),
		),
	)
}

// progressWords label an exercise's progress in the list.
var progressWords = map[string]string{ProgressNew: "New", ProgressTried: "Tried", ProgressDone: "✓ Done"}

func (c *Exercises) renderExercise(ex *exercise.Exercise) app.UI {
	rs := c.checks()
	pass := 0
	for _, r := range rs {
		if r.Pass {
			pass++
		}
	}
	summary := wkItoa(pass) + " of " + wkItoa(len(rs)) + " checks pass."
	if exercise.Passed(rs) {
		summary = "All " + wkItoa(len(rs)) + " checks pass. Well done!"
	}
	hintLabel := "Show hint"
	if c.showHint {
		hintLabel = "Hide hint"
	}
	return app.Section().Class("wk-exercise").Aria("labelledby", "wk-ex-h").Body(
		app.Button().Class("btn").Type("button").Text("← All exercises").
			OnClick(func(ctx app.Context, e app.Event) { c.Select(-1) }),
		app.H2().ID("wk-ex-h").TabIndex(-1).Text(ex.Title),
		app.P().Class("wk-task").Text(ex.Task),
		app.If(ex.Panel == exercise.PanelBuilder, func() app.UI {
			return app.P().Class("wk-source").Text("Do it with the policy builder: open the starting file, then Build a policy; come back to this tab to see the checks.")
		}),
		app.If(ex.Panel == exercise.PanelVersions, func() app.UI {
			return app.P().Class("wk-source").Text("Check it with What changes?: open the starting file, edit it, then compare it with the exercise's starting file; come back to this tab to see the checks.")
		}),
		app.If(ex.Source != "", func() app.UI {
			return app.P().Class("wk-source").Text("Source: " + ex.Source)
		}),
		app.Div().Class("wk-actions").Body(
			app.Button().Class("btn").Type("button").Text("Open the starting file").
				OnClick(func(ctx app.Context, e app.Event) { c.openStart(ex) }),
			app.If(ex.Panel == exercise.PanelBuilder && c.OnPanel != nil, func() app.UI {
				return app.Button().ID("wk-ex-panel").Class("btn").Type("button").Text("Open Build a policy").
					OnClick(func(ctx app.Context, e app.Event) { c.OnPanel(PanelBuilder) })
			}),
			app.If(ex.Panel == exercise.PanelVersions && c.OnPanel != nil, func() app.UI {
				return app.Button().ID("wk-ex-panel").Class("btn").Type("button").Text("Open What changes?").
					OnClick(func(ctx app.Context, e app.Event) { c.OnPanel(PanelVersions) })
			}),
			app.If(ex.Hint != "", func() app.UI {
				return app.Button().Class("btn").Type("button").Aria("expanded", c.showHint).
					Aria("controls", "wk-ex-hint").Text(hintLabel).
					OnClick(func(ctx app.Context, e app.Event) { c.showHint = !c.showHint })
			}),
		),
		wkHidden(app.P().ID("wk-ex-hint").Class("wk-hint").Text("Hint: "+ex.Hint), !c.showHint || ex.Hint == ""),
		app.H3().Text("Checks"),
		app.P().Class("wk-summary").Aria("live", "polite").Text(summary),
		app.Ul().Class("wk-checks").Body(
			app.Range(rs).Slice(func(i int) app.UI { return c.renderCheck(rs[i]) }),
		),
		c.renderSolution(ex),
		c.renderNext(),
	)
}

// renderSolution offers the solution once the participant has tried,
// asks before showing it, and then shows what changes from their file to
// the solution.
func (c *Exercises) renderSolution(ex *exercise.Exercise) app.UI {
	if ex.Solution == "" {
		return app.Div()
	}
	var body []app.UI
	switch {
	case c.showSolution:
		attempt := c.text()
		body = []app.UI{
			app.H3().ID("wk-sol-h").TabIndex(-1).Text("Solution"),
			app.P().Text("What changes from your file to the solution (− your lines, + the solution's):"),
			app.Raw(LineDiff(attempt, ex.Solution, "Changes from your file to the solution")),
			app.Div().Class("wk-actions").Body(
				app.Button().Class("btn").Type("button").Text("Open the solution in the editor").
					OnClick(func(ctx app.Context, e app.Event) { c.openSolution(ex) }),
				app.Button().Class("btn").Type("button").Text("Hide the solution").
					OnClick(func(ctx app.Context, e app.Event) { c.showSolution = false }),
			),
		}
	case c.askSolution:
		body = []app.UI{
			app.P().ID("wk-sol-ask").Role("alert").Text("Show the solution? Your own file stays as it is; you can compare them."),
			app.Div().Class("wk-actions").Body(
				app.Button().ID("wk-sol-yes").Class("btn").Type("button").Text("Show it").
					OnClick(func(ctx app.Context, e app.Event) {
						c.askSolution, c.showSolution = false, true
						c.focus("wk-sol-h")
					}),
				app.Button().Class("btn").Type("button").Text("Not yet").
					OnClick(func(ctx app.Context, e app.Event) { c.askSolution = false; c.focus("wk-sol-show") }),
			),
		}
	case c.tried(ex):
		body = []app.UI{app.Button().ID("wk-sol-show").Class("btn").Type("button").Text("Show the solution…").
			OnClick(func(ctx app.Context, e app.Event) { c.askSolution = true; c.focus("wk-sol-yes") })}
	default:
		body = []app.UI{app.P().Class("wk-source").Text("The solution can be shown once you have tried: open the starting file and change it.")}
	}
	return app.Div().Class("wk-solution").Body(body...)
}

// renderNext offers the next exercise of the list.
func (c *Exercises) renderNext() app.UI {
	all := c.list()
	if c.cur >= len(all) {
		return app.P().Class("wk-next").Body(
			app.Text("This is the last exercise. "),
			app.Button().Class("wk-link").Type("button").Text("Back to all exercises").
				OnClick(func(ctx app.Context, e app.Event) { c.Select(-1) }),
		)
	}
	next, i := all[c.cur], c.cur
	return app.P().Class("wk-next").Body(
		app.Button().ID("wk-ex-next").Class("btn").Type("button").Text("Next exercise: " + next.Title + " →").
			OnClick(func(ctx app.Context, e app.Event) { c.Select(i) }),
	)
}

// focus moves focus to the element with the ID once it is drawn.
func (c *Exercises) focus(id string) {
	if !c.mounted || !app.IsClient {
		return
	}
	c.ctx.Defer(func(app.Context) {
		if el := app.Window().GetElementByID(id); el.Truthy() {
			el.Call("focus")
		}
	})
}

func (c *Exercises) renderCheck(r exercise.Result) app.UI {
	cls, icon, word := "wk-check wk-pass", "✓", "Passes: "
	if !r.Pass {
		cls, icon, word = "wk-check wk-fail", "✕", "Not yet: "
	}
	return app.Li().Class(cls).Body(
		app.Span().Class("wk-icon").Aria("hidden", "true").Text(icon),
		app.Strong().Text(word),
		app.Span().Text(r.Question),
		app.If(!r.Pass, func() app.UI {
			return app.Div().Class("wk-why").Body(
				app.P().Text(r.Explanation),
				app.If(r.Line > 0 && r.File == "" && c.OnGoToLine != nil, func() app.UI {
					n := r.Line
					return app.Button().Class("btn wk-line").Type("button").Text("Go to line " + wkItoa(n)).
						OnClick(func(ctx app.Context, e app.Event) { c.OnGoToLine(n) })
				}),
			)
		}),
	)
}
