package policy

import "strings"

// The crawlers the directory (ai.robots.txt, web/crawlers/robots.json)
// reports as not obeying robots.txt. The checker names them where a group
// addresses them and every today answer for them says so; a test keeps
// this list equal to the directory's, by the name a User-agent line holds
// (a name the directory also lists with another answer, such as
// iaskspider, is left out).
var notObeying = []CrawlerObedience{
	{"Bytespider", "no", ""},
	{"DeepSeekBot", "no", ""},
	{"facebookexternalhit", "no", "https://github.com/ai-robots-txt/ai.robots.txt/issues/40#issuecomment-2524591313"},
	{"ISSCyberRiskCrawler", "no", ""},
	{"LAIONDownloader", "no", "https://laion.ai/faq/"},
	{"Linguee Bot", "no", ""},
	{"meta-externalfetcher", "no", "https://developers.facebook.com/docs/sharing/webmasters/web-crawlers/"},
	{"Perplexity-User", "no", "https://docs.perplexity.ai/guides/bots"},
	{"Thinkbot", "no", ""},
}

// CrawlerObedience is what the crawler directory says of whether a crawler
// obeys robots.txt.
type CrawlerObedience struct {
	Token  string
	Obeys  string // "no" for every entry CrawlerObeys returns
	Source string // where the directory has it from, or ""
}

// CrawlerObeys returns the directory's entry for a crawler it reports as
// not obeying robots.txt (names compared as a User-agent line holds them:
// "Linguee Bot" is Linguee). ok is false for every other crawler.
func CrawlerObeys(name string) (CrawlerObedience, bool) {
	n := agentName(name)
	for _, o := range notObeying {
		if equalFoldASCII(n, agentName(o.Token)) || equalFoldASCII(name, o.Token) {
			return o, true
		}
	}
	return CrawlerObedience{}, false
}

// notObeyingNames lists the tokens, for messages.
func notObeyingNames() string {
	var s []string
	for _, o := range notObeying {
		s = append(s, o.Token)
	}
	return strings.Join(s, ", ")
}
