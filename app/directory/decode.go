package directory

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// rawEntry is a crawler's object in robots.json.
type rawEntry struct {
	Operator    string `json:"operator"`
	Respect     string `json:"respect"`
	Function    string `json:"function"`
	Description string `json:"description"`
}

// decodeSimple reads robots.json in the shape the directory has, an
// object of objects whose values are strings (and, for keys that are not
// fields, also numbers, true, false and null), into what
// encoding/json.Unmarshal makes of it. It returns ok false for anything
// else (other values, a key that only differs from a field's name in case,
// an escape or byte that encoding/json would replace or refuse), which the
// caller then leaves to encoding/json. In the browser it is many times
// quicker than encoding/json, which decodes by reflection, and runs little
// code that the page has to compile the first time it is called.
func decodeSimple(data []byte) (map[string]rawEntry, bool) {
	d := &simpleDecoder{data: data}
	out := map[string]rawEntry{}
	if !d.consume('{') {
		return nil, false
	}
	if d.consume('}') {
		return out, d.end()
	}
	for {
		tok, ok := d.str()
		if !ok || !d.consume(':') || !d.consume('{') {
			return nil, false
		}
		var e rawEntry
		if !d.consume('}') {
			for {
				k, ok := d.str()
				if !ok || !d.consume(':') {
					return nil, false
				}
				var field *string
				switch k {
				case "operator":
					field = &e.Operator
				case "respect":
					field = &e.Respect
				case "function":
					field = &e.Function
				case "description":
					field = &e.Description
				default:
					if foldsToField(k) {
						return nil, false
					}
				}
				if field == nil {
					// Not a field: encoding/json checks the value and
					// drops it.
					if !d.scalar() {
						return nil, false
					}
				} else if *field, ok = d.str(); !ok {
					return nil, false
				}
				if d.consume('}') {
					break
				}
				if !d.consume(',') {
					return nil, false
				}
			}
		}
		out[tok] = e
		if d.consume('}') {
			return out, d.end()
		}
		if !d.consume(',') {
			return nil, false
		}
	}
}

// foldsToField reports whether encoding/json could take key for one of
// rawEntry's fields although it is not the field's name as written: it
// matches names without regard to case (Unicode's too), so every key
// that is not plain ASCII counts.
func foldsToField(key string) bool {
	for i := 0; i < len(key); i++ {
		if key[i] >= utf8.RuneSelf {
			return true
		}
	}
	for _, f := range []string{"operator", "respect", "function", "description"} {
		if len(key) == len(f) {
			same := true
			for i := 0; i < len(f); i++ {
				if c := key[i] | 0x20; c != f[i] {
					same = false
					break
				}
			}
			if same {
				return true
			}
		}
	}
	return false
}

type simpleDecoder struct {
	data []byte
	i    int
}

func (d *simpleDecoder) space() {
	for d.i < len(d.data) {
		switch d.data[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// consume skips white space and then c, if it comes next.
func (d *simpleDecoder) consume(c byte) bool {
	d.space()
	if d.i < len(d.data) && d.data[d.i] == c {
		d.i++
		return true
	}
	return false
}

// end reports whether only white space is left.
func (d *simpleDecoder) end() bool {
	d.space()
	return d.i == len(d.data)
}

// scalar reads a string, a number, true, false or null.
func (d *simpleDecoder) scalar() bool {
	d.space()
	if d.i >= len(d.data) {
		return false
	}
	rest := string(d.data[d.i:min(d.i+5, len(d.data))])
	switch c := d.data[d.i]; {
	case c == '"':
		_, ok := d.str()
		return ok
	case strings.HasPrefix(rest, "true"), strings.HasPrefix(rest, "null"):
		d.i += 4
	case rest == "false":
		d.i += 5
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	default:
		return false
	}
	return true
}

// number reads a number as JSON writes it:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?.
func (d *simpleDecoder) number() bool {
	digits := func() int {
		n := 0
		for d.i < len(d.data) && d.data[d.i] >= '0' && d.data[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	if d.data[d.i] == '-' {
		d.i++
	}
	if d.i < len(d.data) && d.data[d.i] == '0' {
		d.i++
	} else if digits() == 0 {
		return false
	}
	if d.i < len(d.data) && d.data[d.i] == '.' {
		d.i++
		if digits() == 0 {
			return false
		}
	}
	if d.i < len(d.data) && (d.data[d.i] == 'e' || d.data[d.i] == 'E') {
		d.i++
		if d.i < len(d.data) && (d.data[d.i] == '+' || d.data[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			return false
		}
	}
	return true
}

// str reads a string. Escapes of a surrogate half are left to
// encoding/json, which decodes pairs and replaces lone halves.
func (d *simpleDecoder) str() (string, bool) {
	if !d.consume('"') {
		return "", false
	}
	start := d.i
	var b []byte // nil until an escape is met
	for d.i < len(d.data) {
		c := d.data[d.i]
		switch {
		case c == '"':
			s := d.data[start:d.i]
			d.i++
			if b != nil {
				return string(append(b, s...)), true
			}
			return string(s), true
		case c < 0x20:
			return "", false
		case c == '\\':
			if d.i+1 >= len(d.data) {
				return "", false
			}
			b = append(b, d.data[start:d.i]...)
			esc := d.data[d.i+1]
			d.i += 2
			switch esc {
			case '"', '\\', '/':
				b = append(b, esc)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				if d.i+4 > len(d.data) {
					return "", false
				}
				n, err := strconv.ParseUint(string(d.data[d.i:d.i+4]), 16, 16)
				if err != nil || (n >= 0xd800 && n < 0xe000) {
					return "", false
				}
				b = utf8.AppendRune(b, rune(n))
				d.i += 4
			default:
				return "", false
			}
			start = d.i
		case c < utf8.RuneSelf:
			d.i++
		default:
			r, n := utf8.DecodeRune(d.data[d.i:])
			if r == utf8.RuneError && n == 1 {
				return "", false
			}
			d.i += n
		}
	}
	return "", false
}
