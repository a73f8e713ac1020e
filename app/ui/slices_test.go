package ui

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/app/help"
	"github.com/acap-workbench/workbench/policy"
)

// corpusSample returns every step-th corpus file, sorted.
func corpusSample(t *testing.T, step int) []string {
	t.Helper()
	all, _ := filepath.Glob(filepath.Join("..", "..", "policy", "testdata", "corpus", "*", "*.txt"))
	sort.Strings(all)
	if len(all) < 270 {
		t.Fatalf("found %d corpus files, want 270", len(all))
	}
	var out []string
	for i := 0; i < len(all); i += step {
		out = append(out, all[i])
	}
	return out
}

func parseCorpusFile(t *testing.T, path string) *policy.File {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := policy.Parse(filepath.Base(path), src)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// fakeClock advances by one ms each time it is read, so a slice of n ms
// answers at most n cells, whatever the machine.
func fakeClock() func() float64 {
	t := 0.0
	return func() float64 { t++; return t }
}

// runAll runs a slicer to the end in slices of ms, giving it more budget
// whenever it stops; it returns how many slices ran and how often it
// stopped.
func runAll(t *testing.T, s *slicer, ms float64, limit int, budget float64) (slices, stops int) {
	t.Helper()
	now := fakeClock()
	for !s.finished() {
		before, preparing := s.done, s.prepare != nil
		s.run(now, ms, limit)
		slices++
		if s.stopped() {
			stops++
			s.more(budget)
		}
		if s.done == before && !s.stopped() && !preparing {
			t.Fatalf("a slice answered nothing (done %d of %d)", s.done, s.total)
		}
		if slices > 10*s.total+10 {
			t.Fatal("the slices do not end")
		}
	}
	return slices, stops
}

// TestSlicesGiveTheWholeMatrix: the matrix answered in slices (a few cells
// each, stopping for its budget and continued) is the matrix of one whole
// pass (Policy.Matrix), explanations included, for every kind, on a sample
// of the corpus, with the file's own sample paths and the crawlers it names.
func TestSlicesGiveTheWholeMatrix(t *testing.T) {
	for _, path := range corpusSample(t, 9) {
		f := parseCorpusFile(t, path)
		urls := append(f.SamplePaths(12), "/", "https://example.com/Private/x?q=1", "/robots.txt")
		crawlers := append(f.Crawlers(), otherCrawler(f))
		if len(crawlers) > 3 {
			crawlers = crawlers[:3]
		}
		for _, k := range policy.Kinds() {
			usages := policy.UsesOf(k)
			for _, c := range crawlers {
				q := policy.Question{Crawler: c, Kind: k}
				whole := policy.NewPolicy(f).Matrix(q, urls, usages, []policy.Kind{k})
				j := newMatrixJob(policy.NewPolicy(f), q, urls, usages, 7)
				slices, stops := runAll(t, &j.slicer, 3, len(urls)*len(usages), 7)
				if !reflect.DeepEqual(j.ans, whole) {
					t.Errorf("%s, %s, %s: the sliced matrix differs from one whole pass", filepath.Base(path), k, c)
				}
				if n := len(urls) * len(usages); slices < n/3 || stops < n/8 {
					t.Errorf("%s: %d cells in %d slices with %d stops: not sliced as asked", filepath.Base(path), n, slices, stops)
				}
			}
		}
	}
}

// TestSlicesGiveTheWholeBatch: the batch view answered in slices is
// Policy.Batch's answer for the whole group at once, and a limit of cells
// per slice is kept.
func TestSlicesGiveTheWholeBatch(t *testing.T) {
	for _, path := range corpusSample(t, 13) {
		f := parseCorpusFile(t, path)
		urls := append(f.SamplePaths(9), "/", "https://www.example.com/news/a.html")
		crawlers := append(f.Crawlers(), "GPTBot", "Googlebot", "CCBot", otherCrawler(f))
		for _, u := range policy.Categories() {
			q := policy.Question{Kind: policy.KindToday, Usage: policy.UsageCrawl, Category: u}
			whole := policy.NewPolicy(f).Batch(q, crawlers, urls, nil)
			got := make([]policy.Answer, len(crawlers)*len(urls))
			j := newBatchJob(policy.NewPolicy(f), q, crawlers, urls, got, 11)
			now := fakeClock()
			for !j.finished() {
				before := j.done
				j.run(now, 5, 4)
				if d := j.done - before; d > 4 || (d == 0 && !j.stopped()) {
					t.Fatalf("%s: a slice answered %d cells, want 1 to 4", filepath.Base(path), d)
				}
				if j.stopped() {
					j.more(11)
				}
			}
			if !reflect.DeepEqual(got, whole) {
				t.Errorf("%s, %s: the sliced batch differs from Policy.Batch", filepath.Base(path), u)
			}
		}
	}
}

// TestSlicerBudget: a table stops when its budget is spent, says how far
// it got, and goes on from there when given more; an empty table is done.
func TestSlicerBudget(t *testing.T) {
	var seen []int
	s := &slicer{total: 100, budget: 10, decide: func(i int) { seen = append(seen, i) }}
	now := fakeClock()
	for i := 0; i < 20 && !s.stopped(); i++ {
		s.run(now, 4, 100)
	}
	if !s.stopped() || s.finished() || s.done == 0 || s.done >= 20 {
		t.Fatalf("after its budget: done %d, stopped %v; want stopped early", s.done, s.stopped())
	}
	at := s.done
	s.run(now, 4, 100)
	if s.done != at {
		t.Errorf("a stopped table answered more cells (%d → %d)", at, s.done)
	}
	s.more(1000)
	for !s.finished() {
		s.run(now, 4, 100)
	}
	for i, v := range seen {
		if v != i {
			t.Fatalf("cell %d answered as %d: cells skipped or repeated", i, v)
		}
	}
	if len(seen) != 100 {
		t.Errorf("%d cells answered, want 100", len(seen))
	}
	empty := &slicer{budget: 1, decide: func(int) { t.Error("an empty table decided a cell") }}
	empty.run(now, 4, 10)
	if !empty.finished() || empty.stopped() {
		t.Error("an empty table is not finished")
	}
}

// TestSlicerPrepares: a table whose policy must first be prepared spends
// its first slices preparing, a call at a time until the slice's time is
// up, decides no cell before the preparation ends nor in a slice the
// preparation used up, counts the preparation in its budget, and then
// answers every cell in order.
func TestSlicerPrepares(t *testing.T) {
	for _, tc := range []struct {
		name           string
		calls          int     // calls until prepare reports true
		budget         float64 // ms
		wantPrepSlice  int     // slices that only prepare
		stopsPreparing bool
	}{
		{"no preparation", 0, 1000, 0, false},
		{"two slices of it", 9, 1000, 2, false},
		{"over the budget", 30, 10, 2, true},
	} {
		var seen []int
		left := tc.calls
		now := fakeClock()
		s := &slicer{total: 20, budget: tc.budget, decide: func(i int) {
			if left > 0 {
				t.Fatalf("%s: cell %d decided before the preparation ended", tc.name, i)
			}
			seen = append(seen, i)
		}}
		if tc.calls > 0 {
			s.prepare = func() bool { now(); left--; return left <= 0 }
		}
		prepSlices := 0
		for i := 0; i < 100 && !s.finished() && !s.stopped(); i++ {
			before := s.done
			s.run(now, 8, 100)
			if s.done == before {
				prepSlices++
			}
		}
		if prepSlices != tc.wantPrepSlice {
			t.Errorf("%s: %d slices answered no cell, want %d", tc.name, prepSlices, tc.wantPrepSlice)
		}
		if tc.stopsPreparing {
			if !s.stopped() || len(seen) != 0 || s.spent < tc.budget {
				t.Errorf("%s: stopped %v after %d cells and %.0f ms: want stopped while preparing", tc.name, s.stopped(), len(seen), s.spent)
			}
			continue
		}
		for i, v := range seen {
			if v != i {
				t.Fatalf("%s: cell %d answered as %d", tc.name, i, v)
			}
		}
		if len(seen) != 20 || left > 0 {
			t.Errorf("%s: %d cells answered, %d preparation calls left; want 20 and 0", tc.name, len(seen), left)
		}
	}
}

// TestHelpStatesSimulatorBudget: the help says the budgets of work the
// matrix and the batch view stop at.
func TestHelpStatesSimulatorBudget(t *testing.T) {
	want := []string{
		"The matrix works for at most " + strconv.Itoa(simWorkMs/1000) + " seconds",
		"for at most " + strconv.Itoa(batchWorkMs/1000) + " seconds",
		"Continue answers more",
		"about " + strconv.Itoa(prepareWork>>10) + " KB of rules at a time",
		"drawn about " + strconv.Itoa(matrixChunkCells) + " cells at a time",
	}
	var all strings.Builder
	for _, p := range help.Pages() {
		for _, s := range p.Sections {
			for _, para := range s.Paragraphs {
				all.WriteString(para + "\n")
			}
		}
	}
	for _, w := range want {
		if !strings.Contains(all.String(), w) {
			t.Errorf("the help does not say %q", w)
		}
	}
}
