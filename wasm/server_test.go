//go:build !wasm

package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/ui"
)

func TestBuildWritesACompleteSite(t *testing.T) {
	app.Route("/", func() app.Composer { return &ui.Workbench{} })
	for _, tc := range []struct{ prefix, asset string }{
		{"", `href="/web/app.css"`},
		{"/workbench", `href="/workbench/web/app.css"`},
	} {
		out := t.TempDir()
		os.MkdirAll(filepath.Join(out, "web"), 0o755)
		os.WriteFile(filepath.Join(out, "web", "app.wasm"), []byte("\x00asm fake"), 0o644)
		if err := Build(out, "../web", tc.prefix, ""); err != nil {
			t.Fatalf("prefix %q: %v", tc.prefix, err)
		}
		for _, f := range []string{"index.html", "404.html", ".nojekyll", "app.js", "app-worker.js", "wasm_exec.js", "manifest.webmanifest",
			"web/app.wasm", "web/app.css", "web/theme.css", "web/icon.svg", "web/samples/acap-basic.txt"} {
			if _, err := os.Stat(filepath.Join(out, f)); err != nil {
				t.Errorf("prefix %q: %s missing", tc.prefix, f)
			}
		}
		// The gallery and the exercises are precached, under the prefix.
		worker, _ := os.ReadFile(filepath.Join(out, "app-worker.js"))
		for _, f := range []string{"/web/workshop.css", "/web/gallery/gallery.json", "/web/gallery/guide-ex-1-1.txt", "/web/exercises/index.json", "/web/exercises/usages-no-thumbnails.json",
			"/web/crawlers/robots.json", "/web/crawlers/LICENSE"} {
			if !strings.Contains(string(worker), `"`+tc.prefix+f+`"`) {
				t.Errorf("prefix %q: the service worker does not precache %s", tc.prefix, f)
			}
		}
		index, _ := os.ReadFile(filepath.Join(out, "index.html"))
		for _, want := range []string{tc.asset, `id="editor-input"`, "ACAP Workbench"} {
			if !strings.Contains(string(index), want) {
				t.Errorf("prefix %q: index.html lacks %s", tc.prefix, want)
			}
		}
		if !strings.Contains(string(worker), workerMarker) || !strings.Contains(string(worker), `cache: "reload"`) {
			t.Errorf("prefix %q: app-worker.js is not ours", tc.prefix)
		}
		if tc.prefix != "" && !strings.Contains(string(worker), `"/workbench/web/app.wasm"`) {
			t.Errorf("app-worker.js does not precache the wasm under the prefix")
		}
	}
}

func TestBuildFailsWithoutWasm(t *testing.T) {
	err := Build(t.TempDir(), "../web", "", "")
	if err == nil || !strings.Contains(err.Error(), "app.wasm is missing") {
		t.Errorf("err = %v", err)
	}
}

func TestStaticHandlerServesWasmUncached(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "app.wasm"), []byte("\x00asm"), 0o644)
	rec := httptest.NewRecorder()
	StaticHandler(dir).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/app.wasm", nil))
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/wasm" || rec.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("got %d %v", rec.Code, rec.Header())
	}
}
