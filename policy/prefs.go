package policy

// Reading a statement of preference: the value of a Content-Usage or
// Content-Signal line, an optional path and then a Structured Fields
// Dictionary (RFC 9651 §3.2, parsed as its §4.2.2 says).

// Statement is one Content-Usage or Content-Signal line, read the way the
// IETF AI-preferences drafts read it (see the reading's choices in
// todayvocab.go). Offsets are byte offsets into the value given to
// ParseStatement.
type Statement struct {
	// Path is the path the statement is for, or "" when it has none (it
	// then applies to every path).
	Path     string
	PathOff  int
	PrefsOff int // where the preference text starts
	// Entries are the dictionary's members in the order written; a label
	// given twice appears twice (only the last counts).
	Entries []PrefEntry
	// Err is why the preference text is not a dictionary, or "". When it
	// is set every preference of the line is unknown.
	Err    string
	ErrOff int
	// Prefs is the preference the line states for each of today's
	// categories (search, train-ai, ai-input), PrefUnstated where it says
	// nothing.
	Prefs [numCategories]Preference
}

// PrefEntry is one member of the dictionary: a label and its value.
type PrefEntry struct {
	Label    string
	LabelOff int
	// Value is the value as written ("" for a label without value, which
	// the dictionary reads as the boolean true).
	Value    string
	ValueOff int
	// Token reports whether the value is a token (such as y or yes); any
	// other value (a string, a number, a boolean, an inner list) states no
	// preference.
	Token bool
	// Params are the keys of the member's parameters (";key=value"), which
	// the vocabulary ignores, with the offsets of their semicolons.
	Params    []string
	ParamOffs []int
}

// ParseStatement reads the value of a Content-Usage or Content-Signal line
// (kind says which vocabulary: FieldContentUsage or FieldContentSignal).
// It never fails: what it cannot read is reported in Err and leaves the
// preferences unknown, as the vocabulary draft's processing requires.
func ParseStatement(kind FieldKind, value string) Statement {
	var st Statement
	for i := range st.Prefs {
		st.Prefs[i] = PrefUnstated
	}
	i := 0
	if i < len(value) && value[i] == '/' {
		j := i
		for j < len(value) && value[j] != ' ' && value[j] != '\t' {
			j++
		}
		st.Path, st.PathOff = value[i:j], i
		for j < len(value) && (value[j] == ' ' || value[j] == '\t') {
			j++
		}
		i = j
	}
	st.PrefsOff = i
	d := dictParser{s: value, i: i}
	d.parse()
	st.Entries = d.entries
	if d.err != "" {
		st.Err, st.ErrOff = d.err, d.errAt
		return st
	}
	v := vocabOf(kind)
	// The last member with a label counts (RFC 9651 §4.2.2: a key given
	// twice keeps its last value).
	for _, e := range st.Entries {
		c, ok := v.labels[e.Label]
		if !ok {
			continue
		}
		switch {
		case e.Token && e.Value == v.yes:
			st.Prefs[c] = PrefAllowed
		case e.Token && e.Value == v.no:
			st.Prefs[c] = PrefDisallowed
		default:
			st.Prefs[c] = PrefUnstated
		}
	}
	return st
}

// dictParser parses an RFC 9651 Dictionary from s[i:].
type dictParser struct {
	s       string
	i       int
	entries []PrefEntry
	err     string
	errAt   int
}

func (d *dictParser) fail(msg string) {
	if d.err == "" {
		d.err, d.errAt = msg, d.i
	}
}

func (d *dictParser) peek() byte {
	if d.i < len(d.s) {
		return d.s[d.i]
	}
	return 0
}

func (d *dictParser) sp() {
	for d.i < len(d.s) && d.s[d.i] == ' ' {
		d.i++
	}
}

func (d *dictParser) ows() {
	for d.i < len(d.s) && (d.s[d.i] == ' ' || d.s[d.i] == '\t') {
		d.i++
	}
}

func (d *dictParser) parse() {
	d.sp()
	if d.i >= len(d.s) {
		return // an empty dictionary: no preference
	}
	for d.i < len(d.s) && d.err == "" {
		e := PrefEntry{LabelOff: d.i}
		e.Label = d.key()
		if d.err != "" {
			return
		}
		if d.peek() == '=' {
			d.i++
			e.ValueOff = d.i
			if d.peek() == '(' {
				d.innerList()
			} else {
				e.Token = d.bareItem()
			}
			e.Value = d.s[e.ValueOff:d.i]
		} else {
			e.ValueOff = d.i
		}
		e.Params, e.ParamOffs = d.params()
		if d.err != "" {
			return
		}
		d.entries = append(d.entries, e)
		d.ows()
		if d.i >= len(d.s) {
			return
		}
		if d.s[d.i] != ',' {
			d.fail("expected a comma between two preferences")
			return
		}
		d.i++
		d.ows()
		if d.i >= len(d.s) {
			d.fail("a comma ends the line")
			return
		}
	}
}

func isLcalpha(c byte) bool { return 'a' <= c && c <= 'z' }
func isDigit(c byte) bool   { return '0' <= c && c <= '9' }

// key reads a dictionary key: lcalpha or '*', then lcalpha, digits, _ - . *.
func (d *dictParser) key() string {
	start := d.i
	if c := d.peek(); !isLcalpha(c) && c != '*' {
		if 'A' <= c && c <= 'Z' {
			d.fail("labels are lower case")
		} else {
			d.fail("a label starts with a lower-case letter")
		}
		return ""
	}
	for d.i < len(d.s) {
		c := d.s[d.i]
		if isLcalpha(c) || isDigit(c) || c == '_' || c == '-' || c == '.' || c == '*' {
			d.i++
			continue
		}
		if 'A' <= c && c <= 'Z' {
			d.fail("labels are lower case")
		}
		break
	}
	return d.s[start:d.i]
}

func isTchar(c byte) bool {
	if isLcalpha(c) || ('A' <= c && c <= 'Z') || isDigit(c) {
		return true
	}
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~':
		return true
	}
	return false
}

// bareItem reads one bare item and reports whether it is a token.
func (d *dictParser) bareItem() bool {
	c := d.peek()
	switch {
	case c == '-' || isDigit(c):
		d.number()
	case c == '"':
		d.str()
	case c == '*' || isLcalpha(c) || ('A' <= c && c <= 'Z'):
		d.i++
		for d.i < len(d.s) && (isTchar(d.s[d.i]) || d.s[d.i] == ':' || d.s[d.i] == '/') {
			d.i++
		}
		return true
	case c == ':':
		d.i++
		for d.i < len(d.s) && d.s[d.i] != ':' {
			b := d.s[d.i]
			if !(isLcalpha(b) || ('A' <= b && b <= 'Z') || isDigit(b) || b == '+' || b == '/' || b == '=') {
				d.fail("a byte sequence holds base64 only")
				return false
			}
			d.i++
		}
		if d.i >= len(d.s) {
			d.fail("a byte sequence is not closed")
			return false
		}
		d.i++
	case c == '?':
		d.i++
		if c := d.peek(); c != '0' && c != '1' {
			d.fail("a boolean is ?0 or ?1")
			return false
		}
		d.i++
	case c == '@':
		d.i++
		d.number()
	case c == '%':
		d.i++
		if d.peek() != '"' {
			d.fail("a display string starts with %\"")
			return false
		}
		d.str()
	default:
		d.fail("a value is a token (such as y or n), a number or a quoted string")
	}
	return false
}

func (d *dictParser) number() {
	if d.peek() == '-' {
		d.i++
	}
	digits, dot, frac := 0, false, 0
	for d.i < len(d.s) {
		c := d.s[d.i]
		if isDigit(c) {
			if dot {
				frac++
			} else {
				digits++
			}
		} else if c == '.' && !dot {
			dot = true
		} else {
			break
		}
		d.i++
	}
	switch {
	case digits == 0:
		d.fail("a number needs digits")
	case !dot && digits > 15, dot && (digits > 12 || frac == 0 || frac > 3):
		d.fail("the number is too long")
	}
}

func (d *dictParser) str() {
	d.i++ // the opening quote
	for d.i < len(d.s) {
		c := d.s[d.i]
		d.i++
		switch {
		case c == '\\':
			if d.i >= len(d.s) || (d.s[d.i] != '"' && d.s[d.i] != '\\') {
				d.fail("a backslash in a string escapes \" or \\ only")
				return
			}
			d.i++
		case c == '"':
			return
		case c < 0x20 || c > 0x7e:
			d.fail("a string holds printable ASCII only")
			return
		}
	}
	d.fail("a string is not closed")
}

func (d *dictParser) innerList() {
	d.i++ // '('
	for d.i < len(d.s) && d.err == "" {
		d.sp()
		if d.peek() == ')' {
			d.i++
			return
		}
		d.bareItem()
		d.params()
		if c := d.peek(); c != ' ' && c != ')' {
			d.fail("an inner list is not closed")
			return
		}
	}
	d.fail("an inner list is not closed")
}

func (d *dictParser) params() (keys []string, offs []int) {
	for d.err == "" && d.peek() == ';' {
		off := d.i
		d.i++
		d.sp()
		k := d.key()
		keys, offs = append(keys, k), append(offs, off)
		if d.err == "" && d.peek() == '=' {
			d.i++
			d.bareItem()
		}
	}
	return keys, offs
}
