package policy

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// runConformanceCases asks every case of a file and checks the answer: one
// subtest per case, named by its index.
func runConformanceCases(t *testing.T, cf *caseFile, f *File) {
	if cf.Convert != "" {
		kind, ok := ParseKind(cf.Convert)
		if !ok {
			t.Fatalf("convert: unknown kind %q", cf.Convert)
		}
		conv := Convert(f, ConvertOptions{Source: kind})
		if !onlyCaseOrNamePart(&conv.Report) {
			t.Errorf("the converter's own proof finds differences other than case: %+v", conv.Report.Differences)
		}
		var err error
		if f, err = Parse("/robots.txt", conv.Text); err != nil {
			t.Fatal(err)
		}
	}
	var others []*File
	for path, text := range cf.Files {
		of, err := Parse(path, []byte(text))
		if err != nil {
			t.Fatalf("files[%s]: %v", path, err)
		}
		others = append(others, of)
	}
	pol := NewPolicy(f, others...)
	for path, html := range cf.Pages {
		page, err := ParsePage(path, []byte(html))
		if err != nil {
			t.Fatalf("pages[%s]: %v", path, err)
		}
		pol.AddPage(page)
	}
	for i, c := range cf.Cases {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			q, err := c.question()
			if err != nil {
				t.Fatal(err)
			}
			a := pol.Decide(q)
			if c.Allowed != nil && a.Allowed != *c.Allowed {
				t.Errorf("%s: allowed = %v, want %v%s\n%s", c.describe(), a.Allowed, *c.Allowed, noteOf(c), a.Trace)
			}
			if c.Preference != "" {
				want, ok := ParsePreference(c.Preference)
				if !ok {
					t.Fatalf("preference %q is not allowed, disallowed, none or not-crawled", c.Preference)
				}
				if a.Preference != want {
					t.Errorf("%s: preference = %s, want %s%s\n%s", c.describe(), a.Preference, want, noteOf(c), a.Trace)
				}
			}
			if c.Line != 0 && a.Line != c.Line {
				t.Errorf("%s: deciding line = %d, want %d%s\n%s", c.describe(), a.Line, c.Line, noteOf(c), a.Trace)
			}
			if c.Qualifiers != nil {
				var got []string
				for _, q := range a.Restrictions {
					got = append(got, q.String())
				}
				want := append([]string(nil), (*c.Qualifiers)...)
				slices.Sort(got)
				slices.Sort(want)
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("%s: restrictions = %v, want %v%s\n%s", c.describe(), got, want, noteOf(c), a.Trace)
				}
			}
		})
	}
}

func noteOf(c conformCase) string {
	if c.Note == "" {
		return ""
	}
	return " (" + c.Note + ")"
}

func (c conformCase) describe() string {
	kind := c.Kind
	if kind == "" {
		kind = "acap"
	}
	s := kind + " " + c.Crawler + " " + c.URL
	if c.Usage != "" {
		s += " " + c.Usage
	}
	if c.Purpose != "" {
		s += " for " + c.Purpose
	}
	if c.Date != "" {
		s += " on " + c.Date
	}
	if c.Name != "" {
		s = c.Name + ": " + s
	}
	return s
}

func (c conformCase) question() (Question, error) {
	q := Question{Crawler: c.Crawler, Purpose: c.Purpose, URL: c.URL, UserAgent: c.Match == "substring"}
	k, ok := ParseKind(c.Kind)
	if !ok {
		return q, fmt.Errorf("unknown kind %q", c.Kind)
	}
	q.Kind = k
	if c.Usage != "" {
		u, ok := ParseUsage(c.Usage)
		if k == KindToday && c.Usage != "crawl" {
			q.Category, ok = ParseCategory(c.Usage)
		}
		if !ok {
			return q, fmt.Errorf("unknown usage %q", c.Usage)
		}
		if q.Category == CategoryNone {
			q.Usage = u
		}
	}
	if c.Date != "" {
		d, ok := ParseDate(c.Date)
		if !ok {
			return q, fmt.Errorf("bad date %q", c.Date)
		}
		q.Date = d
	}
	return q, nil
}
