// Package jsonlite reads JSON a value at a time, for decoders made for one
// shape of data that leave everything else to encoding/json: each method
// reads a value as encoding/json would, or returns false where
// encoding/json might read something else or refuse it (an escape of half
// a surrogate pair, bytes that are not UTF-8, a number that does not fit).
// The caller then drops what it read and calls encoding/json, so that its
// result is encoding/json's in every case, and a fuzz test comparing the
// two can say so.
//
// In the browser such a decoder is many times quicker than encoding/json,
// which decodes by reflection: the crawler directory, a share link's 1
// MiB.
package jsonlite

import "unicode/utf8"

// A Reader reads values from its data, in order.
type Reader struct {
	data []byte
	i    int
}

// NewReader reads data from its start.
func NewReader(data []byte) *Reader { return &Reader{data: data} }

func (r *Reader) space() {
	for r.i < len(r.data) {
		switch r.data[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// Consume skips white space and then c, if it comes next.
func (r *Reader) Consume(c byte) bool {
	r.space()
	if r.i < len(r.data) && r.data[r.i] == c {
		r.i++
		return true
	}
	return false
}

// End reports whether only white space is left.
func (r *Reader) End() bool {
	r.space()
	return r.i == len(r.data)
}

// Object reads an object, calling field for each key once the key and its
// colon are read; field reads the value. A key met twice is given to field
// twice.
func (r *Reader) Object(field func(key string) bool) bool {
	if !r.Consume('{') {
		return false
	}
	if r.Consume('}') {
		return true
	}
	for {
		key, ok := r.Str()
		if !ok || !r.Consume(':') || !field(key) {
			return false
		}
		if r.Consume('}') {
			return true
		}
		if !r.Consume(',') {
			return false
		}
	}
}

// Array reads an array, calling elem to read each element.
func (r *Reader) Array(elem func() bool) bool {
	if !r.Consume('[') {
		return false
	}
	if r.Consume(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if r.Consume(']') {
			return true
		}
		if !r.Consume(',') {
			return false
		}
	}
}

// Str reads a string of valid UTF-8 whose escapes are \" \\ \/ \b \f \n
// \r \t, and \u for a character that is not half of a surrogate pair.
func (r *Reader) Str() (string, bool) {
	if !r.Consume('"') {
		return "", false
	}
	var out []byte // nil until an escape is met
	start := r.i
	for {
		run := r.i
		for r.i < len(r.data) && r.data[r.i] >= 0x20 && r.data[r.i] != '"' && r.data[r.i] != '\\' {
			r.i++
		}
		if !utf8.Valid(r.data[run:r.i]) {
			return "", false
		}
		if out != nil {
			out = append(out, r.data[run:r.i]...)
		}
		if r.i == len(r.data) || r.data[r.i] < 0x20 {
			return "", false
		}
		if r.data[r.i] == '"' {
			r.i++
			if out == nil {
				return string(r.data[start : r.i-1]), true
			}
			return string(out), true
		}
		// A backslash.
		if out == nil {
			// The string is no longer than the rest of the data.
			out = append(make([]byte, 0, len(r.data)-start), r.data[start:r.i]...)
		}
		if r.i+1 == len(r.data) {
			return "", false
		}
		c := r.data[r.i+1]
		r.i += 2
		switch c {
		case '"', '\\', '/':
			out = append(out, c)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			c, ok := r.hex4()
			if !ok || utf8.RuneLen(c) < 0 { // a surrogate
				return "", false
			}
			out = utf8.AppendRune(out, c)
		default:
			return "", false
		}
	}
}

func (r *Reader) hex4() (rune, bool) {
	if r.i+4 > len(r.data) {
		return 0, false
	}
	var n rune
	for _, c := range r.data[r.i : r.i+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		n = n<<4 | rune(c)
	}
	r.i += 4
	return n, true
}

// Int reads an integer of at most 9 digits, without a fraction or an
// exponent.
func (r *Reader) Int() (int, bool) {
	r.space()
	neg := r.i < len(r.data) && r.data[r.i] == '-'
	if neg {
		r.i++
	}
	start := r.i
	n := r.digits()
	if n == 0 || n > 9 || n > 1 && r.data[start] == '0' {
		return 0, false
	}
	if r.i < len(r.data) && (r.data[r.i] == '.' || r.data[r.i] == 'e' || r.data[r.i] == 'E') {
		return 0, false
	}
	v := 0
	for _, c := range r.data[start:r.i] {
		v = v*10 + int(c-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}

// Bool reads true or false.
func (r *Reader) Bool() (v, ok bool) {
	switch {
	case r.word("true"):
		return true, true
	case r.word("false"):
		return false, true
	}
	return false, false
}

// word skips white space and then w, if it comes next.
func (r *Reader) word(w string) bool {
	r.space()
	if len(r.data)-r.i >= len(w) && string(r.data[r.i:r.i+len(w)]) == w {
		r.i += len(w)
		return true
	}
	return false
}

// Scalar reads a string, a number, true, false or null, and drops it.
func (r *Reader) Scalar() bool {
	r.space()
	if r.i >= len(r.data) {
		return false
	}
	switch c := r.data[r.i]; {
	case c == '"':
		_, ok := r.Str()
		return ok
	case c == '-' || c >= '0' && c <= '9':
		return r.number()
	}
	return r.word("true") || r.word("false") || r.word("null")
}

// number reads a number as JSON writes it:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?.
func (r *Reader) number() bool {
	if r.data[r.i] == '-' {
		r.i++
	}
	if r.i < len(r.data) && r.data[r.i] == '0' {
		r.i++
	} else if r.digits() == 0 {
		return false
	}
	if r.i < len(r.data) && r.data[r.i] == '.' {
		r.i++
		if r.digits() == 0 {
			return false
		}
	}
	if r.i < len(r.data) && (r.data[r.i] == 'e' || r.data[r.i] == 'E') {
		r.i++
		if r.i < len(r.data) && (r.data[r.i] == '+' || r.data[r.i] == '-') {
			r.i++
		}
		if r.digits() == 0 {
			return false
		}
	}
	return true
}

// digits reads decimal digits and says how many.
func (r *Reader) digits() int {
	n := 0
	for r.i < len(r.data) && r.data[r.i] >= '0' && r.data[r.i] <= '9' {
		r.i++
		n++
	}
	return n
}
