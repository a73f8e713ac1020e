package policy

import (
	"sort"
	"strings"
)

// Severity says how a crawler treats the line a diagnostic is about.
type Severity uint8

const (
	// SevError: a strict crawler would not understand the line, so it is
	// skipped when deciding (or, for some ACAP lines, read as a prohibition;
	// see the package documentation).
	SevError Severity = iota
	// SevWarning: the line is used as written, but probably does not say
	// what its author meant.
	SevWarning
	// SevInfo: advice; nothing is wrong with how the line is read.
	SevInfo
)

// String returns "error", "warning" or "info".
func (s Severity) String() string {
	switch s {
	case SevError:
		return "error"
	case SevWarning:
		return "warning"
	case SevInfo:
		return "info"
	}
	return "severity?"
}

// Edit replaces the bytes src[Start:End] with New.
type Edit struct {
	Start, End int
	New        string
}

// Fix is a suggested correction: a title for a button and the edits to make.
type Fix struct {
	Title string
	Edits []Edit
}

// Apply returns src with the fix's edits made. Edits must not overlap; they
// may be given in any order.
func (f *Fix) Apply(src []byte) []byte {
	edits := append([]Edit(nil), f.Edits...)
	sort.Slice(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
	var b strings.Builder
	b.Grow(len(src) + 16)
	last := 0
	for _, e := range edits {
		if e.Start < last || e.End > len(src) || e.Start > e.End {
			continue // overlapping or out of range: skip rather than corrupt
		}
		b.Write(src[last:e.Start])
		b.WriteString(e.New)
		last = e.End
	}
	b.Write(src[last:])
	return []byte(b.String())
}

// Diagnostic is one problem found in a file. Pos and End delimit the bytes it
// is about (End is exclusive and on the same line as Pos). Code is stable and
// can be used to look up help; Section names the part of a specification the
// diagnostic rests on.
type Diagnostic struct {
	Pos      Pos
	End      Pos
	Severity Severity
	Code     string
	Message  string
	Section  string
	Fix      *Fix
}

// String formats the diagnostic as "line:col: severity: message [code]".
func (d Diagnostic) String() string {
	return d.Pos.String() + ": " + d.Severity.String() + ": " + d.Message + " [" + d.Code + "]"
}

// SortDiagnostics orders diagnostics by position, then severity.
func SortDiagnostics(ds []Diagnostic) {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if a.Pos.Offset != b.Pos.Offset {
			return a.Pos.Offset < b.Pos.Offset
		}
		return a.Severity < b.Severity
	})
}
