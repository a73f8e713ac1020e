package ui

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/share"
)

// restore reads the saved workspace back (or, when openShared returns one,
// shows a shared workspace instead) and chooses the file the editor opens
// on: files[active]. It returns the simulator's URLs and settings and the
// side panel saved with it, and whether a damaged record was salvaged.
func (w *workspace) restore(openShared func() (share.State, bool)) (urls *string, sim *SimSettings, panel string, salvaged bool) {
	// Records kept from an earlier visit (before this one keeps any).
	w.kept = keptEarlier()
	name, text, keptWS, salvaged := w.restoreDoc()
	w.files = []wsFile{{Name: name, Text: text, Dirty: w.dirty}}
	active, urls, sim, panel := w.restoreWorkspace(keptWS)
	if st, ok := openShared(); ok {
		sim, urls = w.showShared(st)
		if ValidPanel(st.Panel) {
			panel = st.Panel
		}
		active = w.active
		name, w.dirty = w.files[0].Name, true
		w.active = 0
	}
	if active > 0 && active < len(w.files) {
		w.active = active
		name, w.dirty = w.files[active].Name, w.files[active].Dirty
	}
	w.fileName = name
	byID("file-name").Set("value", name)
	return urls, sim, panel, salvaged
}

// restoreWorkspace reads the other files saved by saveNow, and the side
// panel saved with them ("" when none was).
func (w *workspace) restoreWorkspace(kept string) (active int, urls *string, sim *SimSettings, panel string) {
	raw, ok, err := storageGet(KeyWorkspace)
	if kept != "" {
		raw, ok, err = kept, true, nil
	}
	if err != nil || !ok {
		return 0, nil, nil, ""
	}
	s, err := DecodeWorkspace(raw)
	if err != nil {
		where := "was left where it was"
		if k := keepAside(KeyUnreadable+".workspace", raw); k != "" {
			storageRemove(KeyWorkspace)
			where = "was kept in this browser's storage under “" + k + "”"
		}
		fs := SalvageFiles(raw, "recovered.txt")
		if len(fs) > maxFiles-1 {
			fs = fs[:maxFiles-1]
		}
		w.files = append(w.files[:1], fs...)
		msg := "The other files of your workspace could not be restored (" + err.Error() + "); their record " + where + "."
		if len(fs) > 0 {
			msg = "The record of your workspace's other files was damaged (" + err.Error() + "); the texts of " + strconv.Itoa(len(fs)) + " files were recovered: check them. The record " + where + "."
		}
		w.say(msg)
		return 0, nil, nil, ""
	}
	w.files = append(w.files[:1], s.Files...)
	if ValidPanel(s.Panel) {
		panel = s.Panel
	}
	return s.Active, s.URLs, s.Sim, panel
}

// restoreDoc reads the saved robots.txt: its name and text (the welcome
// example when there is none), the workspace a failed save left in this
// tab, and whether the text was salvaged from a damaged record. What went
// wrong is said with w.say.
func (w *workspace) restoreDoc() (name, text, keptWS string, salvaged bool) {
	name, text = "robots.txt", Welcome
	raw, ok, err := storageGet(KeyDoc)
	if d, ws, kept := sessionKept(); kept {
		// A save this tab could not make: its copy is newer than storage's.
		raw, ok, err, keptWS = d, true, nil, ws
		w.saveFailed = true
		w.say("The browser's storage could not hold your last changes; this tab kept them, and they are shown. Download your file to keep it.")
	}
	switch {
	case err != nil:
		w.say("Your browser does not allow this page to save your work (" + err.Error() + "). Download your file to keep it.")
	case ok:
		s, err := DecodeSaved(raw)
		if err != nil {
			// Keep the record aside rather than overwrite it, and show
			// what text it still holds.
			where := "It was left where it was"
			if k := keepAside(KeyUnreadable, raw); k != "" {
				storageRemove(KeyDoc)
				where = "It was kept in this browser's storage under “" + k + "”"
			}
			if fs := SalvageFiles(raw, "robots.txt"); len(fs) > 0 {
				name, text, w.dirty, salvaged = fs[0].Name, fs[0].Text, true, true
				w.say("Your saved work was damaged (" + err.Error() + "); its text was recovered and is shown: check it. " + where + ".")
			} else {
				w.say("Your saved work could not be restored: " + err.Error() + ". " + where + "; the editor starts with an example.")
			}
		} else {
			name, text, w.dirty = s.Name, s.Text, s.Dirty
		}
	}
	return name, text, keptWS, salvaged
}

// listenToPage saves when the page is hidden or left, asks before leaving
// when the browser refused to save, and opens a share link pasted into the
// address bar.
func (w *workspace) listenToPage() {
	app.Window().Call("addEventListener", "pagehide", app.FuncOf(func(app.Value, []app.Value) any { w.leave(); return nil }))
	app.Window().Get("document").Call("addEventListener", "visibilitychange", app.FuncOf(func(app.Value, []app.Value) any {
		if app.Window().Get("document").Get("visibilityState").String() == "hidden" {
			w.saveBeforeLeaving()
		}
		return nil
	}))
	// When the browser refused to save, leaving asks first.
	app.Window().Call("addEventListener", "beforeunload", app.FuncOf(func(_ app.Value, args []app.Value) any {
		w.saveBeforeLeaving()
		if w.saveFailed && w.unsavedWork() {
			args[0].Call("preventDefault")
			args[0].Set("returnValue", "")
		}
		return nil
	}))
	// A share link pasted into the address bar of an open workbench only
	// changes the fragment: save, and start again to open it.
	app.Window().Call("addEventListener", "hashchange", app.FuncOf(func(app.Value, []app.Value) any {
		if _, err := LoadShared(app.Window().Get("location").Get("hash").String()); !errors.Is(err, ErrNoShareLink) {
			w.saveNow()
			app.Window().Get("location").Call("reload")
		}
		return nil
	}))
}

// scheduleSave saves at most half a second after the first unsaved change.
func (w *workspace) scheduleSave() {
	if w.savePending {
		return
	}
	w.savePending = true
	app.Window().Call("setTimeout", w.saveFn, 500)
}

func (w *workspace) saveNow() { w.save(false) }

// saveAfterPaint saves in a task of its own once the page has drawn.
func (w *workspace) saveAfterPaint() {
	if w.savePending {
		return
	}
	w.savePending = true
	afterPaint(w.saveNow)
}

// save stores the workspace. Unless force is set (the user chose to replace
// what is stored), it first checks that no other tab saved since this one
// last did, and settles that first (see sync).
func (w *workspace) save(force bool) {
	w.savePending = false
	if w.ed == nil || w.leaving {
		return
	}
	w.files[w.active].Text = w.ed.text()
	w.files[w.active].Dirty = w.dirty
	st := byID("save-state")
	if w.sharedView {
		if err := w.saveShared(); err != nil {
			st.Set("textContent", "This shared workspace is not saved in this browser: it is too large for its storage.")
			st.Set("className", "save-state save-failed")
			return
		}
		st.Set("textContent", "Shared workspace saved in this browser, apart from your own work")
		st.Set("className", "save-state")
		if strings.TrimPrefix(app.Window().Get("location").Get("hash").String(), "#") != SharedViewFragment {
			setFragment(SharedViewFragment) // a reload now reads what was saved
		}
		return
	}
	stored := storedRev()
	if !force && w.tabID != "" {
		if w.conflict {
			w.enterConflict()
			return
		}
		if stored != w.rev {
			if theirs, ok := storedFiles(); ok && !w.sync(stored, theirs) {
				return
			}
		}
	}
	raw := EncodeSaved(w.files[0].Name, w.files[0].Text, w.files[0].Dirty, time.Now())
	urls, sim, panel := w.savedWith()
	ws := EncodeWorkspace(w.files[1:], w.active, urls, sim, panel)
	err := storageSet(KeyDoc, raw)
	if err == nil {
		err = storageSet(KeyWorkspace, ws)
	}
	dl := byID("save-download")
	if err != nil {
		// Keep the text in this tab's session storage (it survives a reload)
		// and ask before the tab is closed; offer a download.
		w.saveFailed = true
		kept := "Your text is kept in this tab, also across a reload, but not once the tab is closed."
		if sessionKeep(raw, ws) != nil {
			kept = "This tab could not keep a copy either."
		}
		st.Set("textContent", "Not saved in this browser: "+SaveFailure(err)+". "+kept+" Download your file to keep it.")
		st.Set("className", "save-state save-failed")
		dl.Set("hidden", false)
		return
	}
	if w.tabID != "" {
		next := Rev{N: max(stored.N, w.rev.N) + 1, Tab: w.tabID}
		if storageSet(KeyRev, EncodeRev(next)) == nil {
			w.rev = next
		}
		w.base = snapshot(w.files)
	}
	if w.saveFailed {
		w.saveFailed = false
		sessionDrop()
		dl.Set("hidden", true)
	}
	st.Set("textContent", "Saved in this browser")
	st.Set("className", "save-state")
}

// unsavedWork reports whether a file of the workspace has changes that were
// not downloaded.
func (w *workspace) unsavedWork() bool {
	if w.dirty {
		return true
	}
	for _, f := range w.files {
		if f.Dirty {
			return true
		}
	}
	return false
}

// saveBeforeLeaving saves at once what waits for the autosave when the page
// is hidden or left (a reload, a closed tab, another app in front), so the
// last keystrokes are never lost.
func (w *workspace) saveBeforeLeaving() {
	if w.savePending {
		w.saveNow()
	}
}

// download offers the file in the editor as a download, with the line
// ends it was opened with, and marks it downloaded.
func (w *workspace) download(ctx app.Context, e app.Event) {
	if w.ed == nil {
		return
	}
	text := w.ed.text()
	if w.crlf {
		text = strings.ReplaceAll(text, "\n", "\r\n")
	}
	downloadText(w.fileName, text)
	w.dirty = false
	w.saveNow()
}
