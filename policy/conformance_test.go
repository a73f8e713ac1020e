package policy

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// caseFile is one conformance file (format: testdata/conformance/README.md).
type caseFile struct {
	Name         string            `json:"name"`
	Source       string            `json:"source"`
	Robots       string            `json:"robots"`
	RobotsBase64 string            `json:"robots_base64"`
	Files        map[string]string `json:"files"`
	Pages        map[string]string `json:"pages"`
	Convert      string            `json:"convert"`
	Diagnostics  []struct {
		Line     int    `json:"line"`
		Severity string `json:"severity"`
	} `json:"diagnostics"`
	Clean *bool         `json:"clean"`
	Cases []conformCase `json:"cases"`
}

// conformCase is one question with its expected answer.
type conformCase struct {
	Name       string    `json:"name"`
	Note       string    `json:"note"`
	Kind       string    `json:"kind"`
	Crawler    string    `json:"crawler"`
	Match      string    `json:"match"`
	Purpose    string    `json:"purpose"`
	URL        string    `json:"url"`
	Usage      string    `json:"usage"`
	Date       string    `json:"date"`
	Allowed    *bool     `json:"allowed"`
	Preference string    `json:"preference"`
	Qualifiers *[]string `json:"qualifiers"`
	Line       int       `json:"line"`
}

func loadCaseFile(t *testing.T, path string) (*caseFile, []byte) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cf caseFile
	if err := json.Unmarshal(data, &cf); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	src := []byte(cf.Robots)
	if cf.RobotsBase64 != "" {
		if src, err = base64.StdEncoding.DecodeString(cf.RobotsBase64); err != nil {
			t.Fatalf("%s: robots_base64: %v", path, err)
		}
	}
	return &cf, src
}

// TestConformance runs every case file in testdata/conformance: one subtest
// per file, and inside it one for the diagnostics and one per case (named
// by its index).
func TestConformance(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "conformance", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < 190 {
		t.Fatalf("found %d conformance files in testdata/conformance, want at least 190 (the 194 files of the conformance suite and the project's own)", len(paths))
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".json")
		t.Run(name, func(t *testing.T) {
			cf, src := loadCaseFile(t, path)
			f, err := Parse("/robots.txt", src)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			diags := CheckAll(f)
			t.Run("diagnostics", func(t *testing.T) { checkConformanceDiags(t, cf, diags) })
			runConformanceCases(t, cf, f)
		})
	}
}

func checkConformanceDiags(t *testing.T, cf *caseFile, diags []Diagnostic) {
	for _, want := range cf.Diagnostics {
		found := false
		for _, d := range diags {
			if d.Pos.Line == want.Line && d.Severity.String() == want.Severity {
				found = true
			}
		}
		if !found {
			t.Errorf("want a %s on line %d; got:\n%s", want.Severity, want.Line, diagList(diags))
		}
	}
	if cf.Clean != nil && *cf.Clean {
		for _, d := range diags {
			if d.Severity != SevInfo {
				t.Errorf("file is expected clean, got %s", d)
			}
		}
	}
}

func diagList(ds []Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString("\t" + d.String() + "\n")
	}
	if len(ds) == 0 {
		b.WriteString("\t(none)\n")
	}
	return b.String()
}

var _ = strconv.Itoa
