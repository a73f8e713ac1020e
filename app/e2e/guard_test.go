//go:build e2e && !js

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/acap-workbench/workbench/policy"
)

// TestAnyOtherCrawlerNamedByFile asks "any other crawler" of files whose
// crawler names are part of "other-crawler" ("crawler", "A" and
// the real files of wyborcza.pl and wysokieobcasy.pl, which name "the"):
// the workbench keeps running, and the matrix is the answer of a crawler
// that no line names, computed natively.
func TestAnyOtherCrawlerNamedByFile(t *testing.T) {
	real := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "..", "policy", "testdata", "corpus", "sites-2026-01", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	tests := []struct{ name, text string }{
		{"crawler", "User-agent: crawler\nDisallow: /private/\n\nUser-agent: *\nDisallow: /\n"},
		{"A", "User-agent: A\nAllow: /\n\nUser-agent: *\nDisallow: /news/\n"},
		{"wyborcza.pl", real("wyborcza.pl.txt")},
		{"www.wysokieobcasy.pl", real("www.wysokieobcasy.pl.txt")},
	}
	ctx := newTab(t)
	urls := []string{"/", "/news/x", "/private/a"}
	for i, tt := range tests {
		if i == 0 {
			openSim(t, ctx, tt.text)
		} else {
			setText(t, ctx, tt.text)
		}
		pick(t, ctx, "sim-kind", "acap")
		pick(t, ctx, "sim-crawler", "any")
		setField(t, ctx, "sim-urls", strings.Join(urls, "\n"))
		deadline := time.Now().Add(10 * time.Second)
		f := policy.MustParse(tt.text)
		other, ok := f.OtherCrawler()
		if !ok {
			t.Fatalf("%s: no free crawler name", tt.name)
		}
		w := fmt.Sprint(want(f, policy.Question{Crawler: other}, urls))
		var got string
		for time.Now().Before(deadline) {
			if eval[bool](t, ctx, `document.documentElement.dataset.stopped === "1"`) {
				t.Fatalf("%s: the workbench stopped", tt.name)
			}
			if got = fmt.Sprint(cells(t, ctx)); got == w {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		if got != w {
			t.Errorf("%s: any other crawler (%q):\n got %v\nwant %v", tt.name, other, got, w)
		}
	}
}

// TestGuardKeepsTextWhenGoStops stops the Go program through the test
// hook, as a panic would, types, reloads, and finds the text.
func TestGuardKeepsTextWhenGoStops(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	clearStorage(t, ctx)
	eval[bool](t, ctx, `localStorage.setItem("acap-workbench:v1:test-hooks", "1"), true`)
	reloadPage(t, ctx)
	setText(t, ctx, "User-agent: *\nDisallow: /saved-by-go/\n")
	waitJS(t, ctx, `(localStorage.getItem("acap-workbench:v1:doc") || "").includes("/saved-by-go/")`, 10*time.Second)

	eval2(ctx, `workbenchTestPanic()`)
	waitJS(t, ctx, `document.documentElement.dataset.stopped === "1"`, 5*time.Second)
	msg := eval[string](t, ctx, `document.getElementById("workbench-stopped").textContent`)
	if !strings.Contains(msg, "The workbench stopped: your text is kept; reload to continue.") {
		t.Errorf("banner = %q", msg)
	}
	// Typed after the Go side stopped: only the guard sees it.
	typed := "User-agent: *\nDisallow: /saved-by-go/\nDisallow: /typed-after-the-stop/\n"
	eval[bool](t, ctx, `(() => { const ta = document.getElementById("editor-input");
		ta.value = `+jsString(typed)+`; ta.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
	if doc := eval[string](t, ctx, `localStorage.getItem("acap-workbench:v1:doc")`); strings.Contains(doc, "/typed-after-the-stop/") {
		t.Fatal("test premise: the Go side saved after it stopped")
	}
	screenshot(t, ctx, "guard-stopped")

	eval[bool](t, ctx, `localStorage.removeItem("acap-workbench:v1:test-hooks"), true`)
	reloadPage(t, ctx)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != typed {
		t.Errorf("after the reload the editor shows %q, want the text typed after the stop", got)
	}
	tabs := eval[[]string](t, ctx, `[...document.querySelectorAll("#tabs [role=tab]")].map(b => b.textContent)`)
	if len(tabs) != 2 || !strings.Contains(tabs[1], "robots (copy).txt") {
		t.Errorf("tabs = %q, want robots.txt and its copy", tabs)
	}
	if n := eval[string](t, ctx, `(document.getElementById("notice") || {}).textContent || ""`); !strings.Contains(n, "The workbench stopped last time") {
		t.Errorf("notice = %q", n)
	}
	if v := eval[bool](t, ctx, `localStorage.getItem("acap-workbench:v1:rescued") === null`); !v {
		t.Error("the rescued text is still stored after it was taken")
	}
	screenshot(t, ctx, "guard-restored")
}

// TestOpenUTF16AndAfterRefusal: a refused file's message goes when the
// next file opens; a UTF-16 file is shown decoded, with a message saying
// that crawlers read robots.txt as UTF-8 and what its bytes are to them.
func TestOpenUTF16AndAfterRefusal(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	clearStorage(t, ctx)
	reloadPage(t, ctx)
	notice := func() string {
		return eval[string](t, ctx, `(document.getElementById("notice") || {}).textContent || ""`)
	}

	giveFile(t, ctx, `new File([new Uint8Array([0x89,0x50,0x4e,0x47,0x0d,0x0a,0x1a,0x0a,0,0,0,0x0d,0x49,0x48,0x44,0x52,0,0,0,1])], "logo.png", {type: "image/png"})`)
	waitJS(t, ctx, `(document.getElementById("notice") || {}).textContent?.includes("“logo.png” is not a text file") === true`, 5*time.Second)
	openViaInput(t, ctx, "next-robots.txt", "User-agent: *\nDisallow: /next/\n")
	if n := notice(); strings.Contains(n, "logo.png") {
		t.Errorf("the refusal of logo.png is still shown over the next file: %q", n)
	}

	// "User-agent: *\nDisallow: /u16/\n" as UTF-16 little-endian with its
	// byte order mark, as Windows' Notepad writes "Unicode".
	giveFile(t, ctx, `new File([new Uint8Array([0xFF, 0xFE, ...[..."User-agent: *\nDisallow: /u16/\n"].flatMap(c => [c.charCodeAt(0), 0])])], "robots-utf16.txt", {type: "text/plain"})`)
	waitJS(t, ctx, `document.getElementById("editor-input").value === "User-agent: *\nDisallow: /u16/\n" || document.getElementById("confirm-replace") !== null`, 10*time.Second)
	eval[bool](t, ctx, `(b => (b && b.click(), true))(document.getElementById("confirm-replace"))`)
	waitJS(t, ctx, `document.getElementById("editor-input").value === "User-agent: *\nDisallow: /u16/\n"`, 10*time.Second)
	// The text is in the textarea at once; the message is drawn with the
	// page's next update.
	waitJS(t, ctx, `(document.getElementById("notice") || {}).textContent?.includes("UTF-16") === true`, 5*time.Second)
	n := notice()
	for _, part := range []string{"“robots-utf16.txt” is saved as UTF-16 (little-endian, with a byte order mark)", "Crawlers read robots.txt as UTF-8", "FF FE 55 00 73 00", "none of its 2 lines"} {
		if !strings.Contains(n, part) {
			t.Errorf("notice %q lacks %q", n, part)
		}
	}
	screenshot(t, ctx, "open-utf16")
	clearStorage(t, ctx)
}

// TestContentSecurityPolicy: the page carries its CSP right after <meta
// charset>, and what the CSP refuses is recorded (each browser test then
// finds nothing recorded when it ends).
func TestContentSecurityPolicy(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	head := eval[[]string](t, ctx, `[...document.head.children].slice(0, 2).map(e => e.outerHTML)`)
	if len(head) != 2 || !strings.HasPrefix(head[0], `<meta charset=`) || !strings.Contains(head[1], `http-equiv="Content-Security-Policy"`) ||
		!strings.Contains(head[1], "script-src 'self' 'wasm-unsafe-eval'") {
		t.Fatalf("the head starts %q", head)
	}
	// An inline script and an image from elsewhere are refused.
	eval[bool](t, ctx, `document.body.insertAdjacentHTML("beforeend", '<img id="csp-probe" src="https://example.invalid/x.png">'), true`)
	waitJS(t, ctx, `window.__cspViolations.some(v => v.startsWith("img-src"))`, 5*time.Second)
	eval[bool](t, ctx, `(() => { const s = document.createElement("script"); s.textContent = "window.__ran = 1"; document.body.append(s); return true })()`)
	waitJS(t, ctx, `window.__cspViolations.some(v => v.startsWith("script-src"))`, 5*time.Second)
	if eval[bool](t, ctx, `window.__ran === 1`) {
		t.Error("an inline script ran")
	}
	eval[bool](t, ctx, `document.getElementById("csp-probe").remove(), window.__cspViolations = [], true`)
}
