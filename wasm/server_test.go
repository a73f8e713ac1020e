//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/static"
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
		if err := Build(out, "../web", tc.prefix, "", &static.Options{BrotliQuality: 5}); err != nil {
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
		// Larger text files have precompressed copies; small ones do not.
		for _, f := range []string{"index.html.br", "index.html.gz", "app.js.br", "web/app.css.gz", "web/crawlers/robots.json.br"} {
			if _, err := os.Stat(filepath.Join(out, f)); err != nil {
				t.Errorf("prefix %q: %s missing", tc.prefix, f)
			}
		}
		if _, err := os.Stat(filepath.Join(out, "web", "app.wasm.br")); err == nil {
			t.Errorf("prefix %q: a 9-byte app.wasm was compressed", tc.prefix)
		}
		// app.js has the workbench's changes; the label counts megabytes.
		appJS, _ := os.ReadFile(filepath.Join(out, "app.js"))
		for _, r := range appJSRewrites {
			if !strings.Contains(string(appJS), r.new) || strings.Contains(string(appJS), r.old) {
				t.Errorf("prefix %q: app.js lacks the rewrite %q", tc.prefix, r.name)
			}
		}
		if !strings.Contains(string(appJS), "progess((loaded / 1e6).toFixed(1))") ||
			!strings.Contains(string(appJS), `"Loading the workbench… {progress} of 0.0 MB"`) {
			t.Errorf("prefix %q: app.js does not show the progress in megabytes", tc.prefix)
		}
		index, _ := os.ReadFile(filepath.Join(out, "index.html"))
		for _, want := range []string{tc.asset, `id="editor-input"`, "ACAP Workbench"} {
			if !strings.Contains(string(index), want) {
				t.Errorf("prefix %q: index.html lacks %s", tc.prefix, want)
			}
		}
		if !strings.Contains(string(worker), workerMarker) || !strings.Contains(string(worker), `cache: "no-cache"`) {
			t.Errorf("prefix %q: app-worker.js is not ours", tc.prefix)
		}
		if tc.prefix != "" && !strings.Contains(string(worker), `"/workbench/web/app.wasm"`) {
			t.Errorf("app-worker.js does not precache the wasm under the prefix")
		}
	}
}

func TestBuildFailsWithoutWasm(t *testing.T) {
	err := Build(t.TempDir(), "../web", "", "", nil)
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

func TestLoadingLabel(t *testing.T) {
	if got, want := loadingLabel(12435956), "Loading the workbench… {progress} of 12.4 MB"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestRewriteAppJSFailsOnChangedText(t *testing.T) {
	p := filepath.Join(t.TempDir(), "app.js")
	os.WriteFile(p, []byte("progess(Math.round(loaded / total * 100));"), 0o644)
	if err := rewriteAppJS(p); err == nil || !strings.Contains(err.Error(), `"progress in megabytes" is found 0 times`) {
		t.Errorf("err = %v", err)
	}
}

// TestStaticHandlerNegotiatesEncoding: a file with precompressed copies is
// sent in the best encoding the request accepts, with the original's type
// and the compressed length; anything else as it is on disk.
func TestStaticHandlerNegotiatesEncoding(t *testing.T) {
	dir := t.TempDir()
	wasm := []byte(strings.Repeat("\x00asm and some repeated text that compresses well ", 200))
	html := []byte("<!DOCTYPE html><html>" + strings.Repeat("<p>Workbench</p>", 200) + "</html>")
	plain := []byte(strings.Repeat("User-agent: *\nDisallow: /x\n", 100))
	write := func(name string, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("app.wasm", wasm)
	write("index.html", html)
	write("plain.txt", plain)
	write("stale.js", plain)
	if _, err := static.Precompress(dir, static.Options{BrotliQuality: 5}); err != nil {
		t.Fatal(err)
	}
	// stale.js changed after its copies were made: they are not used.
	later := time.Now().Add(time.Hour)
	os.Chtimes(filepath.Join(dir, "stale.js"), later, later)
	os.Remove(filepath.Join(dir, "plain.txt.br"))
	os.Remove(filepath.Join(dir, "plain.txt.gz"))
	sizeOf := func(name string) string {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return strconv.FormatInt(st.Size(), 10)
	}
	const chrome = "gzip, deflate, br, zstd"
	for _, tc := range []struct {
		name, method, path, ae, rng string
		code                        int
		enc, ctype                  string
		vary                        bool
		body                        []byte // decoded; nil for HEAD
	}{
		{"br preferred", "GET", "/app.wasm", chrome, "", 200, "br", "application/wasm", true, wasm},
		{"gzip only", "GET", "/app.wasm", "gzip", "", 200, "gzip", "application/wasm", true, wasm},
		{"x-gzip", "GET", "/app.wasm", "x-gzip", "", 200, "gzip", "application/wasm", true, wasm},
		{"case and spaces", "GET", "/app.wasm", " GZIP ;Q=0.5 , BR ; q=1", "", 200, "br", "application/wasm", true, wasm},
		{"weights", "GET", "/app.wasm", "br;q=0.4, gzip;q=0.5", "", 200, "gzip", "application/wasm", true, wasm},
		{"no Accept-Encoding", "GET", "/app.wasm", "", "", 200, "", "application/wasm", true, wasm},
		{"identity only", "GET", "/app.wasm", "identity", "", 200, "", "application/wasm", true, wasm},
		{"br refused", "GET", "/app.wasm", "br;q=0, gzip", "", 200, "gzip", "application/wasm", true, wasm},
		{"both refused", "GET", "/app.wasm", "br;q=0, gzip;q=0.000", "", 200, "", "application/wasm", true, wasm},
		{"star refused", "GET", "/app.wasm", "*;q=0, identity", "", 200, "", "application/wasm", true, wasm},
		{"star", "GET", "/app.wasm", "*", "", 200, "br", "application/wasm", true, wasm},
		{"star but br", "GET", "/app.wasm", "*, br;q=0", "", 200, "gzip", "application/wasm", true, wasm},
		{"identity preferred", "GET", "/app.wasm", "gzip;q=0.5, identity", "", 200, "", "application/wasm", true, wasm},
		{"malformed weight ignored", "GET", "/app.wasm", "br;q=2, gzip", "", 200, "gzip", "application/wasm", true, wasm},
		{"unknown coding", "GET", "/app.wasm", "zstd, deflate", "", 200, "", "application/wasm", true, wasm},
		{"HEAD", "HEAD", "/app.wasm", chrome, "", 200, "br", "application/wasm", true, nil},
		{"Range is served from the file", "GET", "/app.wasm", chrome, "bytes=4-9", 206, "", "application/wasm", true, wasm[4:10]},
		{"index of a folder", "GET", "/", chrome, "", 200, "br", "text/html; charset=utf-8", true, html},
		{"no copies", "GET", "/plain.txt", chrome, "", 200, "", "text/plain; charset=utf-8", false, plain},
		{"stale copies", "GET", "/stale.js", chrome, "", 200, "", "text/javascript; charset=utf-8", false, plain},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(tc.method, tc.path, nil)
			if tc.ae != "" {
				req.Header.Set("Accept-Encoding", tc.ae)
			}
			if tc.rng != "" {
				req.Header.Set("Range", tc.rng)
			}
			rec := httptest.NewRecorder()
			StaticHandler(dir).ServeHTTP(rec, req)
			h := rec.Header()
			if rec.Code != tc.code || h.Get("Content-Encoding") != tc.enc || h.Get("Content-Type") != tc.ctype ||
				(h.Get("Vary") == "Accept-Encoding") != tc.vary || h.Get("Cache-Control") != "no-cache" {
				t.Fatalf("got %d, headers %v", rec.Code, h)
			}
			file := strings.TrimPrefix(tc.path, "/")
			if file == "" {
				file = "index.html"
			}
			switch {
			case tc.enc != "":
				if want := sizeOf(file + map[string]string{"br": ".br", "gzip": ".gz"}[tc.enc]); h.Get("Content-Length") != want {
					t.Errorf("Content-Length %s, want %s", h.Get("Content-Length"), want)
				}
			case tc.rng == "":
				if want := sizeOf(file); h.Get("Content-Length") != want {
					t.Errorf("Content-Length %s, want %s", h.Get("Content-Length"), want)
				}
			}
			if tc.body == nil {
				if rec.Body.Len() != 0 {
					t.Errorf("HEAD answered with %d bytes of body", rec.Body.Len())
				}
				return
			}
			if got := decode(t, tc.enc, rec.Body.Bytes()); !bytes.Equal(got, tc.body) {
				t.Errorf("body %.40q, want %.40q", got, tc.body)
			}
		})
	}

	// A conditional request for the variant the browser has is answered 304.
	req := httptest.NewRequest("GET", "/app.wasm", nil)
	req.Header.Set("Accept-Encoding", chrome)
	rec := httptest.NewRecorder()
	StaticHandler(dir).ServeHTTP(rec, req)
	etag := rec.Header().Get("ETag")
	req.Header.Set("If-None-Match", etag)
	rec = httptest.NewRecorder()
	StaticHandler(dir).ServeHTTP(rec, req)
	if etag == "" || rec.Code != http.StatusNotModified {
		t.Errorf("If-None-Match %s: got %d", etag, rec.Code)
	}
	// ... and not with the gzip variant's tag.
	req.Header.Set("Accept-Encoding", "gzip")
	rec = httptest.NewRecorder()
	StaticHandler(dir).ServeHTTP(rec, req)
	if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("the br ETag matched the gzip variant: %d %v", rec.Code, rec.Header())
	}
}

func decode(t *testing.T, enc string, b []byte) []byte {
	t.Helper()
	var r io.Reader = bytes.NewReader(b)
	switch enc {
	case "br":
		r = brotli.NewReader(r)
	case "gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decoding %s: %v", enc, err)
	}
	return out
}
