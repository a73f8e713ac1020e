//go:build e2e && !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/acap-workbench/workbench/app/exercise"
)

// TestPolicyBuilderExercise works through an exercise done with the
// policy builder as a participant does: open the exercise and its
// starting file (a real file of 2026; some checks fail), open the builder
// from the exercise, set the cells the task names with the builder's own
// controls, write, come back to the exercise's tab and see every check
// pass. On the way it checks that the builder keeps the group for *'s
// lines for the crawlers it gives a group of their own, and saves
// screenshots of the builder and its proof on foxnews.com's file.
func TestPolicyBuilderExercise(t *testing.T) {
	ctx := startFresh(t)
	ex, err := exercise.Parse([]byte(readDist(t, "web/exercises/builder-search-ai-answers.json")))
	if err != nil {
		t.Fatal(err)
	}
	const panel = "#panel-exercises"
	showPanel(t, ctx, "exercises")
	clickButton(t, ctx, panel, ex.Title)
	clickButton(t, ctx, panel, "Open the starting file")
	waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(ex.Robots), 5*time.Second)
	waitJS(t, ctx, `document.querySelectorAll("#panel-exercises .wk-check").length === `+itoa(len(ex.Cases)), 5*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll("#panel-exercises .wk-fail").length`); n == 0 {
		t.Fatal("every check passes on the starting file")
	}

	// The exercise opens the builder.
	click(t, ctx, "#wk-ex-panel")
	waitJS(t, ctx, `document.getElementById("ptab-builder").getAttribute("aria-selected") === "true" && !document.getElementById("panel-builder").hidden`, 5*time.Second)
	waitJS(t, ctx, `(c => !!c && parseInt(c.textContent.replace(/\D/g, ""), 10) > 20)(document.querySelector('#panel-builder tr[data-row="train"] .bld-count'))`, 20*time.Second)
	builderSet(t, ctx, "search", "search", "value", "yes")
	builderSet(t, ctx, "train", "train-ai", "value", "no")
	builderSet(t, ctx, "ai", "ai-input", "value", "yes")
	builderSet(t, ctx, "ai", "ai-input", "scopes", "/archive/")
	eval[bool](t, ctx, `document.getElementById("ptab-builder").scrollIntoView(), true`)
	screenshot(t, ctx, "builder-foxnews")
	click(t, ctx, "#bld-write")
	waitJS(t, ctx, `!!document.getElementById("bld-proof-sum")`, 20*time.Second)
	if sum := eval[string](t, ctx, `document.getElementById("bld-proof-sum").textContent`); !strings.HasPrefix(sum, "The file says the intent") {
		t.Errorf("proof: %q", sum)
	}
	// A crawler given a group of its own reads only that group: the search
	// engines' group repeats the lines of the group for * they read until
	// now, and the proof's line over every path says that crawl is kept.
	text := eval[string](t, ctx, `document.getElementById("editor-input").value`)
	block := text[strings.Index(text, "# BEGIN policy builder"):]
	if !strings.Contains(block, "User-agent: Applebot\ndisallow: /search-results/\n") || !strings.Contains(block, "disallow: /printer_friendly_story/\n") {
		t.Errorf("the search engines' group does not repeat the group for *:\n%s", block)
	}
	for _, row := range []string{"Search engines", "AI search and assistants"} {
		if !eval[bool](t, ctx, `[...document.querySelectorAll("#bld-proof tbody tr")].some(tr => tr.querySelector("th").textContent === `+jsString(row)+` &&
			tr.querySelector("td code").textContent === "every path" && !!tr.querySelector("li.bld-s0") && !tr.querySelector("li.bld-s1"))`) {
			t.Errorf("%s: no line over every path with ✓ and no ✗", row)
		}
	}
	eval[bool](t, ctx, `[...document.querySelectorAll("#bld-proof tbody tr")].find(tr => tr.querySelector("td code").textContent === "every path").scrollIntoView(), true`)
	screenshot(t, ctx, "builder-foxnews-proof")

	// Back on the exercise, every check passes.
	showPanel(t, ctx, "exercises")
	waitJS(t, ctx, `document.querySelectorAll("#panel-exercises .wk-pass").length === `+itoa(len(ex.Cases)), 10*time.Second)
	if s := eval[string](t, ctx, `document.querySelector("#panel-exercises .wk-summary").textContent`); !strings.HasPrefix(s, "All "+itoa(len(ex.Cases))+" checks pass") {
		t.Errorf("summary %q", s)
	}
	eval[bool](t, ctx, `document.querySelector("#panel-exercises .wk-summary").scrollIntoView(), true`)
	screenshot(t, ctx, "builder-exercise-done")
}
