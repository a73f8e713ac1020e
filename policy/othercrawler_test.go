package policy

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// checkOtherCrawler fails when name is named by the file for some kind:
// equal to a name, part of a User-agent or ACAP-crawler value, or holding a
// name.
func checkOtherCrawler(t *testing.T, what string, f *File, name string) {
	t.Helper()
	if name == "" {
		t.Errorf("%s: empty name", what)
		return
	}
	low := strings.ToLower(name)
	for _, n := range f.Crawlers() {
		if strings.Contains(low, strings.ToLower(n)) {
			t.Errorf("%s: %q holds the file's name %q", what, name, n)
		}
	}
	check := func(v string) {
		if v = strings.ToLower(v); v != "*" && !strings.HasPrefix(v, "* ") && strings.Contains(v, low) {
			t.Errorf("%s: %q is part of the value %q", what, name, v)
		}
	}
	for _, g := range f.Groups {
		for _, a := range g.Agents {
			check(a.Value.Text)
		}
	}
	for _, r := range f.Records {
		for _, c := range r.Crawlers {
			check(c.Value.Text)
		}
	}
}

func TestOtherCrawler(t *testing.T) {
	every := ""
	for _, c := range otherChars {
		every += "User-agent: " + string(c) + "\nDisallow: /\n"
	}
	tests := []struct {
		src  string
		want string
		ok   bool
	}{
		{"User-agent: *\nDisallow: /\n", "other-crawler", true},
		{"User-agent: Googlebot\nDisallow: /\n", "other-crawler", true},
		// Names that are each part of "other-crawler".
		{"User-agent: crawler\nDisallow: /\n", "xxx", true},
		{"User-agent: A\nDisallow: /\n", "xxx", true},
		{"User-agent: e\nDisallow: /\n", "xxx", true},
		{"User-agent: the\nDisallow: /\n", "xxx", true},
		// The 1996 draft reads a record whose value holds the name.
		{"User-agent: other-crawler-bot\nDisallow: /\n", "xxx", true},
		{"User-agent: other-crawler/2.0 (+http://x)\nDisallow: /\n", "xxx", true},
		{"ACAP-crawler: the\nACAP-disallow-crawl: /\n", "xxx", true},
		// Runs of x in a value make the name longer; a name made of x
		// alone moves on to the next character.
		{"User-agent: e\nUser-agent: xxxxxx-bot\nDisallow: /\n", "xxxxxxx", true},
		{"User-agent: e\nUser-agent: x\nDisallow: /\n", "zzz", true},
		{"User-agent: e\nUser-agent: xx\nUser-agent: zzzz\nDisallow: /\n", "qqq", true},
		{"User-agent: e\nUser-agent: xx\nUser-agent: zz-bot\nDisallow: /\n", "zzz", true},
		{"User-agent: e\nUser-agent: xx\nUser-agent: zzz-bot\nDisallow: /\n", "zzzz", true},
		// Every character names a crawler alone: nothing is free.
		{every, "other-crawler", false},
	}
	for _, tt := range tests {
		f := MustParse(tt.src)
		got, ok := f.OtherCrawler()
		if got != tt.want || ok != tt.ok {
			t.Errorf("%.60q: OtherCrawler() = %q, %v; want %q, %v", tt.src, got, ok, tt.want, tt.ok)
		}
		if ok {
			checkOtherCrawler(t, tt.src, f, got)
		}
	}
}

// TestOtherCrawlerReadsStar asks the chosen name of every kind: each reads
// the '*' group, never a named one.
func TestOtherCrawlerReadsStar(t *testing.T) {
	for _, src := range []string{
		"User-agent: alphabet\nDisallow: /\n\nUser-agent: *\nAllow: /\n",
		"User-agent: crawler\nDisallow: /\n\nUser-agent: *\nAllow: /\n",
		"User-agent: A\nDisallow: /\n\nUser-agent: *\nAllow: /\n",
		"User-agent: the\nDisallow: /\nACAP-crawler: the\nACAP-disallow-crawl: /\n\nUser-agent: *\nAllow: /\nACAP-crawler: *\nACAP-allow-crawl: /\n",
	} {
		f := MustParse(src)
		name, _ := f.OtherCrawler()
		p := NewPolicy(f)
		for _, k := range Kinds() {
			if a := p.Decide(Question{Crawler: name, URL: "/", Kind: k}); !a.Allowed {
				t.Errorf("%q, %s: %q is refused / (a named record was read)\n%s", src, k, name, a.Trace)
			}
		}
	}
}

// TestOtherCrawlerCorpus runs OtherCrawler on every real file of the
// corpus, and on each crawler name of the corpus alone in a file: it ends
// at once and returns a free name.
func TestOtherCrawlerCorpus(t *testing.T) {
	names := map[string]bool{}
	for _, p := range corpusFiles(t) {
		f, _ := parseTestFile(t, p)
		start := time.Now()
		name, ok := f.OtherCrawler()
		if !ok {
			t.Errorf("%s: no free name", p)
		}
		checkOtherCrawler(t, filepath.Base(p), f, name)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: %v", p, d)
		}
		for _, n := range f.Crawlers() {
			names[n] = true
		}
	}
	for n := range names {
		f := MustParse("User-agent: " + n + "\nDisallow: /\nACAP-crawler: " + n + "\nACAP-disallow-crawl: /\n")
		name, ok := f.OtherCrawler()
		if !ok {
			t.Errorf("%q: no free name", n)
		}
		checkOtherCrawler(t, n, f, name)
	}
}

func FuzzOtherCrawler(f *testing.F) {
	for _, s := range []string{"crawler", "A", "e", "the", "other-crawler-bot", "x\nxx\nzzz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, names string) {
		var b strings.Builder
		for _, n := range strings.Split(names, "\n") {
			b.WriteString("User-agent: " + n + "\nACAP-crawler: " + n + "\n")
		}
		b.WriteString("Disallow: /\nACAP-disallow-crawl: /\n")
		file, err := Parse("robots.txt", []byte(b.String()))
		if err != nil {
			return
		}
		name, ok := file.OtherCrawler()
		if ok {
			checkOtherCrawler(t, names, file, name)
		}
	})
}
