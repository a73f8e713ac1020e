//go:build e2e && !js

package e2e

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// wasmMemory is the size in bytes of the page's WebAssembly memory: the Go
// program's whole heap, stacks and data. A WebAssembly memory only grows,
// so it is also the most the program has held since the page opened. It
// is read through the DevTools protocol (every WebAssembly.Memory object
// of the page), not through a hook of the app's.
func wasmMemory(t *testing.T, ctx context.Context) int {
	t.Helper()
	fail := func(err error) { t.Fatalf("reading the page's WebAssembly memory: %v", err) }
	proto, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: "WebAssembly.Memory.prototype"})
	if err != nil || proto.Result == nil {
		fail(err)
	}
	objs, err := chromedp.Call(ctx, runtime.QueryObjects, runtime.QueryObjectsParams{PrototypeObjectID: proto.Result.ObjectID})
	if err != nil || objs.Objects == nil {
		fail(err)
	}
	byValue := true
	res, err := chromedp.Call(ctx, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
		FunctionDeclaration: `function() { return this.reduce((n, m) => n + m.buffer.byteLength, 0) }`,
		ObjectID:            objs.Objects.ObjectID, ReturnByValue: &byValue})
	if err != nil || res.Result == nil {
		fail(err)
	}
	var size int
	if _, err := fmt.Sscan(string(res.Result.Value), &size); err != nil {
		fail(err)
	}
	return size
}

// manyAgents is the converter's heaviest stand-in for memory (the policy
// package's benchmark of the same shape): one group of 120 agents and 640
// rules, plain prefixes and wildcard rules that overlap them.
func manyAgents() string {
	r := rand.New(rand.NewSource(120))
	var b strings.Builder
	for k := 0; k < 120; k++ {
		fmt.Fprintf(&b, "User-agent: bot%d\n", k)
	}
	for k := 0; k < 640; k++ {
		if k%2 == 0 {
			fmt.Fprintf(&b, "Allow: /d%d/\n", k)
		} else {
			fmt.Fprintf(&b, "Disallow: /*%s%d\n", []string{"?q=", ".pdf", "?s="}[r.Intn(3)], k%7)
		}
	}
	return b.String()
}

// TestConvertTenTimesMemory converts the same file ten times in a row,
// each time to the end of the proof's bounds (Keep checking whenever the
// page asks), and checks that the page's WebAssembly memory stays under
// 512 MB: each conversion's memory must be reused by the next. It prints
// the memory after each conversion, and the longest frame during the
// proofs.
func TestConvertTenTimesMemory(t *testing.T) {
	const limit = 512 << 20
	for _, tc := range []struct{ name, text string }{
		{"120 agents, 640 rules", manyAgents()},
		{"www.science.org.txt", corpus2026(t, "www.science.org.txt")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newTab(t)
			openSim(t, ctx, tc.text)
			click(t, ctx, `#conv-toggle`)
			start := wasmMemory(t, ctx)
			var sizes []string
			peak := start
			eval[bool](t, ctx, frameJS)
			for i := 0; i < 10; i++ {
				click(t, ctx, `#conv-run`)
				for {
					waitJS(t, ctx, `document.getElementById("conv-keep") !== null || (document.getElementById("conv-report") !== null && !document.getElementById("conv-run").disabled)`, 300*time.Second)
					if !eval[bool](t, ctx, `document.getElementById("conv-keep") !== null`) {
						break
					}
					click(t, ctx, `#conv-keep`)
				}
				m := wasmMemory(t, ctx)
				peak = max(peak, m)
				sizes = append(sizes, fmt.Sprintf("%.0f", float64(m)/(1<<20)))
			}
			verdict := eval[string](t, ctx, `document.getElementById("conv-verdict").textContent`)
			long, n := proofFrames(t, ctx)
			t.Logf("BENCH convert ten times (%s): WebAssembly memory %.0f MB before, after each: %s MB (limit 512 MB); verdict %q; longest frame during the proofs %.0f ms of %d frames (target 200 ms)",
				tc.name, float64(start)/(1<<20), strings.Join(sizes, ", "), verdict, long, n)
			if peak > limit {
				t.Errorf("the page's WebAssembly memory reached %d MB converting ten times (limit 512 MB)", peak>>20)
			}
		})
	}
}
