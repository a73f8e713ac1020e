package policy_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

func ExampleParseReferenced() {
	main := policy.MustParse("ACAP-qualified-usage: snip present-snippet max-length=20-words\nACAP-crawler: *\nACAP-permissions-reference: /acap.txt\n")
	ref, _ := policy.ParseReferenced("/acap.txt", []byte("ACAP-crawler: *\nACAP-allow-(snip): /\n"), main)
	for _, r := range ref.FieldAt(2).Rules() {
		fmt.Println(r.Allow, r.Usage, r.Pattern, r.Quals[0])
	}
	alone, _ := policy.Parse("/acap.txt", ref.Src)
	fmt.Println(alone.FieldAt(2).Status)
	// Output:
	// true present-snippet / max-length=20-words
	// skipped
}

// FuzzParseReferenced reads random text as a file referenced by a file
// with definitions: it must keep every byte, as Parse does, and its
// diagnostics must stay inside it.
func FuzzParseReferenced(f *testing.F) {
	for _, s := range []string{
		"ACAP-crawler: *\nACAP-allow-(q): the-acap:resource-set:s\n",
		"ACAP-composite-usage: c (q) index\nACAP-crawler: *\nACAP-allow-(c): /\nACAP-disallow-(q): /x\n",
		"ACAP-qualified-usage: q index\nACAP-crawler: *\nACAP-allow-(Q): /\n",
		"",
	} {
		f.Add([]byte(s))
	}
	main := policy.MustParse("ACAP-qualified-usage: q present-snippet max-length=20-words\nACAP-qualified-usage: bad index max-length=2-words\nACAP-resource-set: s /a/ /b/\nACAP-crawler: *\nACAP-permissions-reference: /r.txt\n")
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := policy.ParseReferenced("/r.txt", src, main)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := policy.Print(&b, file); err != nil || !bytes.Equal(b.Bytes(), src) {
			t.Fatalf("Print(ParseReferenced(x)) != x")
		}
		for _, d := range policy.Check(file) {
			if d.Pos.Line < 1 || d.Pos.Line > len(file.Lines) || d.End.Offset < d.Pos.Offset || d.End.Offset > len(src) {
				t.Fatalf("diagnostic out of range: %+v", d)
			}
		}
		for _, fd := range file.Fields {
			for _, r := range fd.Rules() {
				if r.Allow && fd.Status != policy.StatusOK {
					t.Fatalf("line %d (%s) is not read as written, yet permits %s", fd.Line, fd.Status, r.Usage)
				}
			}
		}
	})
}

// TestReferencedBrokenDefinition: a permission in a referenced file that
// uses the referring file's qualified usage with a wrong qualifier is read
// as a prohibition, and the message says where the definition is.
func TestReferencedBrokenDefinition(t *testing.T) {
	main := policy.MustParse("ACAP-qualified-usage: bad index max-length=2-words\nACAP-crawler: *\nACAP-permissions-reference: /r.txt\n")
	ref, err := policy.ParseReferenced("/r.txt", []byte("ACAP-crawler: *\nACAP-allow-(bad): /\n"), main)
	if err != nil {
		t.Fatal(err)
	}
	fd := ref.FieldAt(2)
	if fd.Status != policy.StatusProhibit || len(fd.Rules()) != 1 || fd.Rules()[0].Allow || fd.Rules()[0].Usage != policy.UsageIndex {
		t.Fatalf("line 2: %s %+v", fd.Status, fd.Rules())
	}
	found := false
	for _, d := range policy.Check(ref) {
		if d.Code == policy.CodeBrokenQualifiedUsage && d.Pos.Line == 2 && strings.Contains(d.Message, "line 1 of the file that refers to this one") {
			found = true
		}
	}
	if !found {
		t.Errorf("no diagnostic naming the referring file's line: %v", policy.Check(ref))
	}
	rf, _ := policy.Parse("/r.txt", ref.Src)
	a := policy.NewPolicy(main, rf).Decide(policy.Question{Crawler: "x", URL: "/a", Usage: policy.UsageIndex})
	if a.Allowed || a.File != "/r.txt" || a.Line != 2 {
		t.Errorf("decision: %+v\n%s", a, a.Trace)
	}
}
