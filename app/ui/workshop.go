// Workshop kit (issue 7): helpers shared by the gallery, exercises, help,
// today's signals, share links, presenter and print components.
//
// Wiring:
//   - Service worker: add every path of WorkshopAssets(), each prefixed with
//     RootPrefix() (or the build's PREFIX), to the list the worker precaches,
//     so that the gallery and the exercises work offline. TestWorkshopAssets
//     fails when a file is added to web/gallery or web/exercises and not
//     listed here.
//   - Styles: link web/workshop.css after web/app.css.
//   - Every callback of these components is called on go-app's UI goroutine
//     (from an event handler, or inside the component's ctx.Dispatch). A
//     callback that changes the Workbench's own fields must make the
//     Workbench render again: wrap the change in c.ctx.Dispatch(...), as
//     readFile does, because a child's event only re-renders the child.
package ui

import (
	"errors"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// OpenFunc opens text as a new file of the workspace, with suggested URLs,
// crawler and purpose for the simulator (any may be empty). The
// components never replace the user's work themselves: the function given
// by the wiring must not open over unsaved work without asking (use
// offerLoad's confirmation, or add the text as a new tab).
type OpenFunc func(name, text string, urls []string, crawler, purpose string)

// WorkshopAssets returns the site paths (without RootPrefix) of the
// gallery's and the exercises' files, for the service worker to precache.
func WorkshopAssets() []string {
	return append([]string(nil), wkAssets...)
}

var wkAssets = []string{
	"/web/exercises/conflicts-open-corner.json",
	"/web/exercises/conflicts-tie.json",
	"/web/exercises/conventional-acap-archive.json",
	"/web/exercises/conventional-acap-ignore.json",
	"/web/exercises/conversion-by-hand.json",
	"/web/exercises/conversion-prepare.json",
	"/web/exercises/crawlers-name-must-match.json",
	"/web/exercises/crawlers-only-one.json",
	"/web/exercises/index.json",
	"/web/exercises/mistakes-clean-up.json",
	"/web/exercises/other-index-only.json",
	"/web/exercises/purposes-no-image-service.json",
	"/web/exercises/purposes-sports-only.json",
	"/web/exercises/qualifiers-no-translation.json",
	"/web/exercises/qualifiers-snippet-length.json",
	"/web/exercises/qualifiers-time-limit.json",
	"/web/exercises/usages-do-not-follow.json",
	"/web/exercises/usages-no-cached-copy.json",
	"/web/exercises/usages-no-thumbnails.json",
	"/web/gallery/draft1996-fict-org.txt",
	"/web/gallery/gallery.json",
	"/web/gallery/guide-annex-persgroep.txt",
	"/web/gallery/guide-ex-1-1.txt",
	"/web/gallery/guide-ex-1-2.txt",
	"/web/gallery/guide-ex-1-3.txt",
	"/web/gallery/guide-ex-1-4.txt",
	"/web/gallery/guide-ex-1-5.txt",
	"/web/gallery/guide-ex-1-6.txt",
	"/web/gallery/guide-ex-2-1.txt",
	"/web/gallery/guide-ex-2-2.txt",
	"/web/gallery/guide-ex-3-1.txt",
	"/web/gallery/guide-ex-3-2-resource-set.txt",
	"/web/gallery/guide-ex-3-2.txt",
	"/web/gallery/guide-ex-3-3.txt",
	"/web/gallery/guide-ex-4-1.txt",
	"/web/gallery/guide-ex-4-10.txt",
	"/web/gallery/guide-ex-4-11.txt",
	"/web/gallery/guide-ex-4-13.txt",
	"/web/gallery/guide-ex-4-14.txt",
	"/web/gallery/guide-ex-4-3.txt",
	"/web/gallery/guide-ex-4-4-resource-set.txt",
	"/web/gallery/guide-ex-4-4.txt",
	"/web/gallery/guide-ex-4-5.txt",
	"/web/gallery/guide-ex-4-7.txt",
	"/web/gallery/guide-ex-4-8.txt",
	"/web/gallery/guide-ex-5-1.txt",
	"/web/gallery/guide-ex-5-11.txt",
	"/web/gallery/guide-ex-5-12.txt",
	"/web/gallery/guide-ex-5-13.txt",
	"/web/gallery/guide-ex-5-14.txt",
	"/web/gallery/guide-ex-5-15.txt",
	"/web/gallery/guide-ex-5-16.txt",
	"/web/gallery/guide-ex-5-2.txt",
	"/web/gallery/guide-ex-5-4.txt",
	"/web/gallery/guide-ex-5-5.txt",
	"/web/gallery/guide-ex-5-7.txt",
	"/web/gallery/guide-ex-5-8.txt",
	"/web/gallery/real-bristolpost.co.uk_2015-09.txt",
	"/web/gallery/real-corriere.it_2015-09.txt",
	"/web/gallery/real-doi.org_2015-09.txt",
	"/web/gallery/real-ilsole24ore.com_2015-09.txt",
	"/web/gallery/real-independent.ie_2019.txt",
	"/web/gallery/real-jn.pt_2015-09.txt",
	"/web/gallery/real-pressdisplay.com_2015-09.txt",
	"/web/gallery/real-ria.ru_2015-09.txt",
	"/web/gallery/real-rsc.org_2015-09.txt",
	"/web/gallery/real-the-acap.org_2009-10_faq20.txt",
	"/web/gallery/real-tsf.pt_2015-09.txt",
	"/web/gallery/real-vulvodynia.pl_2019.txt",
	"/web/gallery/real-wsj.com_2015-09.txt",
	"/web/gallery/rep-2-0-0-proposal.txt",
}

// wkFetchText fetches a file of the site and calls done with its text, or
// with an error (not found, offline). done runs in a JavaScript callback:
// callers move their state changes onto the UI goroutine with ctx.Dispatch.
func wkFetchText(url string, done func(text string, err error)) {
	if !app.IsClient {
		done("", errors.New("not in a browser"))
		return
	}
	var failFn, respFn, textFn app.Func
	release := func() {
		failFn.Release()
		respFn.Release()
		textFn.Release()
	}
	failFn = app.FuncOf(func(app.Value, []app.Value) any {
		release()
		done("", errors.New("it could not be fetched (are you offline?)"))
		return nil
	})
	textFn = app.FuncOf(func(_ app.Value, args []app.Value) any {
		text := args[0].String()
		release()
		done(text, nil)
		return nil
	})
	respFn = app.FuncOf(func(_ app.Value, args []app.Value) any {
		resp := args[0]
		if !resp.Get("ok").Bool() {
			st := resp.Get("status").Int()
			release()
			done("", errors.New("the site answered "+strconv.Itoa(st)))
			return nil
		}
		resp.Call("text").Call("then", textFn, failFn)
		return nil
	})
	app.Window().Call("fetch", url).Call("then", respFn, failFn)
}

// wkCopy copies text to the clipboard and calls done with whether it
// worked (the clipboard needs a secure context and the user's gesture).
func wkCopy(text string, done func(ok bool)) {
	if !app.IsClient {
		done(false)
		return
	}
	cb := app.Window().Get("navigator").Get("clipboard")
	if !cb.Truthy() {
		done(false)
		return
	}
	var okFn, failFn app.Func
	okFn = app.FuncOf(func(app.Value, []app.Value) any { okFn.Release(); failFn.Release(); done(true); return nil })
	failFn = app.FuncOf(func(app.Value, []app.Value) any { okFn.Release(); failFn.Release(); done(false); return nil })
	cb.Call("writeText", text).Call("then", okFn, failFn)
}

// wkSafeID turns a data string into something usable in an element ID:
// lower-case letters, digits and hyphens only. Data never goes into an
// attribute as it is (pre-rendered attributes are not HTML-escaped).
func wkSafeID(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

// wkLineWord is "line 3".
func wkLineWord(n int) string { return "line " + strconv.Itoa(n) }

func wkItoa(n int) string { return strconv.Itoa(n) }

// wkHidden sets the hidden attribute only when hide is true: go-app writes
// Hidden(false) as hidden="false" in pre-rendered HTML, which hides the
// element until the wasm starts.
func wkHidden[T interface{ Hidden(bool) T }](e T, hide bool) T {
	if hide {
		return e.Hidden(true)
	}
	return e
}
