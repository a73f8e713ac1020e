package policy

import (
	"reflect"
	"strings"
	"testing"
)

// TestDecideYielding: the answers of DecideYielding are Decide's, for
// every kind, on every file of the corpora and on a file of many rules,
// and it yields once every yieldRules rules tried.
func TestDecideYielding(t *testing.T) {
	var many strings.Builder
	many.WriteString("User-agent: *\nACAP-crawler: *\n")
	for i := 0; i < 1000; i++ {
		many.WriteString("Disallow: /*a*a*b" + itoa(i) + "\nACAP-disallow-index: /*a*c" + itoa(i) + "\n")
	}
	var conv strings.Builder
	conv.WriteString("User-agent: *\n")
	for i := 0; i < 1000; i++ {
		conv.WriteString("Disallow: /*a*a*b" + itoa(i) + "\n")
	}
	files := map[string]*File{"many": MustParse(many.String()), "conventional": MustParse(conv.String())}
	for _, path := range corpusFiles(t) {
		f, _ := parseTestFile(t, path)
		files[path] = f
	}
	urls := []string{"/", "/aaaa/b/c999", "/news/2026/article.html?x=1", "/private/%7Euser/"}
	type key struct {
		file string
		kind Kind
		use  Usage
	}
	yields := map[key]int{}
	for name, f := range files {
		p := NewPolicy(f)
		for _, k := range Kinds() {
			for _, u := range urls {
				for _, use := range []Usage{UsageCrawl, UsageIndex} {
					q := Question{Crawler: "ExampleBot", Kind: k, URL: u, Usage: use}
					want := p.Decide(q)
					n := 0
					got := p.DecideYielding(q, func() { n++ })
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("%s, %v %s %v: DecideYielding %+v, Decide %+v", name, k, u, use, got, want)
					}
					if u == "/aaaa/b/c999" {
						yields[key{name, k, use}] = n
					}
				}
			}
		}
	}
	// The files of many rules: every rule is tried for the URL that the
	// last matches; the kinds with wildcards try them all, for every usage,
	// whether the file has ACAP records or not.
	for _, name := range []string{"many", "conventional"} {
		for _, k := range []Kind{KindACAP, KindRFC9309, KindToday} {
			for _, use := range []Usage{UsageCrawl, UsageIndex} {
				if n := yields[key{name, k, use}]; n < 1000/yieldRules {
					t.Errorf("%s, %v, %v: %d yields for a question that tries 1,000 rules or more", name, k, use, n)
				}
			}
		}
	}
}

// TestParseYielding: ParseYielding reads every corpus file as Parse does,
// and yields every 16 KiB of lines (a line is never cut).
func TestParseYielding(t *testing.T) {
	long := "User-agent: *\n" + strings.Repeat("Disallow: /"+strings.Repeat("*a", 400)+"b\n", 100)
	srcs := map[string][]byte{"long": []byte(long)}
	for _, path := range corpusFiles(t) {
		_, src := parseTestFile(t, path)
		srcs[path] = src
	}
	for name, src := range srcs {
		want, err := Parse(name, src)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		got, err := ParseYielding(name, src, func() { n++ })
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: ParseYielding differs from Parse", name)
		}
		// Lines of 800 bytes: a yield every 16 KiB or so.
		if min := len(src) / (parseBytes + 1024); name == "long" && n < min {
			t.Errorf("%s: %d yields for %d bytes, want %d or more", name, n, len(src), min)
		}
	}
	if _, err := ParseYielding("big", make([]byte, MaxFileSize+1), func() {}); err == nil {
		t.Error("no error for a file over MaxFileSize")
	}
}

// FuzzParseYielding: ParseYielding reads any input as Parse does.
func FuzzParseYielding(f *testing.F) {
	for _, s := range []string{
		"User-agent: *\nDisallow: /\n",
		"User-agent: *\n" + strings.Repeat("Disallow: /"+strings.Repeat("*a", 400)+"b\n", 30),
		"ACAP-crawler: a\rACAP-permissions-reference: /x\rUser-agent: a\rDisallow /y\r",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		want, err := Parse("/robots.txt", src)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseYielding("/robots.txt", src, func() {})
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("ParseYielding differs from Parse (%v)", err)
		}
	})
}
