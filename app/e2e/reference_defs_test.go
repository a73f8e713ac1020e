//go:build e2e && !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/acap-workbench/workbench/policy"
)

// TestReferencedFileSeesDefinitions opens a file that robots.txt refers to
// and uses a qualified usage defined in robots.txt: the problems list does
// not call it undefined (a name defined nowhere still is), before and
// after a reload, and the simulator reads the line with its qualifiers.
func TestReferencedFileSeesDefinitions(t *testing.T) {
	main := "##ACAP version=1.1\nACAP-qualified-usage: snip present-snippet max-length=20-words\nACAP-crawler: *\nACAP-permissions-reference: /acap-policy.txt\n"
	ref := "##ACAP version=1.1\nACAP-crawler: *\nACAP-allow-(snip): /news/\nACAP-allow-(nosuch): /x/\n"
	mf := policy.MustParse(main)
	rf, _ := policy.Parse("/acap-policy.txt", []byte(ref))
	a := policy.NewPolicy(mf, rf).Decide(policy.Question{Crawler: "X", URL: "/news/a", Usage: policy.UsagePresentSnippet})
	if !a.Allowed || len(a.Restrictions) != 1 || a.File != "/acap-policy.txt" {
		t.Fatalf("test premise: %+v\n%s", a, a.Trace)
	}
	ctx := newTab(t)
	openSim(t, ctx, main)
	setField(t, ctx, "sim-urls", "/news/a")
	click(t, ctx, `#tab-add`)
	waitJS(t, ctx, `document.querySelectorAll("#tabs [role=tab]").length === 2`, 5*time.Second)
	setText(t, ctx, ref)

	undefinedLines := func() []string {
		t.Helper()
		waitJS(t, ctx, `document.getElementById("problems").textContent.includes("(nosuch)")`, 5*time.Second)
		msgs := eval[[]string](t, ctx, `[...document.querySelectorAll("#problems .prob")].map(p => p.textContent)`)
		var out []string
		for _, m := range msgs {
			if strings.Contains(m, "is not defined") {
				out = append(out, m)
			}
		}
		return out
	}
	check := func(when string) {
		t.Helper()
		got := undefinedLines()
		if len(got) != 1 || !strings.Contains(got[0], "(nosuch)") {
			t.Errorf("%s: problems that say a name is undefined: %q; want only (nosuch)", when, got)
		}
	}
	check("after typing")
	waitJS(t, ctx, `document.querySelector('#sim-matrix tbody tr').textContent.includes("limits")`, 5*time.Second)
	screenshot(t, ctx, "workspace-referenced-definitions")

	// Saved with the referenced file shown: the reload checks it the same way.
	waitJS(t, ctx, `(localStorage.getItem("acap-workbench:v1:workspace") || "").includes("nosuch")`, 3*time.Second)
	reloadPage(t, ctx)
	waitJS(t, ctx, `document.getElementById("tab-1").getAttribute("aria-selected") === "true"`, 5*time.Second)
	check("after a reload")
	// Back and forth between the tabs.
	click(t, ctx, `#tab-0`)
	click(t, ctx, `#tab-1`)
	check("after switching tabs")
	clearStorage(t, ctx)
}
