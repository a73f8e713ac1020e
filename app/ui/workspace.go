package ui

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/doc"
	"github.com/acap-workbench/workbench/policy"
)

// KeyWorkspace holds the workspace's other files and the simulator's
// URLs; the first file (robots.txt) stays under KeyDoc.
const KeyWorkspace = keyPrefix + "workspace"

const idTabs = "tabs"

// maxFiles bounds the workspace.
const maxFiles = 8

// wsFile is one file of the workspace.
type wsFile struct {
	Name  string `json:"name"`
	Text  string `json:"text"`
	Dirty bool   `json:"dirty"`

	parsed     *policy.File // parsed Text (for a file not in the editor)
	parsedText string
	parsedName string
}

// SavedWorkspace is the stored form of the workspace's other files.
type SavedWorkspace struct {
	Version int          `json:"v"`
	Files   []wsFile     `json:"files"`
	Active  int          `json:"active"`
	URLs    *string      `json:"urls,omitempty"`
	Sim     *SimSettings `json:"sim,omitempty"`
	Panel   string       `json:"panel,omitempty"` // the side panel open
}

// SimSettings are the simulator's choices, saved with the workspace (the
// date is not: it starts as today).
type SimSettings struct {
	Crawler     string `json:"crawler"` // the list's value: "any", "n:NAME" or "custom"
	Name        string `json:"name"`    // the typed name or User-Agent string
	UA          bool   `json:"ua"`
	Purpose     string `json:"purpose"` // "", "p:PATTERN" or "custom"
	PurposeText string `json:"purposeText"`
	Kind        string `json:"kind"`
	// Chosen: the user chose the crawler, purpose or kind; the defaults
	// that fit a newly opened file (simulator.fit) no longer apply.
	Chosen bool `json:"chosen,omitempty"`
}

// EncodeWorkspace returns the stored form of the other files.
func EncodeWorkspace(files []wsFile, active int, urls string, sim *SimSettings, panel string) string {
	b, _ := json.Marshal(SavedWorkspace{Version: 1, Files: files, Active: active, URLs: &urls, Sim: sim, Panel: panel})
	return string(b)
}

// DecodeWorkspace reads it back, refusing what EncodeWorkspace does not write.
func DecodeWorkspace(raw string) (SavedWorkspace, error) {
	var s SavedWorkspace
	if len(raw) > maxSaved {
		return s, errors.New("the saved workspace is too large")
	}
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		return s, errors.New("the saved workspace is damaged")
	}
	if s.Version != 1 {
		return s, errors.New("the saved workspace has an unknown format")
	}
	if len(s.Files) > maxFiles-1 {
		s.Files = s.Files[:maxFiles-1]
	}
	for i := range s.Files {
		s.Files[i].Name = capName(s.Files[i].Name)
		if s.Files[i].Name == "" {
			s.Files[i].Name = "file-" + strconv.Itoa(i+2) + ".txt"
		}
		if len(s.Files[i].Text) > doc.MaxSize {
			return s, errors.New("a saved workspace file is too large")
		}
	}
	if s.Active < 0 || s.Active > len(s.Files) {
		s.Active = 0
	}
	return s, nil
}

// RefName is the path a workspace file is found by from
// ACAP-permissions-reference: its name with a leading slash.
func RefName(name string) string {
	return "/" + strings.TrimLeft(strings.TrimSpace(name), "/")
}

// textOf returns the current text of file i.
func (c *Workbench) textOf(i int) string {
	if i == c.active && c.ed != nil {
		return c.ed.text()
	}
	return c.files[i].Text
}

// parsedFile returns file i parsed under name, reusing the editor's parse
// when the file is in the editor and the name agrees.
func (c *Workbench) parsedFile(i int, name string) *policy.File {
	if i == c.active && c.ed != nil {
		if f := c.ed.file(); f != nil && f.Name == name {
			return f
		}
	}
	w := &c.files[i]
	text := c.textOf(i)
	if w.parsed == nil || w.parsedText != text || w.parsedName != name {
		f, err := policy.Parse(name, []byte(text))
		if err != nil {
			return nil
		}
		w.parsed, w.parsedText, w.parsedName = f, text, name
	}
	return w.parsed
}

// simFiles gives the simulator the workspace: robots.txt, the others, and
// a version that changes when they do.
func (c *Workbench) simFiles() (*policy.File, []*policy.File, int) {
	if len(c.files) == 0 {
		return nil, nil, 0
	}
	main := c.parsedFile(0, c.files[0].Name)
	var others []*policy.File
	for i := 1; i < len(c.files); i++ {
		if f := c.parsedFile(i, RefName(c.files[i].Name)); f != nil {
			others = append(others, f)
		}
	}
	same := len(others) == len(c.lastOthers)
	for i := 0; same && i < len(others); i++ {
		same = others[i] == c.lastOthers[i]
	}
	if !same {
		c.lastOthers = others
		c.wsVer++
	}
	return main, others, c.wsVer
}

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

// referrer returns robots.txt, parsed, when file i is a file it refers to
// with ACAP-permissions-reference, so that the editor checks file i with
// robots.txt's definitions visible (policy.ParseReferenced); else nil.
func (c *Workbench) referrer(i int) *policy.File {
	if i <= 0 || i >= len(c.files) {
		return nil
	}
	main := c.parsedFile(0, c.files[0].Name)
	if main == nil {
		return nil
	}
	want := RefName(c.files[i].Name)
	for _, r := range main.Records {
		if r.Reference == nil {
			continue
		}
		p := strings.TrimSpace(r.Reference.Value.Text)
		if k := strings.Index(p, "://"); k >= 0 {
			if j := strings.IndexByte(p[k+3:], '/'); j >= 0 {
				p = p[k+3+j:]
			}
		}
		if p != "" && RefName(p) == want {
			return main
		}
	}
	return nil
}

// unresolvedRefs returns the paths robots.txt refers to that are not open.
func (c *Workbench) unresolvedRefs() []string {
	f := c.parsedFile(0, c.files[0].Name)
	if f == nil {
		return nil
	}
	var out []string
	for _, r := range f.Records {
		if r.Reference == nil {
			continue
		}
		p := strings.TrimSpace(r.Reference.Value.Text)
		if i := strings.Index(p, "://"); i >= 0 {
			if j := strings.IndexByte(p[i+3:], '/'); j >= 0 {
				p = p[i+3+j:]
			}
		}
		if p == "" {
			continue
		}
		open := false
		for _, w := range c.files[1:] {
			if RefName(w.Name) == RefName(p) {
				open = true
			}
		}
		if !open {
			out = append(out, strings.TrimLeft(p, "/"))
		}
	}
	return out
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

// workspaceChanged reruns what depends on every file.
func (c *Workbench) workspaceChanged() {
	if c.sim != nil {
		c.sim.schedule()
	}
	if c.ed != nil {
		c.scheduleSlowChecks()
	}
	c.panelsFollow()
}

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
