//go:build !wasm

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/net/html"
)

// CSP is the page's Content-Security-Policy: scripts, styles, images and
// everything else only from the site itself, WebAssembly compiled from
// them, nothing inline and no eval. It is written as a meta tag right after
// <meta charset>, so that it covers the whole page.
const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; " +
	"connect-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'"

const charsetTag = `<meta charset="UTF-8">`

// The link preview tags go-app writes, its attributes in either order.
var (
	ogURL   = regexp.MustCompile(`\s*<meta (?:content="https://[^"]*" property="og:url"|property="og:url" content="https://[^"]*")>`)
	ogImage = regexp.MustCompile(`\s*<meta (?:content="https://[^"]*" property="og:image"|property="og:image" content="https://[^"]*")>`)
)

// rewriteHead gives a page go-app wrote the workbench's head: the CSP
// after <meta charset>, and link previews that name the site: og:url and
// og:image with the domain and prefix the site is served under, or left
// out when the domain is not known (go-app would write "https://" and an
// image URL with no host).
func rewriteHead(page, domain, prefix string) (string, error) {
	if strings.Count(page, charsetTag) != 1 {
		return "", fmt.Errorf("go-app's page changed: %s is not found once", charsetTag)
	}
	page = strings.Replace(page, charsetTag, charsetTag+"\n    "+`<meta http-equiv="Content-Security-Policy" content="`+CSP+`">`, 1)
	for _, t := range []struct {
		re   *regexp.Regexp
		prop string
		path string
	}{{ogURL, "og:url", "/"}, {ogImage, "og:image", "/web/icon-512.png"}} {
		if n := len(t.re.FindAllStringIndex(page, -1)); n != 1 {
			return "", fmt.Errorf("go-app's page changed: the %s tag is found %d times instead of once", t.prop, n)
		}
		repl := ""
		if domain != "" {
			url := "https://" + domain + strings.TrimRight(prefix, "/") + t.path
			repl = "\n    " + `<meta property="` + t.prop + `" content="` + url + `">`
		}
		page = t.re.ReplaceAllLiteralString(page, repl)
	}
	return page, nil
}

// siteVersion names a deploy by every file of the built site in out but
// the service worker and the precompressed copies, each by its path
// relative to out: a change to the page, app.js, the manifest or any asset
// makes a new worker, and so reaches returning visitors; where out lies
// does not matter. app.js holds the provisional version go-app wrote
// (prov), which is left out of its hash.
func siteVersion(out, prov string) (string, error) {
	var paths []string
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(out, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == "app-worker.js" || strings.HasSuffix(rel, ".br") || strings.HasSuffix(rel, ".gz") {
			return nil
		}
		paths = append(paths, rel)
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, rel := range paths {
		b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(rel)))
		if err != nil {
			return "", err
		}
		switch {
		case rel == "app.js":
			b = []byte(strings.ReplaceAll(string(b), prov, "{{version}}"))
		case strings.HasSuffix(rel, ".html"):
			b = canonicalHTML(b)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", rel, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// canonicalHTML writes a page with the attributes of each tag sorted:
// go-app writes them in a different order on every build, which changes
// nothing a browser reads.
func canonicalHTML(b []byte) []byte {
	var out bytes.Buffer
	z := html.NewTokenizer(bytes.NewReader(b))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out.Bytes()
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			sort.Slice(tok.Attr, func(i, j int) bool { return tok.Attr[i].Key < tok.Attr[j].Key })
			out.WriteString(tok.String())
		default:
			out.Write(z.Raw())
		}
	}
}

// setVersion replaces the provisional version by the final one in the
// files of out that hold it.
func setVersion(out, prov, final string) error {
	for _, name := range []string{"app.js", "app-worker.js"} {
		p := filepath.Join(out, name)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if !strings.Contains(string(b), prov) {
			return fmt.Errorf("%s does not hold the version", name)
		}
		if err := os.WriteFile(p, []byte(strings.ReplaceAll(string(b), prov, final)), 0o644); err != nil {
			return err
		}
	}
	return nil
}
