package policy

import (
	"bytes"
	"testing"
)

func TestPrintRoundTrip(t *testing.T) {
	for name, src := range testInputs(t) {
		f, err := Parse(name, src)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Print(&b, f); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), src) {
			t.Errorf("%s: Print(Parse(x)) differs from x", name)
		}
	}
}

func TestTidy(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"names and spacing", "user-agent :   *  \nDISALLOW:/private/ \n", "User-agent: *\nDisallow: /private/\n"},
		{"acap values", "acap-crawler:SearchBot\nacap-allow-present-snippet:   /news/   MAX-LENGTH = 20-words\n",
			"ACAP-crawler: SearchBot\nACAP-allow-present-snippet: /news/ max-length=20-words\n"},
		{"comments kept", "  # indented comment  \nUser-agent: *   # all crawlers\n", "  # indented comment\nUser-agent: *   # all crawlers\n"},
		{"errors left alone", "ACAP-crawler: *\nACAP-allow preserve:   /\nDissallow:  /x\n", "ACAP-crawler: *\nACAP-allow preserve:   /\nDissallow:  /x\n"},
		{"conventional value with spaces kept", "Disallow:  /a  b \n", "Disallow: /a  b\n"},
		{"crlf kept", "User-agent:*\r\nAllow:/\r\n", "User-agent: *\r\nAllow: /\r\n"},
		{"an = without a qualifier type stays apart from the usage", "ACAP-quAlified-usAge:q present =\n", "ACAP-qualified-usage: q present =\n"},
		{"local usage name kept", "ACAP-qualified-usage:  cache preserve time-limit=until-recrawled\nACAP-crawler: *\nacap-allow-(Cache):/\n",
			"ACAP-qualified-usage: cache preserve time-limit=until-recrawled\nACAP-crawler: *\nACAP-allow-(Cache): /\n"},
		{"ignore directive", "  acap-ignore-conventional-records  \n", "ACAP-ignore-conventional-records\n"},
		{"signals", "content-signal:search=yes ,  ai-train=no\n", "Content-Signal: search=yes, ai-train=no\n"},
		{"blank line spaces", "User-agent: *\n   \nAllow: /\n", "User-agent: *\n\nAllow: /\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := MustParse(tt.in)
			got := string(Tidy(f))
			if got != tt.want {
				t.Fatalf("Tidy:\n%q\nwant\n%q", got, tt.want)
			}
			if again := string(Tidy(MustParse(got))); again != got {
				t.Errorf("Tidy is not idempotent: %q", again)
			}
		})
	}
}

// TestTidyKeepsMeaning checks, for every real file and conformance file,
// that tidying leaves the same fields with the same statuses, rules and
// diagnostics (by line and code).
func TestTidyKeepsMeaning(t *testing.T) {
	inputs := testInputs(t)
	for name, src := range inputs {
		f, _ := Parse(name, src)
		g, _ := Parse(name, Tidy(f))
		if len(f.Fields) != len(g.Fields) || len(f.Lines) != len(g.Lines) {
			t.Errorf("%s: tidy changed the number of fields or lines", name)
			continue
		}
		for i, a := range f.Fields {
			b := g.Fields[i]
			if a.Kind != b.Kind || a.Status != b.Status || a.Usage != b.Usage || a.Local() != b.Local() || len(a.Rules()) != len(b.Rules()) || a.Pattern().Text != b.Pattern().Text {
				t.Errorf("%s line %d: %q became %q", name, a.Line, f.LineText(a.Line), g.LineText(b.Line))
			}
		}
		codes := func(ds []Diagnostic) map[[2]any]bool {
			m := map[[2]any]bool{}
			for _, d := range ds {
				if d.Severity != SevInfo && d.Code != CodeVersionForm {
					m[[2]any{d.Pos.Line, d.Code}] = true
				}
			}
			return m
		}
		before, after := codes(Check(f)), codes(Check(g))
		for k := range before {
			if !after[k] {
				t.Errorf("%s: tidy removed %v", name, k)
			}
		}
		for k := range after {
			if !before[k] {
				t.Errorf("%s: tidy added %v", name, k)
			}
		}
	}
}
