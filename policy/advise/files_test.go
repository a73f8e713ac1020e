package advise

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

// The policy package's test data, read by these tests too.

// acapRealFiles is the number of files of the corpus of real files with
// ACAP lines (policy/testdata/corpus/acap-real).
const acapRealFiles = 66

// corpusPaths returns the .txt files of one real corpus of the policy
// package's test data, and fails the test unless there are want of them.
func corpusPaths(t *testing.T, name string, want int) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "corpus", name, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != want {
		t.Fatalf("found %d files in corpus %s, want %d", len(paths), name, want)
	}
	return paths
}

// parseFile reads and parses a corpus file.
func parseFile(t *testing.T, path string) ([]byte, *policy.File) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := policy.Parse("/robots.txt", src)
	if err != nil {
		t.Fatal(err)
	}
	return src, f
}

// caseFileRobots returns the robots.txt text of a conformance case file.
func caseFileRobots(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cf struct {
		Robots       string `json:"robots"`
		RobotsBase64 string `json:"robots_base64"`
	}
	if err := json.Unmarshal(data, &cf); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if cf.RobotsBase64 != "" {
		src, err := base64.StdEncoding.DecodeString(cf.RobotsBase64)
		if err != nil {
			t.Fatalf("%s: robots_base64: %v", path, err)
		}
		return src
	}
	return []byte(cf.Robots)
}
