//go:build e2e && !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// With SWEEP_PROFILE set, the sweep records a CPU profile of each step and
// prints where the longest busy stretch of the page went: the functions
// on the stack in that stretch, by the share of its samples. Function
// names need a wasm built without -s (the Makefile's wasm target with
// -ldflags=-w only).

func profiling() bool { return os.Getenv("SWEEP_PROFILE") != "" }

func profileStart(ctx context.Context) error {
	if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
		return err
	}
	if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 500}); err != nil {
		return err
	}
	_, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{})
	return err
}

// profileStop stops the profile and describes its longest busy stretch.
func profileStop(ctx context.Context) string {
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil || res.Profile == nil {
		return fmt.Sprint("no profile: ", err)
	}
	return longestStretch(res.Profile)
}

// longestStretch finds the longest run of samples that are not idle and
// counts, per function, the samples of that run with it on the stack.
func longestStretch(p *profiler.Profile) string {
	parent := map[int64]int64{}
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	idle := func(id int64) bool {
		n := byID[id]
		if n == nil || n.CallFrame == nil {
			return true
		}
		f := n.CallFrame.FunctionName
		return f == "(idle)"
	}
	bestA, bestB, bestMs := 0, 0, 0.0
	a, ms := -1, 0.0
	for i, s := range p.Samples {
		d := 0.0
		if i+1 < len(p.TimeDeltas) {
			d = float64(p.TimeDeltas[i+1]) / 1000
		}
		if idle(s) {
			a, ms = -1, 0
			continue
		}
		if a < 0 {
			a = i
		}
		ms += d
		if ms > bestMs {
			bestA, bestB, bestMs = a, i+1, ms
		}
	}
	counts := map[string]int{}
	for _, s := range p.Samples[bestA:bestB] {
		seen := map[string]bool{}
		for id := s; ; {
			n := byID[id]
			if n == nil {
				break
			}
			name := n.CallFrame.FunctionName
			if name == "" {
				name = "(anonymous) " + n.CallFrame.URL
			}
			if !seen[name] {
				seen[name] = true
				counts[name]++
			}
			pid, ok := parent[id]
			if !ok {
				break
			}
			id = pid
		}
	}
	type kv struct {
		k string
		v int
	}
	var all []kv
	for k, v := range counts {
		all = append(all, kv{k, v})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].v > all[j].v || all[i].v == all[j].v && all[i].k < all[j].k })
	n := bestB - bestA
	var b strings.Builder
	fmt.Fprintf(&b, "longest busy stretch %.0f ms (%d samples):", bestMs, n)
	for i, e := range all {
		if i == 45 {
			break
		}
		fmt.Fprintf(&b, "\n    %3d%% %s", e.v*100/max(1, n), e.k)
	}
	return b.String()
}
