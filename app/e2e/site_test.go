//go:build e2e && !js

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// buildSite builds the static site for prefix into a new folder, reusing
// the app.wasm of the main build, with extra files added to the assets.
func buildSite(t *testing.T, prefix string, extra map[string]string) string {
	t.Helper()
	root, _ := filepath.Abs("../..")
	out := t.TempDir()
	web := t.TempDir()
	if err := os.CopyFS(web, os.DirFS(filepath.Join(root, "web"))); err != nil {
		t.Fatal(err)
	}
	for name, content := range extra {
		os.WriteFile(filepath.Join(web, name), []byte(content), 0o644)
	}
	os.MkdirAll(filepath.Join(out, "web"), 0o755)
	wasm, err := os.ReadFile(filepath.Join(distDir, "web", "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(out, "web", "app.wasm"), wasm, 0o644)
	cmd := exec.Command("go", "run", "./wasm", "build", "-out", out, "-web", web, "-prefix", prefix)
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the site: %v\n%s", err, b)
	}
	return out
}

var versionRE = regexp.MustCompile(`"GOAPP_VERSION":"([^"]+)"`)

func siteVersion(t *testing.T, dir string) string {
	b, err := os.ReadFile(filepath.Join(dir, "app.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := versionRE.FindSubmatch(b)
	if m == nil {
		t.Fatalf("no version in %s/app.js", dir)
	}
	return string(m[1])
}

// pagesHost serves a folder under /workbench/ like GitHub Pages serves a
// project site (or at the domain root when root is set), and can go
// offline or switch to a new deploy.
type pagesHost struct {
	mu      sync.Mutex
	dir     string
	offline bool
	root    bool
}

func (h *pagesHost) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	dir, offline := h.dir, h.offline
	h.mu.Unlock()
	if os.Getenv("E2E_LOG") != "" {
		fmt.Println("pages:", offline, filepath.Base(dir), r.URL.Path, r.Header.Get("Cache-Control"), r.Header.Get("Service-Worker"))
	}
	if offline {
		panic(http.ErrAbortHandler) // the connection drops: a network error
	}
	if h.root {
		w.Header().Set("Cache-Control", "max-age=600")
		r.Header.Del("If-None-Match")
		r.Header.Del("If-Modified-Since")
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		http.FileServer(http.Dir(dir)).ServeHTTP(w, r)
		return
	}
	if r.URL.Path == "/workbench" {
		http.Redirect(w, r, "/workbench/", http.StatusMovedPermanently)
		return
	}
	if !strings.HasPrefix(r.URL.Path, "/workbench/") {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "max-age=600") // as GitHub Pages does
	// The two test deploys are built within a second of each other, the
	// resolution of Last-Modified: answer every request in full, as a host
	// does for files of a new deploy.
	r.Header.Del("If-Modified-Since")
	if strings.HasSuffix(r.URL.Path, ".wasm") {
		w.Header().Set("Content-Type", "application/wasm")
	}
	http.StripPrefix("/workbench", http.FileServer(http.Dir(dir))).ServeHTTP(w, r)
}

func (h *pagesHost) set(dir string, offline bool) {
	h.mu.Lock()
	h.dir, h.offline = dir, offline
	h.mu.Unlock()
}

func TestSubPathOfflineAndNewDeploy(t *testing.T) {
	v1dir := buildSite(t, "/workbench", nil)
	v2dir := buildSite(t, "/workbench", map[string]string{"deploy.txt": "second deploy\n"})
	v1, v2 := siteVersion(t, v1dir), siteVersion(t, v2dir)
	if v1 == v2 {
		t.Fatal("two different deploys got the same version")
	}
	worker, _ := os.ReadFile(filepath.Join(v1dir, "app-worker.js"))
	if !strings.Contains(string(worker), `{ cache: "no-cache" }`) || !strings.Contains(string(worker), "acap-workbench service worker") {
		t.Fatal("the site does not use the workbench's service worker")
	}
	host := &pagesHost{dir: v1dir}
	srv := httptest.NewServer(host)
	defer srv.Close()

	ctx := newTab(t)
	open(t, ctx, srv.URL+"/workbench/")
	if got := eval[string](t, ctx, `goappGetenv("GOAPP_VERSION")`); got != v1 {
		t.Fatalf("version %q, want %q", got, v1)
	}
	// Resources resolve under the sub-path: load an example.
	eval[bool](t, ctx, `(() => { const s = document.getElementById("sample"); s.value = "acap-basic.txt"; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	waitJS(t, ctx, `document.getElementById("editor-input").value.includes("ACAP-allow-index")`, 10*time.Second)
	scope := eval[string](t, ctx, `navigator.serviceWorker.ready.then(r => r.scope)`)
	if scope != srv.URL+"/workbench/" {
		t.Errorf("service worker scope %q", scope)
	}
	waitJS(t, ctx, `navigator.serviceWorker.controller !== null`, 10*time.Second)
	mine := "User-agent: *\nDisallow: /offline-test/\n"
	setText(t, ctx, mine)
	waitSaved(t, ctx, "/offline-test/")

	// A new deploy is picked up on the next reload (the app reloads itself
	// once the new version is installed).
	host.set(v2dir, false)
	reloadPage(t, ctx)
	deadline := time.Now().Add(30 * time.Second)
	reloads := 1
	for {
		waitReady(t, ctx)
		got, _ := eval2(ctx, `goappGetenv("GOAPP_VERSION")`)
		if got == v2 {
			break
		}
		if time.Now().After(deadline) {
			state, _ := eval2(ctx, `(async () => { const r = await navigator.serviceWorker.getRegistration(); let u; try { await r.update(); u = "updated " + !!r.installing + !!r.waiting } catch (e) { u = String(e) } return JSON.stringify([u, r.active.scriptURL, await caches.keys(), !!r.active, !!r.waiting, !!r.installing, !!navigator.serviceWorker.controller, window.goappUpdatedBeforeWasmLoaded]) })()`)
			t.Fatalf("still on version %q, want the new deploy %q (service worker state %s)", got, v2, state)
		}
		time.Sleep(100 * time.Millisecond)
		if time.Until(deadline) < 20*time.Second && reloads < 2 {
			reloads++ // the browser may check for the new worker only on a later load
			reloadPage(t, ctx)
		}
	}
	t.Logf("new deploy running after %d reload(s)", reloads)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != mine {
		t.Errorf("text lost across the update: %q", got)
	}
	// Offline: the page, the wasm and the saved text still load.
	host.set(v2dir, true)
	reloadPage(t, ctx)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != mine {
		t.Errorf("offline reload: text %q", got)
	}
	t.Log("offline reload under /workbench/ works")
	// The gallery and the exercises work offline too.
	click(t, ctx, "#ptab-gallery")
	waitJS(t, ctx, `document.querySelectorAll("#panel-gallery .wk-card").length > 40`, 10*time.Second)
	click(t, ctx, "#ptab-exercises")
	waitJS(t, ctx, `document.querySelectorAll("#panel-exercises .wk-ex-list button").length >= 12 && document.querySelectorAll("#panel-exercises .wk-error").length === 0`, 10*time.Second)
	eval[bool](t, ctx, `document.querySelector("#panel-gallery .wk-card button").click(), true`)
	// The first card is the newest file.
	waitJS(t, ctx, `document.getElementById("tab-0").textContent.startsWith("today-lobste.rs_2026-01.txt")`, 10*time.Second)

	caches := eval[[]string](t, ctx, `caches.keys()`)
	if len(caches) != 1 || !strings.HasSuffix(caches[0], v2) {
		t.Errorf("caches after the update: %v", caches)
	}
}

// TestRootOffline: the site built for a domain root (what `make serve` and
// the README's root deploy give) installs its service worker, precaches the
// page once, and reloads offline with the saved text.
func TestRootOffline(t *testing.T) {
	dir := buildSite(t, "", nil)
	host := &pagesHost{dir: dir, root: true}
	srv := httptest.NewServer(host)
	defer srv.Close()

	ctx := newTab(t)
	open(t, ctx, srv.URL+"/")
	waitJS(t, ctx, `navigator.serviceWorker.controller !== null`, 15*time.Second)
	keys := eval[[]string](t, ctx, `caches.keys().then(ks => caches.open(ks[0])).then(c => c.keys()).then(rs => rs.map(r => r.url))`)
	pages := 0
	for _, k := range keys {
		if k == srv.URL+"/" {
			pages++
		}
	}
	if pages != 1 {
		t.Errorf("the page %s/ is cached %d times, want once (cache holds %d requests)", srv.URL, pages, len(keys))
	}
	mine := "User-agent: *\nDisallow: /root-offline-test/\n"
	setText(t, ctx, mine)
	waitSaved(t, ctx, "/root-offline-test/")
	host.set(dir, true)
	reloadPage(t, ctx)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != mine {
		t.Errorf("offline reload at the domain root: text %q", got)
	}
	screenshot(t, ctx, "offline-root")
	clearStorage(t, ctx)
}

// waitSaved waits until the autosaved robots.txt in localStorage holds
// want (instead of sleeping for the autosave's delay).
func waitSaved(t *testing.T, ctx context.Context, want string) {
	t.Helper()
	waitJS(t, ctx, `(localStorage.getItem("acap-workbench:v1:doc") || "").includes(`+jsString(want)+`)`, 10*time.Second)
}
