package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/doc"
)

// pendingLoad is a file waiting for the user's answer before it replaces
// the text in the editor.
type pendingLoad struct {
	name, text string
	after      func() // run once the text is loaded (not when the user keeps editing)
}

// offerLoad loads a file, asking first when the current text has changes
// that were not downloaded.
func (w *workspace) offerLoad(name, text string) {
	if w.dirty && w.ed != nil && w.ed.text() != text {
		w.ask(name, text)
		return
	}
	w.load(name, text)
}

// ask asks before replacing the current text with name's.
func (w *workspace) ask(name, text string) {
	w.pending = &pendingLoad{name: name, text: text}
	w.ctx.Defer(func(app.Context) { byID("confirm-keep").Call("focus") })
}

// load puts a file in place of the one in the editor.
func (w *workspace) load(name, text string) {
	if len(text) > doc.MaxSize {
		w.say(doc.TooLarge(name, len(text)))
		return
	}
	w.pending = nil
	// A textarea turns every line end into LF; remember CRLF files so the
	// download gives them back as they were.
	w.crlf = strings.Contains(text, "\r\n")
	w.fileName = name
	byID("file-name").Set("value", name)
	w.dirty = false
	w.files[w.active].Name = name
	w.ed.d.From = w.referrer(w.active)
	w.ed.setText(name, text)
	if w.active == 0 && w.opened != nil {
		w.opened(len(text))
	}
	w.renderTabs()
	w.changed()
	if len(text) <= openCheckMax {
		w.saveAfterPaint()
	} else {
		w.scheduleSave()
	}
}

// openCheckMax is the size (bytes) up to which a file opened is checked
// and fitted by the simulator in the task that shows it; it is saved in
// the task after that frame (within 500 ms for a larger file). Until then
// the page's guard and the pagehide handler keep the text.
const openCheckMax = 8 << 10

func (w *workspace) confirmReplace(ctx app.Context, e app.Event) {
	if p := w.pending; p != nil {
		w.load(p.name, p.text)
		if p.after != nil {
			p.after()
		}
	}
}

func (w *workspace) cancelReplace(ctx app.Context, e app.Event) {
	w.pending = nil
	byID(idInput).Call("focus")
}

// confirmDialog asks before a file replaces the one in the editor.
func (w *workspace) confirmDialog() app.UI {
	name, q := "", "“"+w.fileName+"” has changes that were not downloaded. Replace it with “"
	if w.pending != nil {
		name = w.pending.name
	}
	if !w.dirty {
		q = "Replace “" + w.fileName + "” with “"
	}
	return app.Div().Class("overlay").Body(
		app.Div().ID("confirm").Class("dialog").Role("alertdialog").Aria("modal", "true").Aria("labelledby", "confirm-text").Body(
			app.P().ID("confirm-text").Text(q+name+"”?"),
			app.Div().Class("dialog-buttons").Body(
				app.Button().ID("confirm-replace").Class("btn danger").Type("button").Text("Replace").OnClick(w.confirmReplace),
				app.Button().ID("confirm-keep").Class("btn").Type("button").Text("Keep editing").OnClick(w.cancelReplace),
			),
		),
	)
}

// openAsNew opens an example (from the gallery, an exercise, the help or
// the start screen) as the simulated file, then runs simulate. It never
// replaces work that was not downloaded: when robots.txt has such changes,
// it is kept in a tab of its own; when the workspace is full, the user is
// asked. keepAll keeps a downloaded robots.txt too, unless it is the
// welcome example or the text being opened.
func (w *workspace) openAsNew(name, text string, keepAll bool, simulate func()) {
	if w.ed == nil {
		return
	}
	if len(text) > doc.MaxSize {
		w.say(doc.TooLarge(name, len(text)))
		return
	}
	w.switchTo(0)
	own := w.ed.text()
	switch {
	case !w.dirty && (!keepAll || own == Welcome || own == text):
		// Nothing to lose: robots.txt is as it was opened or downloaded.
		w.load(name, text)
		simulate()
	case len(w.files) >= maxFiles:
		if w.dirty {
			w.offerLoad(name, text)
		} else {
			w.ask(name, text)
		}
		if w.pending != nil {
			w.pending.after = simulate
		} else {
			simulate()
		}
	default:
		kept := keptName(w.files, w.files[0].Name, name)
		why := ""
		if w.dirty {
			why = ", which has changes that were not downloaded,"
		}
		w.files[0].Text, w.files[0].Dirty = own, w.dirty
		w.files[0].Name = kept
		w.files = append([]wsFile{{Name: name, Text: text}}, w.files...)
		w.active = 1
		w.switchTo(0)
		w.say("“" + name + "” is now the simulated file. Your own file" + why + " is kept in the tab “" + kept + "”.")
		simulate()
	}
}

// keptName is the name under which the user's robots.txt is kept when an
// example takes its place: its own name, unless the example or another
// file of the workspace has it.
func keptName(files []wsFile, old, incoming string) string {
	taken := func(n string) bool {
		if RefName(n) == RefName(incoming) {
			return true
		}
		for _, f := range files[1:] {
			if RefName(f.Name) == RefName(n) {
				return true
			}
		}
		return false
	}
	name := old
	for k := 1; taken(name); k++ {
		name = "yours-" + old
		if k > 1 {
			name = "yours-" + strconv.Itoa(k) + "-" + old
		}
	}
	return name
}
