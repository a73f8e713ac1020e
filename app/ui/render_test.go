package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestWorkbenchRendersAccessibleShell(t *testing.T) {
	c := &Workbench{}
	c.defaults()
	html := app.HTMLString(c)
	for _, want := range []string{
		`id="editor-input"`, `aria-label="robots.txt text"`, `wrap="off"`, `spellcheck="false"`,
		`id="file-name"`, `for="file-name"`, `for="file-input"`, `type="file"`,
		`id="download"`, `for="font-size"`, `for="sample"`, `aria-pressed="false"`,
		`id="problems"`, `aria-live="polite"`, `aria-label="Problems and simulation"`,
		`value="acap-basic.txt"`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("rendered page lacks %s", want)
		}
	}
	// Nothing conditional may come before the textarea (go-app diffs by
	// position; a remount would lose the cursor).
	if i, j := strings.Index(html, `id="notice"`), strings.Index(html, `id="editor-input"`); i >= 0 && i < j {
		t.Error("notice rendered before the textarea")
	}
}

func TestWorkbenchDialogsComeAfterTheEditor(t *testing.T) {
	c := &Workbench{notice: `<script>x</script>`, pending: &pendingLoad{name: `"><img src=x>`, text: "x"}}
	c.defaults()
	html := app.HTMLString(c)
	ed := strings.Index(html, `id="editor-input"`)
	for _, id := range []string{`id="notice"`, `id="confirm"`} {
		i := strings.Index(html, id)
		if i < 0 || i < ed {
			t.Errorf("%s missing or before the editor", id)
		}
	}
	if strings.Contains(html, "<script>x") || strings.Contains(html, `"><img`) {
		t.Error("user text rendered unescaped")
	}
}
