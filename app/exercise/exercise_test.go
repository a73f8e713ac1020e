package exercise

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

func loadAll(t *testing.T) map[string]*Exercise {
	t.Helper()
	paths, err := filepath.Glob("../../web/exercises/*.json")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no exercises found: %v", err)
	}
	out := map[string]*Exercise{}
	for _, p := range paths {
		if filepath.Base(p) == "index.json" {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		ex, err := Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out[filepath.Base(p)] = ex
	}
	return out
}

// TestExercises checks what makes each file an exercise: the starting file
// fails at least one check, the solution passes every one and has no
// errors, and every failing check explains itself.
func TestExercises(t *testing.T) {
	all := loadAll(t)
	if len(all) < 12 {
		t.Errorf("%d exercises; want at least 12", len(all))
	}
	topics := map[string]int{}
	for name, ex := range all {
		t.Run(name, func(t *testing.T) {
			if ex.Name+".json" != name {
				t.Errorf("name %q does not match the file name", ex.Name)
			}
			if ex.Solution == "" || ex.Hint == "" {
				t.Error("an exercise needs a hint and a solution")
			}
			for _, tp := range ex.Topics {
				topics[tp]++
			}
			start := Run(ex, []byte(ex.Robots))
			if Passed(start) {
				t.Errorf("the starting file already passes every check")
			}
			for _, r := range start {
				if !r.Pass && (r.Explanation == "" || r.Want == "" || r.Got == "") {
					t.Errorf("failing check %q does not explain itself: %+v", r.Question, r)
				}
				if r.Pass && r.Explanation != "" {
					t.Errorf("passing check %q has an explanation %q", r.Question, r.Explanation)
				}
			}
			sol := Run(ex, []byte(ex.Solution))
			for _, r := range sol {
				if !r.Pass {
					t.Errorf("the solution fails %q: %s\n%s", r.Question, r.Explanation, r.Trace)
				}
			}
			if len(sol) != len(ex.Cases)+countFileChecks(ex) {
				t.Errorf("%d results for %d cases", len(sol), len(ex.Cases))
			}
			f := policy.MustParse(ex.Solution)
			for _, d := range policy.Check(f) {
				if d.Severity == policy.SevError {
					t.Errorf("the solution has an error: %v", d)
				}
			}
		})
	}
	for _, want := range []string{"crawlers", "purposes", "usages", "qualifiers", "conflicts", "other", "conventional+acap", "conversion"} {
		if topics[want] == 0 {
			t.Errorf("no exercise covers %q", want)
		}
	}
}

// TestIndex checks that web/exercises/index.json, the list the site reads
// (a static host cannot list a folder), names every exercise file.
func TestIndex(t *testing.T) {
	data, err := os.ReadFile("../../web/exercises/index.json")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	if err := json.Unmarshal(data, &names); err != nil {
		t.Fatal(err)
	}
	all := loadAll(t)
	listed := map[string]bool{}
	for _, n := range names {
		if all[n] == nil {
			t.Errorf("index.json lists %q, which is not an exercise file", n)
		}
		listed[n] = true
	}
	for n := range all {
		if !listed[n] {
			t.Errorf("%s is not listed in index.json", n)
		}
	}
}

func countFileChecks(ex *Exercise) int {
	n := len(ex.Diagnostics)
	if ex.Clean != nil {
		n++
	}
	if len(ex.Unchanged) > 0 {
		n++
	}
	if ex.MaxLines > 0 {
		n++
	}
	return n
}

func TestExplanation(t *testing.T) {
	ex := loadAll(t)["usages-no-thumbnails.json"]
	if ex == nil {
		t.Fatal("usages-no-thumbnails.json is missing")
	}
	rs := Run(ex, []byte(ex.Robots))
	r := rs[0]
	if r.Pass {
		t.Fatal("the first check passes on the starting file")
	}
	want := "The task wants “not allowed”; your file answers “allowed”. Line 4, “ACAP-allow-present: /news/”, decides it: it matches and permits present."
	if r.Explanation != want {
		t.Errorf("explanation %q, want %q", r.Explanation, want)
	}
	if r.Line != 4 || r.Want != "not allowed" || r.Got != "allowed" {
		t.Errorf("Line, Want, Got = %d, %q, %q", r.Line, r.Want, r.Got)
	}
}

func TestQualifierExplanation(t *testing.T) {
	ex := loadAll(t)["qualifiers-snippet-length.json"]
	rs := Run(ex, []byte(ex.Robots))
	if rs[0].Pass || !strings.Contains(rs[0].Explanation, "with no restrictions instead of restrictions max-length=25-words") {
		t.Errorf("explanation = %q", rs[0].Explanation)
	}
}

func TestDependencyExplanation(t *testing.T) {
	ex := loadAll(t)["usages-no-cached-copy.json"]
	// A half-done answer: preserve forbidden for one directory only.
	rs := Run(ex, []byte("ACAP-crawler: *\nACAP-allow-crawl: /\nACAP-allow-index: /\nACAP-disallow-preserve: /x/\n"))
	if rs[1].Pass {
		t.Fatal("preserve check passes")
	}
	if !strings.Contains(rs[1].Explanation, "No line decides it.") {
		t.Errorf("explanation = %q", rs[1].Explanation)
	}
}

func TestLineCheck(t *testing.T) {
	yes := true
	ex := &Exercise{Name: "x", Title: "x", Task: "x", Cases: []Case{{Crawler: "A", URL: "/a", Allowed: &yes, Line: 2}}}
	rs := Run(ex, []byte("ACAP-crawler: *\nACAP-allow-crawl: /\nACAP-allow-crawl: /a\n"))
	if rs[0].Pass || !strings.Contains(rs[0].Explanation, "line 2 should decide it, not line 3") {
		t.Errorf("result = %+v", rs[0])
	}
}

func TestDiagnosticChecks(t *testing.T) {
	no := false
	data := []byte(`{"name":"d","title":"t","task":"t","robots":"","clean":false,
		"diagnostics":[{"line":1,"severity":"error"}],"cases":[]}`)
	ex, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	_ = no
	bad := Run(ex, []byte("ACAP-allow preserve: /\n"))
	good := Run(ex, []byte("ACAP-crawler: *\nACAP-allow-crawl: /\n"))
	if len(bad) != 2 || !bad[0].Pass || !bad[1].Pass {
		t.Errorf("file with an error on line 1: %+v", bad)
	}
	if len(good) != 2 || good[0].Pass || good[1].Pass || good[1].Explanation != "Line 1 has no error." {
		t.Errorf("clean file: %+v", good)
	}
}

func TestConvertCheck(t *testing.T) {
	ex := loadAll(t)["conversion-prepare.json"]
	rs := Run(ex, []byte(ex.Robots))
	if rs[0].Pass || !strings.Contains(rs[0].Explanation, "as the converter turns it into ACAP") {
		t.Errorf("result = %+v", rs[0])
	}
}

func TestOthers(t *testing.T) {
	yes := false
	ex := &Exercise{Name: "r", Title: "r", Task: "r",
		Files: map[string]string{"/acap.txt": "ACAP-crawler: *\nACAP-allow-crawl: /\n"},
		Cases: []Case{{Crawler: "A", URL: "/a", Allowed: &yes}}}
	src := []byte("ACAP-crawler: *\nACAP-permissions-reference: /acap.txt\n")
	if rs := Run(ex, src); rs[0].Pass {
		t.Errorf("with the exercise's file: %+v", rs[0])
	}
	mine := policy.MustParse("ACAP-crawler: *\nACAP-disallow-crawl: /\n")
	mine.Name = "/acap.txt"
	if rs := Run(ex, src, mine); !rs[0].Pass {
		t.Errorf("with the workspace's own file, which wins: %+v", rs[0])
	}
}

func TestTooLarge(t *testing.T) {
	ex := loadAll(t)["usages-no-thumbnails.json"]
	rs := Run(ex, make([]byte, policy.MaxFileSize+1))
	if len(rs) != len(ex.Cases) {
		t.Fatalf("%d results", len(rs))
	}
	for _, r := range rs {
		if r.Pass || !strings.Contains(r.Explanation, "cannot be read") {
			t.Errorf("result = %+v", r)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", ``, "not valid JSON"},
		{"syntax", "{\n\"name\": \"x\",\n}", "line 3"},
		{"array", `[]`, "wrong type"},
		{"wrong type", `{"name": 5}`, `"name" has the wrong type`},
		{"no name", `{"title":"t","task":"t","cases":[{}]}`, `"name" is missing`},
		{"no title", `{"name":"n","task":"t","cases":[{}]}`, `"title" is missing`},
		{"no task", `{"name":"n","title":"t","cases":[{}]}`, `"task" is missing`},
		{"no cases", `{"name":"n","title":"t","task":"t"}`, "no checks"},
		{"no allowed", `{"name":"n","title":"t","task":"t","cases":[{"crawler":"a","url":"/"}]}`, `cases[0]: "allowed"`},
		{"bad kind", `{"name":"n","title":"t","task":"t","cases":[{"kind":"google","allowed":true}]}`, `kind "google"`},
		{"bad usage", `{"name":"n","title":"t","task":"t","cases":[{"usage":"present-links","allowed":true}]}`, `usage "present-links"`},
		{"bad date", `{"name":"n","title":"t","task":"t","cases":[{"date":"2008-02-30","allowed":true}]}`, `date "2008-02-30"`},
		{"bad match", `{"name":"n","title":"t","task":"t","cases":[{"match":"regex","allowed":true}]}`, `match "regex"`},
		{"quals on no", `{"name":"n","title":"t","task":"t","cases":[{"allowed":false,"qualifiers":[]}]}`, "not allowed"},
		{"bad convert", `{"name":"n","title":"t","task":"t","convert":"acap","cases":[{"allowed":true}]}`, `"convert"`},
		{"bad severity", `{"name":"n","title":"t","task":"t","diagnostics":[{"line":1,"severity":"fatal"}]}`, "severity"},
		{"bad file path", `{"name":"n","title":"t","task":"t","files":{"a.txt":""},"cases":[{"allowed":true}]}`, "not a path"},
		{"bad base64", `{"name":"n","title":"t","task":"t","robots_base64":"***","cases":[{"allowed":true}]}`, "base64"},
		{"trailing", `{"name":"n","title":"t","task":"t","cases":[{"allowed":true}]} {}`, "more after"},
		{"bad panel", `{"name":"n","title":"t","task":"t","panel":"gallery","cases":[{"allowed":true}]}`, `"panel" is "gallery"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex, err := Parse([]byte(tt.in))
			if err == nil {
				t.Fatalf("no error; got %+v", ex)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
		})
	}
	if _, err := Parse(make([]byte, MaxSize+1)); err == nil || !strings.Contains(err.Error(), "KiB") {
		t.Errorf("oversized file: %v", err)
	}
}

func TestQuestionWords(t *testing.T) {
	yes := true
	tests := []struct {
		c    Case
		want string
	}{
		{Case{Name: "Can it?", Allowed: &yes}, "Can it?"},
		{Case{Crawler: "A", URL: "/x", Allowed: &yes}, "May A crawl /x?"},
		{Case{Crawler: "A", URL: "/x", Usage: "index", Purpose: "news", Date: "2008-01-01", Kind: "rfc9309", Allowed: &yes},
			"May A index /x for the purpose news on 2008-01-01 (as a RFC 9309 crawler)?"},
	}
	for _, tt := range tests {
		if got := tt.c.Question(); got != tt.want {
			t.Errorf("Question() = %q, want %q", got, tt.want)
		}
	}
}

func FuzzParseExercise(f *testing.F) {
	paths, _ := filepath.Glob("../../web/exercises/*.json")
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil && filepath.Base(p) != "index.json" {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"name":"n","title":"t","task":"t","cases":[{"allowed":true,"usage":"index","date":"2008-01-01"}]}`))
	f.Add([]byte(`{`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ex, err := Parse(data)
		if err != nil {
			if ex != nil {
				t.Fatal("an exercise with an error")
			}
			return
		}
		if ex.Name == "" || len(ex.qs) != len(ex.Cases) {
			t.Fatalf("accepted an incomplete exercise: %+v", ex)
		}
		rs := Run(ex, []byte(ex.Robots))
		if len(rs) == 0 {
			t.Fatal("no results")
		}
		if _, err := json.Marshal(ex); err != nil {
			t.Fatal(err)
		}
	})
}

// TestKind: an exercise opens in the kind its first case asks as.
func TestKind(t *testing.T) {
	for _, tc := range []struct {
		json string
		want policy.Kind
	}{
		{`{"name":"a","title":"t","task":"t","robots":"","solution":"","cases":[{"crawler":"x","url":"/","allowed":true}]}`, policy.KindACAP},
		{`{"name":"a","title":"t","task":"t","robots":"","solution":"","cases":[{"kind":"today","crawler":"x","url":"/","usage":"search","preference":"none"}]}`, policy.KindToday},
		{`{"name":"a","title":"t","task":"t","robots":"","solution":"","cases":[{"kind":"rfc9309","crawler":"x","url":"/","allowed":true},{"kind":"today","crawler":"x","url":"/","allowed":true}]}`, policy.KindRFC9309},
	} {
		ex, err := Parse([]byte(tc.json))
		if err != nil {
			t.Fatalf("%s: %v", tc.json, err)
		}
		if got := ex.Kind(); got != tc.want {
			t.Errorf("%s: Kind() = %v, want %v", tc.json, got, tc.want)
		}
	}
	if k := (&Exercise{}).Kind(); k != policy.KindACAP {
		t.Errorf("an exercise without cases: Kind() = %v, want acap", k)
	}
	all := loadAll(t)
	for _, name := range []string{"today-search-not-training.json", "today-gemini-opt-out.json", "today-archive-no-training.json"} {
		if ex := all[name]; ex == nil || ex.Kind() != policy.KindToday {
			t.Errorf("%s should open in the kind today", name)
		}
	}
}

// TestExplanationSaysEachThingOnce: on every exercise's starting file,
// a failing check says the answer wanted, the answer given and the
// deciding line once each, in plain words.
func TestExplanationSaysEachThingOnce(t *testing.T) {
	for name, ex := range loadAll(t) {
		f := policy.MustParse(ex.Robots)
		for _, r := range Run(ex, []byte(ex.Robots)) {
			if r.Pass || r.Case < 0 {
				continue
			}
			e := r.Explanation
			for _, bad := range []string{"Expected", "expected", "Why:", "..", "decided:"} {
				if strings.Contains(e, bad) {
					t.Errorf("%s: %q says %q", name, e, bad)
				}
			}
			if n := strings.Count(e, "“"+r.Want+"”"); n > 1 {
				t.Errorf("%s: %q says the answer wanted %d times", name, e, n)
			}
			if r.Line > 0 && r.File == "" && ex.Convert == "" {
				text := strings.TrimSpace(f.LineText(r.Line))
				if n := strings.Count(e, text); n != 1 {
					t.Errorf("%s: %q quotes line %d (%q) %d times, want once", name, e, r.Line, text, n)
				}
			}
		}
	}
}
