package exercise

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

// galleryItem is an entry of web/gallery/gallery.json (the sample gallery;
// the UI reads the same file).
type galleryItem struct {
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	File        string   `json:"file"`
	Source      string   `json:"source"`
	Description string   `json:"description"`
	URLs        []string `json:"urls"`
	Crawlers    []string `json:"crawlers"`
	Purposes    []string `json:"purposes"`
	Kind        string   `json:"kind"`
}

// TestGallery checks the sample gallery: every entry is complete, its file
// exists and parses, ids are unique, every file of the folder is listed, and
// every robots.txt example of the Implementation Guide is there.
func TestGallery(t *testing.T) {
	data, err := os.ReadFile("../../web/gallery/gallery.json")
	if err != nil {
		t.Fatal(err)
	}
	var items []galleryItem
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&items); err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	files := map[string]bool{}
	for _, it := range items {
		t.Run(it.ID, func(t *testing.T) {
			if it.ID == "" || ids[it.ID] {
				t.Errorf("id %q is empty or used twice", it.ID)
			}
			ids[it.ID] = true
			for _, r := range it.ID {
				if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
					t.Errorf("id %q is not lower-case letters, digits and hyphens", it.ID)
					break
				}
			}
			if it.Title == "" || it.Source == "" || len(it.URLs) == 0 || len(it.Crawlers) == 0 {
				t.Errorf("incomplete entry: %+v", it)
			}
			if n := strings.Count(it.Description, ". ") + 1; n < 2 || n > 4 {
				t.Errorf("description has %d sentences; want 2 to 4: %q", n, it.Description)
			}
			if _, ok := policy.ParseKind(it.Kind); !ok {
				t.Errorf("kind %q is unknown", it.Kind)
			}
			files[it.File] = true
			src, err := os.ReadFile(filepath.Join("../../web/gallery", it.File))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := policy.Parse("/robots.txt", src); err != nil {
				t.Fatal(err)
			}
		})
	}
	txts, _ := filepath.Glob("../../web/gallery/*.txt")
	for _, p := range txts {
		if !files[filepath.Base(p)] {
			t.Errorf("%s is not listed in gallery.json", filepath.Base(p))
		}
	}
	for _, ex := range []string{"1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-1", "2-2", "3-1", "3-2", "3-3",
		"4-1", "4-3", "4-4", "4-5", "4-7", "4-8", "4-10", "4-11", "4-13", "4-14",
		"5-1", "5-2", "5-4", "5-5", "5-7", "5-8", "5-11", "5-12", "5-13", "5-14", "5-15", "5-16"} {
		if !ids["guide-ex-"+ex] {
			t.Errorf("Implementation Guide Example %s is missing", strings.ReplaceAll(ex, "-", "."))
		}
	}
	for _, id := range []string{"guide-annex-persgroep", "rep-2-0-0-proposal", "draft1996-fict-org"} {
		if !ids[id] {
			t.Errorf("%s is missing", id)
		}
	}
}
