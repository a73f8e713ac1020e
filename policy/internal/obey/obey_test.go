package obey

import (
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

func TestName(t *testing.T) {
	for v, want := range map[string]string{
		"*": "*", "* ": "*", "*\tx": "*", "Googlebot": "googlebot", "Googlebot/2.1": "googlebot",
		"Googlebot Image": "googlebot", "  GPTBot  ": "gptbot", "*Fetch*": "", "brightbot 1.0": "brightbot",
	} {
		if got := Name(v); got != want {
			t.Errorf("Name(%q) = %q, want %q", v, got, want)
		}
	}
}

func TestWholeSite(t *testing.T) {
	for p, want := range map[string]bool{"/": true, "*": true, "/*": true, "/**": true, " / ": true,
		"": false, "/a": false, "/$": false, "/*.pdf": false, "*x": false} {
		if got := WholeSite(p); got != want {
			t.Errorf("WholeSite(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestStarAndNamed: the lines of the groups for * (rules as RFC 9309
// groups them, Content-Usage and Content-Signal as today's crawlers do),
// and the crawlers the groups name with their rules.
func TestStarAndNamed(t *testing.T) {
	f := policy.MustParse(strings.Join([]string{
		"User-agent: *",
		"Disallow: /a/",
		"Content-Usage: train-ai=n",
		"",
		"User-agent: GPTBot/1.1",
		"User-agent: CCBot",
		"Disallow: /",
		"",
		"User-agent: *",
		"Allow: /a/b",
		"Content-Signal: search=yes",
		"",
	}, "\n") + "\n")
	rules, signals := Star(f)
	var got []string
	for _, fd := range append(rules, signals...) {
		got = append(got, f.LineText(fd.Line))
	}
	if want := "Disallow: /a/|Allow: /a/b|Content-Usage: train-ai=n|Content-Signal: search=yes"; strings.Join(got, "|") != want {
		t.Errorf("Star: %q, want %q", strings.Join(got, "|"), want)
	}
	named := Named(f)
	if len(named) != 2 || len(named["gptbot"]) != 1 || len(named["ccbot"]) != 1 || named["*"] != nil {
		t.Errorf("Named: %v", named)
	}
}
