package policy

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestSamplePaths(t *testing.T) {
	for _, tc := range []struct {
		src  string
		max  int
		want []string
	}{
		{"", 5, []string{"/"}},
		{"User-agent: *\nDisallow:\n", 5, []string{"/"}},
		{"User-agent: *\nDisallow: private\nDisallow: /a*b*$\nAllow: /a*b*\n", 5, []string{"/", "/private", "/axbx"}},
		{"User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\n", 2, []string{"/", "/a"}},
		{"User-agent: *\nDisallow: /a\n", 1, []string{"/"}},
		// As a URL "//a/b" names the host a: the sample asks the path.
		{"User-agent: *\nDisallow: //a/b\nDisallow: *//c\n", 5, []string{"/", "////a/b", "/x//c"}},
		{"ACAP-resource-set: s /news/ /docs/*.html$\nACAP-crawler: *\nACAP-disallow-index: the-acap:resource-set:s\n", 5, []string{"/", "/news/", "/docs/x.html"}},
	} {
		if got := MustParse(tc.src).SamplePaths(tc.max); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q, %d: %q, want %q", tc.src, tc.max, got, tc.want)
		}
	}
}

// checkSamplesAsk fails when a sample of f, asked as a URL, asks another
// path than its pattern gave.
func checkSamplesAsk(t *testing.T, what string, f *File) {
	t.Helper()
	for _, s := range f.SamplePaths(1000) {
		want := s
		if strings.HasPrefix(s, "////") {
			want = s[2:] // after an empty host
		}
		if got := PathOf(s); got != PathOf("https://example.com"+want) {
			t.Errorf("%s: the sample %q asks %q, not %q", what, s, got, want)
		}
	}
}

// TestSamplePathsCorpus: every sample of every real file asks its path.
func TestSamplePathsCorpus(t *testing.T) {
	for _, p := range corpusFiles(t) {
		f, _ := parseTestFile(t, p)
		checkSamplesAsk(t, filepath.Base(p), f)
	}
}

func FuzzSamplePaths(f *testing.F) {
	f.Add("User-agent: *\nDisallow: //a\nAllow: *x$\n")
	f.Add("ACAP-crawler: *\nACAP-disallow-crawl: //b\n")
	f.Fuzz(func(t *testing.T, src string) {
		file, err := Parse("robots.txt", []byte(src))
		if err != nil {
			return
		}
		checkSamplesAsk(t, src, file)
	})
}
