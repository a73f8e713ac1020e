//go:build !wasm

package static

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

func TestNegotiate(t *testing.T) {
	both := []string{"br", "gzip"}
	for _, tc := range []struct {
		ae    string
		avail []string
		want  string
	}{
		{"gzip, deflate, br, zstd", both, "br"},
		{"gzip, deflate", both, "gzip"},
		{"gzip, deflate, br", []string{"gzip"}, "gzip"},
		{"", both, ""},
		{"   ", both, ""},
		{"identity", both, ""},
		{"br;q=0", both, ""},
		{"br;q=0, gzip;q=0.001", both, "gzip"},
		{"br;q=0.0, gzip;q=0.00", both, ""},
		{"*", both, "br"},
		{"*;q=0", both, ""},
		{"*;q=0.5, identity;q=0.6", both, ""},
		{"*;q=0.7, identity;q=0.6", both, "br"},
		{"br;q=0.8, gzip", both, "gzip"},
		{"gzip;q=1.000, br;q=1", both, "br"},
		{"br;q=1.5, gzip", both, "gzip"},    // a weight above 1 is malformed
		{"br;q=, gzip", both, "gzip"},       // so is an empty one
		{"br;q=0.5000, gzip", both, "gzip"}, // and one of four decimals
		{"br;level=1;q=0.2, gzip;q=0.1", both, "br"},
		{"br, br;q=0", both, "br"}, // a coding named twice keeps its best weight
		{",, ,br", both, "br"},
		{"X-GZIP", both, "gzip"},
		{"compress, deflate", both, ""},
	} {
		if got := Negotiate(tc.ae, tc.avail); got != tc.want {
			t.Errorf("Negotiate(%q, %v) = %q, want %q", tc.ae, tc.avail, got, tc.want)
		}
	}
}

func TestPrecompress(t *testing.T) {
	dir := t.TempDir()
	cache := t.TempDir()
	big := bytes.Repeat([]byte("wasm code and data that repeat "), CacheMin/16)
	text := []byte(strings.Repeat("User-agent: *\nDisallow: /private\n", 100))
	files := map[string][]byte{
		"web/app.wasm":    big,
		"index.html":      text,
		"web/LICENSE":     text,                                   // no extension, text: compressed
		"web/small.css":   []byte("body{color:red}"),              // too small
		"web/icon.png":    append([]byte("\x89PNG\r\n"), text...), // not text
		"web/random.json": randomBytes(4096),                      // does not compress
		"web/old.js.gz":   []byte("left over"),                    // not compressed again
	}
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Precompress(dir, Options{BrotliQuality: 4, CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, r := range res {
		paths = append(paths, r.Path)
		if r.Path == "web/random.json" {
			if r.Gzip != 0 || r.Brotli != 0 {
				t.Errorf("%s: copies written that save nothing: %+v", r.Path, r)
			}
			continue
		}
		if r.Gzip == 0 || r.Brotli == 0 || r.Brotli >= r.Size || r.Gzip >= r.Size || r.Cached {
			t.Errorf("%+v", r)
		}
		orig := filepath.Join(dir, filepath.FromSlash(r.Path))
		ost, _ := os.Stat(orig)
		for _, enc := range []string{"br", "gzip"} {
			sib := orig + map[string]string{"br": ".br", "gzip": ".gz"}[enc]
			st, err := os.Stat(sib)
			if err != nil {
				t.Fatal(err)
			}
			if !st.ModTime().Equal(ost.ModTime()) {
				t.Errorf("%s: modification time %v, want the original's %v", sib, st.ModTime(), ost.ModTime())
			}
			b, _ := os.ReadFile(sib)
			if got := decompress(t, enc, b); !bytes.Equal(got, files[r.Path]) {
				t.Errorf("%s does not decompress to the original", sib)
			}
		}
	}
	if got := strings.Join(paths, " "); got != "index.html web/LICENSE web/app.wasm web/random.json" {
		t.Errorf("compressed %s", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "web", "old.js.gz.gz")); err == nil {
		t.Error("a .gz file was compressed again")
	}
	// A second build takes the large file's copies from the cache.
	res, err = Precompress(dir, Options{BrotliQuality: 4, CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Cached != (r.Path == "web/app.wasm") {
			t.Errorf("%s: cached %v", r.Path, r.Cached)
		}
	}
	// Another quality is another cache entry.
	res, _ = Precompress(dir, Options{BrotliQuality: 5, CacheDir: cache})
	for _, r := range res {
		if r.Cached {
			t.Errorf("%s came from the cache at another quality", r.Path)
		}
	}
	if _, err := Precompress(dir, Options{BrotliQuality: 12}); err == nil {
		t.Error("quality 12 accepted")
	}
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	x := uint32(2463534242)
	for i := range b {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b[i] = byte(x)
	}
	return b
}

func decompress(t *testing.T, enc string, b []byte) []byte {
	t.Helper()
	var r io.Reader
	if enc == "br" {
		r = brotli.NewReader(bytes.NewReader(b))
	} else {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestPruneCacheKeepsTheMostRecentlyUsed(t *testing.T) {
	dir := t.TempDir()
	base := time.Now().Add(-time.Hour)
	for i := range CacheKeep + 3 {
		p := filepath.Join(dir, fmt.Sprintf("entry-%02d", i))
		os.WriteFile(p, nil, 0o644)
		at := base.Add(time.Duration(i) * time.Minute)
		os.Chtimes(p, at, at)
	}
	pruneCache(dir)
	ents, _ := os.ReadDir(dir)
	if len(ents) != CacheKeep || ents[0].Name() != "entry-03" {
		t.Errorf("kept %d entries from %s", len(ents), ents[0].Name())
	}
}
