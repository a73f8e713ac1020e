package ui

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/doc"
)

// Saved records that cannot be read back whole are salvaged: the texts
// they hold are read whatever else is wrong (a field of the wrong type, a
// record cut short, an unknown version), and the record itself is kept
// aside under a key of its own (keepAside), never over an earlier one.
// The next visit offers what was kept as files of the workspace.

// maxNameLen caps a stored file name (bytes) as it is read back.
const maxNameLen = 255

// capName cuts name to maxNameLen bytes, on a character boundary.
func capName(name string) string {
	if len(name) <= maxNameLen {
		return name
	}
	n := maxNameLen
	for n > 0 && !utf8.RuneStart(name[n]) {
		n--
	}
	return name[:n]
}

// SalvageFiles reads the files of a stored record that is not what the
// app writes: every string member "text", with the string member "name"
// seen last before it in the same record (or unnamed, the name then
// given). It reads records cut short, and skips members of the wrong type;
// it never fails. A text over doc.MaxSize is left out.
func SalvageFiles(raw, unnamed string) []wsFile {
	var out []wsFile
	key, name := "", ""
	for i := 0; i < len(raw); {
		c := raw[i]
		switch c {
		case '"':
			s, next := lenientString(raw, i)
			i = next
			j := i
			for j < len(raw) && (raw[j] == ' ' || raw[j] == '\t' || raw[j] == '\n' || raw[j] == '\r') {
				j++
			}
			if j < len(raw) && raw[j] == ':' {
				key, i = s, j+1
				continue
			}
			switch key {
			case "name":
				name = capName(strings.TrimSpace(s))
			case "text":
				if len(s) <= doc.MaxSize {
					n := name
					if n == "" {
						n = unnamed
					}
					out = append(out, wsFile{Name: n, Text: s, Dirty: true})
				}
				name = ""
			}
			key = ""
		case '{':
			name, key = "", ""
			i++
		default:
			if c == ',' || c == '}' || c == ']' {
				key = ""
			}
			i++
		}
	}
	return out
}

// lenientString decodes the JSON string that starts with the quote at
// raw[i], up to its closing quote or the end of raw, and returns it with
// the offset after it. Escapes it cannot read are kept as written.
func lenientString(raw string, i int) (string, int) {
	var b strings.Builder
	i++
	for i < len(raw) {
		c := raw[i]
		switch {
		case c == '"':
			return b.String(), i + 1
		case c == '\\' && i+1 < len(raw):
			e := raw[i+1]
			i += 2
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'u':
				if i+4 <= len(raw) {
					if v, err := strconv.ParseUint(raw[i:i+4], 16, 32); err == nil {
						r := rune(v)
						i += 4
						if r >= 0xD800 && r < 0xDC00 && i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
							if lo, err := strconv.ParseUint(raw[i+2:i+6], 16, 32); err == nil && lo >= 0xDC00 && lo < 0xE000 {
								r = (r-0xD800)<<10 + (rune(lo) - 0xDC00) + 0x10000
								i += 6
							}
						}
						b.WriteRune(r)
						continue
					}
				}
				b.WriteString(`\u`)
			default:
				b.WriteByte(e) // \" \\ \/ and anything else as itself
			}
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), i
}

// keepAside stores raw, a record that could not be read back, under the
// first free key of base, base.2, … base.9, and returns that key; "" when
// all are taken or the browser refuses (the record then stays where it
// is).
func keepAside(base, raw string) string {
	for n := 1; n <= 9; n++ {
		k := base
		if n > 1 {
			k += "." + strconv.Itoa(n)
		}
		if _, taken, _ := storageGet(k); taken {
			continue
		}
		if storageSet(k, raw) == nil {
			return k
		}
		return ""
	}
	return ""
}

// keptEarlier lists the keys under which records that could not be read
// back were kept (KeyUnreadable and the keys keepAside makes from it).
func keptEarlier() []string {
	var keys []string
	_ = jsTry(func() {
		st := storage()
		for i, n := 0, st.Get("length").Int(); i < n; i++ {
			if k := st.Call("key", i); k.Type() == app.TypeString && strings.HasPrefix(k.String(), KeyUnreadable) {
				keys = append(keys, k.String())
			}
		}
	})
	sort.Strings(keys)
	return keys
}

// openKept adds the files of the records kept earlier to the workspace,
// as copies, and removes the records once saved.
func (w *workspace) openKept(ctx app.Context, e app.Event) {
	var files []wsFile
	for _, k := range w.kept {
		raw, ok, _ := storageGet(k)
		if !ok {
			continue
		}
		fs := SalvageFiles(raw, "recovered.txt")
		if len(fs) == 0 && !doc.LooksBinary(raw) && len(raw) <= doc.MaxSize {
			fs = []wsFile{{Name: "recovered.txt", Text: raw, Dirty: true}}
		}
		files = append(files, fs...)
	}
	keys := w.kept
	w.kept = nil
	mine := w.currentFiles()
	merged, overflow := MergeKeepBoth(mine, files)
	w.showFiles(merged)
	w.saveNow()
	if w.saveFailed {
		w.notify("The recovered text is shown, but this browser could not save it: download the files you want to keep.")
		return
	}
	for _, k := range keys {
		storageRemove(k)
	}
	w.keepOverflow(overflow)
	var names []string
	for _, f := range append(merged[len(mine):], overflow...) {
		names = append(names, "“"+f.Name+"”")
	}
	if len(names) == 0 {
		w.notify("The text kept from an earlier visit is already in your workspace.")
		return
	}
	w.notify("Recovered text from an earlier visit: " + strings.Join(names, ", ") + ".")
}

// keptBanner offers the records kept from an earlier visit.
func (w *workspace) keptBanner() app.UI {
	n := len(w.kept)
	what := "a record"
	if n > 1 {
		what = strconv.Itoa(n) + " records"
	}
	return app.Div().ID("kept-banner").Class("shared-banner").Role("status").Body(
		app.Span().Text("Recovered text from an earlier visit: this browser kept "+what+" that could not be restored then."),
		app.Button().ID("kept-open").Class("btn").Type("button").Text("Open as files").OnClick(w.openKept),
		app.Button().ID("kept-later").Class("btn").Type("button").Text("Not now").
			OnClick(func(app.Context, app.Event) { w.kept = nil }),
	)
}
