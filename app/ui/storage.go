package ui

import (
	"encoding/json"
	"errors"
	"fmt"
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
		return s, fmt.Errorf("the saved text is too large (%.1f MB)", float64(len(raw))/(1<<20))
	}
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		return s, errors.New("the saved data is damaged")
	}
	if s.Version != 1 {
		return s, fmt.Errorf("the saved data has an unknown format (version %d)", s.Version)
	}
	if len(s.Text) > doc.MaxSize {
		return s, fmt.Errorf("the saved text is larger than %d MB", doc.MaxSize>>20)
	}
	if s.Name == "" {
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

func storageRemove(key string) {
	_ = jsTry(func() { storage().Call("removeItem", key) })
}
