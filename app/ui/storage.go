package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/doc"
)

// Storage keys. localStorage is shared by every project site of a GitHub
// Pages domain, so every key is namespaced.
const (
	keyPrefix     = "acap-workbench:v1:"
	KeyDoc        = keyPrefix + "doc"
	KeyUnreadable = keyPrefix + "doc.unreadable"
	KeyTheme      = keyPrefix + "theme"
	KeyFontSize   = keyPrefix + "font-size"
	// maxSaved bounds what is read back: a document at the size cap, with
	// JSON escaping, fits well under it.
	maxSaved = 3 * doc.MaxSize
)

// Saved is the autosaved state of the editor.
type Saved struct {
	Version int    `json:"v"`
	Name    string `json:"name"`
	Text    string `json:"text"`
	Dirty   bool   `json:"dirty"`
	SavedAt int64  `json:"savedAt"`
}

// EncodeSaved returns the stored form of a document.
func EncodeSaved(name, text string, dirty bool, now time.Time) string {
	b, _ := json.Marshal(Saved{Version: 1, Name: name, Text: text, Dirty: dirty, SavedAt: now.UnixMilli()})
	return string(b)
}

// DecodeSaved reads a stored document back, refusing anything that is not
// exactly what EncodeSaved writes.
func DecodeSaved(raw string) (Saved, error) {
	var s Saved
	if len(raw) > maxSaved {
		return s, errors.New("the saved text is too large (" + doc.FormatMiB(len(raw), true) + ")")
	}
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		return s, errors.New("the saved data is damaged")
	}
	if s.Version != 1 {
		return s, fmt.Errorf("the saved data has an unknown format (version %d)", s.Version)
	}
	if len(s.Text) > doc.MaxSize {
		return s, errors.New("the saved text is larger than " + doc.FormatMiB(doc.MaxSize, false))
	}
	if s.Name = capName(s.Name); s.Name == "" {
		s.Name = "robots.txt"
	}
	return s, nil
}

// jsTry runs f and turns a JavaScript exception (quota exceeded, storage
// disabled) into an error instead of a crash.
func jsTry(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	f()
	return nil
}

func storage() app.Value { return app.Window().Get("localStorage") }

func storageGet(key string) (val string, ok bool, err error) {
	err = jsTry(func() {
		v := storage().Call("getItem", key)
		if v.IsNull() || v.IsUndefined() {
			return
		}
		val, ok = v.String(), true
	})
	return
}

func storageSet(key, val string) error {
	return jsTry(func() { storage().Call("setItem", key, val) })
}

// The session copy: when localStorage refuses a save (full, or turned off),
// the tab keeps the same two records in sessionStorage, which has a quota of
// its own and survives a reload of the tab. The next save that succeeds
// removes it; OnMount prefers it to localStorage's older copy.
func session() app.Value { return app.Window().Get("sessionStorage") }

func sessionKeep(doc, workspace string) error {
	return jsTry(func() {
		session().Call("setItem", KeyDoc, doc)
		session().Call("setItem", KeyWorkspace, workspace)
	})
}

func sessionKept() (doc, workspace string, ok bool) {
	_ = jsTry(func() {
		d, w := session().Call("getItem", KeyDoc), session().Call("getItem", KeyWorkspace)
		if d.Type() == app.TypeString {
			doc, ok = d.String(), true
			if w.Type() == app.TypeString {
				workspace = w.String()
			}
		}
	})
	return doc, workspace, ok
}

func sessionDrop() {
	_ = jsTry(func() {
		session().Call("removeItem", KeyDoc)
		session().Call("removeItem", KeyWorkspace)
	})
}

// SaveFailure says in a publisher's words why the browser refused to save:
// its storage for this site is full, or storage is turned off.
func SaveFailure(err error) string {
	msg := strings.ToLower(err.Error())
	if strings.Contains(msg, "quota") {
		return "this browser's storage for this site is full"
	}
	return "this browser does not let the page store data (" + err.Error() + ")"
}

func storageRemove(key string) {
	_ = jsTry(func() { storage().Call("removeItem", key) })
}
