//go:build e2e && !js

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// axeSource is axe-core's axe.min.js, installed from npm at the version
// pinned in axe/package-lock.json (make e2e runs npm ci first).
func axeSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("axe", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core is not installed (%v): run `make e2e`, which runs npm ci in app/e2e/axe", err)
	}
	return string(b)
}

// axeViolation is one rule axe-core found broken, with where.
type axeViolation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

// runAxe injects axe-core (once per page) and audits the page as it is.
func runAxe(t *testing.T, ctx context.Context, src string) []axeViolation {
	t.Helper()
	if !eval[bool](t, ctx, `typeof window.axe === "object"`) {
		eval[bool](t, ctx, src+"\n;true")
	}
	raw := eval[string](t, ctx, `axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations.map(v => ({
		id: v.id, impact: v.impact || "", help: v.help,
		targets: v.nodes.slice(0, 4).map(n => n.target.join(" "))}))))`)
	var out []axeViolation
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatalf("axe results: %v", err)
	}
	return out
}

// TestAxeAudit runs axe-core on every view a workshop uses, in both
// themes: the main view, the start screen, the simulator with an explanation open, the
// converter with its result, a long URL list shown read-only, the gallery, an exercise, a help page,
// presenter mode and the print view. Serious and critical violations fail
// the test; the others are listed (in out/axe-report.txt too).
func TestAxeAudit(t *testing.T) {
	src := axeSource(t)
	type view struct {
		name  string
		setup func(t *testing.T, ctx context.Context)
	}
	views := []view{
		{"main", func(t *testing.T, ctx context.Context) {}},
		{"start screen", func(t *testing.T, ctx context.Context) {
			click(t, ctx, "#start-open")
			waitStart(t, ctx)
		}},
		{"simulator with an explanation", func(t *testing.T, ctx context.Context) {
			waitJS(t, ctx, `document.querySelector("#sim-matrix td button") !== null`, 5*time.Second)
			click(t, ctx, "#sim-matrix td button")
			waitJS(t, ctx, `document.getElementById("sim-explain").textContent.includes("line")`, 5*time.Second)
		}},
		{"converter", func(t *testing.T, ctx context.Context) {
			setText(t, ctx, "User-agent: *\nAllow: /p*\nDisallow: /*.pdf\n")
			// The matrix above the converter is drawn anew for the text:
			// a click while its rows change lands where the button was.
			waitSim(t, ctx)
			click(t, ctx, "#conv-toggle")
			click(t, ctx, "#conv-run")
			waitJS(t, ctx, `document.getElementById("conv-report") !== null`, 30*time.Second)
		}},
		{"long URL list", func(t *testing.T, ctx context.Context) {
			// URLs of 32 KiB or more, reopened, are listed read-only.
			setField(t, ctx, "sim-urls", strings.Join(slowURLs(30, 2000), "\n"))
			waitJS(t, ctx, `(localStorage.getItem("acap-workbench:v1:workspace") || "").includes("/029a")`, 10*time.Second)
			reloadPage(t, ctx)
			waitJS(t, ctx, `!document.getElementById("sim-urls-view").hidden`, 10*time.Second)
		}},
		{"gallery", func(t *testing.T, ctx context.Context) {
			showPanel(t, ctx, "gallery")
			waitJS(t, ctx, `document.querySelectorAll("#panel-gallery button").length > 5`, 10*time.Second)
		}},
		{"exercise", func(t *testing.T, ctx context.Context) {
			showPanel(t, ctx, "exercises")
			waitJS(t, ctx, `document.querySelectorAll("#panel-exercises .wk-ex-list button").length > 0`, 10*time.Second)
			click(t, ctx, "#panel-exercises .wk-ex-list button")
			waitJS(t, ctx, `[...document.querySelectorAll("#panel-exercises button")].some(b => b.textContent === "Open the starting file")`, 5*time.Second)
			eval[bool](t, ctx, `[...document.querySelectorAll("#panel-exercises button")].find(b => b.textContent === "Open the starting file").click(), true`)
			waitJS(t, ctx, `document.querySelector("#panel-exercises .wk-summary") !== null`, 10*time.Second)
		}},
		{"help", func(t *testing.T, ctx context.Context) {
			showPanel(t, ctx, "help")
			waitJS(t, ctx, `document.getElementById("wk-help-h") !== null`, 5*time.Second)
		}},
		{"conflict between tabs", func(t *testing.T, ctx context.Context) {
			// Another tab's save arrives while this tab has changes of its
			// own: written to storage as that tab would, and announced with
			// the storage event the browser sends.
			typeLine(t, ctx, "Disallow: /mine/")
			eval[bool](t, ctx, `(() => {
				const doc = JSON.parse(localStorage.getItem("acap-workbench:v1:doc") || '{"v":1,"name":"robots.txt","text":"","dirty":false,"savedAt":0}');
				doc.text = "User-agent: *\nDisallow: /theirs/\n";
				localStorage.setItem("acap-workbench:v1:doc", JSON.stringify(doc));
				localStorage.setItem("acap-workbench:v1:rev", JSON.stringify({n: 999, tab: "other"}));
				window.dispatchEvent(new StorageEvent("storage", {key: "acap-workbench:v1:rev"}));
				return true })()`)
			waitJS(t, ctx, `document.getElementById("tab-conflict") !== null`, 5*time.Second)
		}},
		{"presenter", func(t *testing.T, ctx context.Context) {
			click(t, ctx, "#wk-presenter")
			waitJS(t, ctx, `document.documentElement.classList.contains("presenter")`, 5*time.Second)
		}},
		{"print view", func(t *testing.T, ctx context.Context) {
			// The view is removed once print() returns: keep a copy of it.
			eval[bool](t, ctx, `window.print = () => { const v = document.querySelector(".print-view");
				document.querySelector(".wb").appendChild(v.cloneNode(true)); }, true`)
			click(t, ctx, "#print")
			waitJS(t, ctx, `document.querySelector(".print-view") !== null`, 5*time.Second)
			// Audit what paper shows: the print media rules.
			eval[bool](t, ctx, `(() => { for (const s of document.styleSheets) { try { for (const r of s.cssRules) {
				if (r.media && r.media.mediaText.includes("print")) r.media.mediaText = "all"; } } catch (e) {} } return true })()`)
			waitJS(t, ctx, `getComputedStyle(document.querySelector(".print-view")).display === "block" && getComputedStyle(document.querySelector("main.main")).display === "none"`, 2*time.Second)
		}},
	}
	var report []string
	for _, theme := range []string{"light", "dark"} {
		for _, v := range views {
			t.Run(theme+"/"+strings.ReplaceAll(v.name, " ", "-"), func(t *testing.T) {
				ctx := startFresh(t)
				setTheme(t, ctx, theme)
				v.setup(t, ctx)
				time.Sleep(100 * time.Millisecond) // let transitions end: axe reads computed colours
				for _, x := range runAxe(t, ctx, src) {
					line := fmt.Sprintf("%s, %s: %s (%s) %s at %s", theme, v.name, x.ID, x.Impact, x.Help, strings.Join(x.Targets, "; "))
					report = append(report, line)
					if x.Impact == "serious" || x.Impact == "critical" {
						t.Errorf("axe: %s", line)
					} else {
						t.Logf("axe: %s", line)
					}
				}
				if theme == "dark" && v.name == "presenter" {
					screenshot(t, ctx, "axe-presenter-dark")
				}
			})
		}
	}
	sort.Strings(report)
	_ = os.MkdirAll(filepath.Join("..", "..", "out"), 0o755)
	_ = os.WriteFile(filepath.Join("..", "..", "out", "axe-report.txt"), []byte(strings.Join(report, "\n")+"\n"), 0o644)
	t.Logf("axe-core: %d violations below serious in %d views", len(report), 2*len(views))
}
