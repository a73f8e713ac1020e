//go:build !wasm

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/highlight"
	"github.com/acap-workbench/workbench/app/static"
	"github.com/acap-workbench/workbench/app/ui"
)

func serverMain() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "build":
		fl := flag.NewFlagSet("build", flag.ExitOnError)
		out := fl.String("out", "dist", "output folder; app.wasm must already be in <out>/web/app.wasm")
		web := fl.String("web", "web", "folder of static assets to copy into <out>/web")
		prefix := fl.String("prefix", "", "URL path the site is served under, e.g. /workbench for a GitHub Pages project site; empty for the domain root")
		domain := fl.String("domain", "", "domain name the site is served on (for social previews)")
		quality := fl.Int("brotli", 11, "brotli quality (0-11) of the precompressed copies; -1 writes none")
		fl.Parse(os.Args[2:])
		var pc *static.Options
		if *quality >= 0 {
			pc = &static.Options{BrotliQuality: *quality, CacheDir: static.DefaultCacheDir()}
		}
		err = Build(*out, *web, *prefix, *domain, pc)
	case "serve":
		fl := flag.NewFlagSet("serve", flag.ExitOnError)
		dir := fl.String("dir", "dist", "built site to serve")
		addr := fl.String("addr", "localhost:8080", "address to listen on")
		fl.Parse(os.Args[2:])
		log.Printf("serving %s on http://%s/", *dir, *addr)
		err = static.Server(*addr, *dir).ListenAndServe()
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: wasm build [-out dist] [-web web] [-prefix /path] [-brotli 11] | wasm serve [-dir dist] [-addr localhost:8080]")
	os.Exit(2)
}

// Handler returns the go-app handler for a site served under prefix.
func Handler(prefix, version string, wasmSize int64, domain string, assets []string) *app.Handler {
	prefix = "/" + strings.Trim(prefix, "/")
	var res app.ResourceResolver = app.LocalDir("")
	if prefix != "/" {
		res = app.PrefixedLocation(prefix)
	}
	// wasm-fetch.js fetches app.wasm in a worker, wasm-warm.js runs its
	// start once in another (see appJSRewrites).
	cacheable := []string{"/web/theme.css", "/web/wasm-fetch.js", "/web/wasm-warm.js"}
	for _, s := range ui.Samples {
		cacheable = append(cacheable, "/web/samples/"+s.File)
	}
	// The gallery, the exercises and the crawler directory work offline too.
	cacheable = append(cacheable, assets...)
	return &app.Handler{
		Name:        "ACAP Workbench",
		ShortName:   "Workbench",
		Title:       "ACAP Workbench – write and check robots.txt files",
		Description: "Write, check and test robots.txt files with the ACAP extensions, in your browser.",
		Author:      "ACAP Workbench contributors",
		Lang:        "en",
		Domain:      domain,
		Image:       "/web/icon-512.png",
		Icon: app.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			SVG:      "/web/icon.svg",
			Maskable: "/web/icon-512.png",
		},
		BackgroundColor: "#ffffff",
		ThemeColor:      "#0550ae",
		LoadingLabel:    loadingLabel(wasmSize),
		Styles:          []string{"/web/theme.css", "/web/app.css", "/web/workshop.css", "/web/loader.css"},
		// guard.js keeps the editor's text when the Go side stops (a panic,
		// running out of memory): it does not depend on the Go runtime.
		// editor.js holds the editor's text comparison, static so that the
		// page's Content-Security-Policy needs no 'unsafe-eval'.
		Scripts:               []string{"/web/guard.js", "/web/editor.js"},
		CacheableResources:    cacheable,
		Version:               version,
		WasmContentLength:     strconv.FormatInt(wasmSize, 10),
		Resources:             res,
		ServiceWorkerTemplate: ServiceWorker,
	}
}

// loadingLabel is the text under the loading icon: go-app puts the
// megabytes of app.wasm read so far in place of {progress} (see
// appJSRewrites), e.g. "Loading the workbench… 4.1 of 12.4 MB". They are
// the megabytes of the uncompressed file, as the browser hands them on
// decompressed: a first visit transfers about a sixth of that.
func loadingLabel(wasmSize int64) string {
	return fmt.Sprintf("Loading the workbench… {progress} of %.1f MB", float64(wasmSize)/1e6)
}

// workshopAssets lists the files of the gallery, the exercises and the
// crawler directory in the built site's web folder (as site paths such as /web/gallery/x.txt), for
// the service worker to precache: a file a trainer drops into
// web/exercises is available offline without a change to the code.
func workshopAssets(webDir string) ([]string, error) {
	var out []string
	for _, sub := range []string{"gallery", "exercises", "crawlers"} {
		ents, err := os.ReadDir(filepath.Join(webDir, sub))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			// Precompressed copies (of an earlier build into the same
			// folder) are not resources of their own.
			if ext := filepath.Ext(e.Name()); e.Type().IsRegular() && ext != ".br" && ext != ".gz" {
				out = append(out, "/web/"+sub+"/"+e.Name())
			}
		}
	}
	return out, nil
}

// Build writes the static site into out. The WebAssembly binary must
// already be at out/web/app.wasm. With pc set, the larger files also get
// precompressed copies (.br, .gz) that StaticHandler serves.
func Build(out, web, prefix, domain string, pc *static.Options) error {
	wasmPath := filepath.Join(out, "web", "app.wasm")
	st, err := os.Stat(wasmPath)
	if err != nil {
		return fmt.Errorf("%s is missing: build it first with GOOS=js GOARCH=wasm go build -o %s ./wasm", wasmPath, wasmPath)
	}
	if err := copyDir(web, filepath.Join(out, "web")); err != nil {
		return fmt.Errorf("copying assets: %w", err)
	}
	css, err := highlight.CSS()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "web", "theme.css"), []byte(css), 0o644); err != nil {
		return err
	}
	assets, err := workshopAssets(filepath.Join(out, "web"))
	if err != nil {
		return err
	}
	// The version is known once every file is written (siteVersion): the
	// files are written with a stand-in first.
	const prov = "wb-version-to-be"
	h := Handler(prefix, prov, st.Size(), domain, assets)
	if err := app.GenerateStaticWebsite(out, h); err != nil {
		return err
	}
	raw, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		return err
	}
	index, err := rewriteHead(string(raw), domain, prefix)
	if err != nil {
		return err
	}
	// GitHub Pages serves 404.html for unknown paths; keep people in the app.
	for _, name := range []string{"index.html", "404.html"} {
		if err := os.WriteFile(filepath.Join(out, name), []byte(index), 0o644); err != nil {
			return err
		}
	}
	// Pages must not run Jekyll over the site.
	if err := os.WriteFile(filepath.Join(out, ".nojekyll"), nil, 0o644); err != nil {
		return err
	}
	if err := rewriteAppJS(filepath.Join(out, "app.js")); err != nil {
		return err
	}
	version, err := siteVersion(out, prov)
	if err != nil {
		return err
	}
	if err := setVersion(out, prov, version); err != nil {
		return err
	}
	if err := checkWorker(filepath.Join(out, "app-worker.js"), version); err != nil {
		return err
	}
	if pc == nil {
		return nil
	}
	res, err := static.Precompress(out, *pc)
	if err != nil {
		return err
	}
	for _, r := range res {
		if r.Size >= static.CacheMin {
			how := fmt.Sprintf("gzip %.1f s, brotli %.1f s", r.GzipTime.Seconds(), r.BrotliTime.Seconds())
			if r.Cached {
				how = "from " + pc.CacheDir
			}
			fmt.Printf("%s: %d bytes, gzip %d, brotli (quality %d) %d (%s)\n", r.Path, r.Size, r.Gzip, pc.BrotliQuality, r.Brotli, how)
		}
	}
	return nil
}

// checkWorker makes sure our service worker, not go-app's, was written.
func checkWorker(path, version string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	if !strings.Contains(s, workerMarker) || !strings.Contains(s, version) || strings.Contains(s, "{{") || !strings.Contains(s, "new URL(u, scope).href") {
		return errors.New("app-worker.js is not the workbench's service worker")
	}
	return nil
}

func copyDir(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		o, err := os.Create(target)
		if err != nil {
			return err
		}
		if _, err := io.Copy(o, in); err != nil {
			o.Close()
			return err
		}
		return o.Close()
	})
}

// StaticHandler serves a built site the way a static host does, without
// caching, so a rebuild shows on reload, and with the precompressed copies
// Build writes (see static.Handler).
func StaticHandler(dir string) http.Handler {
	return static.Handler(dir)
}
