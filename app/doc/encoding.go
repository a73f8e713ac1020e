package doc

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/acap-workbench/workbench/policy"
)

// DecodeFile returns the text of a file's bytes for the editor, and a
// warning when crawlers would read those bytes otherwise than the editor
// shows them. Crawlers read robots.txt as UTF-8 (RFC 9309, section 2.3):
// a file saved as UTF-16 (with a byte order mark, or without one when
// every other byte of its start is zero) is decoded, so that the person
// sees and can fix what they wrote, and the warning says what a crawler
// gets instead: the first bytes, and how many of the file's lines it reads
// as fields. Any other file is returned as it is (the browser's UTF-8
// decoding), with no warning.
func DecodeFile(name string, b []byte) (text, warning string) {
	order, bom := utf16Order(b)
	if order == nil {
		return string(b), ""
	}
	body := b[bom:]
	units := make([]uint16, len(body)/2)
	for i := range units {
		units[i] = order.Uint16(body[2*i:])
	}
	text = string(utf16.Decode(units))

	what := "little-endian"
	if order == binary.ByteOrder(binary.BigEndian) {
		what = "big-endian"
	}
	if bom > 0 {
		what += ", with a byte order mark"
	}
	read := 0
	if f, err := policy.Parse(name, b); err == nil {
		for _, l := range f.Lines {
			if l.Field != nil && l.Field.Kind != policy.FieldUnknown {
				read++
			}
		}
	}
	lines := strings.Count(text, "\n")
	if text != "" && !strings.HasSuffix(text, "\n") {
		lines++
	}
	reads := "none of its " + plural(lines, "line") + " as a rule or any other field"
	if read > 0 {
		reads = strconv.Itoa(read) + " of its " + plural(lines, "line") + " as fields"
	}
	who := "This file"
	if name != "" {
		who = "“" + name + "”"
	}
	warning = who + " is saved as UTF-16 (" + what + "). Crawlers read robots.txt as UTF-8: to them it starts with the bytes " +
		hexBytes(b, 16) + ", a zero byte beside every letter, and they read " + reads +
		". It is shown here decoded; Download saves it as UTF-8, the form to publish."
	if len(body)%2 != 0 {
		warning += " Its last byte, half a character, was left out."
	}
	return text, warning
}

// LooksUTF16 reports whether a file that starts with head (its first 130
// bytes are enough) is read as UTF-16 by DecodeFile.
func LooksUTF16(head []byte) bool {
	order, _ := utf16Order(head)
	return order != nil
}

// utf16Order tells whether b is UTF-16 and in which byte order, and how
// many bytes its byte order mark takes. Without a mark, b is taken for
// UTF-16 when at least 9 in 10 of its first (up to) 64 pairs of bytes pair a
// zero byte with a printable ASCII character or white space, the zero on
// the same side.
func utf16Order(b []byte) (binary.ByteOrder, int) {
	switch {
	case len(b) >= 2 && b[0] == 0xFF && b[1] == 0xFE:
		return binary.LittleEndian, 2
	case len(b) >= 2 && b[0] == 0xFE && b[1] == 0xFF:
		return binary.BigEndian, 2
	}
	n := min(len(b)/2, 64)
	if n < 2 {
		return nil, 0
	}
	ascii := func(c byte) bool { return c == '\t' || c == '\n' || c == '\r' || 0x20 <= c && c < 0x7f }
	le, be := 0, 0
	for i := 0; i < n; i++ {
		lo, hi := b[2*i], b[2*i+1]
		if hi == 0 && ascii(lo) {
			le++
		}
		if lo == 0 && ascii(hi) {
			be++
		}
	}
	switch {
	case le*10 >= n*9:
		return binary.LittleEndian, 0
	case be*10 >= n*9:
		return binary.BigEndian, 0
	}
	return nil, 0
}

// hexBytes writes the first n bytes of b in hexadecimal ("FF FE 55 00 …").
func hexBytes(b []byte, n int) string {
	var sb strings.Builder
	for i, c := range b[:min(n, len(b))] {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%02X", c)
	}
	if len(b) > n {
		sb.WriteString(" …")
	}
	return sb.String()
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
