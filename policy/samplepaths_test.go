package policy

import (
	"reflect"
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
		{"ACAP-resource-set: s /news/ /docs/*.html$\nACAP-crawler: *\nACAP-disallow-index: the-acap:resource-set:s\n", 5, []string{"/", "/news/", "/docs/x.html"}},
	} {
		if got := MustParse(tc.src).SamplePaths(tc.max); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q, %d: %q, want %q", tc.src, tc.max, got, tc.want)
		}
	}
}
