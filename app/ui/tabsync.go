package ui

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/doc"
)

// Several tabs of the workbench share one saved workspace. Each save also
// writes a revision (KeyRev: a counter and the saving tab's id), so a tab
// knows when another tab saved since it last loaded or saved. It then
// compares three versions of the files (names and texts): base, what it
// last loaded or saved; mine, what it shows; theirs, what storage holds.
//
//   - this tab changed nothing since base: it takes theirs (adopt);
//   - theirs changed nothing of base, or both are the same: it saves mine;
//   - both changed: a conflict. Nothing is saved over theirs; a banner
//     asks which version comes first, and the other's changed files are
//     added to the workspace as copies, so nothing typed is lost. A tab
//     left during a conflict keeps its files under KeyRecovered, and the
//     next tab to see them adds them as copies too.
//
// Only the files count: the simulator's settings and the open panel are
// each tab's own and are never a reason to ask.

// Storage keys of the sync between tabs.
const (
	KeyRev       = keyPrefix + "rev"
	KeyRecovered = keyPrefix + "recovered"
)

// Rev is the revision of the saved workspace: N grows with every save.
type Rev struct {
	N   int64  `json:"n"`
	Tab string `json:"tab"`
}

// EncodeRev returns the stored form of a revision.
func EncodeRev(r Rev) string {
	b, _ := json.Marshal(r)
	return string(b)
}

// DecodeRev reads a revision; what cannot be read (no key yet, or damaged
// data) is the zero revision.
func DecodeRev(raw string) Rev {
	var r Rev
	if json.Unmarshal([]byte(raw), &r) != nil || r.N < 0 {
		return Rev{}
	}
	return r
}

// Sync is what a tab does when storage holds another tab's save.
type Sync int

const (
	SyncSave     Sync = iota // nothing of theirs would be lost: keep (and save) mine
	SyncAdopt                // this tab changed nothing: show theirs
	SyncConflict             // both changed the files: ask
)

// Reconcile decides from base (the files this tab last loaded or saved),
// mine (the files it shows) and theirs (the files in storage).
func Reconcile(base, mine, theirs []wsFile) Sync {
	switch {
	case sameFiles(mine, theirs), sameFiles(theirs, base):
		return SyncSave
	case sameFiles(mine, base):
		return SyncAdopt
	}
	return SyncConflict
}

// sameFiles compares names and texts (not the "not downloaded" marks).
func sameFiles(a, b []wsFile) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].Text != b[i].Text {
			return false
		}
	}
	return true
}

// snapshot copies the names, texts and marks of files (the texts are
// shared, not copied).
func snapshot(files []wsFile) []wsFile {
	out := make([]wsFile, len(files))
	for i, f := range files {
		out[i] = wsFile{Name: f.Name, Text: f.Text, Dirty: f.Dirty}
	}
	return out
}

// MergeKeepBoth returns first's files followed by second's files that
// first does not hold with the same name and text. A file whose name is
// taken gets a copy's name ("robots (copy).txt"). Copies are marked not
// downloaded. What does not fit in the workspace (maxFiles) is returned
// as overflow, for the caller to keep another way.
func MergeKeepBoth(first, second []wsFile) (merged, overflow []wsFile) {
	merged = snapshot(first)
	taken := func(name string) bool {
		for _, f := range merged {
			if RefName(f.Name) == RefName(name) {
				return true
			}
		}
		return false
	}
	for _, f := range second {
		dup := false
		for _, g := range merged {
			if g.Text == f.Text && (RefName(g.Name) == RefName(f.Name) || strings.HasPrefix(g.Name, copyStem(f.Name)+" (copy")) {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		name := f.Name
		for k := 1; taken(name); k++ {
			name = CopyName(f.Name, k)
		}
		c := wsFile{Name: name, Text: f.Text, Dirty: true}
		if len(merged) >= maxFiles {
			overflow = append(overflow, c)
			continue
		}
		merged = append(merged, c)
	}
	return merged, overflow
}

// copyStem is a name without its extension: "robots" for "robots.txt".
func copyStem(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 && !strings.ContainsRune(name[i:], '/') {
		return name[:i]
	}
	return name
}

// CopyName names the k-th copy of a file: "robots (copy).txt",
// "robots (copy 2).txt", …
func CopyName(name string, k int) string {
	stem, ext := copyStem(name), name[len(copyStem(name)):]
	if k <= 1 {
		return stem + " (copy)" + ext
	}
	return stem + " (copy " + strconv.Itoa(k) + ")" + ext
}

// recovered is the stored form of a tab's files kept during a conflict.
type recovered struct {
	Version int      `json:"v"`
	Files   []wsFile `json:"files"`
}

// EncodeRecovered returns the stored form of files kept by a tab that was
// left during a conflict.
func EncodeRecovered(files []wsFile) string {
	b, _ := json.Marshal(recovered{Version: 1, Files: snapshot(files)})
	return string(b)
}

// DecodeRecovered reads them back, with the checks of a saved workspace.
func DecodeRecovered(raw string) ([]wsFile, error) {
	var r recovered
	if len(raw) > maxSaved*maxFiles {
		return nil, errors.New("the recovered files are too large")
	}
	if err := json.Unmarshal([]byte(raw), &r); err != nil || r.Version != 1 {
		return nil, errors.New("the recovered files are damaged")
	}
	if len(r.Files) > maxFiles {
		r.Files = r.Files[:maxFiles]
	}
	for i := range r.Files {
		if r.Files[i].Name = capName(r.Files[i].Name); r.Files[i].Name == "" {
			r.Files[i].Name = "recovered-" + strconv.Itoa(i+1) + ".txt"
		}
		if len(r.Files[i].Text) > doc.MaxSize {
			return nil, errors.New("a recovered file is too large")
		}
	}
	return r.Files, nil
}

// newTabID returns an id for this tab, unique among the open tabs.
func newTabID() string {
	w := app.Window()
	if c := w.Get("crypto"); c.Truthy() && c.Get("randomUUID").Truthy() {
		return c.Call("randomUUID").String()
	}
	return strconv.FormatFloat(w.Get("Math").Call("random").Float(), 'f', -1, 64) +
		"-" + strconv.FormatFloat(w.Get("performance").Call("now").Float(), 'f', -1, 64)
}

// storedRev reads the revision of the saved workspace.
func storedRev() Rev {
	raw, _, _ := storageGet(KeyRev)
	return DecodeRev(raw)
}

// storedFiles reads the saved workspace's files: robots.txt, then the others.
func storedFiles() ([]wsFile, bool) {
	raw, ok, err := storageGet(KeyDoc)
	if err != nil || !ok {
		return nil, false
	}
	s, err := DecodeSaved(raw)
	if err != nil {
		return nil, false
	}
	files := []wsFile{{Name: s.Name, Text: s.Text, Dirty: s.Dirty}}
	if raw, ok, _ := storageGet(KeyWorkspace); ok {
		if ws, err := DecodeWorkspace(raw); err == nil {
			files = append(files, ws.Files...)
		}
	}
	return files, true
}

// currentFiles returns the workspace's files as this tab shows them.
func (w *workspace) currentFiles() []wsFile {
	out := snapshot(w.files)
	if w.ed != nil && w.active < len(out) {
		out[w.active].Text = w.ed.text()
		out[w.active].Dirty = w.dirty
	}
	return out
}

// startSync starts following the other tabs' saves (at the end of OnMount).
func (w *workspace) startSync() {
	w.tabID = newTabID()
	w.rev = storedRev()
	w.base = w.currentFiles()
	app.Window().Call("addEventListener", "storage", app.FuncOf(func(_ app.Value, args []app.Value) any {
		k := args[0].Get("key")
		if k.Type() != app.TypeString {
			return nil
		}
		switch k.String() {
		case KeyRev:
			w.foreignSave()
		case KeyRecovered:
			w.takeRecovered()
		}
		return nil
	}))
	w.takeRecovered()
	w.takeRescued()
	testHooks()
}

// foreignSave runs when another tab saved the workspace.
func (w *workspace) foreignSave() {
	if w.sharedView || w.ed == nil {
		return
	}
	rev := storedRev()
	if rev == w.rev || rev.Tab == w.tabID {
		return
	}
	if theirs, ok := storedFiles(); ok {
		w.sync(rev, theirs)
	}
}

// sync brings this tab in line with another tab's save (see Reconcile). It
// reports whether this tab may save.
func (w *workspace) sync(rev Rev, theirs []wsFile) bool {
	switch Reconcile(w.base, w.currentFiles(), theirs) {
	case SyncConflict:
		w.enterConflict()
		return false
	case SyncAdopt:
		w.showFiles(theirs)
		w.syncStatus("Updated with the changes saved in another tab at " + clock() + ".")
	}
	w.rev, w.base = rev, snapshot(theirs)
	return true
}

// showFiles puts files in place of the workspace's, keeping the file shown
// (when it is still there), its selection and its scroll position.
func (w *workspace) showFiles(files []wsFile) {
	active := w.active
	if active >= len(files) {
		active = 0
	}
	w.files, w.active = snapshot(files), active
	f := w.files[active]
	w.fileName = f.Name
	byID("file-name").Set("value", f.Name)
	w.crlf = strings.Contains(f.Text, "\r\n")
	if w.ed.text() != f.Text || w.ed.d.Name != f.Name {
		w.ed.d.From = w.referrer(active)
		w.ed.keepText(f.Name, f.Text)
	}
	w.setDirty(f.Dirty)
	w.renderTabs()
	w.changed()
}

func (w *workspace) syncStatus(msg string) {
	st := byID("save-state")
	st.Set("textContent", msg)
	st.Set("className", "save-state")
}

func clock() string {
	return app.Window().Get("Date").New().Call("toLocaleTimeString").String()
}

// enterConflict stops this tab's saves until the user chooses.
func (w *workspace) enterConflict() {
	if !w.conflict {
		w.conflict = true
		w.ctx.Dispatch(func(app.Context) { w.conflict = true })
	}
	st := byID("save-state")
	st.Set("textContent", "Not saved: another tab changed this workspace. Choose what to keep in the banner above; your text stays here meanwhile.")
	st.Set("className", "save-state save-failed")
}

// resolveConflict keeps both versions: the chosen one first, and the
// other's changed files as copies.
func (w *workspace) resolveConflict(mineFirst bool) {
	mine := w.currentFiles()
	merged, overflow := mine, []wsFile(nil)
	rev := storedRev()
	if theirs, ok := storedFiles(); ok {
		if mineFirst {
			merged, overflow = MergeKeepBoth(mine, theirs)
		} else {
			merged, overflow = MergeKeepBoth(theirs, mine)
		}
		w.base = snapshot(theirs)
	}
	w.conflict = false
	w.rev = rev
	w.showFiles(merged)
	w.saveNow()
	w.keepOverflow(overflow)
}

// leave runs when the page is left (closed, reloaded, navigated away): it
// saves what is pending, and a tab in a conflict keeps its files under
// KeyRecovered for the next tab (takeRecovered).
func (w *workspace) leave() {
	w.saveBeforeLeaving()
	if w.conflict && !w.sharedView && w.ed != nil {
		_ = storageSet(KeyRecovered, EncodeRecovered(w.currentFiles()))
	}
}

// takeRecovered adds the files a tab kept when it was left during a
// conflict to this tab's workspace, as copies, and saves.
func (w *workspace) takeRecovered() {
	w.takeKept(KeyRecovered, "Files kept by a closed tab", func(names []string) string {
		return "A tab was closed while another tab had changed the same workspace. Its changes were kept here: " + strings.Join(names, ", ") + "."
	})
}

// takeKept adds the files stored under key (in the form EncodeRecovered
// writes) to this tab's workspace as copies, saves, removes the key, and
// says what was added with say. Files identical to one of the workspace's
// are not added again; unreadable data is kept aside and reported as what.
// It reports whether it added a file.
func (w *workspace) takeKept(key, what string, say func(names []string) string) bool {
	if w.sharedView || w.conflict || w.ed == nil {
		return false
	}
	raw, ok, _ := storageGet(key)
	if !ok {
		return false
	}
	kept, err := DecodeRecovered(raw)
	if err != nil {
		if aside := keepAside(KeyUnreadable+"."+key[len(keyPrefix):], raw); aside != "" {
			storageRemove(key)
			w.notify(what + " could not be read back (" + err.Error() + "); they were kept in this browser's storage under “" + aside + "”, and are offered on your next visit.")
		} else {
			w.notify(what + " could not be read back (" + err.Error() + ").")
		}
		return false
	}
	mine := w.currentFiles()
	merged, overflow := MergeKeepBoth(mine, kept)
	var names []string
	for _, f := range append(merged[len(mine):], overflow...) {
		names = append(names, "“"+f.Name+"”")
	}
	w.showFiles(merged)
	w.saveNow()
	if w.conflict {
		return false // another save came first: the key is taken once this is settled
	}
	storageRemove(key)
	w.keepOverflow(overflow)
	if msg := say(names); msg != "" {
		w.notify(msg)
	}
	return len(merged) > len(mine)
}

// keepOverflow offers as downloads the copies that did not fit in the
// workspace.
func (w *workspace) keepOverflow(files []wsFile) {
	for _, f := range files {
		downloadText(f.Name, f.Text)
	}
	if len(files) > 0 {
		w.notify("The workspace holds at most " + strconv.Itoa(maxFiles) + " files: " + strconv.Itoa(len(files)) + " copies were offered as downloads instead.")
	}
}

// conflictBanner asks which version of the workspace comes first.
func (w *workspace) conflictBanner() app.UI {
	return app.Div().ID("tab-conflict").Class("shared-banner conflict-banner").Body(
		app.P().ID("tab-conflict-text").Role("alert").Text("Another tab changed this workspace while you were editing here, so this tab stopped saving. "+
			"Nothing is lost: the version you choose stays as it is, and the other version's changed files are added as copies, such as “"+CopyName("robots.txt", 1)+"”."),
		app.Button().ID("conflict-theirs").Class("btn").Type("button").Text("Use the other tab's version, keep mine as copies").
			OnClick(func(app.Context, app.Event) { w.resolveConflict(false) }),
		app.Button().ID("conflict-mine").Class("btn").Type("button").Text("Keep my version, add the other tab's as copies").
			OnClick(func(app.Context, app.Event) { w.resolveConflict(true) }),
	)
}
