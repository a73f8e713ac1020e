package ui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/exercise"
)

// wkEvil is data that must never reach the page as markup.
const wkEvil = `<script>alert(1)</script>"><img src=x onerror=alert(2)>`

// wkAssertEscaped fails when html contains wkEvil's markup unescaped, and
// checks that its text is there, escaped.
func wkAssertEscaped(t *testing.T, html string) {
	t.Helper()
	for _, bad := range []string{"<script", "<img", "onerror=alert(2)>"} {
		if strings.Contains(html, bad) {
			t.Errorf("data rendered as markup (%q found)", bad)
		}
	}
	if !strings.Contains(html, "&lt;script&gt;") {
		t.Error("the escaped data is missing")
	}
}

func wkMustContain(t *testing.T, html string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(html, w) {
			t.Errorf("rendered HTML lacks %q", w)
		}
	}
}

// wkFakeFetch serves files of the repository's web/ folder, or errors for
// the paths in fail; it records the URLs asked for.
type wkFakeFetch struct {
	fail  map[string]error
	files map[string]string // overrides, by URL
	asked []string
}

func (f *wkFakeFetch) fetch(url string, done func(string, error)) {
	f.asked = append(f.asked, url)
	if err := f.fail[url]; err != nil {
		done("", err)
		return
	}
	if s, ok := f.files[url]; ok {
		done(s, nil)
		return
	}
	b, err := os.ReadFile(filepath.Join("../..", filepath.FromSlash(url)))
	if err != nil {
		done("", errors.New("the site answered 404"))
		return
	}
	done(string(b), nil)
}

// TestExerciseIndex checks that every exercise file is named in
// index.json and that every name there is a file that parses.
func TestExerciseIndex(t *testing.T) {
	data, err := os.ReadFile("../../web/exercises/index.json")
	if err != nil {
		t.Fatal(err)
	}
	names, err := ParseExerciseIndex(data)
	if err != nil || len(names) < 12 {
		t.Fatalf("index.json: %v, %d names (want 12 or more)", err, len(names))
	}
	listed := map[string]bool{}
	for _, n := range names {
		listed[n] = true
		b, err := os.ReadFile(filepath.Join("../../web/exercises", n))
		if err != nil {
			t.Errorf("index.json names %s: %v", n, err)
			continue
		}
		if _, err := exercise.Parse(b); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
	files, _ := filepath.Glob("../../web/exercises/*.json")
	for _, f := range files {
		if b := filepath.Base(f); b != "index.json" && !listed[b] {
			t.Errorf("%s is not named in index.json", b)
		}
	}
}

func TestWkSafeID(t *testing.T) {
	for in, want := range map[string]string{
		"guide-ex-1-1": "guide-ex-1-1",
		`a"><b`:        "a---b",
		"Ünï Code":     "-n--code",
	} {
		if got := wkSafeID(in); got != want {
			t.Errorf("wkSafeID(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestNoDataInAttributes renders every component with hostile data and
// checks that no attribute value holds any of it (pre-rendered attributes
// are not HTML-escaped).
func TestNoDataInAttributes(t *testing.T) {
	for name, c := range map[string]app.UI{
		"gallery":  &Gallery{Items: []GalleryItem{{ID: wkEvil, Title: wkEvil, File: "x.txt", Description: wkEvil, Source: wkEvil, URLs: []string{wkEvil}, Crawlers: []string{wkEvil}, Purposes: []string{wkEvil}}}},
		"share":    &SharedLinkError{Err: errors.New(wkEvil)},
		"printing": &PrintView{Name: wkEvil, Text: wkEvil, URLs: []string{wkEvil}},
	} {
		t.Run(name, func(t *testing.T) {
			html := app.HTMLString(c)
			wkAssertEscaped(t, html)
			if strings.Contains(html, `="`+"<") || strings.Contains(html, "alert(1)</") {
				t.Error("data inside an attribute")
			}
		})
	}
}

// wkOpenTag returns the opening tag around the first occurrence of marker
// (attribute order is not fixed in go-app's output).
func wkOpenTag(html, marker string) string {
	i := strings.Index(html, marker)
	if i < 0 {
		return ""
	}
	start := strings.LastIndex(html[:i], "<")
	end := strings.Index(html[i:], ">")
	if start < 0 || end < 0 {
		return ""
	}
	return html[start : i+end+1]
}
