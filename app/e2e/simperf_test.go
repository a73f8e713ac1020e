//go:build e2e && !js

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// simProbeJS changes the simulator's date (which recomputes the whole
// matrix) n times, alternating two days, and records per change: the time
// from the change event to the page updated and laid out, the time to the
// next painted frame, and the simulator's own work (decide + render).
const simProbeJS = `(async (n, id, a, b) => {
	const d = document.getElementById(id);
	const out = [];
	for (let i = 0; i < n; i++) {
		await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
		const t0 = performance.now();
		d.value = i % 2 ? a : b;
		d.dispatchEvent(new Event(id === "sim-date" ? "change" : "input", {bubbles: true}));
		document.body.getBoundingClientRect();
		document.querySelector("#sim-matrix tbody tr:last-child").offsetHeight;
		const t1 = performance.now();
		await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
		const tm = window.__wbSimTimings;
		out.push([t1 - t0, performance.now() - t0, tm[0] + tm[1] + tm[2], tm[1]]);
	}
	const med = i => out.map(x => x[i]).sort((a, b) => a - b)[Math.floor(out.length / 2)];
	return [med(0), med(1), med(2), med(3)];
})`

// TestSimulatorRecomputeSpeed measures 50 URLs × every usage recomputed and
// repainted, on a guide-sized file (at most 16 ms median, one frame) and on
// the 50 KiB benchmark file (at most 100 ms), and prints benchmark lines.
func TestSimulatorRecomputeSpeed(t *testing.T) {
	bench, err := os.ReadFile(filepath.Join(distDir, "..", "policy", "testdata", "bench", "bench_robots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	benchURLs, err := os.ReadFile(filepath.Join(distDir, "..", "policy", "testdata", "bench", "bench_urls.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var guideURLs []string
	for i := 0; i < 50; i++ {
		guideURLs = append(guideURLs, []string{"/news/", "/archive/", "/photos/", "/private/", "/search?q="}[i%5]+fmt.Sprintf("item-%d.html", i))
	}
	for _, tc := range []struct {
		name, file, crawler string
		urls                []string
		limit               float64
	}{
		{"guide", guideFile, "SearchBot1", guideURLs, 16},
		{"50KiB", string(bench), "FooBot", strings.Split(string(benchURLs), "\n")[:50], 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newTab(t)
			openSim(t, ctx, tc.file)
			setField(t, ctx, "sim-crawler-name", tc.crawler)
			setField(t, ctx, "sim-urls", strings.Join(tc.urls, "\n"))
			waitJS(t, ctx, `document.querySelectorAll("#sim-matrix tbody tr").length === 50`, 5*time.Second)
			if n := eval[int](t, ctx, `document.querySelectorAll("#sim-matrix button.cell").length`); n != 50*14 {
				t.Fatalf("%d cells, want 700", n)
			}
			// A new date: every cell recomputed, the changed ones redrawn.
			eval[[]float64](t, ctx, simProbeJS+`(5, "sim-date", "2008-06-01", "2009-06-01")`) // warm-up
			r := eval[[]float64](t, ctx, simProbeJS+`(31, "sim-date", "2008-06-01", "2009-06-01")`)
			fmt.Printf("BenchmarkSimulatorMatrix/%s\t31\t%.2f ms/op change-to-updated-layout\t%.2f ms/op change-to-next-paint\t%.2f ms/op simulator-work\t%.2f ms/op decide\n",
				tc.name, r[0], r[1], r[2], r[3])
			if r[0] > tc.limit {
				t.Errorf("median recompute and repaint %.2f ms on %s, want at most %.0f ms", r[0], tc.name, tc.limit)
			}
			// A URL edited: its row is renamed and its cells redrawn.
			urlsA := strings.Join(tc.urls, "\n")
			urlsB := "/changed\n" + strings.Join(tc.urls[1:], "\n")
			edit := eval[[]float64](t, ctx, simProbeJS+`(15, "sim-urls", `+jsString(urlsA)+`, `+jsString(urlsB)+`)`)
			fmt.Printf("BenchmarkSimulatorMatrix/%s-url-edited\t15\t%.2f ms/op change-to-updated-layout\t%.2f ms/op change-to-next-paint\t%.2f ms/op simulator-work\t%.2f ms/op decide\n",
				tc.name, edit[0], edit[1], edit[2], edit[3])
			if edit[0] > tc.limit {
				t.Errorf("median URL edit %.2f ms on %s, want at most %.0f ms", edit[0], tc.name, tc.limit)
			}
			// A URL added or removed: the whole table is drawn anew.
			urlsB = strings.Join(tc.urls[1:], "\n")
			full := eval[[]float64](t, ctx, simProbeJS+`(15, "sim-urls", `+jsString(urlsA)+`, `+jsString(urlsB)+`)`)
			fmt.Printf("BenchmarkSimulatorMatrix/%s-full-redraw\t15\t%.2f ms/op change-to-updated-layout\t%.2f ms/op change-to-next-paint\t%.2f ms/op simulator-work\t%.2f ms/op decide\n",
				tc.name, full[0], full[1], full[2], full[3])
			if full[0] > 100 {
				t.Errorf("median full redraw %.2f ms on %s, want at most 100 ms", full[0], tc.name)
			}
			// An edit of the file: parsed, checked and highlighted at once,
			// simulated after the pause (a new Policy, no caches).
			var work []float64
			for i := 0; i < 11; i++ {
				eval[bool](t, ctx, `(() => { const ta = document.getElementById("editor-input"); ta.value += "#"; ta.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
				waitSim(t, ctx)
				tm := eval[[]float64](t, ctx, `window.__wbSimTimings`)
				work = append(work, tm[0]+tm[1]+tm[2])
			}
			fmt.Printf("BenchmarkSimulatorAfterEdit/%s\t11\t%.2f ms/op simulator-work\n", tc.name, median(work))
			if m := median(work); m > tc.limit {
				t.Errorf("median simulation after an edit %.2f ms on %s, want at most %.0f ms", m, tc.name, tc.limit)
			}
		})
	}
}
