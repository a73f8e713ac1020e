//go:build e2e && !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/acap-workbench/workbench/app/exercise"
)

// TestVersionCompareExercise works through an exercise done with What
// changes? as a participant does: open the exercise and its starting file,
// open the compare from the exercise (it offers the starting file as the
// other version), remove a line that looks redundant and see the compare
// show the path it changed and the exercise's check fail with it; then
// write the solution and see the compare prove no change and every check
// pass.
func TestVersionCompareExercise(t *testing.T) {
	ctx := startFresh(t)
	ex, err := exercise.Parse([]byte(readDist(t, "web/exercises/versions-lines-that-do-nothing.json")))
	if err != nil {
		t.Fatal(err)
	}
	checks := len(ex.Cases) + 2 // "unchanged" and "max_lines"
	const panel = "#panel-exercises"
	showPanel(t, ctx, "exercises")
	clickButton(t, ctx, panel, ex.Title)
	clickButton(t, ctx, panel, "Open the starting file")
	waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(ex.Robots), 5*time.Second)
	waitJS(t, ctx, `document.querySelectorAll("#panel-exercises .wk-check").length === `+itoa(checks), 5*time.Second)

	// The exercise opens the compare, on its starting file.
	waitJS(t, ctx, `document.querySelectorAll("#batch-group option").length > 2`, 20*time.Second)
	click(t, ctx, "#wk-ex-panel")
	waitJS(t, ctx, `document.getElementById("ptab-versions").getAttribute("aria-selected") === "true" && !document.getElementById("panel-versions").hidden`, 5*time.Second)
	waitJS(t, ctx, `(s => !!s && +s.dataset.dir > 100)(document.querySelector("#panel-versions section"))`, 20*time.Second)
	if v := eval[string](t, ctx, `document.getElementById("ver-source").value`); v != "exercise" {
		t.Fatalf("the compare offers %q first, not the exercise's starting file", v)
	}

	// The Allow line looks redundant but is not.
	setText(t, ctx, strings.Replace(ex.Robots, "Allow: /files/public/\n", "", 1))
	eval[float64](t, ctx, versionsCompareJS+`("exercise")`)
	verdict := eval[string](t, ctx, `document.getElementById("ver-verdict").textContent`)
	if !strings.Contains(verdict, "change") || strings.HasPrefix(verdict, "No change") {
		t.Errorf("verdict after removing the Allow line: %q", verdict)
	}
	if !eval[bool](t, ctx, `[...document.querySelectorAll("#ver-changes td code")].some(c => c.textContent.startsWith("/files/public/"))`) {
		t.Error("no change under /files/public/ in the table")
	}
	showPanel(t, ctx, "exercises")
	waitJS(t, ctx, `[...document.querySelectorAll("#panel-exercises .wk-fail")].some(li => li.textContent.includes("/files/public/"))`, 10*time.Second)
	eval[bool](t, ctx, `document.querySelector("#panel-exercises .wk-fail").scrollIntoView(), true`)
	screenshot(t, ctx, "versions-exercise-fail")

	// The solution: proved, and the only changes are those of the older
	// kinds, which read a star as a plain character and take the first
	// line that matches.
	setText(t, ctx, ex.Solution)
	click(t, ctx, "#ptab-versions")
	eval[float64](t, ctx, versionsCompareJS+`("exercise")`)
	if v := eval[string](t, ctx, `document.getElementById("ver-verdict").textContent`); !strings.Contains(v, "(proved)") {
		t.Errorf("verdict on the solution: %q", v)
	}
	kinds := eval[[]string](t, ctx, `[...document.querySelectorAll("#ver-changes tbody tr")].map(tr => tr.cells[1].textContent)`)
	if len(kinds) == 0 {
		t.Error("no change shown for the older kinds")
	}
	for _, k := range kinds {
		if !strings.Contains(k, "1996") && !strings.Contains(k, "1994") && !strings.Contains(k, "2.0.0") {
			t.Errorf("the solution changes an answer of a %s", k)
		}
	}
	eval[bool](t, ctx, `document.getElementById("ver-verdict").scrollIntoView(), true`)
	screenshot(t, ctx, "versions-exercise-compare")
	showPanel(t, ctx, "exercises")
	waitJS(t, ctx, `document.querySelectorAll("#panel-exercises .wk-pass").length === `+itoa(checks), 10*time.Second)
	if s := eval[string](t, ctx, `document.querySelector("#panel-exercises .wk-summary").textContent`); !strings.HasPrefix(s, "All "+itoa(checks)+" checks pass") {
		t.Errorf("summary %q", s)
	}
}
