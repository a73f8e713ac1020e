//go:build e2e && !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/acap-workbench/workbench/policy"
)

// The sweep opens real files as a publisher would and drives each panel:
// the simulator as any other crawler and as a crawler the file names in
// every kind, the converter and its Apply, today's signals and their
// Apply. For each file and step it records the longest gap between two
// frames and whether the Go program stopped. `make sweep` runs it over
// every corpus file (SWEEP=all); `make test` over a sample of 20.

// sweepFiles returns the corpus files to sweep: all of them with
// SWEEP=all, else 20 taken evenly from the sorted list, with the two real
// files whose crawler names stopped the workbench before.
func sweepFiles(t *testing.T) []string {
	t.Helper()
	all, _ := filepath.Glob(filepath.Join("..", "..", "policy", "testdata", "corpus", "*", "*.txt"))
	sort.Strings(all)
	if len(all) < 270 {
		t.Fatalf("found %d corpus files, want 270", len(all))
	}
	switch only := os.Getenv("SWEEP"); only {
	case "all":
		return all
	case "":
	default:
		var out []string
		for _, p := range all {
			if strings.Contains(filepath.Base(p), only) {
				out = append(out, p)
			}
		}
		return out
	}
	var out []string
	for i := 0; i < 18; i++ {
		out = append(out, all[i*len(all)/18])
	}
	for _, p := range all {
		if strings.HasSuffix(p, "/wyborcza.pl.txt") || strings.HasSuffix(p, "/www.wysokieobcasy.pl.txt") {
			out = append(out, p)
		}
	}
	return out
}

// sweepSettle is how long the sweep waits after the page has started
// before it opens the file: 3 s, or SWEEP_WAIT. For about that long after
// start-up the browser still compiles the program on its other threads,
// which on 2 cores doubles the first open's frames (elpais.com: 133–233 ms
// at once, 83–117 ms after 3 s); a person takes longer than that to pick
// a file. SWEEP_WAIT=0 measures an open at once.
func sweepSettle() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("SWEEP_WAIT")); err == nil {
		return d
	}
	return 3 * time.Second
}

type sweepStep struct {
	file, step string
	longest    float64 // ms, the longest gap between frames
	work       float64 // ms, the most script, style and layout time of one frame
	layout     float64 // ms, the style and layout part of that frame
	err        string  // the Go program stopped, or the step did not end
}

// sweepStepRun runs one step: it starts recording frames, runs do, waits
// for done (a JavaScript condition), and returns the longest gap.
func sweepStepRun(ctx context.Context, do func() error, done string, limit time.Duration) (long, work, layout float64, _ string) {
	if _, err := eval2(ctx, frameJS+", "+loafJS); err != nil {
		return 0, 0, 0, "recording frames: " + err.Error()
	}
	if profiling() {
		if err := profileStart(ctx); err != nil {
			return 0, 0, 0, "profiling: " + err.Error()
		}
		defer func() { fmt.Println("PROFILE", profileStop(ctx)) }()
	}
	if err := do(); err != nil {
		return 0, 0, 0, err.Error()
	}
	deadline := time.Now().Add(limit)
	for {
		if v, err := eval2(ctx, `document.documentElement.dataset.stopped === "1"`); err == nil && v == "true" {
			return 0, 0, 0, "the workbench stopped (the Go program ended)"
		}
		if v, err := eval2(ctx, `!!(`+done+`)`); err == nil && v == "true" {
			break
		}
		if time.Now().After(deadline) {
			return 0, 0, 0, fmt.Sprintf("did not end within %v", limit)
		}
		time.Sleep(25 * time.Millisecond)
	}
	// Two more frames, so that the step's last frame is recorded.
	eval2(ctx, twoFramesJS)
	v, err := chromedp2floats(ctx, `(window.__stopFrames = true, (window.__frames || []).slice(1))`)
	if err != nil {
		return 0, 0, 0, err.Error()
	}
	for _, f := range v {
		long = max(long, f)
	}
	// The frame's own work, apart from the time the page waited for the
	// processor on a loaded machine: script, then style and layout.
	parts, _ := chromedp2floats(ctx, `window.__loafParts.flatMap(p => [p[1], p[2]])`)
	if os.Getenv("SWEEP_LOAF") != "" {
		s, _ := eval2(ctx, `JSON.stringify(window.__loafParts.map(p => p.map(Math.round)))`)
		fmt.Println("LOAF", s)
	}
	for i := 0; i+1 < len(parts); i += 2 {
		if w := parts[i] + parts[i+1]; w > work {
			work, layout = w, parts[i+1]
		}
	}
	return long, work, layout, ""
}

func chromedp2floats(ctx context.Context, js string) ([]float64, error) {
	s, err := eval2(ctx, `JSON.stringify(`+js+`)`)
	if err != nil {
		return nil, err
	}
	var out []float64
	for _, f := range strings.Split(strings.Trim(s, "[]"), ",") {
		if v, err := strconv.ParseFloat(strings.TrimSpace(f), 64); err == nil {
			out = append(out, v)
		}
	}
	return out, nil
}

func TestSweep(t *testing.T) {
	files := sweepFiles(t)
	var steps []sweepStep
	var gc sweepGC
	for _, p := range files {
		// One subtest a file, so that its tab closes before the next file
		// opens: twenty tabs each holding a Go program starve the browser.
		t.Run(filepath.Base(p), func(t *testing.T) {
			steps = append(steps, sweepFile(t, p, &gc)...)
		})
	}
	var gaps, works []float64
	worst := sweepStep{}
	for _, s := range steps {
		if s.err != "" {
			t.Errorf("%s, %s: %s", s.file, s.step, s.err)
			continue
		}
		gaps = append(gaps, s.longest)
		works = append(works, s.work)
		if s.longest > worst.longest {
			worst = s
		}
	}
	sort.Float64s(gaps)
	sort.Float64s(works)
	q := func(v []float64, p float64) float64 {
		if len(v) == 0 {
			return 0
		}
		return v[min(len(v)-1, int(p*float64(len(v))))]
	}
	t.Logf("BENCH sweep: %d files, %d steps; longest frame per step: median %.0f ms, p95 %.0f ms, max %.0f ms (%s, %s)",
		len(files), len(steps), q(gaps, 0.5), q(gaps, 0.95), worst.longest, worst.file, worst.step)
	t.Logf("BENCH sweep: script, style and layout of the longest animation frame per step: median %.0f ms, p95 %.0f ms, max %.0f ms",
		q(works, 0.5), q(works, 0.95), q(works, 1))
	sweepByStep(t, steps)
	t.Logf("BENCH sweep: the frame queue's collections (app/ui/frames.go): %d, the longest %.0f ms (%s)", gc.n, gc.longest, gc.file)
	for _, s := range steps {
		if s.longest > 100 {
			t.Logf("over 100 ms: %s, %s: %.0f ms (script %.0f ms, style and layout %.0f ms)", s.file, s.step, s.longest, s.work-s.layout, s.layout)
		}
	}
	// It fails on what a person cannot work around (the Go program
	// stopped, a step that never ends); frames are figures, printed: on a
	// busy 2-core machine they vary tenfold.
}

// sweepFile opens one file in a fresh tab and runs every step on it.
func sweepFile(t *testing.T, path string, gc *sweepGC) []sweepStep {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Base(path)
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	clearStorage(t, ctx)
	reloadPage(t, ctx)
	time.Sleep(sweepSettle())
	defer gc.read(ctx, name)
	var out []sweepStep
	add := func(step string, do func() error, done string, limit time.Duration) bool {
		long, work, layout, err := sweepStepRun(ctx, do, done, limit)
		out = append(out, sweepStep{name, step, long, work, layout, err})
		return err == ""
	}
	run := func(js string) func() error {
		return func() error { _, err := eval2(ctx, js); return err }
	}
	text := string(src)
	fileJS := fmt.Sprintf(`new File([%s], %s, {type: "text/plain"})`, jsString(text), jsString(name))
	openFile := func() error {
		_, err := eval2(ctx, `(() => { window.__wbSimTimings = null; const dt = new DataTransfer(); dt.items.add(`+fileJS+`);
			const inp = document.getElementById("file-input"); inp.files = dt.files;
			inp.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
		return err
	}
	if !add("open", openFile, `document.getElementById("file-name").value === `+jsString(name)+` && window.__wbSimTimings !== null`, 60*time.Second) {
		return out
	}
	f, _ := policy.Parse(name, src)
	for _, k := range policy.Kinds() {
		ask := func(crawler string) func() error {
			return run(`window.__wbSimTimings = null;
				(s => { s.value = ` + jsString(k.String()) + `; s.dispatchEvent(new Event("change", {bubbles: true})) })(document.getElementById("sim-kind"));
				(s => { s.value = ` + jsString(crawler) + `; s.dispatchEvent(new Event("change", {bubbles: true})) })(document.getElementById("sim-crawler")); true`)
		}
		if !add("any other crawler, "+k.String(), ask("any"), `window.__wbSimTimings !== null`, 60*time.Second) {
			return out
		}
		if n := f.FittingCrawler(k); n != "" {
			if !add("named crawler, "+k.String(), ask("n:"+n), `window.__wbSimTimings !== null`, 60*time.Second) {
				return out
			}
		}
	}
	before := `document.getElementById("editor-input").value.length`
	// The signals panel works in tasks after the paint (aria-busy until
	// done): a step ends when it has done all its work.
	settled := ` && document.querySelector(".wk-signals[aria-busy=true], #wk-keep[aria-busy=true]") === null`
	// Past its time cap the converter asks whether to keep checking: the
	// sweep answers "Stop here", as a person in a hurry would.
	if !add("convert", run(`(b => b.getAttribute("aria-expanded") !== "true" && b.click())(document.getElementById("conv-toggle")), document.getElementById("conv-run").click(), true`),
		`(b => b && b.click())(document.getElementById("conv-stop")), `+convReadyJS, 120*time.Second) {
		return out
	}
	if !add("apply the conversion", run(`window.__len = `+before+`, document.getElementById("conv-apply").click(), true`),
		`(document.getElementById("editor-input").value.length !== window.__len || document.getElementById("conv-undo").disabled === false)`+settled, 60*time.Second) {
		return out
	}
	add("today's signals", run(`document.getElementById("ptab-signals").click(), true`),
		`document.querySelector("#panel-signals .wk-signals") !== null`+settled, 60*time.Second)
	if v, _ := eval2(ctx, `(b => !!b && !b.disabled)(document.getElementById("wk-sig-apply"))`); v == "true" {
		add("apply today's signals", run(`window.__len = `+before+`, document.getElementById("wk-sig-apply").click(), true`),
			`(document.getElementById("editor-input").value.length !== window.__len || document.getElementById("wk-sig-apply").disabled)`+settled, 60*time.Second)
	}
	return out
}

// sweepGC sums the collections the page's frame queue ran in frames of
// their own (window.__wbCollections) over the files.
type sweepGC struct {
	n       int
	longest float64
	file    string
}

func (g *sweepGC) read(ctx context.Context, file string) {
	v, err := chromedp2floats(ctx, `window.__wbCollections || [0, 0]`)
	if err != nil || len(v) != 2 {
		return
	}
	g.n += int(v[0])
	if v[1] > g.longest {
		g.longest, g.file = v[1], file
	}
}

// sweepByStep prints, per kind of step (the simulator's questions taken
// together), the median and the longest frame over the files, and where.
func sweepByStep(t *testing.T, steps []sweepStep) {
	kinds := map[string][]sweepStep{}
	var order []string
	for _, s := range steps {
		k := s.step
		if strings.HasPrefix(k, "any other crawler") || strings.HasPrefix(k, "named crawler") {
			k = "simulate"
		}
		if s.err != "" {
			continue
		}
		if kinds[k] == nil {
			order = append(order, k)
		}
		kinds[k] = append(kinds[k], s)
	}
	for _, k := range order {
		ss := kinds[k]
		sort.Slice(ss, func(i, j int) bool { return ss[i].longest < ss[j].longest })
		w := ss[len(ss)-1]
		t.Logf("BENCH sweep step %s: %d runs, longest frame median %.0f ms, max %.0f ms (%s)", k, len(ss), ss[len(ss)/2].longest, w.longest, w.file)
	}
}
