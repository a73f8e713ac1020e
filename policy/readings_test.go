package policy

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Diagnostics that never mislead (READING.md §8).

// diagsOn returns the diagnostics of src on line n.
func diagsOn(src string, n int) []Diagnostic {
	var out []Diagnostic
	for _, d := range CheckAll(MustParse(src)) {
		if d.Pos.Line == n {
			out = append(out, d)
		}
	}
	return out
}

func TestDiagnosticsNeverMislead(t *testing.T) {
	type want struct {
		code     string
		sev      Severity
		contains []string // in the message
		absent   []string // not in the message
		fix      string   // the text after applying the fix; "-" for no fix; "" not checked
	}
	tests := []struct {
		name string
		src  string
		line int
		want []want // exactly these diagnostics on the line
	}{
		{"a space in a path: the fix writes %20", "User-agent: *\nDisallow: /sitecore modules\n", 2,
			[]want{{CodePatternSpace, SevWarning, []string{"%20", "Google"}, []string{"Keep only"}, "User-agent: *\nDisallow: /sitecore%20modules\n"}}},
		{"a version suffix is info", "User-agent: Wget/1.6\nDisallow: /\n", 1,
			[]want{{CodeCrawlerVersion, SevInfo, []string{`"Wget"`}, nil, "User-agent: Wget\nDisallow: /\n"}}},
		{"a URL as a name is read as http, not http:", "User-agent: http://www.example.com/bot.html\nDisallow: /\n", 1,
			[]want{{CodeCrawlerNameCut, SevWarning, []string{`"http"`}, []string{`"http:"`}, "-"}}},
		{"a full User-Agent string is read as its first name", "User-agent: Mozilla/5.0 (compatible; Googlebot/2.1)\nDisallow: /\n", 1,
			[]want{{CodeCrawlerNameCut, SevWarning, []string{`"Mozilla"`}, nil, "-"}}},
		{"*Fetch* names no crawler", "User-agent: *Fetch*\nDisallow: /\n", 1,
			[]want{{CodeBadValue, SevWarning, []string{"no crawler", "alone"}, nil, "-"}}},
		{"Clean-param names Yandex", "User-agent: *\nClean-param: ref /a/\n", 2,
			[]want{{CodeUnknownField, SevInfo, []string{"Yandex"}, []string{"crawlers ignore this line"}, "-"}}},
		{"Host names Yandex", "User-agent: *\nHost: www.example.com\n", 2,
			[]want{{CodeUnknownField, SevInfo, []string{"Yandex"}, nil, "-"}}},
		{"use=reference in Content-Signal: one message", "User-agent: *\nContent-Signal: search=yes, use=reference\nAllow: /\n", 2,
			[]want{{CodeSignalSyntax, SevInfo, []string{"use"}, nil, ""}}},
		{"a trailing space after the version comment is no problem", "##ACAP version=1.0 \nACAP-crawler: *\nACAP-allow-crawl: /\n", 1, nil},
		{"Disalowed: read as Disallow, naming the spelling", "User-agent: *\nDisalowed: /x\n", 2,
			[]want{{CodeMisspeltField, SevWarning, []string{`"disalow"`, "Disallow"}, nil, "User-agent: *\nDisallow: /x\n"}}},
		{"Dis-allow: no crawler reads it, and nothing says Google does", "User-agent: *\nDis-allow: /x\n", 2,
			[]want{{CodeNotUnderstood, SevError, []string{"no crawler reads"}, []string{"Google's parser reads", "Google and some"}, "User-agent: *\nDisallow: /x\n"}}},
		{"a bare Disallow is read by no crawler", "User-agent: *\nDisallow\n", 2,
			[]want{{CodeNotUnderstood, SevError, []string{"no crawler reads it"}, nil, "-"}}},
		{"a colon later in the line: says what Google reads, no fix", "User-agent: *\nDisallow /a:b\n", 2,
			[]want{{CodeMissingColon, SevWarning, []string{"Disallow: b"}, nil, "-"}}},
		{"a Sitemap without its colon: one warning, saying what Google reads", "Sitemap https://example.com/s.xml\n", 1,
			[]want{{CodeMissingColon, SevWarning, []string{"Sitemap: //example.com/s.xml"}, nil, "-"}}},
		{"a path without its slash: read as written, no fix", "User-agent: *\nDisallow: private/\n", 2,
			[]want{{CodePatternNoSlash, SevWarning, []string{"matches no URL", `"/private/"`}, nil, "-"}}},
		{"a blank line in a group: no fix, since removing it changes what older crawlers read", "User-agent: a\n\nDisallow: /\n", 2,
			[]want{{CodeBlankInGroup, SevWarning, []string{"1994 and 1996"}, nil, "-"}}},
		{"a NUL byte", "User-agent: *\nDisallow: /a\x00/b\n", 2,
			[]want{{CodeNULByte, SevWarning, []string{"ends the line"}, nil, "-"}}},
		{"a vertical tab at the end", "User-agent: *\nDisallow: /a\v\n", 2,
			[]want{{CodeEdgeControl, SevInfo, []string{"strips it"}, nil, "User-agent: *\nDisallow: /a \n"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds := diagsOn(tt.src, tt.line)
			if len(ds) != len(tt.want) {
				t.Fatalf("got %d diagnostics on line %d, want %d:\n%s", len(ds), tt.line, len(tt.want), diagList(ds))
			}
			for i, w := range tt.want {
				d := ds[i]
				if d.Code != w.code || d.Severity != w.sev {
					t.Errorf("got %s, want %s %s", d, w.sev, w.code)
				}
				for _, s := range w.contains {
					if !strings.Contains(d.Message, s) {
						t.Errorf("message %q does not say %q", d.Message, s)
					}
				}
				for _, s := range w.absent {
					if strings.Contains(d.Message, s) {
						t.Errorf("message %q says %q", d.Message, s)
					}
				}
				switch {
				case w.fix == "-" && d.Fix != nil:
					t.Errorf("unexpected fix %q", d.Fix.Title)
				case w.fix != "-" && w.fix != "" && d.Fix == nil:
					t.Errorf("no fix, want one giving %q", w.fix)
				case w.fix != "-" && w.fix != "":
					if got := string(d.Fix.Apply([]byte(tt.src))); got != w.fix {
						t.Errorf("fix gives %q, want %q", got, w.fix)
					}
				}
			}
		})
	}
}

// TestNotRobotsTxt: an HTML page or a JSON body served as robots.txt gets
// one diagnostic, at line 1, instead of one per line.
func TestNotRobotsTxt(t *testing.T) {
	tests := []struct {
		name, src string
		want      string // "" for no not-robots-txt diagnostic
	}{
		{"html", "<!DOCTYPE html>\n<html><head><title>404</title></head>\n<body>Not found: the page you asked for.</body>\n</html>\n", "an HTML page"},
		{"html after a BOM and blank lines", "\xEF\xBB\xBF\n\n<html lang=\"en\">\n<p>style: none</p>\n</html>\n", "an HTML page"},
		{"xml", "<?xml version=\"1.0\"?>\n<error>no</error>\n", "XML"},
		{"json", "{\n  \"error\": \"not found\",\n  \"code\": 404\n}\n", "a JSON document"},
		{"plain text", "Not Found\n", "no line is a robots.txt field"},
		{"one line of html", "<html><body>Just a moment...</body></html>", "an HTML page (1 line)"},
		{"an unknown field alone is a robots.txt", "Crawl-dealy: 5\n", ""},
		{"a robots.txt that starts with a tag-like comment line is one", "<!-- robots -->\nUser-agent: *\nDisallow: /x\n", ""},
		{"plain robots.txt", "User-agent: *\nDisallow: /x\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds := CheckAll(MustParse(tt.src))
			if tt.want == "" {
				for _, d := range ds {
					if d.Code == CodeNotRobotsTxt {
						t.Errorf("unexpected %s", d)
					}
				}
				return
			}
			if len(ds) != 1 || ds[0].Code != CodeNotRobotsTxt || ds[0].Pos.Line != 1 || !strings.Contains(ds[0].Message, tt.want) || !strings.Contains(ds[0].Message, "crawls everything") {
				t.Fatalf("want one not-robots-txt diagnostic at line 1 naming %s; got:\n%s", tt.want, diagList(ds))
			}
			// What it says is what the readings do: everything is allowed.
			p := NewPolicy(MustParse(tt.src))
			for _, k := range Kinds() {
				if a := p.Decide(Question{Crawler: "Googlebot", URL: "/private/x", Kind: k}); !a.Allowed {
					t.Errorf("%s: /private/x not allowed", k)
				}
			}
		})
	}
}

// TestCorpusDiagnosticCounts checks the 270 real files of testdata/corpus
// and prints how many diagnostics each code raised (go test -v -run
// TestCorpusDiagnosticCounts). It asserts what a publisher must be able to
// trust: the HTML bodies get one diagnostic each, and no warning offers a
// fix that changes what its file means for any kind of crawler.
func TestCorpusDiagnosticCounts(t *testing.T) {
	type key struct {
		sev  Severity
		code string
	}
	counts := map[key]int{}
	filesWith := map[key]int{}
	notRobots := 0
	// Files read line by line and judged correct: no error, no warning.
	judgedCorrect := map[string]bool{"doi.org_2015-09.txt": true, "www.ft.com.txt": true}
	for _, path := range corpusFiles(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse(filepath.Base(path), src)
		if err != nil {
			t.Fatal(err)
		}
		ds := CheckAll(f)
		if judgedCorrect[filepath.Base(path)] {
			delete(judgedCorrect, filepath.Base(path))
			for _, d := range ds {
				if d.Severity != SevInfo {
					t.Errorf("%s, judged correct: %s", filepath.Base(path), d)
				}
			}
		}
		seen := map[key]bool{}
		for _, d := range ds {
			k := key{d.Severity, d.Code}
			counts[k]++
			if !seen[k] {
				seen[k] = true
				filesWith[k]++
			}
			if d.Code == CodeNotRobotsTxt {
				notRobots++
				if len(ds) != 1 {
					t.Errorf("%s: %d diagnostics besides not-robots-txt", path, len(ds)-1)
				}
			}
		}
		checkFixesKeepMeaning(t, filepath.Base(path), src, ds)
	}
	var keys []key
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].sev != keys[j].sev {
			return keys[i].sev < keys[j].sev
		}
		return counts[keys[i]] > counts[keys[j]]
	})
	for _, k := range keys {
		t.Logf("%-8s %-34s %6d  in %3d files", k.sev, k.code, counts[k], filesWith[k])
	}
	for name := range judgedCorrect {
		t.Errorf("%s is not in the corpus", name)
	}
	if notRobots < 20 {
		t.Errorf("%d bodies recognised as not a robots.txt, want the 25 HTML/XML bodies of sites-2026-01", notRobots)
	}
}

// checkFixesKeepMeaning applies the fix of every warning and info
// diagnostic of a file that is read as written (not unknown fields, whose
// lines no crawler reads) and asks every kind the same questions of both
// versions.
func checkFixesKeepMeaning(t *testing.T, name string, src []byte, ds []Diagnostic) {
	t.Helper()
	var before *Policy
	var agents, paths []string
	for _, d := range ds {
		if d.Fix == nil || d.Severity == SevError || d.Code == CodeUnknownField {
			continue
		}
		if before == nil {
			f, _ := Parse(name, src)
			before = NewPolicy(f)
			agents = oracleAgents(f)
			if len(agents) > 8 {
				agents = agents[:8]
			}
			paths = oraclePaths(f, 40)
		}
		g, err := Parse(name, d.Fix.Apply(src))
		if err != nil {
			t.Fatal(err)
		}
		after := NewPolicy(g)
		func() {
			for _, k := range Kinds() {
				for _, ag := range agents {
					for _, p := range paths {
						q := Question{Crawler: ag, URL: p, Kind: k}
						if a, b := before.Decide(q).Allowed, after.Decide(q).Allowed; a != b {
							t.Errorf("%s: the fix %q of %s changes the %s answer for %s on %s (%v → %v)", name, d.Fix.Title, d, k, ag, p, a, b)
							return
						}
					}
				}
			}
		}()
	}
}

// TestSkippedLinesInTrace: a line that no crawler reads does not decide,
// and the RFC 9309 trace says that it would have matched (READING.md §1:
// every verdict a skipped line would have touched says so).
func TestSkippedLinesInTrace(t *testing.T) {
	p := NewPolicy(MustParse("User-agent: *\nDis-allow: /x\nDisallow /y z\nDisallow: /w\n"))
	for _, tt := range []struct {
		url     string
		skipped int // the line the trace names as skipped, or 0
	}{{"/x/1", 2}, {"/y%20z", 3}, {"/w", 0}} {
		a := p.Decide(Question{Crawler: "Googlebot", URL: tt.url, Kind: KindRFC9309})
		got := 0
		for _, s := range a.Trace.Steps {
			if s.Kind == StepSkipped {
				got = s.Line
			}
		}
		if got != tt.skipped {
			t.Errorf("%s: skipped line in the trace %d, want %d", tt.url, got, tt.skipped)
		}
		if want := tt.url != "/w"; a.Allowed != want {
			t.Errorf("%s: allowed %v, want %v", tt.url, a.Allowed, want)
		}
	}
}
