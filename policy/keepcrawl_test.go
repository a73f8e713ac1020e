package policy

import (
	"strings"
	"testing"
)

// TestCompareKept checks the proof that a new version keeps crawl as the
// old one decided it, except where it is to refuse: on files where it holds,
// and on files where it does not, with the shortest witness.
func TestCompareKept(t *testing.T) {
	fox := "User-agent: *\nDisallow: /search-results/\nDisallow: /printer_friendly_story/\nDisallow: /xid\n"
	tests := []struct {
		name          string
		before, after string
		kinds         []Kind
		spec          KeepSpec
		want          string // the witness, "" for proved
	}{
		{"own group drops the * lines", fox, fox + "\nUser-agent: Googlebot\nAllow: /\n",
			[]Kind{KindRFC9309, KindToday, KindDraft1996, KindREP1994, KindV2Proposal},
			KeepSpec{Crawler: "Googlebot"}, "/xid"},
		{"own group repeats them", fox, fox + "\nUser-agent: Googlebot\nDisallow: /search-results/\nDisallow: /printer_friendly_story/\nDisallow: /xid\n",
			[]Kind{KindRFC9309, KindToday, KindDraft1996, KindREP1994, KindV2Proposal},
			KeepSpec{Crawler: "Googlebot"}, ""},
		{"refused where asked", fox, fox + "\nUser-agent: GPTBot\nDisallow: /\n",
			[]Kind{KindRFC9309, KindToday, KindDraft1996, KindREP1994, KindV2Proposal},
			KeepSpec{Crawler: "GPTBot", Paths: []string{"/"}, Refuse: []bool{true}}, ""},
		{"refused under a scope, as before elsewhere", fox, fox + "\nUser-agent: GPTBot\nDisallow: /search-results/\nDisallow: /printer_friendly_story/\nDisallow: /xid\nDisallow: /archive/\n",
			[]Kind{KindRFC9309, KindToday, KindDraft1996, KindREP1994},
			KeepSpec{Crawler: "GPTBot", Paths: []string{"/archive/"}, Refuse: []bool{true}}, ""},
		{"a scope not refused", fox, fox + "\nUser-agent: GPTBot\nDisallow: /search-results/\nDisallow: /printer_friendly_story/\nDisallow: /xid\n",
			[]Kind{KindRFC9309},
			KeepSpec{Crawler: "GPTBot", Paths: []string{"/archive/"}, Refuse: []bool{true}}, "/archive/"},
		{"wildcards", "User-agent: *\nDisallow: /*?sort=\nAllow: /*?sort=a$\n", "User-agent: X\nDisallow: /*?sort=\n",
			[]Kind{KindRFC9309}, KeepSpec{Crawler: "X"}, "/?sort=a"},
		{"wildcards kept", "User-agent: *\nDisallow: /*?sort=\nAllow: /*?sort=a$\n", "User-agent: X\nAllow: /*?sort=a$\nDisallow: /*?sort=\n",
			[]Kind{KindRFC9309, KindToday}, KeepSpec{Crawler: "X"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, k := range tt.kinds {
				r := CompareKept(NewPolicy(MustParse(tt.before)), NewPolicy(MustParse(tt.after)), k, []KeepSpec{tt.spec}, KeepOptions{})[0]
				if !r.Proved {
					t.Fatalf("%s: not proved (%d states)", k, r.States)
				}
				if r.Path != tt.want {
					t.Errorf("%s: witness %q (want %v, after %v line %d, before line %d), want %q", k, r.Path, r.Want, r.After, r.Line, r.BeforeLine, tt.want)
				}
			}
		})
	}
}

// TestCompareKeptOracle compares the search's verdict with the answers of
// both versions on every path of a small alphabet (with the wildcards,
// which the older kinds read as letters) up to a length: a
// difference the brute force finds must be found, and a witness found must
// be one.
func TestCompareKeptOracle(t *testing.T) {
	files := []string{
		"User-agent: *\nDisallow: /a\nAllow: /ab\nDisallow: /*b$\n",
		"User-agent: *\nDisallow: /b*a\nAllow: /a\n\nUser-agent: X\nDisallow: /aa\n",
		"User-agent: X\nAllow: /\nDisallow: /ba\n",
		"User-agent: X\nDisallow: /a\nDisallow: /b\n",
		"User-agent: *\nDisallow: /a$\nDisallow: /ba*b\n",
		"User-agent: *\n\nDisallow: /a\n",
		"User-agent: X\nDisallow: /a\nAllow: /a\nDisallow: /b*$\n",
		"User-agent: *\nAllow: /*b\nDisallow: /ab*\nDisallow: /\n",
		"User-agent: Xy\nDisallow: /b\n\nUser-agent: X\nAllow: /ab\nDisallow: /a\n",
	}
	specs := []KeepSpec{{Crawler: "X"}, {Crawler: "X", Paths: []string{"/b"}, Refuse: []bool{true}},
		{Crawler: "X", Paths: []string{"/a", "/ab"}, Refuse: []bool{true, false}}}
	var paths []string
	var gen func(p string, n int)
	gen = func(p string, n int) {
		paths = append(paths, p)
		if n == 0 {
			return
		}
		for _, c := range "ab*$z" {
			gen(p+string(c), n-1)
		}
	}
	gen("/", 4)
	for _, b := range files {
		for _, a := range files {
			for _, sp := range specs {
				for _, k := range []Kind{KindRFC9309, KindDraft1996, KindREP1994, KindToday} {
					bf, af := MustParse(b), MustParse(a)
					r := CompareKept(NewPolicy(bf), NewPolicy(af), k, []KeepSpec{sp}, KeepOptions{Yield: func() {}})[0]
					bp, ap := NewPolicy(bf), NewPolicy(af)
					differs := ""
					for _, p := range paths {
						refuse, best := false, -1
						for i, s := range sp.Paths {
							if len(s) > best && strings.HasPrefix(p, s) {
								refuse, best = sp.Refuse[i], len(s)
							}
						}
						q := Question{Crawler: "X", URL: p, Kind: k}
						if want := bp.Decide(q).Allowed && !refuse; ap.Decide(q).Allowed != want {
							differs = p
							break
						}
					}
					if (differs == "") != (r.Path == "") || !r.Proved {
						t.Errorf("%s %q -> %q %v: search %q (proved %v), brute force %q", k, b, a, sp, r.Path, r.Proved, differs)
					}
					if r.Path != "" && len(r.Path) > len(differs) {
						t.Errorf("%s %q -> %q %v: witness %q is longer than %q", k, b, a, sp, r.Path, differs)
					}
				}
			}
		}
	}
}
