//go:build e2e && !js

package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/acap-workbench/workbench/app/share"
)

// firstVisit loads the site at path in a fresh context (freshContextTab)
// and returns how long the start's own task ran
// (workbenchStartMs) and what the warm-up said (workbenchWarmResult).
func firstVisit(t *testing.T, path string) (startMs float64, warm string) {
	t.Helper()
	ctx, cancel := freshContextTab(t)
	defer cancel()
	tctx, tcancel := context.WithTimeout(ctx, 2*time.Minute)
	defer tcancel()
	if err := chromedp.Do(tctx, chromedp.Navigate(site.URL+path)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, tctx, `document.documentElement.dataset.ready === "1"`, 90*time.Second)
	return eval[float64](t, tctx, `window.workbenchStartMs`), eval[string](t, tctx, `String(window.workbenchWarmResult)`)
}

// TestWarmStart checks the warm-up (web/wasm-warm.js): before the page
// runs app.wasm, a worker runs the same module against a stand-in for the
// page, so that the functions of the start are compiled there and not on
// the page's main thread. The worker's run must get through the whole
// start and what follows it (it says "settled") on a first visit, with a
// share link and with a saved text; with ?warm=0 there is none. It
// prints, as a benchmark, the start's task on the main thread with and
// without the warm-up, first visits interleaved, and fails if the warm-up
// does not shorten it by a tenth (measured: 367 ms without, 78 ms with,
// on this machine).
func TestWarmStart(t *testing.T) {
	enc, err := share.Encode(share.State{Files: []share.File{{Name: "/robots.txt", Text: "User-agent: *\nDisallow: /private/\n"}}, URLs: []string{"/private/x"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, path, want string }{
		{"first visit", "/", "settled"},
		{"share link", "/#s=" + enc, "settled"},
		{"turned off", "/?warm=0", "none"},
	} {
		if _, got := firstVisit(t, c.path); got != c.want {
			t.Errorf("%s: the warm-up says %q, want %q", c.name, got, c.want)
		}
	}
	// A returning visitor: the page's storage holds a text (the worker's
	// stand-in has none of it, and writes none of its own there).
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	clearStorage(t, ctx)
	setText(t, ctx, "User-agent: *\nDisallow: /kept/\n")
	waitSaved(t, ctx, "/kept/")
	reloadPage(t, ctx)
	if got := eval[string](t, ctx, `String(window.workbenchWarmResult)`); got != "settled" {
		t.Errorf("returning visit: the warm-up says %q, want settled", got)
	}
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != "User-agent: *\nDisallow: /kept/\n" {
		t.Errorf("returning visit: the editor holds %q, not the saved text", got)
	}
	// The page's first collection, the slowest of its life, runs in a
	// frame of its own once the start's work is done, not in the middle
	// of a person's first conversion (app/ui/frames.go, firstCollection).
	waitJS(t, ctx, `(window.__wbCollections || [0])[0] >= 1`, 10*time.Second)
	t.Logf("BENCH the page's first collection, after the start: %.0f ms", eval[[]float64](t, ctx, `window.__wbCollections`)[1])

	var warm, cold []float64
	for i := 0; i < 3; i++ {
		c, _ := firstVisit(t, "/?warm=0")
		w, _ := firstVisit(t, "/")
		t.Logf("first visit %d: the start's task %.0f ms without the warm-up, %.0f ms with it", i+1, c, w)
		cold, warm = append(cold, c), append(warm, w)
	}
	mw, mc := median(warm), median(cold)
	fmt.Printf("BenchmarkWarmStart\t3\t%.0f ms/op start-task-warm\t%.0f ms/op start-task-cold\t%.2f x-cold\n", mw, mc, mw/mc)
	if mw > 0.9*mc {
		t.Errorf("the start's task is %.0f ms with the warm-up and %.0f ms without (medians of 3): the warm-up should save at least a tenth", mw, mc)
	}
}
