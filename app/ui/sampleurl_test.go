package ui

import (
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

func TestSampleURL(t *testing.T) {
	for _, tc := range []struct{ in, want, path string }{
		{"/news/today.html", "/news/today.html", "/news/today.html"},
		{"news/today.html", "/news/today.html", "/news/today.html"},
		{"index.html", "/index.html", "/index.html"},
		{"index.html?x=1", "/index.html?x=1", "/index.html?x=1"},
		{"search?q=robots", "/search?q=robots", "/search?q=robots"},
		{"?q=1", "?q=1", "/?q=1"},
		{"https://example.com/a", "https://example.com/a", "/a"},
		{"//example.com/a", "//example.com/a", "/a"},
		{"www.example.com/news/x", "www.example.com/news/x", "/news/x"},
		{"example.co.uk", "example.co.uk", "/"},
		{"localhost:8080/a", "localhost:8080/a", "/a"},
		{"127.0.0.1/a", "127.0.0.1/a", "/a"},
		{"v1.2/notes", "/v1.2/notes", "/v1.2/notes"},
		{"photos/2026/a.jpg", "/photos/2026/a.jpg", "/photos/2026/a.jpg"},
		{"a:b/c", "/a:b/c", "/a:b/c"},
	} {
		got := SampleURL(tc.in)
		if got != tc.want {
			t.Errorf("SampleURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if p := policy.PathOf(got); p != tc.path {
			t.Errorf("PathOf(SampleURL(%q)) = %q, want %q", tc.in, p, tc.path)
		}
	}
}
