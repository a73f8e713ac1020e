package policy

import "strconv"

// Pos is a position in a robots.txt file. Offset is 0-based and counts bytes
// from the start of the file; Line and Col are 1-based, and Col counts bytes
// within the line, as go/token does. The zero Pos is "no position".
type Pos struct {
	Offset int
	Line   int
	Col    int
}

// IsValid reports whether p names a real position.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String formats p as "line:col".
func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// TokenKind classifies a token. Every byte of a file belongs to exactly one
// token, so the kinds also drive syntax colouring.
type TokenKind uint8

// The token kinds.
const (
	TokError      TokenKind = iota // bytes that fit nowhere: a stray word after a pattern, an unexpected character
	TokSpace                       // a run of spaces and tabs
	TokNewline                     // LF, CRLF or a lone CR
	TokBOM                         // a UTF-8 byte order mark at the very start of the file
	TokComment                     // '#' to the end of the line
	TokVersion                     // the ##ACAP version=X comment (also its misspellings #ACAP, ###ACAP)
	TokField                       // a field name such as User-agent or ACAP-allow-index
	TokColon                       // the ':' after a field name
	TokValue                       // a plain value: crawler name, URL, number, definition name, purpose
	TokPattern                     // a literal run of a resource or purpose pattern
	TokWildcard                    // '*' inside a pattern
	TokAnchor                      // '$' inside a pattern
	TokQualName                    // a qualifier type, such as time-limit (also keys of Content-Signal)
	TokEquals                      // the '=' between a qualifier type and its value
	TokQualValue                   // a qualifier value, such as until-recrawled
	TokSetRef                      // the-acap:resource-set:NAME
	TokLocalUsage                  // a locally defined usage in parentheses: (name)
	TokUsage                       // a standard usage name inside a definition, such as present-snippet
	TokPunct                       // a separator inside a value, such as ',' in Content-Signal
	numTokenKinds
)

var tokenKindNames = [numTokenKinds]string{
	TokError:      "error",
	TokSpace:      "space",
	TokNewline:    "newline",
	TokBOM:        "bom",
	TokComment:    "comment",
	TokVersion:    "version",
	TokField:      "field",
	TokColon:      "colon",
	TokValue:      "value",
	TokPattern:    "pattern",
	TokWildcard:   "wildcard",
	TokAnchor:     "anchor",
	TokQualName:   "qualifier-name",
	TokEquals:     "equals",
	TokQualValue:  "qualifier-value",
	TokSetRef:     "set-ref",
	TokLocalUsage: "local-usage",
	TokUsage:      "usage",
	TokPunct:      "punct",
}

// String returns a short lower-case name for the kind, stable enough to use
// as a CSS class suffix.
func (k TokenKind) String() string {
	if k < numTokenKinds {
		return tokenKindNames[k]
	}
	return "TokenKind(" + strconv.Itoa(int(k)) + ")"
}

// Token is one lexical element: its kind and the offsets of its first byte
// and of the byte just past it, in the file (or in the line given to
// ScanLine, shifted by its offset). Its text is src[Off:End]. A token is 12
// bytes; offsets fit in an int32 because files over MaxFileSize are refused.
// A token's line and column come from the line it was scanned in (see
// Line.Pos).
type Token struct {
	Off  int32 // offset of the first byte
	End  int32 // offset just past the last byte
	Kind TokenKind
}

// Len returns the token's length in bytes.
func (t Token) Len() int { return int(t.End - t.Off) }

// Text returns the token's bytes as a string.
func (t Token) Text(src []byte) string { return string(src[t.Off:t.End]) }
