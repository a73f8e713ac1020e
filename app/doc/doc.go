// Package doc keeps the editor's model of a robots.txt file: its lines, the
// highlighted HTML of each line (re-made only for lines that changed), and
// the checker's diagnostics. It has no DOM code, so it is tested natively.
package doc

import (
	"strings"
	"unicode/utf8"

	"github.com/acap-workbench/workbench/app/highlight"
	"github.com/acap-workbench/workbench/policy"
)

// MaxSize is the largest file the editor accepts, matching policy's cap.
const MaxSize = 5 << 20

// Line is one line of the file.
type Line struct {
	Start int    // byte offset of the line in the file
	Raw   string // the line with its newline, if any
	HTML  string // highlighted HTML of the line without its newline
}

// Text returns the line without its newline.
func (l Line) Text() string { return strings.TrimRight(l.Raw, "\r\n") }

// Doc is a file being edited.
type Doc struct {
	Name  string
	Text  string
	Lines []Line
	Diags []policy.Diagnostic
	// ByLine[i] holds the indexes into Diags of the diagnostics on line i
	// (0-based).
	ByLine map[int][]int
	// ParseErr is set when the file cannot be checked at all (too large).
	ParseErr error
	// File is the parsed text (nil when ParseErr is set); the simulator
	// reuses it instead of parsing again.
	File *policy.File

	checked int // Diags[:checked] come from Check; the rest from SetExtra

	// Rescanned counts the lines highlighted by the last Update (for tests
	// and the status bar).
	Rescanned int
}

// New returns a document holding text.
func New(name, text string) *Doc {
	d := &Doc{Name: name}
	d.Update(text)
	return d
}

// SplitLines splits s into lines that keep their "\n".
// The result always has at least one line (possibly empty), and a text that
// ends with a newline has a final empty line, as a textarea shows it.
func SplitLines(s string) []string {
	n := strings.Count(s, "\n") + 1
	out := make([]string, 0, n)
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			return out
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
}

// Update replaces the text, re-highlighting only the lines that differ from
// the previous text, and re-checks the file.
func (d *Doc) Update(text string) {
	d.updateLines(text)
	d.Check()
}

// UpdateHighlight is Update without the check.
func (d *Doc) UpdateHighlight(text string) { d.updateLines(text) }

func (d *Doc) updateLines(text string) {
	raws := SplitLines(text)
	old := d.Lines
	// Common prefix and suffix of unchanged lines.
	p := 0
	for p < len(old) && p < len(raws) && old[p].Raw == raws[p] {
		p++
	}
	s := 0
	for s < len(old)-p && s < len(raws)-p && old[len(old)-1-s].Raw == raws[len(raws)-1-s] {
		s++
	}
	// The first line's HTML depends on it being at offset 0 (a BOM), so a
	// change that makes another line first would need a rescan; that only
	// happens when the prefix is empty, where line 0 is rescanned anyway.
	lines := make([]Line, len(raws))
	copy(lines, old[:p])
	copy(lines[len(raws)-s:], old[len(old)-s:])
	off := 0
	rescanned := 0
	for i, r := range raws {
		lines[i].Start = off
		if i >= p && i < len(raws)-s {
			lines[i].Raw = r
			lines[i].HTML = highlight.Line(r, policy.Pos{Offset: off, Line: i + 1, Col: 1})
			rescanned++
		} else if i == 0 && off == 0 && lines[i].Raw != r {
			lines[i].Raw = r
			lines[i].HTML = highlight.Line(r, policy.Pos{Offset: 0, Line: 1, Col: 1})
			rescanned++
		}
		off += len(r)
	}
	d.Lines = lines
	d.Text = text
	d.Rescanned = rescanned
}

// Check re-checks the current text.
func (d *Doc) Check() {
	d.Diags, d.ByLine, d.ParseErr, d.File = nil, map[int][]int{}, nil, nil
	f, err := policy.Parse(d.Name, []byte(d.Text))
	if err != nil {
		d.ParseErr = err
		return
	}
	d.File = f
	d.Diags = policy.Check(f)
	d.checked = len(d.Diags)
	for i, g := range d.Diags {
		if !g.Pos.IsValid() {
			continue
		}
		d.ByLine[g.Pos.Line-1] = append(d.ByLine[g.Pos.Line-1], i)
	}
}

// SetExtra merges diagnostics of the slower checks (CheckDrift,
// CheckReferences), run when typing pauses, into Diags. The next Check
// drops them until they are run again.
func (d *Doc) SetExtra(extra []policy.Diagnostic) {
	if len(extra) == 0 || d.File == nil {
		return
	}
	ds := append(d.Diags[:d.checked:d.checked], extra...)
	policy.SortDiagnostics(ds)
	d.Diags, d.ByLine = ds, map[int][]int{}
	for i, g := range d.Diags {
		if g.Pos.IsValid() {
			d.ByLine[g.Pos.Line-1] = append(d.ByLine[g.Pos.Line-1], i)
		}
	}
}

// Counts returns the number of errors, warnings and infos.
func (d *Doc) Counts() (errs, warns, infos int) {
	for _, g := range d.Diags {
		switch g.Severity {
		case policy.SevError:
			errs++
		case policy.SevWarning:
			warns++
		default:
			infos++
		}
	}
	return
}

// LineSeverity returns the most severe diagnostic on line i (0-based) and
// whether there is one.
func (d *Doc) LineSeverity(i int) (policy.Severity, bool) {
	ids := d.ByLine[i]
	if len(ids) == 0 {
		return 0, false
	}
	best := d.Diags[ids[0]].Severity
	for _, id := range ids[1:] {
		if s := d.Diags[id].Severity; s < best {
			best = s
		}
	}
	return best, true
}

// ApplyFix returns the single edit that applies the fix to the text: the
// byte range [start, end) of the current text and its replacement. Making
// one edit keeps the browser's undo to one step.
func ApplyFix(text string, fix *policy.Fix) (start, end int, repl string, ok bool) {
	if fix == nil || len(fix.Edits) == 0 {
		return 0, 0, "", false
	}
	start, end = len(text), 0
	for _, e := range fix.Edits {
		if e.Start < 0 || e.End > len(text) || e.Start > e.End {
			return 0, 0, "", false
		}
		start = min(start, e.Start)
		end = max(end, e.End)
	}
	out := string(fix.Apply([]byte(text)))
	tail := len(text) - end
	return start, end, out[start : len(out)-tail], true
}

// UTF16Index converts a byte offset in s to an index in UTF-16 code units,
// as a textarea's selectionStart counts.
func UTF16Index(s string, byteOff int) int {
	if byteOff > len(s) {
		byteOff = len(s)
	}
	n := 0
	for i := 0; i < byteOff; {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if i+size > byteOff {
			break
		}
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// ByteOffset converts a UTF-16 index into s to a byte offset.
func ByteOffset(s string, u16 int) int {
	n := 0
	for i := 0; i < len(s); {
		if n >= u16 {
			return i
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return len(s)
}
