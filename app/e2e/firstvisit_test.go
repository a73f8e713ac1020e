//go:build e2e && !js

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/acap-workbench/workbench/app/static"
)

// firstVisitLimit is the most a first visit may transfer: the page, its
// assets, app.wasm and everything the service worker precaches for offline
// use.
const firstVisitLimit = 2_300_000

// countingWriter counts the bytes of an answer: its status line and headers
// as HTTP/1.1 writes them, and its body.
type countingWriter struct {
	http.ResponseWriter
	status      int
	head, body  int
	wroteHeader bool
}

func (c *countingWriter) WriteHeader(code int) {
	if !c.wroteHeader {
		c.wroteHeader = true
		c.status = code
		c.head = len(fmt.Sprintf("HTTP/1.1 %d %s\r\n", code, http.StatusText(code))) + 2
		for k, vs := range c.Header() {
			for _, v := range vs {
				c.head += len(k) + 2 + len(v) + 2
			}
		}
		c.head += len("Date: Mon, 02 Jan 2006 15:04:05 GMT\r\n")
	}
	c.ResponseWriter.WriteHeader(code)
}

func (c *countingWriter) Write(b []byte) (int, error) {
	if !c.wroteHeader {
		c.WriteHeader(http.StatusOK)
	}
	n, err := c.ResponseWriter.Write(b)
	c.body += n
	return n, err
}

type served struct {
	path, encoding, dest string
	status, head, body   int
}

// transferLog records every answer of a server.
type transferLog struct {
	mu  sync.Mutex
	all []served
}

func (l *transferLog) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &countingWriter{ResponseWriter: w}
		h.ServeHTTP(cw, r)
		if !cw.wroteHeader {
			cw.WriteHeader(http.StatusOK)
		}
		l.mu.Lock()
		l.all = append(l.all, served{r.URL.Path, w.Header().Get("Content-Encoding"), r.Header.Get("Sec-Fetch-Dest"), cw.status, cw.head, cw.body})
		l.mu.Unlock()
	})
}

func (l *transferLog) snapshot() []served {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]served(nil), l.all...)
}

// TestFirstVisitTransfer loads the built site, served as `make serve` serves
// it, in a new Chromium profile, waits until the service worker has
// precached the site for offline use, and counts the bytes the server sent:
// the page's own requests and the worker's. It fails over firstVisitLimit.
// It also checks that the loading label counts megabytes while app.wasm
// downloads.
func TestFirstVisitTransfer(t *testing.T) {
	var log transferLog
	srv := httptest.NewServer(log.wrap(static.Handler(distDir)))
	defer srv.Close()

	exe, err := findChromium()
	if err != nil {
		t.Fatal(err)
	}
	actx, acancel := chromedp.NewExecAllocator(context.Background(), browserOptions(exe, t.TempDir())...)
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()

	// Record each text the loading label shows, from the page's start.
	const recordLabel = `window.__labels = [];
new MutationObserver(() => {
  const l = document.getElementById("app-wasm-loader-label");
  const s = l && l.textContent.trim();
  if (s && window.__labels[window.__labels.length - 1] !== s) window.__labels.push(s);
}).observe(document, {subtree: true, childList: true, characterData: true});`
	// Start the browser before the timeout context is used, as chromedp asks.
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(bctx, 2*time.Minute)
	defer cancel()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: recordLabel}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	open(t, ctx, srv.URL+"/")
	ready := time.Since(start)
	// The service worker has precached the site when its cache holds
	// every file it lists.
	waitJS(t, ctx, `navigator.serviceWorker.ready.then(async (r) => {
		if (!r.active || r.active.state !== "activated") return false;
		const keys = (await caches.keys()).filter((k) => k.startsWith("acap-workbench-"));
		if (keys.length !== 1) return false;
		const c = await caches.open(keys[0]);
		return (await c.match(new URL("web/app.wasm", r.scope).href)) !== undefined;
	})`, time.Minute)
	// Then until nothing more is asked for a second.
	for n := -1; ; {
		time.Sleep(time.Second)
		if m := len(log.snapshot()); m == n {
			break
		} else {
			n = m
		}
	}

	all := log.snapshot()
	var total, heads, wasmBytes, wasmRequests int
	var wasmEnc []string
	enc := map[string]int{}
	for _, s := range all {
		total += s.head + s.body
		heads += s.head
		enc[s.encoding]++
		if s.path == "/web/app.wasm" {
			if s.status == http.StatusOK {
				wasmRequests++
			}
			wasmBytes += s.head + s.body
			e := s.encoding
			if e == "" {
				e = "identity"
			}
			wasmEnc = append(wasmEnc, fmt.Sprintf("%d %s %d bytes", s.status, e, s.body))
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].body > all[j].body })
	var largest []string
	for _, s := range all[:min(8, len(all))] {
		largest = append(largest, fmt.Sprintf("%s %d %s", s.path, s.body, orDash(s.encoding)))
	}
	// What the page itself saw (the worker's requests are not in its
	// timeline): Resource Timing.
	rt := eval[map[string]float64](t, ctx, `(() => {
		const es = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")];
		const w = es.find((e) => e.name.endsWith("/web/app.wasm")) || {};
		return {n: es.length, transfer: es.reduce((a, e) => a + e.transferSize, 0), encoded: es.reduce((a, e) => a + e.encodedBodySize, 0),
			decoded: es.reduce((a, e) => a + e.decodedBodySize, 0), wasmTransfer: w.transferSize || 0, wasmEncoded: w.encodedBodySize || 0, wasmDecoded: w.decodedBodySize || 0};
	})()`)
	accept := eval[string](t, ctx, `fetch("/web/app.wasm", {method: "HEAD", cache: "no-store"}).then((r) => r.headers.get("Content-Encoding") || "identity")`)

	report := fmt.Sprintf(`first visit (fresh profile, app ready in %v):
  server: %d requests, %d bytes (%d of them headers); encodings %v
  app.wasm: sent %d time(s), %d bytes in all: %s
  largest answers: %s
  page's Resource Timing: %.0f entries, transferSize %.0f, encodedBodySize %.0f, decodedBodySize %.0f; app.wasm transferSize %.0f, encodedBodySize %.0f, decodedBodySize %.0f
  app.wasm encoding asked by the browser now: %s`,
		ready.Round(time.Millisecond), len(all), total, heads, enc, wasmRequests, wasmBytes, strings.Join(wasmEnc, ", "), strings.Join(largest, ", "),
		rt["n"], rt["transfer"], rt["encoded"], rt["decoded"], rt["wasmTransfer"], rt["wasmEncoded"], rt["wasmDecoded"], accept)
	t.Log(report)
	if os.Getenv("WORKBENCH_FIRSTVISIT_LOG") != "" {
		for _, s := range log.snapshot() {
			t.Logf("  %s %d %s %d+%d", s.path, s.status, orDash(s.encoding), s.head, s.body)
		}
	}
	if total > firstVisitLimit {
		t.Errorf("the first visit transferred %d bytes, over %d", total, firstVisitLimit)
	}
	if wasmRequests != 1 {
		t.Errorf("app.wasm was sent %d times", wasmRequests)
	}

	// The loading label counted megabytes of app.wasm up to its size.
	labels := eval[[]string](t, ctx, `window.__labels`)
	t.Logf("loading label: %d texts, first %q, last %q", len(labels), first(labels), last(labels))
	st, err := os.Stat(distDir + "/web/app.wasm")
	if err != nil {
		t.Fatal(err)
	}
	size := fmt.Sprintf("%.1f", float64(st.Size())/1e6)
	re := regexp.MustCompile(`^Loading the workbench… (\d+(?:\.\d)?) of ` + regexp.QuoteMeta(size) + ` MB$`)
	var nums []string
	for _, l := range labels {
		if m := re.FindStringSubmatch(l); m != nil {
			nums = append(nums, m[1])
		} else {
			t.Errorf("loading label %q does not count megabytes of %s MB", l, size)
		}
	}
	if len(nums) < 2 || nums[len(nums)-1] != size {
		t.Errorf("loading label counted %v, want a count up to %s", nums, size)
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

func last(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[len(s)-1]
}
