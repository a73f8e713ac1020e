package doc

import (
	"encoding/binary"
	"strings"
	"testing"
	"unicode/utf16"
)

func encode16(s string, order binary.AppendByteOrder, bom bool) []byte {
	var b []byte
	if bom {
		b = order.AppendUint16(b, 0xFEFF)
	}
	for _, u := range utf16.Encode([]rune(s)) {
		b = order.AppendUint16(b, u)
	}
	return b
}

func TestDecodeFile(t *testing.T) {
	const src = "User-agent: *\nDisallow: /private/ # é\n"
	tests := []struct {
		name     string
		in       []byte
		want     string
		warnings []string // parts of the warning; none: no warning
	}{
		{"utf-8", []byte(src), src, nil},
		{"utf-8 with a byte order mark", append([]byte{0xEF, 0xBB, 0xBF}, src...), "\uFEFF" + src, nil},
		{"empty", nil, "", nil},
		{"one byte", []byte("U"), "U", nil},
		{"utf-16le with a mark", encode16(src, binary.LittleEndian, true), src,
			[]string{"“robots.txt” is saved as UTF-16 (little-endian, with a byte order mark)", "FF FE 55 00 73 00 65 00", "none of its 2 lines", "Download saves it as UTF-8"}},
		{"utf-16be with a mark", encode16(src, binary.BigEndian, true), src,
			[]string{"(big-endian, with a byte order mark)", "FE FF 00 55 00 73"}},
		{"utf-16le without a mark", encode16(src, binary.LittleEndian, false), src,
			[]string{"(little-endian)", "55 00 73 00"}},
		{"utf-16be without a mark", encode16(src, binary.BigEndian, false), src, []string{"(big-endian)"}},
		{"odd length", append(encode16(src, binary.LittleEndian, true), 'x'), src, []string{"Its last byte, half a character, was left out."}},
		// A binary file is not taken for UTF-16: LooksBinary refuses it.
		{"binary", []byte{0x89, 'P', 'N', 'G', 0, 0, 0, 0x0d, 'I', 'H', 'D', 'R'}, "\x89PNG\x00\x00\x00\rIHDR", nil},
	}
	for _, tt := range tests {
		got, warn := DecodeFile("robots.txt", tt.in)
		if got != tt.want {
			t.Errorf("%s: text %q, want %q", tt.name, got, tt.want)
		}
		if len(tt.warnings) == 0 && warn != "" {
			t.Errorf("%s: warning %q, want none", tt.name, warn)
		}
		for _, w := range tt.warnings {
			if !strings.Contains(warn, w) {
				t.Errorf("%s: warning %q lacks %q", tt.name, warn, w)
			}
		}
	}
}

func FuzzDecodeFile(f *testing.F) {
	f.Add([]byte("User-agent: *\n"))
	f.Add(encode16("User-agent: *\nDisallow: /\n", binary.LittleEndian, true))
	f.Add(encode16("Disallow: /\n", binary.BigEndian, false))
	f.Fuzz(func(t *testing.T, b []byte) {
		text, warn := DecodeFile("robots.txt", b)
		if warn == "" && text != string(b) {
			t.Errorf("no warning, but the text changed: %q -> %q", b, text)
		}
		if warn != "" && len(text) > 2*len(b) {
			t.Errorf("decoded %d bytes into %d", len(b), len(text))
		}
	})
}
