//go:build e2e && !js

// Package e2e runs the built site in headless Chromium. Run it with
// `make e2e` (or `make test`), which builds the site first and installs
// Chromium when it is missing. It fails, never skips, without a browser.
package e2e

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/acap-workbench/workbench/app/static"
)

var (
	distDir    string // the built site (make build)
	site       *httptest.Server
	browserCtx context.Context
	outDir     string // screenshots
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	distDir = os.Getenv("WORKBENCH_DIST")
	if distDir == "" {
		distDir, _ = filepath.Abs("../../dist")
	}
	if _, err := os.Stat(filepath.Join(distDir, "web", "app.wasm")); err != nil {
		fmt.Fprintf(os.Stderr, "FAIL: no built site in %s: run `make build` first (or `make test`)\n", distDir)
		return 1
	}
	outDir, _ = filepath.Abs("../../out/screenshots")
	os.MkdirAll(outDir, 0o755)

	exe, err := findChromium()
	if err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		return 1
	}
	// Served as `make serve` serves it: uncached, precompressed copies
	// sent to a browser that accepts them.
	site = httptest.NewServer(static.Handler(distDir))
	defer site.Close()

	userData, err := os.MkdirTemp("", "workbench-chromium-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(userData)
	cancel := startBrowser(exe, userData)
	defer cancel()
	return m.Run()
}

func findChromium() (string, error) {
	cands := []string{os.Getenv("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"}
	for _, c := range cands {
		if c == "" {
			continue
		}
		if p, err := exec.LookPath(c); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("Chromium not found: install Debian's chromium (`apt-get install chromium`) or set CHROMIUM=/path/to/chromium; `make test` installs it when run as root")
}

func browserOptions(exe, userData string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1"),
		chromedp.UserDataDir(userData),
		chromedp.WindowSize(1280, 800),
	)
}

func startBrowser(exe, userData string) context.CancelFunc {
	actx, acancel := chromedp.NewExecAllocator(context.Background(), browserOptions(exe, userData)...)
	bctx, bcancel := chromedp.NewContext(actx)
	// Start the browser with a first, empty tab.
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		fmt.Fprintln(os.Stderr, "starting chromium:", err)
	}
	browserCtx = bctx
	return func() { bcancel(); acancel() }
}

// newTab opens a tab in the shared browser; the test's cleanup closes it.
// Its pages are those of a visitor who has answered the start screen
// (the key is set before the app starts, on every load): the app opens on
// the editor with the welcome example, as the tests expect. The start
// screen's own tests open their tabs with newFirstVisitTab.
func newTab(t *testing.T) context.Context {
	t.Helper()
	ctx := newFirstVisitTab(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `try { localStorage.setItem("acap-workbench:v1:start", "1") } catch (e) {}`}); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// waitPaint waits until the page has drawn twice: what the last task
// changed is laid out and painted.
func waitPaint(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, twoFramesJS)
}

// twoFramesJS resolves after the page's next two frames.
const twoFramesJS = `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`

// freshContextTab opens a tab in a new browser context of the shared
// browser, as a first visit finds it: an empty HTTP cache, no service
// worker, no storage, a renderer that has compiled nothing yet. cancel
// closes it.
func freshContextTab(t *testing.T) (context.Context, context.CancelFunc) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		cancel()
		t.Fatal(err)
	}
	return ctx, cancel
}

// newFirstVisitTab is newTab for a visitor who has not seen the start
// screen.
func newFirstVisitTab(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browserCtx)
	t.Cleanup(cancel)
	tctx, tcancel := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(tcancel)
	// Runs first (cleanups run last in, first out): leave the page as a
	// person closing the tab would (the app saves what is pending when the
	// page is hidden), then clear the test site's storage, so that no test
	// starts with what another one left.
	t.Cleanup(func() {
		c, cc := context.WithTimeout(ctx, 10*time.Second)
		defer cc()
		if href, err := eval2(c, `location.href`); err != nil || !strings.HasPrefix(href, site.URL) {
			return
		}
		// The whole app runs under the page's Content-Security-Policy:
		// nothing it does may be refused.
		if v, err := eval2(c, `(window.__cspViolations || []).join("\n")`); err == nil && v != "" {
			t.Errorf("the page's Content-Security-Policy refused:\n%s", v)
		}
		_ = chromedp.Do(c, chromedp.Navigate(site.URL+"/web/app.css"))
		_, _ = eval2(c, `localStorage.clear(), true`)
	})
	// Open the tab before the timeout context is used, as chromedp asks.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	return tctx
}

// open navigates to url and waits until the wasm app has started.
func open(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx)
}

func waitReady(t *testing.T, ctx context.Context) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	var lastErr error
	for time.Now().Before(deadline) {
		// Evaluate, not Poll: a navigation (a reload by the service worker
		// update) destroys the page's context, which is retried here.
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.dataset.ready === "1" && document.getElementById("editor-input") !== null`))
		if err == nil && ok {
			return
		}
		lastErr = err
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the app did not start within 30 s (last error: %v)", lastErr)
}

// eval runs JavaScript in the page and returns its value.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %.80q: %v", js, err)
	}
	return v
}

// setText replaces the editor's text through an input event, as a paste
// does. (execCommand("insertText") of a large text takes minutes in
// Chromium, so the value is set directly.)
func setText(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const ta = document.getElementById("editor-input");
		ta.focus(); ta.value = %s; ta.dispatchEvent(new Event("input", {bubbles: true})); return true })()`, jsString(text)))
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != text {
		t.Fatalf("text not set: got %.100q", got)
	}
}

func jsString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x2028 || r == 0x2029 || r == '<':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func clearStorage(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `localStorage.clear(), true`)
}

// eval2 is eval that returns the error instead of failing (for calls that
// may race with a navigation).
func eval2(ctx context.Context, js string) (string, error) {
	v, err := chromedp.Run(ctx, chromedp.Evaluate[any](js, chromedp.EvalAwaitPromise))
	return fmt.Sprint(v), err
}

func waitJS(t *testing.T, ctx context.Context, js string, d time.Duration) {
	t.Helper()
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise))
		if err == nil && ok {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("timed out after %v waiting for %s", d, js)
}

// reloadPage reloads and waits for the new page's app to start.
func reloadPage(t *testing.T, ctx context.Context) {
	t.Helper()
	eval2(ctx, `document.documentElement.dataset.ready = "0", location.reload(), true`)
	waitReady(t, ctx)
}
