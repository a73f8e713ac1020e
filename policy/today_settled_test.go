package policy

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestTodaySettledRealFiles asks the publisher's questions of the BBC and
// New York Times files of January 2026: Googlebot's ai-input with
// Google-Extended disallowed is disallowed only for Gemini Apps and Vertex
// AI (partial), its search answer says what no preference means, and
// Perplexity-User's answers say the directory reports it ignores robots.txt.
func TestTodaySettledRealFiles(t *testing.T) {
	dir := corpusDir(t, "sites-2026-01")
	tests := []struct {
		file     string
		crawler  string
		usage    Category
		want     Preference
		partial  bool
		line     int
		words    string
		explains []string
	}{
		{"www.bbc.com.txt", "Googlebot", CategoryAIInput, PrefDisallowed, true, 136, "partly disallowed",
			[]string{ChannelGoogleSearchAI + ": no preference", ChannelGemini + ": disallowed, decided by line 136 (disallow: /)", "remove or narrow line 136", "partial"}},
		{"www.bbc.com.txt", "Googlebot", CategorySearch, PrefUnstated, false, 0, "no preference: may be indexed",
			[]string{"meets no noindex may index it", "not for search"}},
		{"www.bbc.com.txt", "Googlebot", CategoryTrainAI, PrefDisallowed, false, 136, "disallowed", []string{"Google-Extended"}},
		{"www.bbc.com.txt", "Applebot", CategorySearch, PrefUnstated, false, 0, "no preference: may be indexed", []string{"Applebot's search use is unaffected"}},
		{"www.bbc.com.txt", "Perplexity-User", CategoryAIInput, PrefNotCrawled, false, 142, "not crawled", []string{"does not obey robots.txt"}},
		{"www.nytimes.com.txt", "Googlebot", CategoryAIInput, PrefDisallowed, true, 209, "partly disallowed",
			[]string{ChannelGoogleSearchAI + ": no preference", "line 209"}},
		{"www.nytimes.com.txt", "Googlebot", CategorySearch, PrefUnstated, false, 0, "no preference: may be indexed", nil},
		{"www.nytimes.com.txt", "GPTBot", CategoryTrainAI, PrefNotCrawled, false, 212, "not crawled", nil},
	}
	for _, tt := range tests {
		src, err := os.ReadFile(filepath.Join(dir, tt.file))
		if err != nil {
			t.Fatal(err)
		}
		f, _ := Parse("/robots.txt", src)
		a := NewPolicy(f).Decide(Question{Crawler: tt.crawler, URL: "/news/world-1", Category: tt.usage, Kind: KindToday})
		if a.Preference != tt.want || a.Partial != tt.partial || a.Line != tt.line {
			t.Errorf("%s %s %s: %s partial=%v line %d, want %s partial=%v line %d\n%s", tt.file, tt.crawler, tt.usage, a.Preference, a.Partial, a.Line, tt.want, tt.partial, tt.line, a.Trace)
		}
		if w := PreferenceWords(&a, tt.usage); w != tt.words {
			t.Errorf("%s %s %s: words %q, want %q", tt.file, tt.crawler, tt.usage, w, tt.words)
		}
		for _, e := range tt.explains {
			if !strings.Contains(a.Trace.String(), e) {
				t.Errorf("%s %s %s: the explanation does not say %q:\n%s", tt.file, tt.crawler, tt.usage, e, a.Trace)
			}
		}
	}
}

// TestTodaySettledDiagnostics checks the contradictions that are
// diagnostics, and that files saying the same thing twice raise none.
func TestTodaySettledDiagnostics(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // "line:severity:code"
		none []string // codes that must not be reported
	}{
		{"a publisher's file: Content-Signal against Content-Usage behind Disallow: /",
			"User-agent: GPTBot\nContent-Signal: ai-train=yes\nContent-Usage: train-ai=n\nDisallow: /\n",
			[]string{"3:warning:" + CodeSignalContradiction, "2:info:" + CodeSignalNeverRead, "3:info:" + CodeSignalNeverRead}, nil},
		{"agreeing vocabularies",
			"User-agent: *\nContent-Usage: train-ai=n, search=y\nContent-Signal: ai-train=no, search=yes\n",
			nil, []string{CodeSignalContradiction, CodeSignalNeverRead, CodeTokenContradiction}},
		{"different paths do not meet",
			"User-agent: *\nContent-Usage: /a/ train-ai=n\nContent-Signal: /b/ ai-train=yes\n",
			nil, []string{CodeSignalContradiction}},
		{"an Allow lets the crawler in somewhere: the preference is read",
			"User-agent: GPTBot\nDisallow: /\nAllow: /open/\nContent-Usage: train-ai=n\n",
			nil, []string{CodeSignalNeverRead}},
		{"a merged group lets the crawler in",
			"User-agent: GPTBot\nDisallow: /\nContent-Usage: train-ai=n\n\nUser-agent: GPTBot\nAllow: /open/\n",
			nil, []string{CodeSignalNeverRead}},
		{"ai-input=yes while Google-Extended is disallowed",
			"User-agent: *\nContent-Signal: ai-input=yes\n\nUser-agent: Google-Extended\nDisallow: /\n",
			[]string{"5:warning:" + CodeTokenContradiction}, nil},
		{"Google-Extended first: reported on the preference line, the later one",
			"User-agent: Google-Extended\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /\nContent-Usage: train-ai=y\n",
			[]string{"6:warning:" + CodeTokenContradiction}, nil},
		{"training refused twice: no contradiction",
			"User-agent: *\nContent-Signal: ai-train=no\n\nUser-agent: Google-Extended\nDisallow: /\n",
			nil, []string{CodeTokenContradiction}},
		{"a crawler that ignores robots.txt",
			"User-agent: Bytespider\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /\n",
			[]string{"1:info:" + CodeCrawlerIgnoresRobot}, nil},
		{"ACAP and today agree",
			"User-agent: NewsBot\nAllow: /\nContent-Usage: train-ai=n\n\nACAP-crawler: NewsBot\nACAP-disallow-preserve: /\n",
			nil, []string{CodeACAPTodayDrift}},
		{"ACAP and today disagree on a path",
			"User-agent: NewsBot\nAllow: /\nContent-Usage: /archive/ search=n\n\nACAP-crawler: NewsBot\nACAP-allow-index: /\n",
			[]string{"6:warning:" + CodeACAPTodayDrift}, nil},
	}
	for _, tt := range tests {
		f, _ := Parse("/robots.txt", []byte(tt.src))
		ds := CheckAll(f)
		got := map[string]bool{}
		for _, d := range ds {
			got[itoa(d.Pos.Line)+":"+d.Severity.String()+":"+d.Code] = true
			for _, c := range tt.none {
				if d.Code == c {
					t.Errorf("%s: unexpected %s", tt.name, d)
				}
			}
		}
		for _, w := range tt.want {
			if !got[w] {
				t.Errorf("%s: want %s; got:\n%s", tt.name, w, diagList(ds))
			}
		}
	}
}

// TestNotObeyingMatchesDirectory keeps the list of crawlers that do not
// obey robots.txt equal to the directory the app ships.
func TestNotObeyingMatchesDirectory(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "web", "crawlers", "robots.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The directory's "respect" answer, as written or as a Markdown link
	// ("[No](url)"); app/directory reads the rest of the file.
	var dir map[string]struct {
		Respect string `json:"respect"`
	}
	if err := json.Unmarshal(data, &dir); err != nil {
		t.Fatal(err)
	}
	// By the name a User-agent line holds: a name with an entry that says
	// anything but no (iaskspider, iaskspider/2.0) is not in the list.
	says := map[string]map[string]bool{}
	for tok, e := range dir {
		k := strings.ToLower(agentName(tok))
		if says[k] == nil {
			says[k] = map[string]bool{}
		}
		r := strings.TrimSpace(e.Respect)
		if strings.HasPrefix(r, "[") {
			r, _, _ = strings.Cut(r[1:], "]")
		}
		if r = strings.ToLower(strings.TrimSpace(r)); r != "yes" && r != "no" {
			r = "unclear"
		}
		says[k][r] = true
	}
	var want, got []string
	for k, v := range says {
		no := v["no"] && len(v) == 1
		if no {
			want = append(want, k)
		}
		if o, ok := CrawlerObeys(k); ok != no {
			t.Errorf("CrawlerObeys(%q) = %+v, %v; the directory says %v", k, o, ok, v)
		}
	}
	for _, o := range notObeying {
		got = append(got, strings.ToLower(agentName(o.Token)))
	}
	sort.Strings(want)
	sort.Strings(got)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("not obeying: %v, the directory says %v", got, want)
	}
}
