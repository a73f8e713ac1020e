//go:build !wasm

// Package static serves and prepares the built static site outside the
// browser: the handler `make serve` and the browser tests use, and the
// precompressed copies (.br, .gz) that `make build` writes beside the
// site's larger files. It is never part of app.wasm.
package static

import (
	"io"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"time"
)

// Encodings this package writes, in the order the server prefers them when
// a browser accepts several equally: brotli is some 28 % smaller than gzip
// for app.wasm.
var encodings = []struct{ name, ext string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// Handler serves the built site in dir the way a static host with
// precompressed files does, without caching so that a rebuild shows on
// reload. A file that has up-to-date siblings name.br or name.gz is sent in
// the best encoding the request's Accept-Encoding allows, with the original's
// Content-Type, Content-Encoding, Vary: Accept-Encoding and the compressed
// length; anything else (no siblings, no acceptable encoding, a Range
// request) is sent as it is on disk by http.FileServer. A folder without
// an index.html is not listed (404), every answer says
// X-Content-Type-Options: nosniff, and the types a browser checks
// (application/wasm, application/manifest+json) are set by extension.
func Handler(dir string) http.Handler {
	root := http.Dir(dir)
	fsrv := http.FileServer(noListing{root})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		if t := typeByExtension(path.Ext(r.URL.Path)); t != "" && !strings.HasSuffix(r.URL.Path, "/") {
			h.Set("Content-Type", t)
		}
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			if serveEncoded(w, r, root) {
				return
			}
		}
		fsrv.ServeHTTP(w, r)
	})
}

// serveEncoded answers r from a precompressed sibling and reports whether it
// did. It sets Vary whenever the file has siblings, since the answer for the
// URL then depends on Accept-Encoding even when it is the plain file.
func serveEncoded(w http.ResponseWriter, r *http.Request, root http.Dir) bool {
	name := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(r.URL.Path, "/index.html") {
		return false // http.FileServer redirects to the folder
	}
	if strings.HasSuffix(r.URL.Path, "/") {
		name = path.Join(name, "index.html")
	}
	orig, err := root.Open(name)
	if err != nil {
		return false
	}
	defer orig.Close()
	ost, err := orig.Stat()
	if err != nil || !ost.Mode().IsRegular() {
		return false
	}
	var avail []string
	for _, e := range encodings {
		if st, err := statRegular(root, name+e.ext); err == nil && !st.ModTime().Before(ost.ModTime()) {
			avail = append(avail, e.name)
		}
	}
	if len(avail) == 0 {
		return false
	}
	w.Header().Add("Vary", "Accept-Encoding")
	// A byte range of the compressed body is not a range of the file:
	// ranges are served from the file itself.
	if r.Header.Get("Range") != "" {
		return false
	}
	enc := Negotiate(r.Header.Get("Accept-Encoding"), avail)
	if enc == "" {
		return false
	}
	ext := ""
	for _, e := range encodings {
		if e.name == enc {
			ext = e.ext
		}
	}
	f, err := root.Open(name + ext)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return false
	}
	h := w.Header()
	if h.Get("Content-Type") == "" {
		h.Set("Content-Type", contentType(name, orig))
	}
	h.Set("Content-Encoding", enc)
	// Conditional requests compare against the variant sent: an ETag per
	// encoding, so that a cache never takes one for the other.
	h.Set("ETag", `"`+strconv.FormatInt(ost.Size(), 36)+"-"+strconv.FormatInt(st.ModTime().UnixNano(), 36)+"-"+enc+`"`)
	// ServeContent leaves Content-Length out when Content-Encoding is set;
	// it answers HEAD without a body and 304 (without the length) to a
	// matching conditional request.
	h.Set("Content-Length", strconv.FormatInt(st.Size(), 10))
	http.ServeContent(w, r, name, st.ModTime(), f)
	return true
}

func statRegular(root http.Dir, name string) (os.FileInfo, error) {
	f, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, os.ErrNotExist
	}
	return st, nil
}

// contentType is the type http.FileServer would send for the original file:
// by extension, else sniffed from its first bytes.
func contentType(name string, orig http.File) string {
	if t := typeByExtension(path.Ext(name)); t != "" {
		return t
	}
	var buf [512]byte
	n, _ := io.ReadFull(orig, buf[:])
	return http.DetectContentType(buf[:n])
}

// Negotiate picks, from the encodings available for a file (in the
// server's order of preference), the one to send for the Accept-Encoding
// header ae, following RFC 9110 section 12.5.3: codings are compared case
// insensitively, "x-gzip" is gzip, q=0 refuses a coding, "*" stands for
// every coding not named, and identity is acceptable unless refused. It
// returns "" when the file should be sent as it is: no header, no
// acceptable coding, or identity (or "*") given a higher q than the best.
func Negotiate(ae string, avail []string) string {
	if strings.TrimSpace(ae) == "" {
		return ""
	}
	q := map[string]float64{}
	for _, part := range strings.Split(ae, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		if coding == "x-gzip" {
			coding = "gzip"
		}
		v, ok := 1.0, true
		for _, p := range strings.Split(params, ";") {
			k, val, found := strings.Cut(p, "=")
			if !found || !strings.EqualFold(strings.TrimSpace(k), "q") {
				continue
			}
			v, ok = parseQ(strings.TrimSpace(val))
		}
		if !ok {
			continue // a malformed weight: ignore the element
		}
		if old, seen := q[coding]; !seen || v > old {
			q[coding] = v
		}
	}
	weight := func(c string) float64 {
		if v, ok := q[c]; ok {
			return v
		}
		if v, ok := q["*"]; ok {
			return v
		}
		return 0
	}
	best, bestQ := "", 0.0
	for _, c := range avail {
		if v := weight(c); v > bestQ {
			best, bestQ = c, v
		}
	}
	// Identity is acceptable unless refused; it is preferred only when the
	// header gives it (or "*") a higher weight than the best coding.
	if best == "" || weight("identity") > bestQ {
		return ""
	}
	return best
}

// parseQ reads a weight: "0" to "1" with at most three decimals.
func parseQ(s string) (float64, bool) {
	if s == "" || len(s) > 5 || (s[0] != '0' && s[0] != '1') {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || v > 1 {
		return 0, false
	}
	return v, true
}

func typeByExtension(ext string) string {
	switch ext {
	case ".wasm":
		return "application/wasm"
	case ".webmanifest":
		return "application/manifest+json"
	}
	return mime.TypeByExtension(ext)
}

// noListing is a file system whose folders can be opened only when they
// hold an index.html, so that the server never lists a folder.
type noListing struct{ http.FileSystem }

func (fs noListing) Open(name string) (http.File, error) {
	f, err := fs.FileSystem.Open(name)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		index, err := fs.FileSystem.Open(path.Join(name, "index.html"))
		if err != nil {
			f.Close()
			return nil, os.ErrNotExist
		}
		index.Close()
	}
	return f, nil
}

// Server is the server of `make serve`: Handler(dir) on addr, answering
// only requests that name this machine (a page elsewhere cannot reach it
// through a name of its own that resolves here), and closing connections
// that send too slowly or sit idle.
func Server(addr, dir string) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           LocalOnly(Handler(dir)),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       time.Minute,
	}
}

// LocalOnly answers 421 Misdirected Request to a request whose Host is not
// localhost or a loopback address.
func LocalOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if hh, _, err := net.SplitHostPort(host); err == nil {
			host = hh
		}
		host = strings.Trim(host, "[]")
		ip := net.ParseIP(host)
		if !strings.EqualFold(host, "localhost") && (ip == nil || !ip.IsLoopback()) {
			http.Error(w, "this server answers only requests for localhost", http.StatusMisdirectedRequest)
			return
		}
		h.ServeHTTP(w, r)
	})
}
