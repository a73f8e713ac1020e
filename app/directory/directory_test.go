package directory

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// crawlerDirectorySHA256 is the SHA-256 of robots.json of
// ai-robots-txt/ai.robots.txt at commit 738c80d (2026-08), the copy
// shipped in web/crawlers/ and recorded in web/crawlers/SOURCES.md. A new
// copy changes it here, in SOURCES.md and the date there.
const crawlerDirectorySHA256 = "b8ddd5fdd5a384766fa556f7183a05656b5722082b5931d63a0e5ec91961a3ec"

// TestCrawlerDirectory reads the shipped copy of ai.robots.txt's
// robots.json: it is the upstream file unchanged (its recorded SHA-256),
// its licence and source ship beside it, every crawler is read, the
// sourced table decides the well-known tokens, and every group of the
// simulator has crawlers.
func TestCrawlerDirectory(t *testing.T) {
	dir := filepath.Join("..", "..", "web", "crawlers")
	web, err := os.ReadFile(filepath.Join(dir, "robots.json"))
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(web); hex.EncodeToString(sum[:]) != crawlerDirectorySHA256 {
		t.Errorf("web/crawlers/robots.json is not the copy of ai.robots.txt recorded in web/crawlers/SOURCES.md: SHA-256 %x, want %s", sum, crawlerDirectorySHA256)
	}
	sources, err := os.ReadFile(filepath.Join(dir, "SOURCES.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"ai-robots-txt/ai.robots.txt", "commit 738c80d", "2026-08", "MIT License", crawlerDirectorySHA256} {
		if !bytes.Contains(sources, []byte(want)) {
			t.Errorf("web/crawlers/SOURCES.md does not say %q", want)
		}
	}
	for _, want := range []string{"ai-robots-txt/ai.robots.txt", "commit 738c80d", "2026-08", "MIT License"} {
		if !strings.Contains(Source, want) {
			t.Errorf("Source, shown in the app, does not say %q as SOURCES.md does", want)
		}
	}
	licence, err := os.ReadFile(filepath.Join(dir, "LICENSE"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(licence, []byte("MIT License\n\nCopyright (c) 2024 ai.robots.txt\n")) || !bytes.Contains(licence, []byte("The above copyright notice and this permission notice shall be included")) {
		t.Error("web/crawlers/LICENSE is not ai.robots.txt's MIT License")
	}
	es, err := Parse(web)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 166 {
		t.Errorf("%d crawlers, want 166", len(es))
	}
	byTok := map[string]Entry{}
	groups := map[Use]int{}
	for _, e := range es {
		byTok[e.Token] = e
		groups[e.Use]++
	}
	for _, u := range Uses() {
		if groups[u] == 0 {
			t.Errorf("no crawler in the group %q", u.Title())
		}
	}
	tests := []struct {
		tok, operator, obeys string
		use                  Use
	}{
		{"GPTBot", "OpenAI", "yes", UseTraining},
		{"OAI-SearchBot", "OpenAI", "yes", UseSearch},
		{"ChatGPT-User", "OpenAI", "yes", UseUserRequest},
		{"Perplexity-User", "Perplexity", "no", UseUserRequest},
		{"Google-Extended", "Google", "yes", UseTraining},
		{"Bytespider", "ByteDance", "no", UseTraining},
		{"AddSearchBot", "", "unclear", UseSearch},
	}
	for _, tt := range tests {
		e, ok := byTok[tt.tok]
		if !ok {
			t.Errorf("%s is missing", tt.tok)
			continue
		}
		if e.Operator != tt.operator || e.Obeys != tt.obeys || e.Use != tt.use {
			t.Errorf("%s: operator %q, obeys %q, use %s; want %q, %q, %s", tt.tok, e.Operator, e.Obeys, e.Use.Title(), tt.operator, tt.obeys, tt.use.Title())
		}
	}
	for _, k := range KnownCrawlers() {
		if k.Source == "" || k.Operator == "" {
			t.Errorf("%s: the table needs an operator and a source", k.Token)
		}
		if e, ok := byTok[k.Token]; ok && (!e.Known || e.Use != k.Use) {
			t.Errorf("%s: the table's use is not applied", k.Token)
		}
	}
	if _, err := Parse([]byte(`["GPTBot"]`)); err == nil {
		t.Error("a JSON array was accepted as a directory")
	}
}

// FuzzParse: any input is read without panic; what is read
// has tokens and one of the three answers for obeying robots.txt.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"GPTBot":{"operator":"[OpenAI](https://openai.com)","respect":"Yes","function":"x"}}`))
	f.Add([]byte(`{"":{}, "A":{"respect":"[No](u)"}, "B":null}`))
	f.Add([]byte(`{"A":{"operator":"[x](","respect":"[Yes]()"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		es, err := Parse(data)
		if err != nil {
			return
		}
		for _, e := range es {
			if e.Token == "" || (e.Obeys != "yes" && e.Obeys != "no" && e.Obeys != "unclear") || e.Use >= numUses {
				t.Fatalf("bad entry %+v", e)
			}
		}
	})
}

// The shipped directory is read by decodeSimple, as encoding/json reads it.
func TestDecodeSimpleShipped(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "web", "crawlers", "robots.json"))
	if err != nil {
		t.Fatal(err)
	}
	got, ok := decodeSimple(data)
	if !ok {
		t.Fatal("decodeSimple left the shipped directory to encoding/json")
	}
	var want map[string]rawEntry
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("decodeSimple and encoding/json read the shipped directory differently")
	}
	for _, in := range []string{
		`{"A":{"operator":"x\u00e9\n\"\\\/"}, "B":{}, "A":{"respect":"Yes"}}`,
		` {} `,
		`{"A":{"other":"y","function":"f"}}`,
		`{"A":{"n":-1.5e+3,"t":true,"f":false,"z":null,"o":0,"description":"d"}}`,
	} {
		got, ok := decodeSimple([]byte(in))
		var want map[string]rawEntry
		if err := json.Unmarshal([]byte(in), &want); err != nil || !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: decodeSimple %v %v, encoding/json %v %v", in, got, ok, want, err)
		}
	}
	for _, in := range []string{
		`null`, `{"A":null}`, `{"A":{"Operator":"x"}}`, `{"A":{"operator":1}}`, `{"A":{"x":"\ud800"}}`,
		`{"A":{"x":"` + "\xff" + `"}}`, `{"A":{}} x`, `{"A":{"x":{}}}`, `{"A":{"x":01}}`, `{"A":{"x":tru}}`,
	} {
		if _, ok := decodeSimple([]byte(in)); ok {
			t.Errorf("%s: decodeSimple did not leave it to encoding/json", in)
		}
	}
}

// FuzzDecodeSimple: what decodeSimple reads, encoding/json reads the same.
func FuzzDecodeSimple(f *testing.F) {
	f.Add([]byte(`{"GPTBot":{"operator":"[OpenAI](https://openai.com)","respect":"Yes","function":"x"}}`))
	f.Add([]byte(`{"A":{"operator":"x\u00e9\n\"\\\/","OPERATOR":"y"}, "B":{"k":"v"}}`))
	f.Add([]byte(`{"A":{"n":-1.5e+3,"t":true,"f":false,"z":null,"o":0}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, ok := decodeSimple(data)
		if !ok {
			return
		}
		var want map[string]rawEntry
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("decodeSimple read %q, which encoding/json refuses: %v", data, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: decodeSimple %v, encoding/json %v", data, got, want)
		}
	})
}
