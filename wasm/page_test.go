//go:build !wasm

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/ui"
)

// buildSite builds the site from webDir into a new folder with a small
// stand-in app.wasm, and returns the folder and its worker's version.
func buildSite(t *testing.T, webDir, domain string) (string, string) {
	t.Helper()
	app.Route("/", func() app.Composer { return &ui.Workbench{} })
	out := t.TempDir()
	os.MkdirAll(filepath.Join(out, "web"), 0o755)
	os.WriteFile(filepath.Join(out, "web", "app.wasm"), []byte("\x00asm fake"), 0o644)
	if err := Build(out, webDir, "", domain, nil); err != nil {
		t.Fatal(err)
	}
	worker, _ := os.ReadFile(filepath.Join(out, "app-worker.js"))
	m := regexp.MustCompile(`cachePrefix \+ "([0-9a-f]{16})"`).FindSubmatch(worker)
	if m == nil {
		t.Fatalf("no version in the worker:\n%.400s", worker)
	}
	appJS, _ := os.ReadFile(filepath.Join(out, "app.js"))
	if !strings.Contains(string(appJS), `"GOAPP_VERSION":"`+string(m[1])+`"`) {
		t.Errorf("app.js does not name the worker's version %s", m[1])
	}
	return out, string(m[1])
}

// TestVersionCoversEveryFile: the worker's version changes with any file
// of the site (the page, through the domain; an asset), and not with where
// the site is built.
func TestVersionCoversEveryFile(t *testing.T) {
	_, v1 := buildSite(t, "../web", "")
	_, v2 := buildSite(t, "../web", "")
	if v1 != v2 {
		t.Errorf("the same site built in two folders has versions %s and %s", v1, v2)
	}
	if _, v := buildSite(t, "../web", "example.org"); v == v1 {
		t.Error("a change to index.html (its link previews) left the version unchanged")
	}
	web := t.TempDir()
	if err := copyDir("../web", web); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(web, "samples", "acap-basic.txt"), []byte("User-agent: *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, v := buildSite(t, web, ""); v == v1 {
		t.Error("a change to an asset left the version unchanged")
	}
}

func TestRewriteHead(t *testing.T) {
	page := "<head>\n    <meta charset=\"UTF-8\">\n    <meta property=\"og:url\" content=\"https://\">\n    <meta property=\"og:type\" content=\"website\">\n" +
		"    <meta content=\"https:///web/icon-512.png\" property=\"og:image\">\n</head>"
	for _, tc := range []struct {
		domain, prefix string
		want, not      []string
	}{
		{"", "", nil, []string{"og:url", "og:image", "https://"}},
		{"acap.example", "", []string{`<meta property="og:url" content="https://acap.example/">`, `<meta property="og:image" content="https://acap.example/web/icon-512.png">`}, []string{"https:///"}},
		{"owner.github.io", "/workbench", []string{`content="https://owner.github.io/workbench/"`, `content="https://owner.github.io/workbench/web/icon-512.png"`}, nil},
	} {
		got, err := rewriteHead(page, tc.domain, tc.prefix)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(got, "<head>\n    <meta charset=\"UTF-8\">\n    <meta http-equiv=\"Content-Security-Policy\" content=\""+CSP+"\">") {
			t.Errorf("%q: the CSP does not follow <meta charset>:\n%s", tc.domain, got)
		}
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%q: no %s in\n%s", tc.domain, w, got)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(got, w) {
				t.Errorf("%q: %s left in\n%s", tc.domain, w, got)
			}
		}
	}
	if _, err := rewriteHead("<head></head>", "", ""); err == nil {
		t.Error("a page without <meta charset> was accepted")
	}
}
