package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The page's guard (web/guard.js) does not depend on the Go runtime: when
// the Go program ends (a panic, running out of memory) it keeps the
// editor's text under KeyRescued, in the form EncodeRecovered writes, and
// tells the person to reload. The next start adds it to the workspace.
const (
	KeyRescued = keyPrefix + "rescued"
	// KeyTestHooks, set to "1", makes OnMount offer the browser tests a
	// way to stop the Go program (window.workbenchTestPanic).
	KeyTestHooks = keyPrefix + "test-hooks"
)

// takeRescued adds the text the guard kept when the workbench last stopped
// to the workspace, as a copy shown in the editor, unless the workspace
// already holds it.
func (w *workspace) takeRescued() {
	n := len(w.files)
	added := w.takeKept(KeyRescued, "The text kept when the workbench stopped", func(names []string) string {
		if len(names) == 0 {
			return "The workbench stopped last time; your text had been saved, and nothing was lost."
		}
		return "The workbench stopped last time. The text you were editing then was kept, and is shown here as " + strings.Join(names, ", ") + "."
	})
	if added && n < len(w.files) {
		w.switchTo(n)
	}
}

// testHooks offers the browser tests what they cannot do from outside:
// stopping the Go program as a panic does.
func testHooks() {
	if v, ok, _ := storageGet(KeyTestHooks); !ok || v != "1" {
		return
	}
	app.Window().Set("workbenchTestPanic", app.FuncOf(func(app.Value, []app.Value) any {
		panic("workbenchTestPanic: a browser test stopped the workbench")
	}))
}
