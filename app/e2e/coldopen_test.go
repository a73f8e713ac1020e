//go:build e2e && !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestColdOpenToMatrix opens the site five times, each in a fresh browser
// context (empty cache, no service worker, nothing saved), and reads in
// the page the time from the navigation's start to the first matrix cell
// drawn. The figures are printed as a benchmark with the machine's load,
// the conditions they depend on; the test fails only when the matrix
// never comes.
func TestColdOpenToMatrix(t *testing.T) {
	const record = `new MutationObserver((_, o) => {
  if (document.querySelector("#sim-matrix button.cell")) { window.__matrixAt = performance.now(); o.disconnect(); }
}).observe(document, {subtree: true, childList: true});`
	var ms []float64
	for i := 0; i < 5; i++ {
		bctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
		if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
			cancel()
			t.Fatal(err)
		}
		ctx, tcancel := context.WithTimeout(bctx, time.Minute)
		if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: record}); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(site.URL+"/")); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, `window.__matrixAt !== undefined`, 30*time.Second)
		ms = append(ms, eval[float64](t, ctx, `window.__matrixAt`))
		tcancel()
		cancel()
	}
	sort.Float64s(ms)
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("BenchmarkColdOpenToMatrix\t%d\t%.0f ms/op median\t%.0f ms/op min\t%.0f ms/op max\t(load average %s)\n",
		len(ms), ms[len(ms)/2], ms[0], ms[len(ms)-1], strings.Join(strings.Fields(string(load))[:3], " "))
}
