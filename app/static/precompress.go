//go:build !wasm

package static

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math/bits"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
)

// brotliModule names the compressor in cache keys, since another version
// may compress differently.
var brotliModule = sync.OnceValue(func() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "github.com/andybalholm/brotli" {
				return "brotli-" + d.Version
			}
		}
	}
	return "brotli"
})

// Options tells Precompress how hard to work.
type Options struct {
	// BrotliQuality is brotli's quality, 0 to 11: each step up costs
	// several times the CPU time for a few per cent less (the README's
	// measured section gives the figures for app.wasm).
	BrotliQuality int
	// CacheDir, when set, keeps the compressed copies of files of
	// CacheMin bytes or more under the SHA-256 of their content, so that a
	// rebuild with an unchanged app.wasm does not compress it again.
	CacheDir string
}

// CacheMin is the size from which compressed copies are cached.
const CacheMin = 1 << 20

// MinSize is the size under which a file is not compressed: the saving
// is smaller than the headers Content-Encoding and Vary add.
const MinSize = 256

// Result describes the compressed copies written for one file.
type Result struct {
	Path         string // relative to the site's folder, with slashes
	Size         int64  // the file's own size
	Gzip, Brotli int64  // sizes of .gz and .br; 0 when none was written
	GzipTime     time.Duration
	BrotliTime   time.Duration
	Cached       bool // both copies came from the cache
}

var compressible = map[string]bool{
	".wasm": true, ".js": true, ".css": true, ".html": true, ".json": true, ".txt": true,
	".md": true, ".svg": true, ".webmanifest": true, ".xml": true, ".map": true,
}

// Precompress writes name.br (brotli) and name.gz (gzip, best compression)
// beside every file of dir that compresses: text and WebAssembly files of
// MinSize bytes or more, when the copy saves at least a tenth. The copies
// get the file's modification time, which Handler checks to ignore stale
// ones. Results are sorted by path.
func Precompress(dir string, opt Options) ([]Result, error) {
	if opt.BrotliQuality < brotli.BestSpeed || opt.BrotliQuality > brotli.BestCompression {
		return nil, fmt.Errorf("brotli quality %d is not between 0 and 11", opt.BrotliQuality)
	}
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		if ext := filepath.Ext(p); ext == ".br" || ext == ".gz" {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Size() < MinSize {
			return nil
		}
		ok := compressible[strings.ToLower(filepath.Ext(p))]
		if !ok && filepath.Ext(p) == "" {
			ok, err = isText(p)
		}
		if err != nil {
			return err
		}
		if ok {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	type job struct {
		res *Result
		src []byte
		enc string
	}
	results := make([]Result, len(files))
	var jobs []job
	for i, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(dir, p)
		results[i] = Result{Path: filepath.ToSlash(rel), Size: int64(len(src))}
		jobs = append(jobs, job{&results[i], src, "br"}, job{&results[i], src, "gzip"})
	}
	// The largest first (brotli of app.wasm takes longest), on every core.
	sort.SliceStable(jobs, func(i, j int) bool {
		if len(jobs[i].src) != len(jobs[j].src) {
			return len(jobs[i].src) > len(jobs[j].src)
		}
		return jobs[i].enc == "br" && jobs[j].enc != "br"
	})
	var (
		mu      sync.Mutex
		firstEr error
		next    int
		wg      sync.WaitGroup
	)
	cached := map[*Result]int{}
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				if next == len(jobs) || firstEr != nil {
					mu.Unlock()
					return
				}
				j := jobs[next]
				next++
				mu.Unlock()
				start := time.Now()
				out, hit, err := compressCached(j.src, j.enc, opt)
				took := time.Since(start)
				var size int64
				if err == nil && len(out) <= len(j.src)*9/10 {
					size = int64(len(out))
					err = writeSibling(filepath.Join(dir, filepath.FromSlash(j.res.Path)), j.enc, out)
				}
				mu.Lock()
				if err != nil && firstEr == nil {
					firstEr = fmt.Errorf("compressing %s: %w", j.res.Path, err)
				}
				if hit {
					cached[j.res]++
				}
				if j.enc == "br" {
					j.res.Brotli, j.res.BrotliTime = size, took
				} else {
					j.res.Gzip, j.res.GzipTime = size, took
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstEr != nil {
		return nil, firstEr
	}
	for r, n := range cached {
		r.Cached = n == 2
	}
	return results, nil
}

func isText(p string) (bool, error) {
	f, err := os.Open(p)
	if err != nil {
		return false, err
	}
	defer f.Close()
	var buf [512]byte
	n, _ := f.Read(buf[:])
	return strings.HasPrefix(http.DetectContentType(buf[:n]), "text/"), nil
}

// writeSibling writes p's compressed copy and gives it p's modification
// time.
func writeSibling(p, enc string, data []byte) error {
	st, err := os.Stat(p)
	if err != nil {
		return err
	}
	sib := p + map[string]string{"br": ".br", "gzip": ".gz"}[enc]
	if err := os.WriteFile(sib, data, 0o644); err != nil {
		return err
	}
	return os.Chtimes(sib, st.ModTime(), st.ModTime())
}

// compressCached compresses src, through the cache for large files.
func compressCached(src []byte, enc string, opt Options) (out []byte, hit bool, err error) {
	var key string
	if opt.CacheDir != "" && len(src) >= CacheMin {
		sum := sha256.Sum256(src)
		key = filepath.Join(opt.CacheDir, hex.EncodeToString(sum[:]))
		if enc == "br" {
			key += fmt.Sprintf("-%s-q%d.br", brotliModule(), opt.BrotliQuality)
		} else {
			key += fmt.Sprintf("-%s-9.gz", runtime.Version())
		}
		if b, err := os.ReadFile(key); err == nil {
			now := time.Now()
			os.Chtimes(key, now, now) // recently used: kept by pruneCache
			return b, true, nil
		}
	}
	out, err = Compress(src, enc, opt.BrotliQuality)
	if err != nil || key == "" {
		return out, false, err
	}
	// A failing cache only costs time.
	if os.MkdirAll(opt.CacheDir, 0o755) == nil {
		if tmp, err := os.CreateTemp(opt.CacheDir, ".tmp-*"); err == nil {
			_, werr := tmp.Write(out)
			cerr := tmp.Close()
			if werr == nil && cerr == nil && os.Rename(tmp.Name(), key) == nil {
				pruneCache(opt.CacheDir)
				return out, false, nil
			}
			os.Remove(tmp.Name())
		}
	}
	return out, false, nil
}

// Compress compresses src with enc ("br" at the given quality, or "gzip" at
// its best compression). Brotli's window covers the whole file up to
// 16 MiB (the largest standard window), which finds repeats across all of
// app.wasm, where the default 4 MiB window would not.
func Compress(src []byte, enc string, quality int) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(src) / 3)
	switch enc {
	case "br":
		lgwin := max(10, min(24, bits.Len(uint(len(src)))))
		w := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: quality, LGWin: lgwin})
		if _, err := w.Write(src); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
	case "gzip":
		w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(src); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
	default:
		return nil, errors.New("unknown encoding " + enc)
	}
	return buf.Bytes(), nil
}

// DefaultCacheDir is where builds keep compressed copies of large files:
// the user's cache folder (as Go's build cache), or "" when there is none.
func DefaultCacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "acap-workbench", "precompressed")
}

// CacheKeep is how many compressed copies the cache keeps (the most
// recently used): for each app.wasm, its gzip and its brotli copy.
const CacheKeep = 12

// pruneCache removes all but the CacheKeep most recently used entries.
func pruneCache(dir string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type entry struct {
		name string
		used time.Time
	}
	var all []entry
	for _, e := range ents {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() {
			all = append(all, entry{e.Name(), info.ModTime()})
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].used.After(all[j].used) })
	for _, e := range all[min(CacheKeep, len(all)):] {
		os.Remove(filepath.Join(dir, e.name))
	}
}
