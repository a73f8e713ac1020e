package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

const idTabs = "tabs"

// renderTabs draws the file tabs. Names are the user's: escaped. The
// tablist holds only the tabs: a tab's close button is for the mouse
// (hidden from assistive technology, out of the tab order), and the
// keyboard closes the focused tab with Delete, as the tabs pattern says.
func (w *workspace) renderTabs() {
	var b strings.Builder
	b.WriteString(`<div role="tablist" class="tablist" aria-label="Files of the workspace">`)
	for i, f := range w.files {
		sel := i == w.active
		tab := "-1"
		if sel {
			tab = "0"
		}
		b.WriteString(`<span class="tab-wrap" role="presentation">`)
		b.WriteString(`<button type="button" role="tab" class="tab" id="tab-` + strconv.Itoa(i) + `" data-tab="` + strconv.Itoa(i) +
			`" aria-selected="` + strconv.FormatBool(sel) + `" aria-controls="editor" tabindex="` + tab + `"`)
		if i > 0 {
			b.WriteString(` aria-keyshortcuts="Delete" title="Delete closes this file"`)
		}
		b.WriteString(`>` + escape(f.Name))
		if i == 0 {
			b.WriteString(` <span class="muted">(simulated)</span>`)
		}
		b.WriteString(`</button>`)
		if i > 0 {
			b.WriteString(`<button type="button" class="tab-close" data-close="` + strconv.Itoa(i) + `" aria-hidden="true" tabindex="-1" title="Close ` + escape(f.Name) + `">×</button>`)
		}
		b.WriteString(`</span>`)
	}
	b.WriteString(`</div>`)
	if len(w.files) < maxFiles {
		b.WriteString(`<button type="button" class="tab-add" id="tab-add" title="Add a file referred to by ACAP-permissions-reference">+ File</button>`)
	}
	byID(idTabs).Set("innerHTML", b.String())
}

func (w *workspace) tabsClick(ev app.Value) {
	t := ev.Get("target")
	if b := t.Call("closest", "[data-close]"); b.Truthy() {
		i, _ := strconv.Atoi(b.Call("getAttribute", "data-close").String())
		w.closeFile(i)
		return
	}
	if b := t.Call("closest", "[data-tab]"); b.Truthy() {
		i, _ := strconv.Atoi(b.Call("getAttribute", "data-tab").String())
		w.switchTo(i)
		return
	}
	if t.Call("closest", "#tab-add").Truthy() {
		w.addFile()
	}
}

// tabsKey moves between tabs with the arrow keys (the tablist pattern).
func (w *workspace) tabsKey(ev app.Value) {
	if !ev.Get("target").Call("closest", "[data-tab]").Truthy() {
		return
	}
	i := w.active
	switch ev.Get("key").String() {
	case "ArrowLeft":
		i--
	case "ArrowRight":
		i++
	case "Delete":
		ev.Call("preventDefault")
		if i > 0 {
			w.closeFile(i)
		}
		return
	default:
		return
	}
	ev.Call("preventDefault")
	i = (i + len(w.files)) % len(w.files)
	w.switchTo(i)
	byID("tab-" + strconv.Itoa(i)).Call("focus")
}

// switchTo shows file i in the editor.
func (w *workspace) switchTo(i int) {
	if i < 0 || i >= len(w.files) || i == w.active || w.ed == nil {
		return
	}
	w.files[w.active].Text = w.ed.text()
	w.files[w.active].Dirty = w.dirty
	w.active = i
	f := w.files[i]
	w.fileName = f.Name
	byID("file-name").Set("value", f.Name)
	w.crlf = strings.Contains(f.Text, "\r\n")
	w.ed.traced = nil
	w.ed.d.From = w.referrer(i)
	w.ed.setText(f.Name, f.Text)
	w.setDirty(f.Dirty)
	w.renderTabs()
	w.changed()
	w.saveNow()
}

// NewFileText is the text of a file added to the workspace.
const NewFileText = "##ACAP version=1.1\n# Permissions that robots.txt refers to with ACAP-permissions-reference.\nACAP-crawler: *\nACAP-disallow-crawl: /private/\n"

func (w *workspace) addFile() {
	if len(w.files) >= maxFiles {
		return
	}
	name := ""
	if refs := w.unresolvedRefs(); len(refs) > 0 {
		name = refs[0]
	}
	taken := func(n string) bool {
		for _, f := range w.files {
			if RefName(f.Name) == RefName(n) {
				return true
			}
		}
		return false
	}
	if name == "" || taken(name) {
		name = "acap-policy.txt"
		for k := 2; taken(name); k++ {
			name = "acap-policy-" + strconv.Itoa(k) + ".txt"
		}
	}
	w.files = append(w.files, wsFile{Name: name, Text: NewFileText})
	w.switchTo(len(w.files) - 1)
}

func (w *workspace) closeFile(i int) {
	if i <= 0 || i >= len(w.files) {
		return
	}
	if w.files[i].Dirty || (i == w.active && w.dirty) {
		if !app.Window().Call("confirm", "“"+w.files[i].Name+"” has changes that were not downloaded. Close it anyway?").Bool() {
			return
		}
	}
	if i == w.active {
		w.files[w.active].Text = w.ed.text()
		w.switchTo(0)
	}
	w.files = append(w.files[:i], w.files[i+1:]...)
	if w.active > i {
		w.active--
	}
	w.renderTabs()
	w.changed()
	w.saveNow()
	byID("tab-" + strconv.Itoa(w.active)).Call("focus")
}
