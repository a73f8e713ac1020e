package policy

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
)

// Large real files: www.meteofrance.com's and www.sciencedirect.com's robots.txt
// of January 2026 (834 KB; the site answers /robots.txt with an HTML page
// of 77 lines, some of them hundreds of kilobytes long) and a file of
// 3,700,000 bytes made by repeating it. Run with
//
//	go test -run '^$' -bench 'Large' -benchmem ./policy/

// largeInputs returns the sciencedirect file and the 3.7 MB repetition.
func largeInputs(tb testing.TB) (one, big []byte) {
	tb.Helper()
	one, err := os.ReadFile("testdata/bench/sciencedirect.txt")
	if err != nil {
		tb.Fatal(err)
	}
	for len(big) < 3_700_000 {
		big = append(big, one...)
		big = append(big, '\n')
	}
	return one, big[:3_700_000]
}

// largeURLs are 50 sample URLs for the matrix.
func largeURLs() []string {
	urls := make([]string, 50)
	paths := []string{"/", "/science/article/pii/S0000", "/search?qs=x", "/journal/cell", "/user/login", "/sdfe/arp/x.js", "/book/978", "/topics/medicine"}
	for i := range urls {
		urls[i] = paths[i%len(paths)] + "?n=" + itoa(i)
	}
	return urls
}

func benchLarge(b *testing.B, fn func(b *testing.B, src []byte)) {
	one, big := largeInputs(b)
	// www.meteofrance.com's robots.txt of January 2026: 236 KB, 2,291
	// lines, most of them fields no crawler knows (the checker looks for
	// the name each one was meant to be).
	meteo, err := os.ReadFile("testdata/corpus/sites-2026-01/www.meteofrance.com.txt")
	if err != nil {
		b.Fatal(err)
	}
	for _, in := range []struct {
		name string
		src  []byte
	}{{"834KB", one}, {"3.7MB", big}, {"meteofrance236KB", meteo}} {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.src)))
			b.ReportAllocs()
			for b.Loop() {
				fn(b, in.src)
			}
		})
	}
}

func BenchmarkLargeParse(b *testing.B) {
	benchLarge(b, func(b *testing.B, src []byte) {
		if _, err := Parse("/robots.txt", src); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkLargeCheck is parse plus check, the editor's work after a change.
func BenchmarkLargeCheck(b *testing.B) {
	benchLarge(b, func(b *testing.B, src []byte) {
		f, err := Parse("/robots.txt", src)
		if err != nil {
			b.Fatal(err)
		}
		Check(f)
	})
}

// BenchmarkLargeReady is parse, NewPolicy and a first question of each
// kind: every reading compiled.
func BenchmarkLargeReady(b *testing.B) {
	benchLarge(b, func(b *testing.B, src []byte) {
		f, err := Parse("/robots.txt", src)
		if err != nil {
			b.Fatal(err)
		}
		p := NewPolicy(f)
		for _, k := range Kinds() {
			p.Decide(Question{Crawler: "GPTBot", URL: "/", Kind: k})
		}
	})
}

// BenchmarkLargeMatrix is the simulator's matrix on the parsed file: a new
// Policy, 50 URLs × every usage × every kind.
func BenchmarkLargeMatrix(b *testing.B) {
	urls := largeURLs()
	base := Question{Crawler: "GPTBot", Date: Date{2026, 11, 21}}
	one, big := largeInputs(b)
	for _, in := range []struct {
		name string
		src  []byte
	}{{"834KB", one}, {"3.7MB", big}} {
		f, err := Parse("/robots.txt", in.src)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				NewPolicy(f).Matrix(base, urls, UsesOf(KindACAP), Kinds())
			}
		})
	}
}

// TestLargeInputs: the large real files are read whole (every line, and
// the checker says what they are: an HTML page), and over MaxFileSize every function that reads
// bytes as a file refuses them with an error value and no result, rather
// than reading them as empty.
func TestLargeInputs(t *testing.T) {
	one, big := largeInputs(t)
	for _, src := range [][]byte{one, big} {
		f, err := Parse("/robots.txt", src)
		if err != nil {
			t.Fatalf("%d bytes: %v", len(src), err)
		}
		if want := bytes.Count(src, []byte("\n")) + 1; len(f.Lines) != want {
			t.Errorf("%d bytes: %d lines, want %d", len(src), len(f.Lines), want)
		}
		found := false
		for _, d := range Check(f) {
			found = found || d.Code == CodeNotRobotsTxt
		}
		if !found {
			t.Errorf("%d bytes: no %s warning", len(src), CodeNotRobotsTxt)
		}
	}
	over := bytes.Repeat(one, MaxFileSize/len(one)+1)
	for _, tc := range []struct {
		name string
		src  []byte
		want string
	}{
		{"one byte over", append(bytes.Repeat([]byte{'#'}, MaxFileSize), '\n'), "the file is 5.1 MiB; the tester reads files of at most 5.0 MiB"},
		{"sciencedirect repeated", over, "the file is 5.6 MiB; the tester reads files of at most 5.0 MiB"},
	} {
		f, err := Parse("/robots.txt", tc.src)
		var se *SizeError
		if f != nil || !errors.As(err, &se) || se.Size != len(tc.src) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Parse(%s) = %v, %v; want nil and %q", tc.name, f, err, tc.want)
		}
		f, err = ParseReferenced("/other.txt", tc.src, MustParse("ACAP-crawler: *\n"))
		if f != nil || !errors.As(err, &se) {
			t.Errorf("ParseReferenced(%s) = %v, %v; want nil and a *SizeError", tc.name, f, err)
		}
		if pg, err := ParsePage("/page.html", tc.src); pg != nil || !errors.Is(err, ErrPageTooLarge) {
			t.Errorf("ParsePage(%s) = %v, %v; want nil and ErrPageTooLarge", tc.name, pg, err)
		}
	}
	// At the limit exactly, the file is read.
	if f, err := Parse("/robots.txt", bytes.Repeat([]byte{'#'}, MaxFileSize)); err != nil || len(f.Lines) != 1 {
		t.Errorf("Parse of exactly MaxFileSize bytes: %v", err)
	}
}
