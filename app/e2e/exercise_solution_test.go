//go:build e2e && !js

package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/acap-workbench/workbench/app/exercise"
)

// clickButton clicks the first button in the container whose text is
// text (as a user would, at its middle).
func clickButton(t *testing.T, ctx context.Context, container, text string) {
	t.Helper()
	waitJS(t, ctx, `[...document.querySelectorAll(`+jsString(container+" button")+`)].some(b => b.textContent === `+jsString(text)+`)`, 10*time.Second)
	eval[bool](t, ctx, `(() => { const b = [...document.querySelectorAll(`+jsString(container+" button")+`)].find(b => b.textContent === `+jsString(text)+`);
		b.setAttribute("data-test-click", "1"); return true })()`)
	click(t, ctx, `[data-test-click="1"]`)
	eval[bool](t, ctx, `document.querySelector('[data-test-click="1"]') && document.querySelector('[data-test-click="1"]').removeAttribute("data-test-click"), true`)
}

// TestExerciseSolutionFlow works through an exercise as a participant
// does, on a projector-sized window in presenter mode: the solution is
// offered only after a try, asked for, shown as the change from their
// file, opened in the editor (their own file kept); the next exercise
// follows; the list shows progress, kept across a reload.
func TestExerciseSolutionFlow(t *testing.T) {
	ctx := newTab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 768)); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, site.URL+"/")
	clearStorage(t, ctx)
	reloadPage(t, ctx)
	var names []string
	if err := jsonUnmarshal(readDist(t, "web/exercises/index.json"), &names); err != nil {
		t.Fatal(err)
	}
	load := func(name string) *exercise.Exercise {
		ex, err := exercise.Parse([]byte(readDist(t, "web/exercises/"+name)))
		if err != nil {
			t.Fatal(err)
		}
		return ex
	}
	ex, next := load(names[0]), load(names[1])
	const panel = "#panel-exercises"
	showPanel(t, ctx, "exercises")
	waitJS(t, ctx, `document.querySelectorAll("#panel-exercises .wk-ex-list button").length === `+itoa(len(names)), 10*time.Second)
	if s := eval[string](t, ctx, `document.querySelector("#panel-exercises .wk-status").textContent`); !strings.Contains(s, "0 done, 0 tried, "+itoa(len(names))+" new") {
		t.Errorf("fresh list status %q", s)
	}
	clickButton(t, ctx, panel, ex.Title)
	waitJS(t, ctx, `document.activeElement && document.activeElement.id === "wk-ex-h"`, 3*time.Second)
	if eval[bool](t, ctx, `!!document.getElementById("wk-sol-show")`) {
		t.Error("the solution is offered before a try")
	}
	clickButton(t, ctx, panel, "Open the starting file")
	waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(ex.Robots), 5*time.Second)
	setText(t, ctx, ex.Robots+"# my try\n")
	waitJS(t, ctx, `!!document.getElementById("wk-sol-show")`, 5*time.Second)

	// Each failing check says the answer wanted once.
	fails := eval[[]string](t, ctx, `[...document.querySelectorAll("#panel-exercises .wk-fail .wk-why")].map(e => e.textContent)`)
	if len(fails) == 0 {
		t.Fatal("no failing check on the starting file")
	}
	for _, f := range fails {
		if strings.Count(f, "the task wants") > 1 || strings.Count(f, "The task wants") > 1 || strings.Contains(f, "Expected") {
			t.Errorf("a failing check says the answer twice: %q", f)
		}
	}

	click(t, ctx, "#wk-sol-show")
	waitJS(t, ctx, `document.activeElement && document.activeElement.id === "wk-sol-yes"`, 3*time.Second)
	if !eval[bool](t, ctx, `document.getElementById("wk-sol-ask").getAttribute("role") === "alert"`) {
		t.Error("the confirmation is not announced")
	}
	click(t, ctx, "#wk-sol-yes")
	waitJS(t, ctx, `document.activeElement && document.activeElement.id === "wk-sol-h"`, 3*time.Second)
	del := eval[[]string](t, ctx, `[...document.querySelectorAll("#panel-exercises .wk-solution .d-del")].map(e => e.textContent)`)
	add := eval[[]string](t, ctx, `[...document.querySelectorAll("#panel-exercises .wk-solution .d-add")].map(e => e.textContent)`)
	if !strings.Contains(strings.Join(del, "\n"), "# my try") || len(add) == 0 {
		t.Errorf("the diff does not show the attempt against the solution: removed %q, added %q", del, add)
	}
	eval[bool](t, ctx, `document.querySelector("#panel-exercises .wk-solution").scrollIntoView(), true`)
	screenshot(t, ctx, "exercise-solution-diff")

	clickButton(t, ctx, panel, "Open the solution in the editor")
	waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(ex.Solution), 5*time.Second)
	waitJS(t, ctx, `document.querySelector("#panel-exercises .wk-summary").textContent.startsWith("All ")`, 5*time.Second)
	if !eval[bool](t, ctx, `[...document.querySelectorAll("#tabs .tab, .tab")].some(t => t.textContent.includes("robots.txt") && t.textContent.includes("yours"))`) {
		t.Logf("tabs: %q", eval[[]string](t, ctx, `[...document.querySelectorAll(".tab")].map(t => t.textContent)`))
		t.Error("the participant's own file was not kept in a tab")
	}

	// The workbench says where the participant's file went; dismissed, as
	// a participant does, since it covers the foot of the window.
	clickButton(t, ctx, ".notice", "Dismiss")
	// The notice goes on the app's next render; until then it still covers
	// the foot of the window, where the Next button is.
	waitJS(t, ctx, `document.querySelector(".notice") === null`, 5*time.Second)
	clickButton(t, ctx, panel, "Next exercise: "+next.Title+" →")
	waitJS(t, ctx, `document.getElementById("wk-ex-h").textContent === `+jsString(next.Title), 10*time.Second)
	if err := waitJSErr(ctx, `document.activeElement.id === "wk-ex-h"`, 3*time.Second); err != nil {
		t.Errorf("after Next, focus is on %s", eval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 120)`))
	}

	// The list: done, then new; kept after a reload; in presenter mode.
	for pass := 0; pass < 2; pass++ {
		if pass == 1 {
			reloadPage(t, ctx)
			showPanel(t, ctx, "exercises")
		} else {
			clickButton(t, ctx, panel, "← All exercises")
		}
		waitJS(t, ctx, `document.querySelectorAll("#panel-exercises .wk-ex-list li").length === `+itoa(len(names)), 10*time.Second)
		got := eval[[]string](t, ctx, `[...document.querySelectorAll("#panel-exercises .wk-ex-list li")].slice(0, 2).map(li => li.className + "|" + li.querySelector(".wk-progress").textContent)`)
		if len(got) != 2 || got[0] != "wk-ex-item wk-p-done|✓ Done" || got[1] != "wk-ex-item wk-p-new|New" {
			t.Errorf("pass %d: list progress %q", pass, got)
		}
		if s := eval[string](t, ctx, `document.querySelector("#panel-exercises .wk-status").textContent`); !strings.Contains(s, "1 done, 0 tried") {
			t.Errorf("pass %d: list status %q", pass, s)
		}
	}
	click(t, ctx, "#wk-presenter")
	waitJS(t, ctx, `document.documentElement.classList.contains("presenter")`, 3*time.Second)
	eval[bool](t, ctx, `document.getElementById("panel-tabs").scrollIntoView(), true`)
	screenshot(t, ctx, "exercise-presenter-progress")
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }
