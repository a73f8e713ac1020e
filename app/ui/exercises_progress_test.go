package ui

import (
	"reflect"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestExerciseSolutionFlow walks an exercise as a participant does: the
// solution is offered only after a try, asked for, then shown as the
// change from their file; progress moves from new to tried to done; the
// next exercise is offered, and the last one says so.
func TestExerciseSolutionFlow(t *testing.T) {
	c := wkLoadedExercises(t)
	c.OnOpen = func(string, string, []string, string, string) {}
	i := 0
	ex := c.list()[i]
	c.Select(i)
	c.Text = ex.Robots
	steps := []struct {
		name     string
		do       func()
		progress string
		want     []string
		not      []string
	}{
		{"looked at", func() {}, ProgressNew,
			[]string{"The solution can be shown once you have tried", "Next exercise: " + c.list()[i+1].Title + " →"},
			[]string{"Show the solution…", "Show it"}},
		{"opened, not changed", func() { c.openStart(ex) }, ProgressNew,
			[]string{"The solution can be shown once you have tried"}, []string{"Show the solution…"}},
		{"tried", func() { c.SetText(ex.Robots + "# my try\n") }, ProgressTried,
			[]string{">Show the solution…</button>"}, []string{"Show it"}},
		{"asked", func() { c.askSolution = true }, ProgressTried,
			[]string{`role="alert"`, "Show the solution? Your own file stays as it is", ">Show it</button>", ">Not yet</button>"}, []string{"Show the solution…"}},
		{"shown", func() { c.askSolution, c.showSolution = false, true }, ProgressTried,
			[]string{">Solution</h3>", `aria-label="Changes from your file to the solution"`, `class="d-del"`, "# my try", `class="d-add"`,
				">Open the solution in the editor</button>"}, []string{"Show it"}},
		{"solved", func() { c.SetText(ex.Solution) }, ProgressDone, []string{"Well done!"}, nil},
		{"undone is still done", func() { c.SetText(ex.Robots + "# again\n") }, ProgressDone, nil, []string{"Well done!"}},
	}
	for _, st := range steps {
		st.do()
		html := app.HTMLString(c)
		if p := c.Progress(ex.Name); p != st.progress {
			t.Errorf("%s: progress %q, want %q", st.name, p, st.progress)
		}
		for _, w := range st.want {
			if !strings.Contains(html, w) {
				t.Errorf("%s: lacks %q", st.name, w)
			}
		}
		for _, w := range st.not {
			if strings.Contains(html, w) {
				t.Errorf("%s: has %q", st.name, w)
			}
		}
	}
	c.Select(-1)
	list := app.HTMLString(c)
	n := len(c.list())
	for _, w := range []string{wkItoa(n) + " exercises: 1 done, 0 tried, " + wkItoa(n-1) + " new", `class="wk-ex-item wk-p-done"`, ">✓ Done</span>", ">New</span>"} {
		if !strings.Contains(list, w) {
			t.Errorf("list lacks %q", w)
		}
	}
	c.Select(n - 1)
	if html := app.HTMLString(c); !strings.Contains(html, "This is the last exercise.") || strings.Contains(html, "Next exercise:") {
		t.Error("the last exercise offers a next one")
	}
}

func TestDecodeProgress(t *testing.T) {
	tests := []struct {
		raw  string
		want map[string]string
	}{
		{`{"a":"done","b":"tried"}`, map[string]string{"a": "done", "b": "tried"}},
		{`{"a":"done","b":"bogus","c":"new"}`, map[string]string{"a": "done"}},
		{`not json`, map[string]string{}},
		{``, map[string]string{}},
	}
	for _, tt := range tests {
		if got := DecodeProgress(tt.raw); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("DecodeProgress(%q) = %v, want %v", tt.raw, got, tt.want)
		}
	}
}

func TestLineDiff(t *testing.T) {
	tests := []struct {
		name, old, new string
		want, not      []string
	}{
		{"one line changed", "a\nb\nc\n", "a\nB\nc\n",
			[]string{`<span class="d-del"><span class="d-num">2</span>`, `removed: </span>b</span>`, `<span class="d-add"><span class="d-num">2</span>`, `added: </span>B</span>`, `>a</span>`},
			[]string{"No differences"}},
		{"same", "a\nb\n", "a\nb", []string{"No differences"}, []string{"d-add", "d-del"}},
		{"escaped", "<b>\n", "<i>\n", []string{"&lt;b&gt;", "&lt;i&gt;"}, []string{"<b>", "<i>"}},
		{"far context left out", "1\n2\n3\n4\n5\n6\n7\n8\n", "1\n2\n3\n4\n5\n6\n7\nx\n", []string{">x</span>", ">6</span>"}, []string{">1</span>", "d-gap"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html := LineDiff(tt.old, tt.new, "L")
			for _, w := range tt.want {
				if !strings.Contains(html, w) {
					t.Errorf("lacks %q: %s", w, html)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(html, w) {
					t.Errorf("has %q: %s", w, html)
				}
			}
		})
	}
}
