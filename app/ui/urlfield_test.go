package ui

import (
	"strings"
	"testing"
)

func TestURLListMarkup(t *testing.T) {
	long := "/" + strings.Repeat("é", 150)
	var many []string
	for i := 0; i < urlViewLines+3; i++ {
		many = append(many, "/p")
	}
	for _, tc := range []struct {
		name, text, want string
	}{
		{"short, blank lines left out", "/a\n\n  /b  \n", "<li>/a</li><li>/b</li>"},
		{"markup is text", `/<b>"x"</b>&y`, "<li>/&lt;b&gt;&#34;x&#34;&lt;/b&gt;&amp;y</li>"},
		{"cut at 100 characters, not bytes", long,
			"<li>/" + strings.Repeat("é", 99) + `<span class="muted">… (151 characters)</span></li>`},
		{"exactly 100 characters, whole", "/" + strings.Repeat("a", 99), "<li>/" + strings.Repeat("a", 99) + "</li>"},
		{"only the first urlViewLines", strings.Join(many, "\n"),
			strings.Repeat("<li>/p</li>", urlViewLines) + `<li class="muted">and 3 more</li>`},
	} {
		if got := urlListMarkup(tc.text); got != tc.want {
			t.Errorf("%s: got\n%.400s\nwant\n%.400s", tc.name, got, tc.want)
		}
	}
}

func TestURLViewWords(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"/a", "1 URL (1 KiB) is shown"},
		{"/a\n\n/b\n", "2 URLs (1 KiB) are shown"},
		{strings.Repeat("/"+strings.Repeat("a", 1999)+"\n", 200), "200 URLs (391 KiB) are shown read-only, each cut to its first 100 characters"},
	} {
		if got := urlViewWords(tc.text); !strings.HasPrefix(got, tc.want) {
			t.Errorf("urlViewWords(%.20q…) = %q, want it to start %q", tc.text, got, tc.want)
		}
	}
}
