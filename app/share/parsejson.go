package share

import (
	"bytes"
	"encoding/json"
	"errors"
	"unicode/utf8"
)

// ParseJSON reads a State from its JSON (a link's, once decompressed, or a
// saved shared view's). When strict, a field State does not have is an
// error, as is anything after the object.
//
// JSON as encoding/json writes it (no spaces, each field once, the
// escapes it uses) is read by a reader made for State: a link of 1 MiB
// took 2.6 ms against encoding/json's 15.8 natively (BenchmarkParseJSON),
// and 14 against 48 ms of the page's start under WebAssembly. Anything
// else that reader does not read (spaces, null, a key in another case,
// an escaped surrogate, bytes that are not UTF-8) is left to
// encoding/json, so the result is encoding/json's in every case
// (FuzzParseJSON checks it).
func ParseJSON(data []byte, strict bool) (State, error) {
	if s, ok := parseCanonical(data); ok {
		return s, nil
	}
	return parseJSON(data, strict)
}

// parseJSON is ParseJSON by encoding/json alone.
func parseJSON(data []byte, strict bool) (State, error) {
	var s State
	if !strict {
		if err := json.Unmarshal(data, &s); err != nil {
			return State{}, err
		}
		return s, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return State{}, err
	}
	if dec.More() {
		return State{}, errAfter
	}
	return s, nil
}

var errAfter = errors.New("data after the workspace")

// parseCanonical reads data when it is one JSON object of State's fields
// written the way encoding/json writes them; ok is false otherwise, and
// then nothing of it is used.
func parseCanonical(data []byte) (s State, ok bool) {
	p := canonReader{b: data}
	if !p.object(func(key string) bool {
		switch key {
		case "v":
			return p.int(&s.Version)
		case "a":
			return p.int(&s.Active)
		case "f":
			s.Files = []File{}
			return p.array(func() bool {
				var f File
				ok := p.object(func(key string) bool {
					switch key {
					case "n":
						return p.str(&f.Name)
					case "t":
						return p.str(&f.Text)
					}
					return false
				})
				s.Files = append(s.Files, f)
				return ok
			})
		case "u":
			s.URLs = []string{}
			return p.array(func() bool {
				var u string
				ok := p.str(&u)
				s.URLs = append(s.URLs, u)
				return ok
			})
		case "c":
			return p.str(&s.Crawler)
		case "ua":
			return p.bool(&s.UserAgent)
		case "p":
			return p.str(&s.Purpose)
		case "d":
			return p.str(&s.Date)
		case "k":
			return p.str(&s.Kind)
		case "o":
			return p.str(&s.Panel)
		}
		return false
	}) || p.i != len(p.b) {
		return State{}, false
	}
	return s, true
}

// canonReader reads JSON without spaces, each method one value; a method
// returns false at anything it does not read.
type canonReader struct {
	b []byte
	i int
}

func (p *canonReader) byte(c byte) bool {
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}

// object reads an object, calling field for each key once the key and its
// colon are read; a key met twice is not read.
func (p *canonReader) object(field func(key string) bool) bool {
	if !p.byte('{') {
		return false
	}
	if p.byte('}') {
		return true
	}
	var seen []string
	for {
		var key string
		if !p.str(&key) || !p.byte(':') {
			return false
		}
		for _, k := range seen {
			if k == key {
				return false
			}
		}
		seen = append(seen, key)
		if !field(key) {
			return false
		}
		if p.byte('}') {
			return true
		}
		if !p.byte(',') {
			return false
		}
	}
}

// array reads an array, calling elem for each element.
func (p *canonReader) array(elem func() bool) bool {
	if !p.byte('[') {
		return false
	}
	if p.byte(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if p.byte(']') {
			return true
		}
		if !p.byte(',') {
			return false
		}
	}
}

// int reads an integer of at most 9 digits.
func (p *canonReader) int(v *int) bool {
	neg := p.byte('-')
	start, n := p.i, 0
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		n = n*10 + int(p.b[p.i]-'0')
		p.i++
	}
	digits := p.i - start
	if digits == 0 || digits > 9 || digits > 1 && p.b[start] == '0' {
		return false
	}
	if p.i < len(p.b) && (p.b[p.i] == '.' || p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		return false
	}
	if neg {
		n = -n
	}
	*v = n
	return true
}

func (p *canonReader) bool(v *bool) bool {
	switch {
	case bytes.HasPrefix(p.b[p.i:], []byte("true")):
		*v = true
		p.i += 4
	case bytes.HasPrefix(p.b[p.i:], []byte("false")):
		*v = false
		p.i += 5
	default:
		return false
	}
	return true
}

// str reads a string of valid UTF-8 whose escapes are those of
// encoding/json: \" \\ \/ \b \f \n \r \t, and \u for a character that is
// not half of a surrogate pair.
func (p *canonReader) str(v *string) bool {
	if !p.byte('"') {
		return false
	}
	var out []byte // nil while the string has no escape
	start := p.i
	for {
		run := p.i
		for p.i < len(p.b) && p.b[p.i] >= 0x20 && p.b[p.i] != '"' && p.b[p.i] != '\\' {
			p.i++
		}
		if !utf8.Valid(p.b[run:p.i]) {
			return false
		}
		if out != nil {
			out = append(out, p.b[run:p.i]...)
		}
		if p.i == len(p.b) || p.b[p.i] < 0x20 {
			return false
		}
		if p.b[p.i] == '"' {
			if out == nil {
				*v = string(p.b[start:p.i])
			} else {
				*v = string(out)
			}
			p.i++
			return true
		}
		// A backslash.
		if out == nil {
			// The string is no longer than the rest of the input.
			out = append(make([]byte, 0, len(p.b)-start), p.b[start:p.i]...)
		}
		if p.i+1 == len(p.b) {
			return false
		}
		c := p.b[p.i+1]
		p.i += 2
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
			r, ok := p.hex4()
			if !ok || utf8.RuneLen(r) < 0 { // a surrogate
				return false
			}
			out = utf8.AppendRune(out, r)
		default:
			return false
		}
	}
}

func (p *canonReader) hex4() (rune, bool) {
	if p.i+4 > len(p.b) {
		return 0, false
	}
	var r rune
	for _, c := range p.b[p.i : p.i+4] {
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
		r = r<<4 | rune(c)
	}
	p.i += 4
	return r, true
}
