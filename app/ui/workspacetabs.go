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
func (c *Workbench) renderTabs() {
	var b strings.Builder
	b.WriteString(`<div role="tablist" class="tablist" aria-label="Files of the workspace">`)
	for i, f := range c.files {
		sel := i == c.active
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
	if len(c.files) < maxFiles {
		b.WriteString(`<button type="button" class="tab-add" id="tab-add" title="Add a file referred to by ACAP-permissions-reference">+ File</button>`)
	}
	byID(idTabs).Set("innerHTML", b.String())
}

func (c *Workbench) tabsClick(ev app.Value) {
	t := ev.Get("target")
	if b := t.Call("closest", "[data-close]"); b.Truthy() {
		i, _ := strconv.Atoi(b.Call("getAttribute", "data-close").String())
		c.closeFile(i)
		return
	}
	if b := t.Call("closest", "[data-tab]"); b.Truthy() {
		i, _ := strconv.Atoi(b.Call("getAttribute", "data-tab").String())
		c.switchTo(i)
		return
	}
	if t.Call("closest", "#tab-add").Truthy() {
		c.addFile()
	}
}

// tabsKey moves between tabs with the arrow keys (the tablist pattern).
func (c *Workbench) tabsKey(ev app.Value) {
	if !ev.Get("target").Call("closest", "[data-tab]").Truthy() {
		return
	}
	i := c.active
	switch ev.Get("key").String() {
	case "ArrowLeft":
		i--
	case "ArrowRight":
		i++
	case "Delete":
		ev.Call("preventDefault")
		if i > 0 {
			c.closeFile(i)
		}
		return
	default:
		return
	}
	ev.Call("preventDefault")
	i = (i + len(c.files)) % len(c.files)
	c.switchTo(i)
	byID("tab-" + strconv.Itoa(i)).Call("focus")
}

// switchTo shows file i in the editor.
func (c *Workbench) switchTo(i int) {
	if i < 0 || i >= len(c.files) || i == c.active || c.ed == nil {
		return
	}
	c.files[c.active].Text = c.ed.text()
	c.files[c.active].Dirty = c.dirty
	c.active = i
	f := c.files[i]
	c.fileName = f.Name
	byID("file-name").Set("value", f.Name)
	c.crlf = strings.Contains(f.Text, "\r\n")
	c.ed.traced = nil
	c.ed.d.From = c.referrer(i)
	c.ed.setText(f.Name, f.Text)
	c.setDirty(f.Dirty)
	c.renderTabs()
	c.workspaceChanged()
	c.saveNow()
}

// NewFileText is the text of a file added to the workspace.
const NewFileText = "##ACAP version=1.1\n# Permissions that robots.txt refers to with ACAP-permissions-reference.\nACAP-crawler: *\nACAP-disallow-crawl: /private/\n"

func (c *Workbench) addFile() {
	if len(c.files) >= maxFiles {
		return
	}
	name := ""
	if refs := c.unresolvedRefs(); len(refs) > 0 {
		name = refs[0]
	}
	taken := func(n string) bool {
		for _, w := range c.files {
			if RefName(w.Name) == RefName(n) {
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
	c.files = append(c.files, wsFile{Name: name, Text: NewFileText})
	c.switchTo(len(c.files) - 1)
}

func (c *Workbench) closeFile(i int) {
	if i <= 0 || i >= len(c.files) {
		return
	}
	if c.files[i].Dirty || (i == c.active && c.dirty) {
		if !app.Window().Call("confirm", "“"+c.files[i].Name+"” has changes that were not downloaded. Close it anyway?").Bool() {
			return
		}
	}
	if i == c.active {
		c.files[c.active].Text = c.ed.text()
		c.switchTo(0)
	}
	c.files = append(c.files[:i], c.files[i+1:]...)
	if c.active > i {
		c.active--
	}
	c.renderTabs()
	c.workspaceChanged()
	c.saveNow()
	byID("tab-" + strconv.Itoa(c.active)).Call("focus")
}
