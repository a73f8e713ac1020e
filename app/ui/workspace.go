package ui

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/doc"
	"github.com/acap-workbench/workbench/app/share"
	"github.com/acap-workbench/workbench/policy"
)

// KeyWorkspace holds the workspace's other files and the simulator's
// URLs; the first file (robots.txt) stays under KeyDoc.
const KeyWorkspace = keyPrefix + "workspace"

// maxFiles bounds the workspace.
const maxFiles = 8

// workspace is the files the workbench holds, one of them in the editor,
// and their keeping: the file tabs (workspacetabs.go), opening a file in
// the editor's place (workspaceload.go), the autosave and what is read
// back at the start (workspacesave.go), the sync with the other tabs and
// its conflicts (tabsync.go), the records kept from an earlier visit
// (salvage.go), the text the guard kept (guard.go) and a shared workspace
// shown apart from the user's own (shared.go). Like the editor, it draws
// the tabs into the page directly; its banners and its dialog
// (conflictBanner, keptBanner, sharedBanner, confirmDialog) are parts of
// the Workbench's Render.
type workspace struct {
	ctx app.Context // the Workbench's: its dispatches redraw the page
	ed  *editor     // shows files[active], whose Text is updated on switching; nil until mount

	// files[0] is the robots.txt that is simulated.
	files      []wsFile
	active     int
	fileName   string // the name of the file in the editor, as its field shows it
	dirty      bool   // the file in the editor has changes that were not downloaded
	crlf       bool   // the file in the editor used CRLF line ends; downloads keep them
	lastOthers []*policy.File
	ver        int // changes with lastOthers (simFiles)

	pending     *pendingLoad // a file waiting for the user's answer to replace the editor's
	savePending bool
	saveFn      app.Func
	leaving     bool // the shared view is being left for the user's own work: nothing is saved
	saveFailed  bool // the last save was refused by the browser
	// kept lists the records kept from an earlier visit that could not
	// be read back then (keptEarlier), offered as files.
	kept       []string
	sharedView bool // a shared workspace is shown (see shared.go)

	// Sync with the other tabs (tabsync.go).
	tabID    string
	rev      Rev      // the revision this tab last loaded, saved or took
	base     []wsFile // the files as of rev
	conflict bool     // another tab changed the files too: saves wait for a choice

	// What the workspace needs of the page.
	say        func(msg string)                                     // shows a notice (within go-app's events)
	changed    func()                                               // reruns what depends on every file
	opened     func(size int)                                       // robots.txt was replaced by a file of size bytes
	savedWith  func() (urls string, sim *SimSettings, panel string) // each tab's own settings, saved with the files
	shareState func() share.State                                   // the shared view as a share link carries it
}

// mount starts the workspace in the page (OnMount), once restore has
// chosen the file shown: ed is the editor made for files[active]. It
// draws the tabs and follows their clicks and keys.
func (w *workspace) mount(ctx app.Context, ed *editor) {
	w.ctx, w.ed = ctx, ed
	w.saveFn = app.FuncOf(func(app.Value, []app.Value) any { w.saveNow(); return nil })
	if from := w.referrer(w.active); from != nil {
		ed.d.From = from
		ed.d.Check()
		ed.render()
	}
	w.renderTabs()
	tabs := byID(idTabs)
	tabs.Call("addEventListener", "click", app.FuncOf(func(_ app.Value, args []app.Value) any { w.tabsClick(args[0]); return nil }))
	tabs.Call("addEventListener", "keydown", app.FuncOf(func(_ app.Value, args []app.Value) any { w.tabsKey(args[0]); return nil }))
}

// notify shows msg in the page's notice from outside go-app's events.
func (w *workspace) notify(msg string) {
	w.say(msg)
	w.ctx.Dispatch(func(app.Context) { w.say(msg) })
}

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
func (w *workspace) textOf(i int) string {
	if i == w.active && w.ed != nil {
		return w.ed.text()
	}
	return w.files[i].Text
}

// parsedFile returns file i parsed under name, reusing the editor's parse
// when the file is in the editor and the name agrees.
func (w *workspace) parsedFile(i int, name string) *policy.File {
	if i == w.active && w.ed != nil {
		if f := w.ed.file(); f != nil && f.Name == name {
			return f
		}
	}
	f := &w.files[i]
	text := w.textOf(i)
	if f.parsed == nil || f.parsedText != text || f.parsedName != name {
		p, err := policy.Parse(name, []byte(text))
		if err != nil {
			return nil
		}
		f.parsed, f.parsedText, f.parsedName = p, text, name
	}
	return f.parsed
}

// simFiles gives the simulator the workspace: robots.txt, the others, and
// a version that changes when they do.
func (w *workspace) simFiles() (*policy.File, []*policy.File, int) {
	if len(w.files) == 0 {
		return nil, nil, 0
	}
	main := w.parsedFile(0, w.files[0].Name)
	var others []*policy.File
	for i := 1; i < len(w.files); i++ {
		if f := w.parsedFile(i, RefName(w.files[i].Name)); f != nil {
			others = append(others, f)
		}
	}
	same := len(others) == len(w.lastOthers)
	for i := 0; same && i < len(others); i++ {
		same = others[i] == w.lastOthers[i]
	}
	if !same {
		w.lastOthers = others
		w.ver++
	}
	return main, others, w.ver
}

// others returns the files not in the editor, parsed as the file in the
// editor finds them: robots.txt by its name, the others by their path.
func (w *workspace) others() []*policy.File {
	var others []*policy.File
	for i := range w.files {
		if i == w.active {
			continue
		}
		name := RefName(w.files[i].Name)
		if i == 0 {
			name = w.files[0].Name
		}
		if o := w.parsedFile(i, name); o != nil {
			others = append(others, o)
		}
	}
	return others
}

// referrer returns robots.txt, parsed, when file i is a file it refers to
// with ACAP-permissions-reference, so that the editor checks file i with
// robots.txt's definitions visible (policy.ParseReferenced); else nil.
func (w *workspace) referrer(i int) *policy.File {
	if i <= 0 || i >= len(w.files) {
		return nil
	}
	main := w.parsedFile(0, w.files[0].Name)
	if main == nil {
		return nil
	}
	want := RefName(w.files[i].Name)
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
func (w *workspace) unresolvedRefs() []string {
	f := w.parsedFile(0, w.files[0].Name)
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
		for _, o := range w.files[1:] {
			if RefName(o.Name) == RefName(p) {
				open = true
			}
		}
		if !open {
			out = append(out, strings.TrimLeft(p, "/"))
		}
	}
	return out
}

// edited runs inside the textarea's input event.
func (w *workspace) edited() {
	if !w.dirty {
		w.ctx.Dispatch(func(app.Context) { w.dirty = true })
		w.dirty = true
	}
	w.scheduleSave()
}

// rename gives the file in the editor the name typed in its field.
func (w *workspace) rename(name string) {
	w.fileName = name
	if w.ed != nil {
		w.ed.d.Name = name
		w.files[w.active].Name = name
		w.renderTabs()
		w.ed.d.From = w.referrer(w.active)
		w.ed.d.Check()
		w.ed.render()
		w.changed()
		w.scheduleSave()
	}
}

// setDirty sets the "not downloaded" mark from outside go-app's events.
func (w *workspace) setDirty(d bool) {
	w.dirty = d
	w.ctx.Dispatch(func(app.Context) { w.dirty = d })
}

// mainText returns robots.txt: its name, its text, and whether it is in
// the editor.
func (w *workspace) mainText() (string, string, bool) {
	return w.files[0].Name, w.textOf(0), w.active == 0
}

// applyToMain replaces robots.txt's text as one edit that Ctrl+Z undoes.
func (w *workspace) applyToMain(text string) {
	w.switchTo(0)
	w.ed.replaceText(text)
}

// openRefLine shows line n of the workspace file with the given path.
func (w *workspace) openRefLine(path string, n int) {
	if path == "" {
		w.switchTo(0)
		w.ed.selectLine(n)
		return
	}
	for i, f := range w.files {
		if i > 0 && RefName(f.Name) == RefName(path) {
			w.switchTo(i)
			w.ed.selectLine(n)
			return
		}
	}
}
