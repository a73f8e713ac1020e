package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/doc"
	"github.com/acap-workbench/workbench/policy"
)

type pendingLoad struct {
	name, text string
	after      func() // run once the text is loaded (not when the user keeps editing)
}

// offerLoad loads a file, asking first when the current text has changes
// that were not downloaded.
func (c *Workbench) offerLoad(name, text string) {
	if c.dirty && c.ed != nil && c.ed.text() != text {
		c.ask(name, text)
		return
	}
	c.load(name, text)
}

// ask asks before replacing the current text with name's.
func (c *Workbench) ask(name, text string) {
	c.pending = &pendingLoad{name: name, text: text}
	c.focusSoon("confirm-keep")
}

func (c *Workbench) load(name, text string) {
	if len(text) > doc.MaxSize {
		c.notice = doc.TooLarge(name, len(text))
		return
	}
	c.pending = nil
	// A textarea turns every line end into LF; remember CRLF files so the
	// download gives them back as they were.
	c.crlf = strings.Contains(text, "\r\n")
	c.fileName = name
	byID("file-name").Set("value", name)
	c.dirty = false
	c.files[c.active].Name = name
	c.ed.d.From = c.referrer(c.active)
	c.ed.setText(name, text)
	if c.sim != nil && c.active == 0 {
		switch {
		case len(text) <= openCheckMax:
			c.sim.fit(c.ed.file())
		case len(text) <= syncCheckMax:
			// Checked and fitted once the text is drawn: the browser's
			// layout of the text and the check never share a frame.
			afterPaint(func() {
				if c.active == 0 {
					c.sim.fit(c.ed.file())
				}
			})
		default:
			// A large file is checked after the first paint: the
			// simulator follows it with the slow checks.
			c.fitPending = true
		}
	}
	c.renderTabs()
	c.workspaceChanged()
	if len(text) <= openCheckMax {
		c.saveNow()
	} else {
		c.scheduleSave() // after the first paint too
	}
}

// openCheckMax is the size (bytes) up to which a file opened is checked,
// fitted by the simulator and saved in the task that shows it.
const openCheckMax = 8 << 10

func (c *Workbench) confirmReplace(ctx app.Context, e app.Event) {
	if p := c.pending; p != nil {
		c.load(p.name, p.text)
		if p.after != nil {
			p.after()
		}
	}
}

func (c *Workbench) cancelReplace(ctx app.Context, e app.Event) {
	c.pending = nil
	byID(idInput).Call("focus")
}

// openAsNew opens an example (from the gallery, an exercise, the help or
// the start screen) as the simulated file, with what to simulate. It never
// replaces work that was not downloaded: when robots.txt has such changes,
// it is kept in a tab of its own; when the workspace is full, the user is
// asked. keepAll keeps a downloaded robots.txt too, unless it is the
// welcome example or the text being opened.
func (c *Workbench) openAsNew(name, text string, urls []string, crawler, purpose string, kind policy.Kind, keepAll bool) {
	if c.ed == nil {
		return
	}
	if len(text) > doc.MaxSize {
		c.notice = doc.TooLarge(name, len(text))
		return
	}
	simulate := func() {
		if c.sim != nil {
			c.sim.Simulate(urls, crawler, purpose, kind)
		}
	}
	c.switchTo(0)
	own := c.ed.text()
	switch {
	case !c.dirty && (!keepAll || own == Welcome || own == text):
		// Nothing to lose: robots.txt is as it was opened or downloaded.
		c.load(name, text)
		simulate()
	case len(c.files) >= maxFiles:
		if c.dirty {
			c.offerLoad(name, text)
		} else {
			c.ask(name, text)
		}
		if c.pending != nil {
			c.pending.after = simulate
		} else {
			simulate()
		}
	default:
		kept := keptName(c.files, c.files[0].Name, name)
		why := ""
		if c.dirty {
			why = ", which has changes that were not downloaded,"
		}
		c.files[0].Text, c.files[0].Dirty = own, c.dirty
		c.files[0].Name = kept
		c.files = append([]wsFile{{Name: name, Text: text}}, c.files...)
		c.active = 1
		c.switchTo(0)
		c.notice = "“" + name + "” is now the simulated file. Your own file" + why + " is kept in the tab “" + kept + "”."
		simulate()
	}
}

// keptName is the name under which the user's robots.txt is kept when an
// example takes its place: its own name, unless the example or another
// file of the workspace has it.
func keptName(files []wsFile, old, incoming string) string {
	taken := func(n string) bool {
		if RefName(n) == RefName(incoming) {
			return true
		}
		for _, w := range files[1:] {
			if RefName(w.Name) == RefName(n) {
				return true
			}
		}
		return false
	}
	name := old
	for k := 1; taken(name); k++ {
		name = "yours-" + old
		if k > 1 {
			name = "yours-" + strconv.Itoa(k) + "-" + old
		}
	}
	return name
}
