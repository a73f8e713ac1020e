package policy

import (
	"io"
	"strings"
)

// Print writes the file back from its tokens: the output is the input, byte
// for byte.
func Print(w io.Writer, f *File) error {
	var b strings.Builder
	b.Grow(len(f.text))
	for _, t := range Scan(f.Src) {
		b.WriteString(f.text[t.Off:t.End])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Tidy returns the file with its layout normalised and its meaning kept:
// known field names in their canonical spelling and case, no spaces before a
// line's field or colon, one space after the colon, single spaces between
// the words of ACAP values, qualifiers written type=value, and no trailing
// spaces. Comments, line endings, patterns and conventional values are kept
// as written, and lines with errors are left alone (tidying cannot know
// what they were meant to say).
func Tidy(f *File) []byte {
	var b strings.Builder
	b.Grow(len(f.text) + len(f.text)/8)
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Field == nil || l.Field.Status == StatusSkipped || l.Field.Near || (!l.Field.Colon && l.Field.Kind != FieldACAPIgnoreConventional) ||
			l.Field.Kind == FieldUnknown || l.Field.Kind == FieldACAPUnknown {
			tidyOther(&b, f, l)
			continue
		}
		tidyField(&b, f, l)
	}
	return []byte(b.String())
}

// tidyOther copies a line, dropping trailing spaces (before the line ending)
// on lines that hold no field; field lines are copied unchanged.
func tidyOther(b *strings.Builder, f *File, l *Line) {
	if l.Field != nil {
		b.WriteString(f.text[l.Start:l.Next])
		return
	}
	end := l.End
	for end > l.Start && (f.text[end-1] == ' ' || f.text[end-1] == '\t') {
		end--
	}
	if l.Kind == LineComment || l.Kind == LineVersion {
		// Keep the indentation of comments as written.
		b.WriteString(f.text[l.Start:end])
	} else {
		// A blank line: keep a BOM, drop the spaces.
		for _, t := range f.LineTokens(l.Num) {
			if t.Kind == TokBOM {
				b.WriteString(f.text[t.Off:t.End])
			}
		}
	}
	b.WriteString(f.text[l.End:l.Next])
}

// tidyField writes a field line in tidy form.
func tidyField(b *strings.Builder, f *File, l *Line) {
	fd := l.Field
	toks := f.LineTokens(l.Num)
	for _, t := range toks {
		if t.Kind == TokBOM {
			b.WriteString(f.text[t.Off:t.End])
		}
	}
	b.WriteString(canonicalName(fd))
	if fd.Kind != FieldACAPIgnoreConventional {
		b.WriteByte(':')
	}
	// The value.
	var val strings.Builder
	switch fd.Kind {
	case FieldACAPAllow, FieldACAPDisallow, FieldACAPRequest, FieldACAPQualifiedUsage,
		FieldACAPCompositeUsage, FieldACAPResourceSet, FieldContentSignal, FieldContentUsage:
		space := false
		prev := TokSpace // the kind of the last token written
		for _, t := range toks {
			if int(t.Off) < fd.Value.Pos.Offset || int(t.End) > fd.Value.End() || t.End == t.Off {
				continue
			}
			switch t.Kind {
			case TokSpace:
				space = true
				continue
			case TokEquals:
				// "type = value" -> "type=value"; an '=' after a word that
				// is not a qualifier type stays apart ("present =" is the
				// usage present and a qualifier without a type, while
				// "present=" would be an unknown usage).
				if prev == TokQualName {
					space = false
				}
			case TokQualValue, TokPunct:
				if prev == TokEquals || t.Kind == TokPunct {
					space = false // "type= value" -> "type=value", "a , b" -> "a, b"
				}
			}
			prev = t.Kind
			if space && val.Len() > 0 {
				val.WriteByte(' ')
			}
			space = false
			text := f.text[t.Off:t.End]
			if t.Kind == TokQualName && lookupQualType(text) != QualUnknown {
				text = strings.ToLower(text)
			}
			val.WriteString(text)
			if t.Kind == TokPunct {
				space = true
			}
		}
	default:
		val.WriteString(fd.Value.Text)
	}
	if val.Len() > 0 {
		b.WriteByte(' ')
		b.WriteString(val.String())
	}
	// The comment, with the spacing before it as written. A comment may come
	// in several tokens (a NUL ends what Google reads of a line, and the rest
	// is its own comment token): only the first gets a gap before it.
	for i, t := range toks {
		if t.Kind == TokComment {
			if i == 0 || toks[i-1].Kind != TokComment {
				gap := " "
				if i > 0 && toks[i-1].Kind == TokSpace {
					gap = f.text[toks[i-1].Off:toks[i-1].End]
				}
				b.WriteString(gap)
			}
			b.WriteString(f.text[t.Off:t.End])
		}
	}
	b.WriteString(f.text[l.End:l.Next])
}

// canonicalName returns the field's name in its canonical spelling.
func canonicalName(fd *Field) string {
	switch fd.Kind {
	case FieldACAPAllow, FieldACAPDisallow:
		prefix := "ACAP-allow-"
		if fd.Kind == FieldACAPDisallow {
			prefix = "ACAP-disallow-"
		}
		if fd.Local() != "" {
			// Keep the local name as written (names are case-insensitive).
			return prefix + fd.Name.Text[len(prefix):]
		}
		return prefix + fd.Usage.String()
	case FieldACAPRequest:
		return "ACAP-request-" + strings.ToLower(fd.Action())
	}
	return fd.Kind.String()
}
