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

// setDirty sets the "not downloaded" mark from outside go-app's events.
func (c *Workbench) setDirty(d bool) {
	c.dirty = d
	c.ctx.Dispatch(func(app.Context) { c.dirty = d })
}

// mainText returns robots.txt: its name, its text, and whether it is in
// the editor.
func (c *Workbench) mainText() (string, string, bool) {
	return c.files[0].Name, c.textOf(0), c.active == 0
}

// applyToMain replaces robots.txt's text as one edit that Ctrl+Z undoes.
func (c *Workbench) applyToMain(text string) {
	c.switchTo(0)
	c.ed.replaceText(text)
}

// openRefLine shows line n of the workspace file with the given path.
func (c *Workbench) openRefLine(path string, n int) {
	if path == "" {
		c.switchTo(0)
		c.ed.selectLine(n)
		return
	}
	for i, f := range c.files {
		if i > 0 && RefName(f.Name) == RefName(path) {
			c.switchTo(i)
			c.ed.selectLine(n)
			return
		}
	}
}
