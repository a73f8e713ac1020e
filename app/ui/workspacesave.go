package ui

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// restoreWorkspace reads the other files saved by saveNow.
func (c *Workbench) restoreWorkspace(kept string) (active int, urls *string, sim *SimSettings) {
	raw, ok, err := storageGet(KeyWorkspace)
	if kept != "" {
		raw, ok, err = kept, true, nil
	}
	if err != nil || !ok {
		return 0, nil, nil
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
		c.files = append(c.files[:1], fs...)
		msg := "The other files of your workspace could not be restored (" + err.Error() + "); their record " + where + "."
		if len(fs) > 0 {
			msg = "The record of your workspace's other files was damaged (" + err.Error() + "); the texts of " + strconv.Itoa(len(fs)) + " files were recovered: check them. The record " + where + "."
		}
		c.notice = msg
		return 0, nil, nil
	}
	c.files = append(c.files[:1], s.Files...)
	if ValidPanel(s.Panel) {
		c.panel = s.Panel
	}
	return s.Active, s.URLs, s.Sim
}

// restoreDoc reads the saved robots.txt: its name and text (the welcome
// example when there is none), the workspace a failed save left in this
// tab, and whether the text was salvaged from a damaged record. What went
// wrong is said in c.notice.
func (c *Workbench) restoreDoc() (name, text, keptWS string, salvaged bool) {
	name, text = "robots.txt", Welcome
	raw, ok, err := storageGet(KeyDoc)
	if d, w, kept := sessionKept(); kept {
		// A save this tab could not make: its copy is newer than storage's.
		raw, ok, err, keptWS = d, true, nil, w
		c.saveFailed = true
		c.notice = "The browser's storage could not hold your last changes; this tab kept them, and they are shown. Download your file to keep it."
	}
	switch {
	case err != nil:
		c.notice = "Your browser does not allow this page to save your work (" + err.Error() + "). Download your file to keep it."
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
				name, text, c.dirty, salvaged = fs[0].Name, fs[0].Text, true, true
				c.notice = "Your saved work was damaged (" + err.Error() + "); its text was recovered and is shown: check it. " + where + "."
			} else {
				c.notice = "Your saved work could not be restored: " + err.Error() + ". " + where + "; the editor starts with an example."
			}
		} else {
			name, text, c.dirty = s.Name, s.Text, s.Dirty
		}
	}
	return name, text, keptWS, salvaged
}

// listenToPage saves when the page is hidden or left, asks before leaving
// when the browser refused to save, and opens a share link pasted into the
// address bar.
func (c *Workbench) listenToPage() {
	app.Window().Call("addEventListener", "pagehide", app.FuncOf(func(app.Value, []app.Value) any { c.leave(); return nil }))
	app.Window().Get("document").Call("addEventListener", "visibilitychange", app.FuncOf(func(app.Value, []app.Value) any {
		if app.Window().Get("document").Get("visibilityState").String() == "hidden" {
			c.saveBeforeLeaving()
		}
		return nil
	}))
	// When the browser refused to save, leaving asks first.
	app.Window().Call("addEventListener", "beforeunload", app.FuncOf(func(_ app.Value, args []app.Value) any {
		c.saveBeforeLeaving()
		if c.saveFailed && c.unsavedWork() {
			args[0].Call("preventDefault")
			args[0].Set("returnValue", "")
		}
		return nil
	}))
	// A share link pasted into the address bar of an open workbench only
	// changes the fragment: save, and start again to open it.
	app.Window().Call("addEventListener", "hashchange", app.FuncOf(func(app.Value, []app.Value) any {
		if _, err := LoadShared(app.Window().Get("location").Get("hash").String()); !errors.Is(err, ErrNoShareLink) {
			c.saveNow()
			app.Window().Get("location").Call("reload")
		}
		return nil
	}))
}

// scheduleSave saves at most half a second after the first unsaved change.
func (c *Workbench) scheduleSave() {
	if c.savePending {
		return
	}
	c.savePending = true
	app.Window().Call("setTimeout", c.saveFn, 500)
}

func (c *Workbench) saveNow() { c.save(false) }

// save stores the workspace. Unless force is set (the user chose to replace
// what is stored), it first checks that no other tab saved since this one
// last did, and settles that first (see sync).
func (c *Workbench) save(force bool) {
	c.savePending = false
	if c.ed == nil {
		return
	}
	c.files[c.active].Text = c.ed.text()
	c.files[c.active].Dirty = c.dirty
	st := byID("save-state")
	if c.sharedView {
		if err := c.saveShared(); err != nil {
			st.Set("textContent", "This shared workspace is not saved in this browser: it is too large for its storage.")
			st.Set("className", "save-state save-failed")
			return
		}
		st.Set("textContent", "Shared workspace saved in this browser, apart from your own work")
		st.Set("className", "save-state")
		return
	}
	stored := storedRev()
	if !force && c.tabID != "" {
		if c.conflict {
			c.enterConflict()
			return
		}
		if stored != c.rev {
			if theirs, ok := storedFiles(); ok && !c.sync(stored, theirs) {
				return
			}
		}
	}
	raw := EncodeSaved(c.files[0].Name, c.files[0].Text, c.files[0].Dirty, time.Now())
	urls := byID(idSimURLs).Get("value").String()
	var sim *SimSettings
	if c.sim != nil {
		st := c.sim.settings()
		sim = &st
	}
	ws := EncodeWorkspace(c.files[1:], c.active, urls, sim, c.panel)
	err := storageSet(KeyDoc, raw)
	if err == nil {
		err = storageSet(KeyWorkspace, ws)
	}
	dl := byID("save-download")
	if err != nil {
		// Keep the text in this tab's session storage (it survives a reload)
		// and ask before the tab is closed; offer a download.
		c.saveFailed = true
		kept := "Your text is kept in this tab, also across a reload, but not once the tab is closed."
		if sessionKeep(raw, ws) != nil {
			kept = "This tab could not keep a copy either."
		}
		st.Set("textContent", "Not saved in this browser: "+SaveFailure(err)+". "+kept+" Download your file to keep it.")
		st.Set("className", "save-state save-failed")
		dl.Set("hidden", false)
		return
	}
	if c.tabID != "" {
		next := Rev{N: max(stored.N, c.rev.N) + 1, Tab: c.tabID}
		if storageSet(KeyRev, EncodeRev(next)) == nil {
			c.rev = next
		}
		c.base = snapshot(c.files)
	}
	if c.saveFailed {
		c.saveFailed = false
		sessionDrop()
		dl.Set("hidden", true)
	}
	st.Set("textContent", "Saved in this browser")
	st.Set("className", "save-state")
}

// unsavedWork reports whether a file of the workspace has changes that were
// not downloaded.
func (c *Workbench) unsavedWork() bool {
	if c.dirty {
		return true
	}
	for _, f := range c.files {
		if f.Dirty {
			return true
		}
	}
	return false
}

// saveBeforeLeaving saves at once what waits for the autosave when the page
// is hidden or left (a reload, a closed tab, another app in front), so the
// last keystrokes are never lost.
func (c *Workbench) saveBeforeLeaving() {
	if c.savePending {
		c.saveNow()
	}
}

func (c *Workbench) download(ctx app.Context, e app.Event) {
	if c.ed == nil {
		return
	}
	text := c.ed.text()
	if c.crlf {
		text = strings.ReplaceAll(text, "\n", "\r\n")
	}
	c.downloadText(c.fileName, text)
	c.dirty = false
	c.saveNow()
}
