//go:build e2e && !js

package e2e

import (
	"strings"
	"testing"
)

// TestConverterWords converts three files in the page and reads the
// report as a publisher does: a one-line verdict, what to do next, the
// crawlers left unchecked on request, the paths where the answers differ
// with why, and Apply drawn as a warning unless the answers are the same.
func TestConverterWords(t *testing.T) {
	cases := []struct {
		name, src string
		verdict   string
		next      []string
		whyAll    string // every witness row's last cell holds it ("" for none)
		unchecked bool   // the unchecked crawlers are listed in a <details>
		risky     bool
	}{
		{"same", "User-agent: *\nDisallow: /1\n", "Same answers on every path",
			[]string{"apply it, then download it"}, "", false, false},
		{"different", "User-agent: googlebot\nDisallow: /*.doc$\nAllow: /*?print\n\nUser-agent: *\nDisallow: /*.doc$\nAllow: /*?print\n", "Different answers",
			[]string{"and the converter could not give your answers back there", "There may be more such paths for googlebot and crawlers your file does not name: the check stopped at the first ones it found."},
			"Both rules begin with *", false, true},
		{"unchecked", hardToProve(), "Not checked",
			[]string{"nothing is known about how those crawlers would read the new file", "ask the paths that matter to you in the simulator"},
			"", true, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newTab(t)
			openSim(t, ctx, tc.src)
			click(t, ctx, `#conv-toggle`)
			click(t, ctx, `#conv-run`)
			waitReport(t, ctx)
			verdict := eval[string](t, ctx, `document.getElementById("conv-verdict").textContent`)
			if !strings.HasPrefix(verdict, tc.verdict) {
				t.Errorf("verdict %q, want it to begin %q", verdict, tc.verdict)
			}
			next := eval[string](t, ctx, `document.querySelector(".conv-next").textContent`)
			if !strings.HasPrefix(next, "Next: ") {
				t.Errorf("no next step: %q", next)
			}
			for _, w := range tc.next {
				if !strings.Contains(next, w) {
					t.Errorf("next step %q lacks %q", next, w)
				}
			}
			for _, jargon := range []string{"not restored", "Nothing is claimed", "Proved equivalent", ", crawlers the file does not name the check"} {
				if body := eval[string](t, ctx, `document.getElementById("conv-out").textContent`); strings.Contains(body, jargon) {
					t.Errorf("the report still says %q", jargon)
				}
			}
			whys := eval[[]string](t, ctx, `[...document.querySelectorAll(".conv-diffs tbody tr td:last-child")].map(td => td.textContent)`)
			found := false
			for _, w := range whys {
				found = found || strings.Contains(w, tc.whyAll)
				if !strings.Contains(w, "no line can change it") && !strings.Contains(w, "decide by hand") && !strings.Contains(w, "limit of") {
					t.Errorf("witness says %q, which is not a reason in words", w)
				}
			}
			if tc.whyAll != "" && !found {
				t.Errorf("no witness says %q: %q", tc.whyAll, whys)
			}
			if got := eval[bool](t, ctx, `!!document.querySelector("details.conv-names li")`); got != tc.unchecked {
				t.Errorf("unchecked crawlers listed: %v, want %v", got, tc.unchecked)
			}
			apply := eval[[]string](t, ctx, `(() => { const b = document.getElementById("conv-apply"), s = getComputedStyle(b);
				return [b.textContent, b.className, s.borderTopStyle, b.getAttribute("aria-describedby") || ""] })()`)
			if tc.risky {
				if apply[0] != "⚠ Apply anyway" || !strings.Contains(apply[1], "conv-risk") || apply[2] != "dashed" || apply[3] != "conv-verdict" {
					t.Errorf("Apply is not drawn as a warning: %q", apply)
				}
			} else if apply[0] != "Apply to the file" || strings.Contains(apply[1], "conv-risk") || apply[2] == "dashed" {
				t.Errorf("Apply is drawn as a warning for the same answers: %q", apply)
			}
			eval[bool](t, ctx, `document.getElementById("conv-report").scrollIntoView(), true`)
			screenshot(t, ctx, "converter-words-"+tc.name)
		})
	}
}
