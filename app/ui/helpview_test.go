package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/help"
)

// TestHelpViewPages renders every help page and checks its headings,
// paragraphs and examples.
func TestHelpViewPages(t *testing.T) {
	for _, p := range help.Pages() {
		t.Run(p.ID, func(t *testing.T) {
			c := &HelpView{Page: p.ID}
			html := app.HTMLString(c)
			if !strings.Contains(html, ">"+wkEscapeText(p.Title)+"</h2>") {
				t.Errorf("title %q is not the page heading", p.Title)
			}
			examples := 0
			for _, s := range p.Sections {
				if !strings.Contains(html, ">"+wkEscapeText(s.Heading)+"</h3>") {
					t.Errorf("section heading %q missing", s.Heading)
				}
				for _, para := range s.Paragraphs {
					if !strings.Contains(html, "<p>"+wkEscapeText(para)+"</p>") {
						t.Errorf("paragraph missing or not escaped: %.60q", para)
					}
				}
				if s.Example != "" {
					examples++
					if !strings.Contains(html, "<code>"+wkEscapeText(s.Example)+"</code>") {
						t.Errorf("example missing: %.60q", s.Example)
					}
				}
			}
			if n := strings.Count(html, ">Try this example</button>"); n != examples {
				t.Errorf("%d example buttons for %d examples", n, examples)
			}
			// The list: one button per page, the current one marked.
			if n := strings.Count(html, `class="wk-link"`); n != len(help.Pages()) {
				t.Errorf("%d page buttons", n)
			}
			if cur := wkOpenTag(html, `aria-current="page"`); !strings.Contains(html, cur+wkEscapeText(p.Title)+"</button>") {
				t.Errorf("current page marked on %s", cur)
			}
			if strings.Contains(html, "<meta") || strings.Contains(html, "<script") {
				t.Error("help text rendered as markup")
			}
		})
	}
}

// wkEscapeText escapes like go-app's text nodes.
func wkEscapeText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}

func TestHelpViewChooseAndOpen(t *testing.T) {
	pages := help.Pages()
	var chosen string
	var opened []string
	c := &HelpView{
		OnPage: func(id string) { chosen = id },
		OnOpen: func(name, text string, urls []string, crawler, purpose string) {
			if urls != nil || crawler != "" || purpose != "" {
				t.Errorf("example opened with simulator settings %v %q %q", urls, crawler, purpose)
			}
			opened = append(opened, name, text)
		},
	}
	// Nothing chosen: the first page.
	if html := app.HTMLString(c); !strings.Contains(html, ">"+wkEscapeText(pages[0].Title)+"</h2>") {
		t.Error("first page not shown by default")
	}
	// An unknown ID shows the first page too.
	c.Page = "nope"
	if html := app.HTMLString(c); !strings.Contains(html, ">"+wkEscapeText(pages[0].Title)+"</h2>") {
		t.Error("unknown page not replaced by the first")
	}
	last := pages[len(pages)-1]
	c.choose(last.ID)
	if chosen != last.ID {
		t.Errorf("OnPage(%q)", chosen)
	}
	if html := app.HTMLString(c); !strings.Contains(html, ">"+wkEscapeText(last.Title)+"</h2>") {
		t.Error("chosen page not shown")
	}
	// A new Page from the parent wins over the choice.
	c.Page = pages[1].ID
	c.OnUpdate(app.Context{})
	if html := app.HTMLString(c); !strings.Contains(html, ">"+wkEscapeText(pages[1].Title)+"</h2>") {
		t.Error("parent's page not shown")
	}
	for i, s := range pages[1].Sections {
		if s.Example != "" {
			c.openExample(pages[1], i)
			want := "help-" + pages[1].ID + "-" + wkItoa(i+1) + ".txt"
			if len(opened) != 2 || opened[0] != want || opened[1] != s.Example {
				t.Errorf("opened %q, want %q with the example", opened, want)
			}
			break
		}
	}
}
