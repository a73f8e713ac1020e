package policy

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestCrawlerDirectory reads the shipped copy of ai.robots.txt's
// robots.json: it is the shared file unchanged, every crawler is read, the
// sourced table decides the well-known tokens, and every group of the
// simulator has crawlers.
func TestCrawlerDirectory(t *testing.T) {
	web, err := os.ReadFile(filepath.Join("..", "web", "crawlers", "robots.json"))
	if err != nil {
		t.Fatal(err)
	}
	shared, err := os.ReadFile(filepath.Join(sharedDir(t, "data/ai-robots-txt"), "robots.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(web, shared) {
		t.Error("web/crawlers/robots.json is not the shared copy of ai.robots.txt unchanged")
	}
	es, err := ParseCrawlerDirectory(web)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 166 {
		t.Errorf("%d crawlers, want 166", len(es))
	}
	byTok := map[string]DirectoryEntry{}
	groups := map[CrawlerUse]int{}
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
		use                  CrawlerUse
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
	if _, err := ParseCrawlerDirectory([]byte(`["GPTBot"]`)); err == nil {
		t.Error("a JSON array was accepted as a directory")
	}
}

// FuzzParseCrawlerDirectory: any input is read without panic; what is read
// has tokens and one of the three answers for obeying robots.txt.
func FuzzParseCrawlerDirectory(f *testing.F) {
	f.Add([]byte(`{"GPTBot":{"operator":"[OpenAI](https://openai.com)","respect":"Yes","function":"x"}}`))
	f.Add([]byte(`{"":{}, "A":{"respect":"[No](u)"}, "B":null}`))
	f.Add([]byte(`{"A":{"operator":"[x](","respect":"[Yes]()"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		es, err := ParseCrawlerDirectory(data)
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
