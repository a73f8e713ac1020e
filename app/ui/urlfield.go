package ui

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

const (
	idURLView     = "sim-urls-view"
	idURLViewText = "sim-urls-view-text"
	idURLList     = "sim-urls-list"
	idURLEdit     = "sim-urls-edit"
)

// urlViewMin is the size (bytes) of a URL list put in place of the
// simulator's (from a share link or the saved workspace) from which it is
// shown read-only rather than in the text box: Chromium lays out a text
// box's whole value at once. 200 URLs of 2,000 characters took 24–42 ms
// of layout on a quiet machine and 63–78 ms in CI runs, a frame of their
// own; listed read-only, 6.5–8 ms.
const urlViewMin = 32 << 10

// urlViewCut is how many characters of each URL the read-only list shows,
// and urlViewLines how many URLs.
const (
	urlViewCut   = 100
	urlViewLines = maxURLs
)

// urlField is the simulator's URL list: the text box, or, for a long list
// put in place by the app, a read-only list of the URLs cut short, until
// the user asks to edit them. The simulator reads the whole list either
// way.
type urlField struct {
	ta   app.Value
	held *string // the list while it is shown read-only
}

func newURLField() *urlField { return &urlField{ta: byID(idSimURLs)} }

// value is the whole list, one URL a line.
func (u *urlField) value() string {
	if u.held != nil {
		return *u.held
	}
	return u.ta.Get("value").String()
}

// set puts a list in place: in the text box, or read-only when it is
// urlViewMin or more.
func (u *urlField) set(text string) {
	if len(text) < urlViewMin {
		u.unview()
		u.ta.Set("value", text)
		return
	}
	u.held = &text
	u.ta.Set("value", "")
	u.ta.Set("hidden", true)
	byID(idURLList).Set("innerHTML", urlListMarkup(text))
	byID(idURLViewText).Set("textContent", urlViewWords(text))
	byID(idURLView).Set("hidden", false)
}

// edit puts a list shown read-only in the text box, which is focused: the
// browser then lays it out, once, at the user's request.
func (u *urlField) edit() {
	if u.held == nil {
		return
	}
	text := *u.held
	u.unview()
	u.ta.Set("value", text)
	u.ta.Call("focus")
}

// unview shows the text box again, empty if the list was read-only.
func (u *urlField) unview() {
	if u.held == nil {
		return
	}
	u.held = nil
	byID(idURLView).Set("hidden", true)
	byID(idURLList).Set("innerHTML", "")
	u.ta.Set("hidden", false)
}

// urlLines returns the URLs of a list, one a line, trimmed, without the
// empty lines: the first n of them (all when n is negative) and how
// many more there are.
func urlLines(text string, n int) (urls []string, more int) {
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l == "" {
			continue
		}
		if len(urls) == n {
			more++
			continue
		}
		urls = append(urls, l)
	}
	return urls, more
}

// urlViewWords is what the read-only list's bar says.
func urlViewWords(text string) string {
	urls, more := urlLines(text, urlViewLines)
	n := len(urls) + more
	what := strconv.Itoa(n) + " URLs (" + sizeWords(len(text)) + ") are"
	if n == 1 {
		what = "1 URL (" + sizeWords(len(text)) + ") is"
	}
	return what + " shown read-only, each cut to its first " + strconv.Itoa(urlViewCut) +
		" characters, so that the page stays quick. The simulator uses them whole."
}

// urlListMarkup is the read-only list: the first urlViewLines URLs, each
// cut to urlViewCut characters, and how many more there are.
func urlListMarkup(text string) string {
	var b strings.Builder
	urls, more := urlLines(text, urlViewLines)
	for _, l := range urls {
		b.WriteString("<li>")
		if n := utf8.RuneCountInString(l); n > urlViewCut {
			b.WriteString(escape(string([]rune(l)[:urlViewCut])))
			b.WriteString(`<span class="muted">… (` + strconv.Itoa(n) + ` characters)</span>`)
		} else {
			b.WriteString(escape(l))
		}
		b.WriteString("</li>")
	}
	if more > 0 {
		b.WriteString(`<li class="muted">and ` + strconv.Itoa(more) + ` more</li>`)
	}
	return b.String()
}
