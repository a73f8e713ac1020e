// Package doc keeps the editor's model of a robots.txt file: its lines, the
// highlighted HTML of each line (re-made only for lines that changed), and
// the checker's diagnostics. It has no DOM code, so it is tested natively.
package doc

import (
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/acap-workbench/workbench/app/highlight"
	"github.com/acap-workbench/workbench/policy"
)

// MaxSize is the largest file the editor accepts, matching policy's cap.
const MaxSize = 5 << 20

// TooLarge is the message for a file of size bytes over MaxSize, in the one
// unit of every size message (MiB, as FormatMiB writes it). name may
// be empty.
func TooLarge(name string, size int) string {
	what := "That file"
	if name != "" {
		what = "“" + name + "”"
	}
	return what + " is " + FormatMiB(size, true) + "; the workbench opens files of at most " +
		FormatMiB(MaxSize, false) + ". Your current text was kept."
}

// LooksBinary reports whether text, as the browser decoded a file, is not
// text but, say, an image: more than 1 in 10 of its first 8 KiB characters
// are replacement characters (bytes that are not UTF-8) or control
// characters other than tab, line ends, vertical tab and form feed. A stray
// NUL in a real robots.txt does not make it binary.
func LooksBinary(text string) bool {
	head := text
	if len(head) > 8<<10 {
		head = head[:8<<10]
	}
	bad, n := 0, 0
	for _, r := range head {
		n++
		if r == utf8.RuneError || r < 0x20 && r != '\t' && r != '\n' && r != '\r' && r != '\v' && r != '\f' || r == 0x7f {
			bad++
		}
	}
	return n > 0 && bad*10 > n
}

// Line is one line of the file.
type Line struct {
	Start int    // byte offset of the line in the file
	U16   int    // offset of the line in UTF-16 code units, as a textarea counts
	Raw   string // the line with its newline, if any
	html  string // highlighted HTML, made on first use (see Doc.HTML)
	lit   bool   // html is made

	// The last slice drawn of a long line (see Doc.HTMLSlice).
	sliceA, sliceB int
	slice          string
	// The line's first plainTo bytes are printable ASCII; notPlain: the
	// byte at plainTo is not (see PlainTo).
	plainTo  int
	notPlain bool
}

// Text returns the line without its newline.
func (l Line) Text() string { return strings.TrimRight(l.Raw, "\r\n") }

// Doc is a file being edited. An edit replaces only the lines it touches;
// a line is highlighted when it is first shown, and the whole text is
// joined only when something asks for it (the checker, a download).
type Doc struct {
	Name  string
	Lines []Line
	Diags []policy.Diagnostic
	// ByLine[i] holds the indexes into Diags of the diagnostics on line i
	// (0-based).
	ByLine map[int][]int
	// ParseErr is set when the file cannot be checked at all (too large).
	ParseErr error
	// File is the parsed text (nil when ParseErr is set); the simulator
	// reuses it instead of parsing again. It is from an earlier text while
	// Stale is set.
	File *policy.File
	// Stale is set by Edit and SetText: Diags, ByLine and File belong to an
	// earlier text (the lines after an edit are moved along) until the next
	// Check.
	Stale bool
	// From is the file that refers to this one with
	// ACAP-permissions-reference, or nil. Its local usages and resource
	// sets are visible in this file, so the check does not call them
	// undefined (policy.ParseReferenced).
	From *policy.File

	text    string // the whole text when textOK
	textOK  bool
	checked int // Diags[:checked] come from Check; the rest from SetExtra

	// Rescanned counts the lines replaced by the last change, whose
	// highlighting was dropped to be made again (for tests).
	Rescanned int
}

// New returns a document holding text, checked.
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

// Text returns the whole text (joined from the lines once per change).
func (d *Doc) Text() string {
	if !d.textOK {
		var b strings.Builder
		b.Grow(d.Len())
		for _, l := range d.Lines {
			b.WriteString(l.Raw)
		}
		d.text, d.textOK = b.String(), true
	}
	return d.text
}

// Len returns the length of the text in bytes.
func (d *Doc) Len() int {
	if len(d.Lines) == 0 {
		return 0
	}
	l := d.Lines[len(d.Lines)-1]
	return l.Start + len(l.Raw)
}

// LenUTF16 returns the length of the text in UTF-16 code units, as a
// textarea counts it.
func (d *Doc) LenUTF16() int {
	if len(d.Lines) == 0 {
		return 0
	}
	l := d.Lines[len(d.Lines)-1]
	return l.U16 + utf16Len(l.Raw)
}

// Update replaces the whole text, keeping the highlighting of the lines
// that did not change, and checks it.
func (d *Doc) Update(text string) {
	d.SetText(text)
	d.Check()
}

// SetText replaces the whole text without checking it (Stale is set): the
// lines that did not change keep their highlighting.
func (d *Doc) SetText(text string) {
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
	// Only the first line can hold a BOM, so a line that becomes the first
	// is highlighted again.
	if p == 0 && s == len(raws) && s > 0 {
		s--
	}
	lines := make([]Line, len(raws))
	copy(lines, old[:p])
	copy(lines[len(raws)-s:], old[len(old)-s:])
	off, u16 := 0, 0
	for i, r := range raws {
		lines[i].Start, lines[i].U16 = off, u16
		if i >= p && i < len(raws)-s {
			lines[i] = Line{Start: off, U16: u16, Raw: r}
		}
		off += len(r)
		u16 += utf16Len(r)
	}
	d.Lines = lines
	d.text, d.textOK = text, true
	d.Rescanned = len(raws) - s - p
	d.Stale = true
}

// HTML returns the highlighted HTML of line i (0-based) without its
// newline, made on first use.
func (d *Doc) HTML(i int) string {
	l := &d.Lines[i]
	if !l.lit {
		l.html = highlight.Line(l.Raw, policy.Pos{Offset: l.Start, Line: i + 1, Col: 1})
		l.lit = true
	}
	return l.html
}

// PlainTo reports whether the first b bytes of line i (all of them, if it
// is shorter) are printable ASCII without tabs: every byte takes one column
// of a monospace font, so a column range there is a byte range. Only as
// much of the line as asked is read, once: the editor asks about the
// columns in view of a line that may be 700,000 long.
func (d *Doc) PlainTo(i, b int) bool {
	l := &d.Lines[i]
	b = min(b, len(l.Raw))
	for l.plainTo < b && !l.notPlain {
		if c := l.Raw[l.plainTo]; (c < 0x20 && c != '\n' && c != '\r') || c >= 0x7f {
			l.notPlain = true
			break
		}
		l.plainTo++
	}
	return l.plainTo >= b
}

// HTMLSlice returns the highlighted HTML of the bytes [a, b) of line i
// (b is cut to the line's text): the editor draws only the columns in
// view of a very long line. The last slice of each line is kept.
func (d *Doc) HTMLSlice(i, a, b int) string {
	l := &d.Lines[i]
	b = min(b, len(l.Text()))
	a = min(a, b)
	if l.slice == "" || l.sliceA != a || l.sliceB != b {
		l.slice = highlight.LineSlice(l.Raw, policy.Pos{Offset: l.Start, Line: i + 1, Col: 1}, a, b)
		l.sliceA, l.sliceB = a, b
	}
	return l.slice
}

// Edit replaces the bytes [a, b) of the text with repl. Only the lines the
// edit touches are split again and lose their highlighting; the lines
// after it move, and so do their diagnostics, until the next Check (Stale
// is set). It returns the first changed line and the number of lines that
// replaced the old lines first..oldLast.
func (d *Doc) Edit(a, b int, repl string) (first, oldLast, n int) {
	n0 := d.Len()
	a, b = max(0, min(a, n0)), max(0, min(b, n0))
	if a > b {
		a, b = b, a
	}
	first, oldLast = d.lineAt(a), d.lineAt(b)
	fl, ll := d.Lines[first], d.Lines[oldLast]
	seg := fl.Raw[:a-fl.Start] + repl + ll.Raw[b-ll.Start:]
	parts := SplitLines(seg)
	if oldLast < len(d.Lines)-1 {
		// seg ends with the newline of a line that is not the last: the
		// empty line SplitLines adds after it is the next line, kept.
		parts = parts[:len(parts)-1]
	}
	repl0 := make([]Line, len(parts))
	off, u16 := fl.Start, fl.U16
	for i, r := range parts {
		repl0[i] = Line{Start: off, U16: u16, Raw: r}
		off += len(r)
		u16 += utf16Len(r)
	}
	tail := d.Lines[oldLast+1:]
	dByte, dU16, dLine := 0, 0, len(parts)-(oldLast-first+1)
	if len(tail) > 0 {
		dByte, dU16 = off-tail[0].Start, u16-tail[0].U16
	}
	d.Lines = slices.Replace(d.Lines, first, oldLast+1, repl0...)
	if dByte != 0 || dU16 != 0 {
		for i := first + len(parts); i < len(d.Lines); i++ {
			d.Lines[i].Start += dByte
			d.Lines[i].U16 += dU16
		}
	}
	d.textOK, d.text = false, ""
	d.Rescanned = len(parts)
	d.Stale = true
	d.moveDiags(oldLast, dLine, dByte)
	return first, oldLast, len(parts)
}

// EditUTF16 is Edit with the range given in UTF-16 code units, as a
// textarea counts them.
func (d *Doc) EditUTF16(a16, b16 int, repl string) (first, oldLast, n int) {
	return d.Edit(d.ByteAt(a16), d.ByteAt(b16), repl)
}

// ByteAt converts an offset in UTF-16 code units to a byte offset.
func (d *Doc) ByteAt(u16 int) int {
	i := sort.Search(len(d.Lines), func(i int) bool { return d.Lines[i].U16 > u16 }) - 1
	if i < 0 {
		return 0
	}
	l := d.Lines[i]
	return l.Start + ByteOffset(l.Raw, u16-l.U16)
}

// U16At converts a byte offset to an offset in UTF-16 code units.
func (d *Doc) U16At(off int) int {
	i := d.lineAt(off)
	l := d.Lines[i]
	return l.U16 + UTF16Index(l.Raw, off-l.Start)
}

// lineAt returns the line holding byte offset off (the last line for the
// end of the text).
func (d *Doc) lineAt(off int) int {
	i := sort.Search(len(d.Lines), func(i int) bool { return d.Lines[i].Start > off }) - 1
	return max(0, i)
}

// moveDiags moves the diagnostics after line oldLast (0-based, before the
// edit) by dLine lines and dByte bytes, so that they stay on their lines
// until the next Check.
func (d *Doc) moveDiags(oldLast, dLine, dByte int) {
	if dLine == 0 && dByte == 0 || len(d.Diags) == 0 {
		return
	}
	mv := func(p *policy.Pos) {
		if p.IsValid() && p.Line-1 > oldLast {
			p.Line += dLine
			p.Offset += dByte
		}
	}
	for i := range d.Diags {
		mv(&d.Diags[i].Pos)
		mv(&d.Diags[i].End)
	}
	if dLine != 0 {
		d.indexLines()
	}
}

func (d *Doc) indexLines() {
	d.ByLine = map[int][]int{}
	for i, g := range d.Diags {
		if g.Pos.IsValid() {
			d.ByLine[g.Pos.Line-1] = append(d.ByLine[g.Pos.Line-1], i)
		}
	}
}

func utf16Len(s string) int {
	// ASCII first, eight bytes at a time: most of a robots.txt is ASCII,
	// and a file of megabytes is measured when it is opened.
	i := 0
	for i+8 <= len(s) && (s[i]|s[i+1]|s[i+2]|s[i+3]|s[i+4]|s[i+5]|s[i+6]|s[i+7])&0x80 == 0 {
		i += 8
	}
	n := i
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x80 || c >= 0xC0 && c < 0xF0:
			n++ // ASCII, or the lead byte of a 2- or 3-byte sequence
		case c >= 0xF0:
			n += 2 // a 4-byte sequence: a surrogate pair
		}
	}
	return n
}

// Check re-checks the current text.
func (d *Doc) Check() {
	var f *policy.File
	var err error
	if d.From != nil {
		f, err = policy.ParseReferenced(d.Name, []byte(d.Text()), d.From)
	} else {
		f, err = policy.Parse(d.Name, []byte(d.Text()))
	}
	d.take(f, err)
}

// CheckYielding is Check, whose parse calls yield now and then
// (policy.ParseYielding), which may block: the text may change
// meanwhile. It reports whether the text checked is still the document's;
// if not, the document is left as it was, stale.
func (d *Doc) CheckYielding(yield func()) bool {
	if d.From != nil {
		d.Check()
		return true
	}
	text := d.Text()
	f, err := policy.ParseYielding(d.Name, []byte(text), yield)
	if d.Text() != text {
		return false
	}
	d.take(f, err)
	return true
}

// take takes the parse of the text as the document's, and checks it.
func (d *Doc) take(f *policy.File, err error) {
	d.Diags, d.ByLine, d.ParseErr, d.File, d.Stale = nil, map[int][]int{}, nil, nil, false
	if err != nil {
		d.ParseErr = err
		return
	}
	d.File = f
	d.Diags = policy.Check(f)
	d.checked = len(d.Diags)
	d.indexLines()
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
	d.Diags = ds
	d.indexLines()
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
