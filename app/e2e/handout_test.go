//go:build e2e && !js

package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// printHandout clicks Print… (with Shift when full) with window.print
// replaced by a copy of the handout kept in the page, and returns the
// handout printed to A4 as a PDF.
func printHandout(t *testing.T, ctx context.Context, full bool) []byte {
	t.Helper()
	eval[bool](t, ctx, `document.getElementById("pv-copy") && document.getElementById("pv-copy").remove(), true`)
	eval[bool](t, ctx, `window.print = () => { const k = document.querySelector(".print-view").cloneNode(true); k.id = "pv-copy";
		document.querySelector(".wb").appendChild(k); }, true`)
	if full {
		pressShiftClick(t, ctx, "#print")
	} else {
		click(t, ctx, "#print")
	}
	waitJS(t, ctx, `document.getElementById("pv-copy") !== null && document.querySelectorAll(".print-view:not(#pv-copy)").length === 0`, 5*time.Second)
	yes := true
	res, err := chromedp.Call(ctx, page.PrintToPDF, page.PrintToPDFParams{PaperWidth: 8.27, PaperHeight: 11.69, PreferCSSPageSize: &yes})
	if err != nil {
		t.Fatal(err)
	}
	return res.Data
}

// pressShiftClick clicks the element's middle with Shift held.
func pressShiftClick(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	xy := eval[[]float64](t, ctx, `(() => { const e = document.querySelector(`+jsString(sel)+`); e.scrollIntoView({block: "center"});
		const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2] })()`)
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1], chromedp.ButtonModifiers(chromedp.ModifierShift))); err != nil {
		t.Fatal(err)
	}
}

var pdfPage = regexp.MustCompile(`/Type\s*/Page[^s]`)

// TestHandoutOnePage prints handouts of the guide's file and reads the
// PDF: with 2 and with 10 URLs the handout is one A4 page holding the
// matrix, the deciding line of every answer and the problems; the full
// explanations come only on request (the selected cell's, or every one
// with Shift), after it. The pages are written as PNG to look at.
func TestHandoutOnePage(t *testing.T) {
	ctx := newTab(t)
	openSim(t, ctx, guideFile)
	urls10 := []string{"/", "/news/today.html", "/private/report.html", "/archive/2008/story.html", "/search?q=acap",
		"/photos/a.jpg", "/news/sport/b.html", "/archive/x.html", "/a/b/c", "/news/"}
	cases := []struct {
		name      string
		urls      []string
		selectRC  string // a cell to select first ("" for none)
		full      bool
		pages     int // exactly, or at least when full
		explained int
	}{
		{"2-urls", urls10[:2], "", false, 1, 0},
		{"10-urls", urls10, "", false, 1, 0},
		{"10-urls-full", urls10, "", true, 3, 140},
		{"10-urls-one-asked", urls10, `[data-r="1"][data-c="2"]`, false, 2, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			setField(t, ctx, "sim-urls", strings.Join(tc.urls, "\n"))
			waitJS(t, ctx, `document.querySelectorAll("#sim-matrix tbody tr").length === `+itoa(len(tc.urls)), 10*time.Second)
			if tc.selectRC != "" {
				click(t, ctx, "#sim-matrix button"+tc.selectRC)
			} else if eval[bool](t, ctx, `document.querySelector("#sim-matrix .cell.sel") !== null`) {
				t.Fatal("test premise: no cell is selected")
			}
			pdf := printHandout(t, ctx, tc.full)
			n := len(pdfPage.FindAll(pdf, -1))
			if (!tc.full && n != tc.pages) || (tc.full && n < tc.pages) {
				t.Errorf("the handout has %d A4 pages, want %d", n, tc.pages)
			}
			copyHas := func(sel string) int { return eval[int](t, ctx, `document.querySelectorAll("#pv-copy `+sel+`").length`) }
			if got := copyHas(".pv-matrix tbody tr"); got != len(tc.urls) {
				t.Errorf("matrix rows %d, want %d", got, len(tc.urls))
			}
			if got := copyHas(".pv-deciders tbody tr"); got != len(tc.urls) {
				t.Errorf("deciding-line rows %d, want %d", got, len(tc.urls))
			}
			if got := copyHas(".pv-problems h2"); got != 1 {
				t.Error("no problems section")
			}
			if got := copyHas(".pv-explain"); got != tc.explained {
				t.Errorf("%d explanations, want %d", got, tc.explained)
			}
			// Each line that decides something is named once per URL.
			rows := eval[[]string](t, ctx, `[...document.querySelectorAll("#pv-copy .pv-deciders tbody tr")].map(tr => tr.innerText)`)
			for _, r := range rows {
				for _, m := range regexp.MustCompile(`line \d+`).FindAllString(r, -1) {
					if strings.Count(r, m+" ")+strings.Count(r, m+"\t")+strings.Count(r, m+"\n") > 1 {
						t.Errorf("row names %s twice: %q", m, r)
					}
				}
			}
			pdfPath := filepath.Join(outDir, "handout-"+tc.name+".pdf")
			if err := os.WriteFile(pdfPath, pdf, 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command("pdftoppm", "-png", "-r", "60", "-l", "2", pdfPath, strings.TrimSuffix(pdfPath, ".pdf")).CombinedOutput(); err != nil {
				t.Logf("pdftoppm (apt-get install poppler-utils) to look at the pages: %v %s", err, out)
			} else {
				t.Logf("handout pages: %s-*.png (%d pages)", strings.TrimSuffix(pdfPath, ".pdf"), n)
			}
		})
	}
}
