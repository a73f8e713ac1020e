package policy

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// todayCaseFile is what a conformance file may add for the today kind:
// diagnostics by code (and ones that must not be reported), and per case
// whether the answer is partial, its channels, the file of the deciding
// line, the words a cell shows and a text the explanation must contain.
type todayCaseFile struct {
	Diagnostics []struct {
		Line     int    `json:"line"`
		Severity string `json:"severity"`
		Code     string `json:"code"`
	} `json:"diagnostics"`
	Absent []struct {
		Line int    `json:"line"`
		Code string `json:"code"`
	} `json:"absent"`
	Cases []struct {
		Partial  *bool  `json:"partial"`
		File     string `json:"file"`
		Words    string `json:"words"`
		Explain  string `json:"explain"`
		Channels []struct {
			Name       string `json:"name"`
			Preference string `json:"preference"`
			Line       int    `json:"line"`
		} `json:"channels"`
	} `json:"cases"`
}

// TestConformanceToday checks the fields conformance files add for the
// today kind (see todayCaseFile); TestConformance checks the rest.
func TestConformanceToday(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "conformance", "today-*.json"))
	if err != nil {
		t.Fatal(err)
	}
	settled := 0
	for _, path := range paths {
		if strings.Contains(path, "today-settled-") {
			settled++
		}
		name := strings.TrimSuffix(filepath.Base(path), ".json")
		t.Run(name, func(t *testing.T) {
			cf, src := loadCaseFile(t, path)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var tf todayCaseFile
			if err := json.Unmarshal(data, &tf); err != nil {
				t.Fatal(err)
			}
			f, err := Parse("/robots.txt", src)
			if err != nil {
				t.Fatal(err)
			}
			diags := CheckAll(f)
			for _, want := range tf.Diagnostics {
				if want.Code == "" {
					continue
				}
				found := false
				for _, d := range diags {
					found = found || d.Pos.Line == want.Line && d.Code == want.Code && d.Severity.String() == want.Severity
				}
				if !found {
					t.Errorf("want a %s %s on line %d; got:\n%s", want.Severity, want.Code, want.Line, diagList(diags))
				}
			}
			for _, no := range tf.Absent {
				for _, d := range diags {
					if d.Pos.Line == no.Line && d.Code == no.Code {
						t.Errorf("want no %s on line %d, got %s", no.Code, no.Line, d)
					}
				}
			}
			pol := NewPolicy(f)
			for p, html := range cf.Pages {
				page, err := ParsePage(p, []byte(html))
				if err != nil {
					t.Fatal(err)
				}
				pol.AddPage(page)
			}
			for i, c := range cf.Cases {
				x := tf.Cases[i]
				t.Run(strconv.Itoa(i), func(t *testing.T) {
					q, err := c.question()
					if err != nil {
						t.Fatal(err)
					}
					a := pol.Decide(q)
					if x.Partial != nil && a.Partial != *x.Partial {
						t.Errorf("%s: partial = %v, want %v\n%s", c.describe(), a.Partial, *x.Partial, a.Trace)
					}
					if x.File != "" && a.File != x.File {
						t.Errorf("%s: deciding file = %q, want %q\n%s", c.describe(), a.File, x.File, a.Trace)
					}
					if x.Words != "" {
						if w := PreferenceWords(&a, q.Category); w != x.Words {
							t.Errorf("%s: words %q, want %q", c.describe(), w, x.Words)
						}
					}
					if x.Explain != "" && !strings.Contains(a.Trace.String(), x.Explain) {
						t.Errorf("%s: the explanation does not say %q:\n%s", c.describe(), x.Explain, a.Trace)
					}
					if x.Channels != nil {
						if len(a.Channels) != len(x.Channels) {
							t.Fatalf("%s: %d channels, want %d: %+v", c.describe(), len(a.Channels), len(x.Channels), a.Channels)
						}
						for j, w := range x.Channels {
							g := a.Channels[j]
							if g.Name != w.Name || g.Preference.String() != w.Preference || w.Line != 0 && g.Line != w.Line {
								t.Errorf("%s: channel %d = %s %s line %d, want %s %s line %d", c.describe(), j, g.Name, g.Preference, g.Line, w.Name, w.Preference, w.Line)
							}
							if g.Change == "" || (g.Preference != PrefUnstated && g.Decider == "") {
								t.Errorf("%s: channel %s names no deciding line or no change: %+v", c.describe(), g.Name, g)
							}
						}
					}
				})
			}
		})
	}
	if settled < 6 {
		t.Errorf("%d today-settled-* files, want at least 6 (one per settled point and the contradictions)", settled)
	}
}
