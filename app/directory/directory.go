// Package directory reads the crawler directory the workbench ships: the
// robots.json of ai.robots.txt (web/crawlers/, with its MIT licence and
// SOURCES.md, which records the commit, the date of the copy and its
// SHA-256), and a sourced table of what each well-known token is used for.
// The simulator groups the crawlers by [Use] and fills its batch view from
// them; the policy package never reads the directory.
package directory

import (
	"encoding/json"
	"errors"
	"sort"
	"strings"
)

// Use is what an operator says a crawler fetches for.
type Use uint8

// The uses, in the order the simulator groups crawlers.
const (
	UseOther       Use = iota // other or undocumented
	UseTraining               // collecting content to train AI models (train-ai)
	UseSearch                 // building a search index (search)
	UseAIInput                // feeding content to AI answers: retrieval, grounding (ai-input)
	UseUserRequest            // fetching a page when a person asks (assistants, agents)
	numUses
)

// Uses lists the uses in the order the simulator groups crawlers.
func Uses() []Use {
	return []Use{UseTraining, UseSearch, UseAIInput, UseUserRequest, UseOther}
}

// Title names the use for people.
func (u Use) Title() string {
	switch u {
	case UseTraining:
		return "AI training"
	case UseSearch:
		return "Search"
	case UseAIInput:
		return "AI answers (retrieval, grounding)"
	case UseUserRequest:
		return "On a person's request (assistants, agents)"
	}
	return "Other or undocumented AI agents"
}

// KnownCrawler is an entry of the table of well-known product tokens: what
// each is used for, according to its operator's documentation (Source).
type KnownCrawler struct {
	Token    string
	Operator string
	Use      Use
	// Purpose marks a token that fetches nothing itself but speaks for
	// a use of what the operator's other crawlers fetch.
	Purpose bool
	Source  string
}

// Source says where the shipped directory comes from and the date of the
// copy, for the app to show with its licence (web/crawlers/LICENSE). A new
// copy changes it, web/crawlers/SOURCES.md and the SHA-256 the tests check.
const Source = "ai.robots.txt (github.com/ai-robots-txt/ai.robots.txt), copy of commit 738c80d as of 2026-08, MIT License"

// Path is where the site serves the directory, relative to its root.
const Path = "/web/crawlers/robots.json"

const (
	srcOpenAI     = "https://platform.openai.com/docs/bots"
	srcAnthropic  = "https://support.anthropic.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler"
	srcPerplexity = "https://docs.perplexity.ai/guides/bots"
	srcGoogle     = "https://developers.google.com/search/docs/crawling-indexing/overview-google-crawlers"
	srcApple      = "https://support.apple.com/en-us/119829"
	srcMeta       = "https://developers.facebook.com/docs/sharing/webmasters/web-crawlers/"
)

// knownCrawlers is the sourced table. The directory's free-text function
// decides for every other token.
var knownCrawlers = []KnownCrawler{
	{"GPTBot", "OpenAI", UseTraining, false, srcOpenAI},
	{"OAI-SearchBot", "OpenAI", UseSearch, false, srcOpenAI},
	{"ChatGPT-User", "OpenAI", UseUserRequest, false, srcOpenAI},
	{"ClaudeBot", "Anthropic", UseTraining, false, srcAnthropic},
	{"Claude-SearchBot", "Anthropic", UseSearch, false, srcAnthropic},
	{"Claude-User", "Anthropic", UseUserRequest, false, srcAnthropic},
	{"PerplexityBot", "Perplexity", UseSearch, false, srcPerplexity},
	{"Perplexity-User", "Perplexity", UseUserRequest, false, srcPerplexity},
	{"Googlebot", "Google", UseSearch, false, srcGoogle},
	{"Google-Extended", "Google", UseTraining, true, srcGoogle},
	{"Google-CloudVertexBot", "Google", UseAIInput, false, srcGoogle},
	{"Applebot", "Apple", UseSearch, false, srcApple},
	{"Applebot-Extended", "Apple", UseTraining, true, srcApple},
	{"CCBot", "Common Crawl", UseTraining, false, "https://commoncrawl.org/ccbot"},
	{"meta-externalagent", "Meta", UseTraining, false, srcMeta},
	{"meta-externalfetcher", "Meta", UseUserRequest, false, srcMeta},
	{"Bytespider", "ByteDance", UseTraining, false, "https://github.com/ai-robots-txt/ai.robots.txt (function: LLM training)"},
	{"Amazonbot", "Amazon", UseAIInput, false, "https://developer.amazon.com/amazonbot"},
	{"DuckAssistBot", "DuckDuckGo", UseAIInput, false, "https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot"},
	{"MistralAI-User", "Mistral AI", UseUserRequest, false, "https://docs.mistral.ai/robots"},
	{"bingbot", "Microsoft", UseSearch, false, "https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0"},
}

// KnownCrawlers returns the sourced table of well-known tokens (a copy).
func KnownCrawlers() []KnownCrawler { return append([]KnownCrawler(nil), knownCrawlers...) }

// KnownCrawlerUse returns the table's entry for token (case-insensitive).
func KnownCrawlerUse(token string) (KnownCrawler, bool) {
	for _, k := range knownCrawlers {
		if strings.EqualFold(k.Token, token) {
			return k, true
		}
	}
	return KnownCrawler{}, false
}

// Entry is one crawler of a directory in the format of ai.robots.txt's
// robots.json.
type Entry struct {
	Token       string
	Operator    string // the operator's name, without Markdown
	OperatorURL string
	// Obeys says whether the crawler is known to obey robots.txt: "yes",
	// "no" or "unclear".
	Obeys       string
	ObeysURL    string
	Function    string // free text, as in the directory
	Description string
	// Use is from the table of well-known tokens when Known, else read
	// from Function.
	Use   Use
	Known bool
}

// Parse reads robots.json of ai.robots.txt: an object whose
// keys are product tokens and whose values have operator, respect,
// function and description. Entries come back sorted by token (case
// ignored). Tokens that are not names a User-agent line can hold (such as
// "Brightbot 1.0") are kept as written.
func Parse(data []byte) ([]Entry, error) {
	raw, ok := decodeSimple(data)
	if !ok {
		if err := json.Unmarshal(data, &raw); err != nil {
			return nil, errors.New("the crawler directory is not a JSON object of crawlers: " + err.Error())
		}
	}
	out := make([]Entry, 0, len(raw))
	for tok, v := range raw {
		if strings.TrimSpace(tok) == "" {
			continue
		}
		e := Entry{Token: tok, Function: v.Function, Description: v.Description}
		e.Operator, e.OperatorURL = mdLink(v.Operator)
		if unclear(e.Operator) {
			e.Operator = ""
		}
		r, rURL := mdLink(v.Respect)
		e.ObeysURL = rURL
		switch strings.ToLower(strings.TrimSpace(r)) {
		case "yes":
			e.Obeys = "yes"
		case "no":
			e.Obeys = "no"
		default:
			e.Obeys = "unclear"
		}
		if k, ok := KnownCrawlerUse(tok); ok {
			e.Use, e.Known = k.Use, true
			if e.Operator == "" {
				e.Operator = k.Operator
			}
		} else {
			e.Use = useOfFunction(v.Function)
		}
		out = append(out, e)
	}
	// By token, case ignored: each token lowered once, not in every
	// comparison.
	lower := make([]string, len(out))
	order := make([]int, len(out))
	for i := range out {
		lower[i], order[i] = strings.ToLower(out[i].Token), i
	}
	sort.Slice(order, func(x, y int) bool {
		i, j := order[x], order[y]
		if lower[i] != lower[j] {
			return lower[i] < lower[j]
		}
		return out[i].Token < out[j].Token
	})
	sorted := make([]Entry, len(out))
	for k, i := range order {
		sorted[k] = out[i]
	}
	return sorted, nil
}

func unclear(s string) bool {
	l := strings.ToLower(strings.TrimSpace(s))
	return l == "" || strings.HasPrefix(l, "unclear")
}

// mdLink splits "[text](url)" into text and url; other text comes back
// trimmed, with no url.
func mdLink(s string) (text, url string) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "[") {
		if i := strings.Index(s, "]("); i > 0 && strings.HasSuffix(s, ")") {
			return s[1:i], s[i+2 : len(s)-1]
		}
	}
	return s, ""
}

// useOfFunction reads the directory's free-text function.
func useOfFunction(f string) Use {
	l := strings.ToLower(f)
	has := func(ws ...string) bool {
		for _, w := range ws {
			if strings.Contains(l, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has("search"):
		return UseSearch
	case has("assistant", "agent", "user", "on behalf"):
		return UseUserRequest
	case has("train", "llm", "scrap", "dataset", "data provider", "machine learning", "model"):
		return UseTraining
	case has("answer", "retriev", "rag"):
		return UseAIInput
	}
	return UseOther
}
