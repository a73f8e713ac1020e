package policy

import (
	"strings"
	"testing"
)

func TestPathOf(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		// Full URLs.
		{"http://example.com/a/b.html", "/a/b.html"},
		{"https://www.example.com/path/foo-$", "/path/foo-$"},
		{"http://foo.bar/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"},
		{"https://h", "/"},
		{"https://h/", "/"},
		{"http://user:pw@h:8080/x?y=1", "/x?y=1"},
		{"HTTP://H/X", "/X"},
		{"ftp://h/f", "/f"},
		// Scheme-relative.
		{"//h/x", "/x"},
		{"//h", "/"},
		{"//h?q", "/?q"},
		// Paths.
		{"/", "/"},
		{"/a/../b/./c", "/a/../b/./c"},
		{"/a//b", "/a//b"},
		{"/%7ejoe/index.html", "/%7ejoe/index.html"},
		// Query only, params.
		{"?q", "/?q"},
		{"?", "/?"},
		{"/x?q=a#f", "/x?q=a"},
		{";p", "/;p"},
		{"/a;p=1?q", "/a;p=1?q"},
		{"http://h;p/x", "/;p/x"},
		{"http://h?q=http://x/y", "/?q=http://x/y"},
		// Fragments.
		{"http://h/x#frag", "/x"},
		{"http://h#frag/x", "/"},
		{"#f", "/"},
		{"/#f", "/"},
		{"/a#b#c", "/a"},
		// Empty and odd.
		{"", "/"},
		{"x", "/"},
		{"a/b", "/b"},
		{"h/x", "/x"},
		{":", "/"},
		{"://", "/"},
		{":///", "/"},
		{"http:/x", "/x"},
		{"/x://y", "/x://y"},
		{"%", "/"},
		{"/%", "/%"},
		// Spaces, control characters, non-ASCII.
		{"/a b", "/a%20b"},
		{"http://h/ä b", "/%C3%A4%20b"},
		{"/foo/bar/ツ", "/foo/bar/%E3%83%84"},
		{"/\t\x7f\x00", "/%09%7F%00"},
		{"/\xff\xfe", "/%FF%FE"},
		{"?ä", "/?%C3%A4"},
	}
	for _, tt := range tests {
		if got := PathOf(tt.in); got != tt.want {
			t.Errorf("PathOf(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPathOfNoAlloc(t *testing.T) {
	u := "https://www.example.com/some/long/path/index.html?a=b"
	if n := testing.AllocsPerRun(100, func() { _ = PathOf(u) }); n != 0 {
		t.Errorf("PathOf allocates %v times on a URL needing no escapes", n)
	}
}

func FuzzPathOf(f *testing.F) {
	for _, s := range []string{"", "/", "http://h/x?y#z", "//h", "?q", ";p", "a b", "ä", "%", "h://", "://x/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := PathOf(s)
		if !strings.HasPrefix(p, "/") {
			t.Fatalf("PathOf(%q) = %q does not start with '/'", s, p)
		}
		for i := 0; i < len(p); i++ {
			if p[i] <= ' ' || p[i] >= 0x7f || p[i] == '#' {
				t.Fatalf("PathOf(%q) = %q has byte %#x", s, p, p[i])
			}
		}
		if !strings.HasPrefix(p, "//") && PathOf(p) != p {
			t.Fatalf("PathOf not idempotent on %q: %q", p, PathOf(p))
		}
	})
}
