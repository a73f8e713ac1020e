//go:build e2e && !js

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/acap-workbench/workbench/policy"
)

// TestProblemsReadAsGoogleDoes checks what a publisher sees in the problems
// list for files that Google's parser reads in its own way (READING.md §8):
// an HTML error page served as robots.txt gets one problem, not one per
// line, and a "User-agent: *Fetch*" group is said to name no crawler (the
// answers themselves are in the conformance cases s8-rfc-*).
func TestProblemsReadAsGoogleDoes(t *testing.T) {
	var page strings.Builder
	page.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head><title>Page not found</title>\n<style>\nbody { margin: 0 }\n</style></head>\n<body>\n")
	for i := 0; i < 150; i++ {
		fmt.Fprintf(&page, "<p>Line %d: nothing here.</p>\n", i)
	}
	page.WriteString("</body>\n</html>\n")
	ctx := newTab(t)
	openSim(t, ctx, page.String())
	waitJS(t, ctx, `document.querySelectorAll("#problems .prob").length === 1`, 10*time.Second)
	msg := eval[string](t, ctx, `document.querySelector("#problems .prob-msg").textContent`)
	if !strings.Contains(msg, "this is not a robots.txt") || !strings.Contains(msg, "crawls everything") {
		t.Errorf("the one problem says %q", msg)
	}
	screenshot(t, ctx, "problems-html-body")

	src := "User-agent: *Fetch*\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n"
	setText(t, ctx, src)
	waitSim(t, ctx)
	want := policy.CheckAll(policy.MustParse(src))
	waitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll("#problems .prob").length === %d`, len(want)), 10*time.Second)
	msgs := eval[[]string](t, ctx, `[...document.querySelectorAll("#problems .prob-msg")].map(m => m.textContent)`)
	found := false
	for _, m := range msgs {
		found = found || strings.Contains(m, "names no crawler")
	}
	if !found {
		t.Errorf("no problem says the *Fetch* group names no crawler: %q", msgs)
	}
	screenshot(t, ctx, "problems-star-fetch")
}
