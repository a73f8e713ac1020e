package ui

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/share"
)

// A share link opens as a shared view: the workspace of the link is shown
// and autosaved under KeyShared, apart from the user's own work (KeyDoc,
// KeyWorkspace), which it never touches. Until the shared view changes,
// the link stays in the address (a reload opens it again) and nothing is
// stored: saving a link of 1 MiB as it opened took 56–88 ms, and
// replacing its address 14–24 ms, of frames just after the start. The
// first save (an edit, a setting of the simulator) replaces the address's
// fragment with SharedViewFragment, so a reload comes back to the shared
// view with its edits. The user then keeps the shared workspace as their
// own, or goes back to their work.

// KeyShared holds the shared view's workspace (a share.State as JSON).
const KeyShared = keyPrefix + "shared-view"

// SharedViewFragment is the address's fragment while a shared workspace
// is shown.
const SharedViewFragment = "shared"

// openSharedAtStart reads the address's fragment when the page starts. It
// returns the shared workspace to show, if any; a broken link sets
// c.shareErr and returns false, and nothing of it is used.
func (c *Workbench) openSharedAtStart() (share.State, bool) {
	hash := app.Window().Get("location").Get("hash").String()
	st, err := LoadShared(hash)
	if errors.Is(err, ErrNoShareLink) {
		if strings.TrimPrefix(hash, "#") != SharedViewFragment {
			return share.State{}, false
		}
		// A reload of a shared view: its latest state is in storage.
		raw, ok, _ := storageGet(KeyShared)
		if !ok {
			setFragment("")
			return share.State{}, false
		}
		st, err = DecodeSharedView(raw)
		if err != nil {
			storageRemove(KeyShared)
			setFragment("")
			c.notice = "The shared workspace you were looking at could not be restored (" + err.Error() + "); your own work is shown."
			return share.State{}, false
		}
	}
	if err == nil && len(st.Files) > maxFiles {
		err = &share.Error{Kind: share.ErrInvalid, Detail: "it has " + strconv.Itoa(len(st.Files)) +
			" files; the workbench opens at most " + strconv.Itoa(maxFiles)}
	}
	if err != nil {
		c.shareErr = err
		return share.State{}, false
	}
	return st, true
}

// DecodeSharedView reads KeyShared's value, with the checks of a link.
func DecodeSharedView(raw string) (share.State, error) {
	st, err := share.ParseJSON([]byte(raw), false)
	if err != nil {
		return share.State{}, errors.New("it is not valid JSON")
	}
	if st.Version > share.Version {
		return share.State{}, errors.New("it was saved by a newer version")
	}
	if err := st.Validate(); err != nil {
		return share.State{}, err
	}
	return st, nil
}

// setFragment replaces the address's fragment without adding to the
// history or reloading ("" removes it).
func setFragment(frag string) {
	loc := app.Window().Get("location")
	url := loc.Get("pathname").String() + loc.Get("search").String()
	if frag != "" {
		url += "#" + frag
	}
	app.Window().Get("history").Call("replaceState", nil, "", url)
}

// showShared puts a shared workspace in place of the one restored from
// storage (in memory only). It returns the simulator's settings and URLs;
// the side panel to show is st.Panel.
func (w *workspace) showShared(st share.State) (*SimSettings, *string) {
	w.sharedView = true
	w.files = w.files[:0]
	for _, f := range st.Files {
		// Not downloaded by this user: marked so, so that nothing replaces
		// it without asking.
		w.files = append(w.files, wsFile{Name: strings.TrimPrefix(f.Name, "/"), Text: f.Text, Dirty: true})
	}
	w.active = st.Active
	w.dirty = true
	urls := strings.Join(st.URLs, "\n")
	set := SimSettings{Crawler: "any", Name: st.Crawler, UA: st.UserAgent, PurposeText: st.Purpose, Kind: st.Kind, Chosen: true}
	if st.Crawler != "" {
		set.Crawler = "custom"
	}
	if st.Purpose != "" {
		set.Purpose = "custom"
	}
	byID(idSimDate).Set("value", st.Date)
	return &set, &urls
}

// shareState is the workspace as a share link carries it.
func (c *Workbench) shareState() share.State {
	w := &c.ws
	st := share.State{Version: share.Version, Active: w.active, Panel: c.panel}
	for i := range w.files {
		st.Files = append(st.Files, share.File{Name: RefName(w.files[i].Name), Text: w.textOf(i)})
	}
	st.URLs, _ = urlLines(c.urls.value(), -1)
	if c.sim != nil {
		set := c.sim.settings()
		switch {
		case set.Crawler == "custom":
			st.Crawler = strings.TrimSpace(set.Name)
		case strings.HasPrefix(set.Crawler, "n:"):
			st.Crawler = set.Crawler[2:]
		}
		st.UserAgent = set.UA && st.Crawler != ""
		switch {
		case set.Purpose == "custom":
			st.Purpose = strings.TrimSpace(set.PurposeText)
		case strings.HasPrefix(set.Purpose, "p:"):
			st.Purpose = set.Purpose[2:]
		}
		st.Kind = set.Kind
		st.Date = byID(idSimDate).Get("value").String()
	}
	return st
}

// saveShared autosaves the shared view.
func (w *workspace) saveShared() error {
	b, err := json.Marshal(w.shareState())
	if err != nil {
		return err
	}
	return storageSet(KeyShared, string(b))
}

// keepShared makes the shared workspace the user's own work, after asking
// when that work has changes that were not downloaded.
func (w *workspace) keepShared(ctx app.Context, e app.Event) {
	if ownWorkDirty() && !app.Window().Call("confirm",
		"Your own work has changes that were not downloaded. Replace it with the shared workspace?").Bool() {
		return
	}
	w.sharedView = false
	w.save(true)
	storageRemove(KeyShared)
	setFragment("")
}

// backToOwnWork leaves the shared view: the page reloads with the user's
// own work, which was never touched.
func (w *workspace) backToOwnWork(ctx app.Context, e app.Event) {
	// Nothing is saved from now on: a save still due (an edit, the save
	// after the first paint, the one when the page is left) would write
	// the shared text over the user's own work.
	w.leaving = true
	w.sharedView = false
	storageRemove(KeyShared)
	setFragment("")
	app.Window().Get("location").Call("reload")
}

// sharedBanner says that a shared workspace is shown, and offers to keep it
// or to go back to the user's own work.
func (w *workspace) sharedBanner() app.UI {
	return app.Div().ID("shared-banner").Class("shared-banner").Role("status").Body(
		app.Span().Text("You are looking at a shared workspace. Your own work is kept apart, unchanged, until you choose."),
		app.Button().ID("shared-keep").Class("btn").Type("button").Text("Keep this workspace as mine").OnClick(w.keepShared),
		app.Button().ID("shared-back").Class("btn").Type("button").Text("Back to my work").OnClick(w.backToOwnWork),
	)
}

// ownWorkDirty reports whether the user's saved work (not the shared view)
// has changes that were not downloaded.
func ownWorkDirty() bool {
	files, _ := storedFiles()
	for _, f := range files {
		if f.Dirty {
			return true
		}
	}
	return false
}
