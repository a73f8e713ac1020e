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
		`id="problems"`, `aria-live="polite"`, `aria-label="Problems, simulation and workshop"`,
		`id="ptab-sim"`, `id="ptab-gallery"`, `id="ptab-exercises"`, `id="ptab-signals"`, `id="ptab-help"`,
		`id="wk-presenter"`, `id="print"`, `id="wk-share-btn"`,
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
	c := &Workbench{notice: `<script>x</script>`, shareErr: ErrNoShareLink, printView: &PrintView{Name: "robots.txt", Text: "x"}}
	c.defaults()
	c.ws.pending = &pendingLoad{name: `"><img src=x>`, text: "x"}
	c.ws.sharedView = true
	html := app.HTMLString(c)
	ed := strings.Index(html, `id="editor-input"`)
	for _, id := range []string{`id="notice"`, `id="confirm"`, `id="shared-banner"`, `id="share-error"`, `class="print-view"`} {
		i := strings.Index(html, id)
		if i < 0 || i < ed {
			t.Errorf("%s missing or before the editor", id)
		}
	}
	if strings.Contains(html, "<script>x") || strings.Contains(html, `"><img`) {
		t.Error("user text rendered unescaped")
	}
}

// TestPanelTabs checks that exactly the chosen panel is shown, that its tab
// is selected, and that a panel not yet chosen is not mounted.
func TestPanelTabs(t *testing.T) {
	for _, p := range Panels {
		t.Run(p.ID, func(t *testing.T) {
			c := &Workbench{}
			c.defaults()
			c.newPanels()
			c.panel = p.ID
			c.mountedPanels[p.ID] = true
			html := app.HTMLString(c)
			for _, q := range Panels {
				tab := wkOpenTag(html, `id="ptab-`+q.ID+`"`)
				panel := wkOpenTag(html, `id="`+panelID(q.ID)+`"`)
				if tab == "" || panel == "" {
					t.Fatalf("tab or panel of %s missing", q.ID)
				}
				shown := q.ID == p.ID
				// go-app writes a "true" attribute bare in pre-rendered HTML.
				if got := strings.Contains(tab, "aria-selected") && !strings.Contains(tab, `aria-selected="false"`); got != shown {
					t.Errorf("tab %s: aria-selected=%v, want %v", q.ID, got, shown)
				}
				if got := strings.Contains(panel, " hidden"); got == shown {
					t.Errorf("panel %s: hidden=%v while %s is chosen", q.ID, got, p.ID)
				}
			}
			mounted := map[string]string{PanelGallery: `class="wk-gallery"`, PanelExercises: `class="wk-exercises"`, PanelHelp: `class="wk-help"`}
			for id, marker := range mounted {
				if got := strings.Contains(html, marker); got != (id == p.ID) {
					t.Errorf("%s mounted=%v while %s is chosen", id, got, p.ID)
				}
			}
		})
	}
}

func TestKeptName(t *testing.T) {
	files := []wsFile{{Name: "robots.txt"}, {Name: "yours-robots.txt"}, {Name: "acap-policy.txt"}}
	for _, tc := range []struct{ old, incoming, want string }{
		{"robots.txt", "guide-ex-1-1.txt", "robots.txt"},
		{"robots.txt", "robots.txt", "yours-2-robots.txt"},
		{"acap-policy.txt", "x.txt", "yours-acap-policy.txt"},
		{"mine.txt", "/mine.txt", "yours-mine.txt"},
	} {
		if got := keptName(files, tc.old, tc.incoming); got != tc.want {
			t.Errorf("keptName(%q, %q) = %q, want %q", tc.old, tc.incoming, got, tc.want)
		}
	}
}
