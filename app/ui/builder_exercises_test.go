package ui

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/acap-workbench/workbench/app/directory"
	"github.com/acap-workbench/workbench/app/exercise"
	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/intent"
)

// builderExercises are the cells a participant sets in the policy builder
// for each exercise done with it (web/exercises, "panel": "builder").
var builderExercises = map[string]map[string]builderCell{
	"builder-search-ai-answers": {
		builderCellKey("search", intent.CategoryColumn(policy.CategorySearch)): {Value: intent.Yes},
		builderCellKey("train", intent.CategoryColumn(policy.CategoryTrainAI)): {Value: intent.No},
		builderCellKey("ai", intent.CategoryColumn(policy.CategoryAIInput)):    {Value: intent.Yes, Scopes: "/archive/"},
	},
	"builder-google-apple-models": {
		builderCellKey("purpose", intent.CategoryColumn(policy.CategoryTrainAI)): {Value: intent.No},
		builderCellKey("purpose", intent.CategoryColumn(policy.CategoryAIInput)): {Value: intent.No},
	},
	"builder-one-crawler": {
		builderCellKey("file:yandex", intent.CategoryColumn(policy.CategorySearch)):  {Value: intent.Yes},
		builderCellKey("file:yandex", intent.CategoryColumn(policy.CategoryTrainAI)): {Value: intent.No},
	},
}

// TestBuilderExercises: for every exercise done with the policy builder,
// the file the builder writes from the cells the hint describes passes
// every check, with the crawler directory loaded and without it (the
// groups then hold the well-known crawlers only).
func TestBuilderExercises(t *testing.T) {
	data, err := os.ReadFile("../../web/crawlers/robots.json")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := directory.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, ex := range wkLoadExercises(t) {
		if ex.Panel != exercise.PanelBuilder {
			continue
		}
		n++
		cells, ok := builderExercises[ex.Name]
		if !ok {
			t.Errorf("%s: no cells in builderExercises", ex.Name)
			continue
		}
		for _, d := range [][]directory.Entry{dir, nil} {
			f := policy.MustParse(ex.Robots)
			in, err := builderIntent(builderRows(d, f), builderColumns(false), cells)
			if err == nil {
				err = in.Validate()
			}
			if err != nil {
				t.Fatalf("%s: %v", ex.Name, err)
			}
			res, err := intent.Write(in, f)
			if err != nil {
				t.Fatalf("%s: %v", ex.Name, err)
			}
			for _, r := range exercise.Run(ex, res.Text) {
				if !r.Pass {
					t.Errorf("%s (directory loaded: %v): the builder's file fails %q: %s\n%s", ex.Name, d != nil, r.Question, r.Explanation, res.Text)
				}
			}
			if out := os.Getenv("WK_BUILDER_OUT"); d != nil && out != "" {
				_ = os.WriteFile(filepath.Join(out, ex.Name+".txt"), res.Text, 0o644)
			}
		}
	}
	if n < 2 {
		t.Errorf("%d builder exercises, want at least 2", n)
	}
}

// wkLoadExercises reads every exercise of web/exercises.
func wkLoadExercises(t *testing.T) []*exercise.Exercise {
	t.Helper()
	files, _ := filepath.Glob("../../web/exercises/*.json")
	var out []*exercise.Exercise
	for _, f := range files {
		if filepath.Base(f) == "index.json" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ex, err := exercise.Parse(b)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, ex)
	}
	return out
}
