// Share links: a whole workspace in the address's fragment,
// "#s=v2.…" (app/share does the encoding; this file builds the link, reads
// it at start-up, and shows what went wrong).
//
// Wiring (a few lines in the Workbench):
//
//   - Start-up (OnMount, after restoring the saved work):
//
//     st, err := LoadShared(app.Window().Get("location").Get("hash").String())
//     switch {
//     case errors.Is(err, ErrNoShareLink): // a normal visit: nothing to do
//     case err != nil: c.shareErr = err   // rendered by SharedLinkError; nothing is loaded
//     default: // open st.Files (as new tabs, or through offerLoad so unsaved work is asked about),
//     // st.URLs, st.Crawler/UserAgent/Purpose/Date/Kind into the simulator, st.Panel;
//     // then remove the fragment with history.replaceState so a reload does not load it again.
//     }
//
//   - Render, after the editor (it is conditional):
//     app.If(c.shareErr != nil, func() app.UI {
//     return &SharedLinkError{Err: c.shareErr, OnDismiss: func() { c.shareErr = nil }}
//     })
//
//   - Toolbar or side panel:
//     &ShareLinkButton{GetState: c.shareState} where c.shareState returns a
//     share.State of the workspace (files with names such as "/robots.txt",
//     URLs, crawler, purpose, date, kind, open panel). Base is left empty:
//     the page's own address is used.
//
// LoadShared returns the zero State with every error: nothing is loaded
// half-way.
package ui

import (
	"errors"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/share"
)

// ShareParam starts the fragment of a share link ("#s=v2.…").
const ShareParam = "s="

// ErrNoShareLink is returned by LoadShared when the fragment holds no share
// link: a normal visit, not an error to show.
var ErrNoShareLink = errors.New("the address has no share link")

// ShareLinkWarnLength is the length above which a link may be cut by chat
// and mail tools; ShareLinkButton says so.
const ShareLinkWarnLength = 2000

// ShareFragment returns the fragment of a share link for s, without the
// leading '#': "s=v2.…".
func ShareFragment(s share.State) (string, error) {
	enc, err := share.Encode(s)
	if err != nil {
		return "", err
	}
	return ShareParam + enc, nil
}

// ShareURL returns the share link for s: base without its fragment,
// followed by "#s=v2.…".
func ShareURL(base string, s share.State) (string, error) {
	frag, err := ShareFragment(s)
	if err != nil {
		return "", err
	}
	if i := strings.IndexByte(base, '#'); i >= 0 {
		base = base[:i]
	}
	return base + "#" + frag, nil
}

// LoadShared reads a share link's fragment (location.hash, with or
// without '#'). It returns ErrNoShareLink when the fragment is not a share
// link, and otherwise share.Decode's result: on error, the zero State and
// an error of one of share's classes (ErrTooLong, ErrCorrupt, ErrNewer,
// ErrInvalid).
func LoadShared(fragment string) (share.State, error) {
	fragment = strings.TrimPrefix(fragment, "#")
	rest, ok := strings.CutPrefix(fragment, ShareParam)
	if !ok {
		return share.State{}, ErrNoShareLink
	}
	st, err := share.Decode(rest)
	if err != nil {
		return share.State{}, err
	}
	return st, nil
}

// ShareErrorText says, for an error of LoadShared or ShareURL, what went
// wrong (title) and what to do (advice), in plain words. The details of the
// error itself are in err.Error().
func ShareErrorText(err error) (title, advice string) {
	switch {
	case errors.Is(err, share.ErrTooLong):
		return "This share link is too long.", "Share fewer or smaller files, or send the files themselves."
	case errors.Is(err, share.ErrCorrupt):
		return "This share link is damaged.", "Part of it was probably lost when it was copied. Ask for the link again, and copy all of it."
	case errors.Is(err, share.ErrNewer):
		return "This share link was made by a newer version of ACAP Workbench.", "Reload the page to get the latest version, then open the link again."
	case errors.Is(err, share.ErrInvalid):
		return "This share link holds a workspace that cannot be opened.", "Ask whoever sent it to make the link again."
	}
	return "This share link could not be opened.", "Ask for the link again."
}

// SharedLinkError tells why a share link was not opened.
type SharedLinkError struct {
	app.Compo

	// Err is LoadShared's error (nil shows nothing).
	Err error
	// OnDismiss hides the message (the wiring clears Err).
	OnDismiss func()
}

// Render shows the message as an alert.
func (c *SharedLinkError) Render() app.UI {
	if c.Err == nil {
		return app.Div().Class("wk-share-error").Hidden(true).Aria("hidden", "true")
	}
	title, advice := ShareErrorText(c.Err)
	detail := c.Err.Error()
	var se *share.Error
	if errors.As(c.Err, &se) && se.Detail != "" {
		detail = se.Detail
	}
	return app.Div().Class("wk-share-error wk-error").Role("alert").Body(
		app.Strong().Text(title),
		app.P().Text("Details: "+detail+"."),
		app.P().Text(advice),
		app.P().Text("Nothing from the link was loaded; your own work is unchanged."),
		app.If(c.OnDismiss != nil, func() app.UI {
			return app.Button().Class("btn").Type("button").Text("Dismiss").
				OnClick(func(ctx app.Context, e app.Event) { c.OnDismiss() })
		}),
	)
}

// ShareLinkButton makes a share link of the workspace, shows it in a
// read-only field and copies it to the clipboard.
type ShareLinkButton struct {
	app.Compo

	// GetState returns the workspace to share, when the button is pressed.
	GetState func() share.State
	// Base is the page's address; "" uses the browser's location.
	Base string

	ctx     app.Context
	mounted bool
	link    string
	msg     string
	warn    string // about the link's length
	failed  bool
}

// OnMount keeps the context for the clipboard's answer.
func (c *ShareLinkButton) OnMount(ctx app.Context) { c.ctx, c.mounted = ctx, true }

func (c *ShareLinkButton) base() string {
	if c.Base != "" || !app.IsClient {
		return c.Base
	}
	loc := app.Window().Get("location")
	return loc.Get("origin").String() + loc.Get("pathname").String() + loc.Get("search").String()
}

// make builds the link; it reports whether there is one to copy.
func (c *ShareLinkButton) make() bool {
	c.link, c.msg, c.warn, c.failed = "", "", "", false
	if c.GetState == nil {
		return false
	}
	link, err := ShareURL(c.base(), c.GetState())
	if err != nil {
		title, advice := ShareErrorText(err)
		if errors.Is(err, share.ErrTooLong) {
			title = "The workspace is too large for a link."
		} else if errors.Is(err, share.ErrInvalid) {
			title = "This workspace cannot be shared as a link."
		}
		c.msg, c.failed = title+" "+err.Error()+". "+advice, true
		return false
	}
	c.link = link
	if len(link) > ShareLinkWarnLength {
		c.warn = " It is " + wkItoa(len(link)) + " characters long: some chat and mail tools cut links longer than " + wkItoa(ShareLinkWarnLength) + "."
	}
	c.msg = "The link is in the field below." + c.warn
	return true
}

func (c *ShareLinkButton) click(ctx app.Context, e app.Event) {
	if !c.make() {
		return
	}
	link, warn := c.link, c.warn
	ctx.Defer(func(app.Context) {
		if el := app.Window().GetElementByID("wk-share-link"); el.Truthy() {
			el.Call("select")
		}
	})
	wkCopy(link, func(ok bool) {
		m := "Share link copied." + warn
		if !ok {
			m = "Copy the link from the field below (it is selected)." + warn
		}
		if c.mounted {
			c.ctx.Dispatch(func(app.Context) { c.msg = m })
		}
	})
}

// Render shows the button, the field (hidden until there is a link) and
// the message. The field never moves: the message comes after it.
func (c *ShareLinkButton) Render() app.UI {
	msgClass := "wk-status"
	if c.failed {
		msgClass = "wk-status wk-error"
	}
	return app.Div().Class("wk-share").Body(
		app.Button().ID("wk-share-btn").Class("btn").Type("button").Text("Copy share link").OnClick(c.click),
		wkHidden(app.Div().Class("wk-share-field"), c.link == "").Body(
			app.Label().For("wk-share-link").Text("Share link"),
			app.Input().ID("wk-share-link").Class("file-name wk-share-input").Type("text").ReadOnly(true).
				Spellcheck(false).Value(c.link),
		),
		app.P().Class(msgClass).Aria("live", "polite").Text(c.msg),
	)
}
