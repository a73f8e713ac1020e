// Workshop kit: helpers shared by the gallery, exercises, help,
// today's signals, share links, presenter and print components.
//
// Wiring:
//   - Service worker: the site's build (wasm/server.go) lists the files of
//     web/gallery and web/exercises for the worker to precache, so the
//     gallery and the exercises work offline and a trainer's new exercise
//     file needs no code change.
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
