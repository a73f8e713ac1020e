//go:build e2e && !js

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// giveFile gives the Open… input the File object a JavaScript expression
// makes, as choosing it in the file dialog does.
func giveFile(t *testing.T, ctx context.Context, fileJS string) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const dt = new DataTransfer(); dt.items.add(`+fileJS+`);
		const inp = document.getElementById("file-input"); inp.files = dt.files;
		inp.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
}

// openViaInput opens a file through the file input, as the Open… button
// does, and waits until the editor shows it.
func openViaInput(t *testing.T, ctx context.Context, name, text string) {
	t.Helper()
	giveFile(t, ctx, fmt.Sprintf(`new File([%s], %s, {type: "text/plain"})`, jsString(text), jsString(name)))
	// Over changes that were not downloaded, the app asks first.
	waitJS(t, ctx, `document.getElementById("file-name").value === `+jsString(name)+` || document.getElementById("confirm-replace") !== null`, 20*time.Second)
	eval[bool](t, ctx, `(b => (b && b.click(), true))(document.getElementById("confirm-replace"))`)
	waitJS(t, ctx, `document.getElementById("file-name").value === `+jsString(name), 20*time.Second)
}

// simAsks returns the simulator's kind and crawler choices.
func simAsks(t *testing.T, ctx context.Context) (kind, crawler string) {
	t.Helper()
	v := eval[[]string](t, ctx, `[document.getElementById("sim-kind").value, document.getElementById("sim-crawler").value]`)
	return v[0], v[1]
}

// TestDefaultsFitTheFile: a file opens in the reading it is written for,
// asked as a crawler it names (the BBC's 2026 file: RFC 9309, amazonbot;
// a Content-Signal file: today's crawlers; an ACAP file: an ACAP crawler),
// "URLs from this file" gives its own paths, and once the user chooses,
// the choice is kept, across a reload and other files.
func TestDefaultsFitTheFile(t *testing.T) {
	ctx := startFresh(t)
	bbc := corpus2026(t, "www.bbc.com.txt")
	steps := []struct {
		name, text    string
		kind, crawler string
	}{
		{"www.bbc.com.txt", bbc, "rfc9309", "n:amazonbot"},
		{"davidguetta.com.txt", corpus2026(t, "davidguetta.com.txt"), "today", ""},
		{"acap.txt", "User-agent: *\nDisallow: /x/\n\nACAP-crawler: NewsBot\nACAP-disallow-crawl: /x/\n", "acap", "n:NewsBot"},
		{"any.txt", "User-agent: *\nDisallow: /x/\n", "rfc9309", "any"},
	}
	for _, st := range steps {
		openViaInput(t, ctx, st.name, st.text)
		waitJS(t, ctx, `document.getElementById("sim-kind").value === `+jsString(st.kind), 5*time.Second)
		if st.crawler != "" {
			_ = waitJSErr(ctx, `document.getElementById("sim-crawler").value === `+jsString(st.crawler), 3*time.Second)
		} else {
			_ = waitJSErr(ctx, `document.getElementById("sim-crawler").value.startsWith("n:")`, 3*time.Second)
		}
		kind, crawler := simAsks(t, ctx)
		if kind != st.kind || (st.crawler != "" && crawler != st.crawler) || crawler == "custom" {
			t.Errorf("%s opens as kind %q, crawler %q; want %q, %q", st.name, kind, crawler, st.kind, st.crawler)
		}
		if st.crawler == "" && (crawler == "any" || !strings.HasPrefix(crawler, "n:")) {
			t.Errorf("%s opens as %q: not a crawler the file names", st.name, crawler)
		}
	}
	// Pasting a whole file over the text is opening it too.
	pasted := "ACAP-crawler: PasteBot\nACAP-disallow-crawl: /p/\n"
	eval[bool](t, ctx, `(() => { const ta = document.getElementById("editor-input"); ta.focus(); ta.select();
		const dt = new DataTransfer(); dt.setData("text/plain", `+jsString(pasted)+`);
		ta.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true}));
		ta.value = `+jsString(pasted)+`; ta.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
	if err := waitJSErr(ctx, `document.getElementById("sim-kind").value === "acap" && document.getElementById("sim-crawler").value === "n:PasteBot"`, 5*time.Second); err != nil {
		kind, crawler := simAsks(t, ctx)
		t.Fatalf("after pasting a whole ACAP file the simulator asks as %q, %q", kind, crawler)
	}
	// Typing does not move the defaults.
	typeLine(t, ctx, "User-agent: TypedBot")
	time.Sleep(700 * time.Millisecond) // past the autosave: a negative check (a slow machine only makes it pass later)
	if kind, crawler := simAsks(t, ctx); kind != "acap" || crawler != "n:PasteBot" {
		t.Errorf("typing a line changed the simulator to %q, %q", kind, crawler)
	}

	// The BBC's file, with its own URLs: the state a publisher sees.
	openViaInput(t, ctx, "www.bbc.com.txt", bbc)
	// The simulator settles on the file's crawler first: its description,
	// drawn above the URLs, moves the button down (a click aimed before
	// that landed in the URLs' field).
	waitJS(t, ctx, `document.getElementById("sim-status").textContent.includes("amazonbot")`, 5*time.Second)
	waitPaint(t, ctx)
	click(t, ctx, "#sim-urls-fill")
	status := eval[string](t, ctx, `document.getElementById("sim-status").textContent`)
	if !strings.Contains(status, "RFC 9309") {
		t.Errorf("status = %q", status)
	}
	// The click fills the URLs in a task of its own: wait for it.
	_ = waitJSErr(ctx, `!document.getElementById("sim-urls").value.includes("/news/today.html")`, 5*time.Second)
	urls := eval[string](t, ctx, `document.getElementById("sim-urls").value`)
	if strings.Contains(urls, "/news/today.html") || !strings.HasPrefix(urls, "/\n") {
		t.Errorf("URLs from this file = %q", urls)
	}
	screenshot(t, ctx, "defaults-bbc-2026")

	// The user's choice wins, and is kept.
	pick(t, ctx, "sim-kind", "draft1996")
	waitJS(t, ctx, `(localStorage.getItem("acap-workbench:v1:workspace") || "").includes('"chosen":true')`, 5*time.Second)
	openViaInput(t, ctx, "acap.txt", steps[2].text)
	time.Sleep(300 * time.Millisecond) // a fit would be scheduled by now
	if kind, _ := simAsks(t, ctx); kind != "draft1996" {
		t.Errorf("after the user chose draft1996, opening a file set the kind to %q", kind)
	}
	reloadPage(t, ctx)
	openViaInput(t, ctx, "davidguetta.com.txt", steps[1].text)
	time.Sleep(300 * time.Millisecond)
	if kind, _ := simAsks(t, ctx); kind != "draft1996" {
		t.Errorf("after a reload, the chosen kind became %q", kind)
	}
}
