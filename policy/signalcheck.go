package policy

import "strings"

// Today's usage signals: lines that say, in the vocabulary publishers use
// now, what ACAP tried to say. The today kind decides them; the checker
// reports what the drafts would not read as the author meant.
//
//	Content-Usage: train-ai=n              (IETF AI preferences: y or n per category)
//	Content-Usage: /blog/ search=y         (optionally for a path)
//	Content-Signal: search=yes, ai-train=no (Content Signals Policy: yes or no)
//	License: https://example.com/license.xml (RSL: the URL of a licence file)

// subSpan returns the bytes [i, j) of a one-line span.
func subSpan(s Span, i, j int) Span {
	if j > len(s.Text) {
		j = len(s.Text)
	}
	if i > j {
		i = j
	}
	return Span{Pos: Pos{Offset: s.Pos.Offset + i, Line: s.Pos.Line, Col: s.Pos.Col + i}, Text: s.Text[i:j]}
}

// checkSignal checks a Content-Usage, Content-Signal or License line.
func (p *parser) checkSignal(fd *Field) {
	if fd.Kind == FieldLicense {
		if !isAbsURL(fd.Value.Text) {
			p.report(fd.Value, finding{sev: SevWarning, code: CodeSignalSyntax, section: secSignals, msg: "License takes the full URL of an RSL licence file, such as https://example.com/license.xml"})
		}
		return
	}
	v := vocabOf(fd.Kind)
	val := fd.Value
	st := ParseStatement(fd.Kind, val.Text)
	if st.Err != "" {
		p.checkUnreadable(fd, v, st)
		return
	}
	if len(st.Entries) == 0 {
		p.report(fd.Name, finding{sev: SevWarning, code: CodeSignalSyntax, section: secSignals, msg: v.name + " states no preference; write, for example, " + v.name + ": " + v.example})
		return
	}
	last := map[string]int{}
	for i, e := range st.Entries {
		last[e.Label] = i
	}
	for _, e := range st.Entries {
		for j, k := range e.Params {
			if _, known := v.labels[k]; known {
				ps := subSpan(val, e.ParamOffs[j], e.ParamOffs[j]+1)
				p.report(ps, finding{sev: SevWarning, code: CodeSignalSyntax, section: secSignals, msg: "a semicolon makes " + k + " a parameter of " + e.Label + ", which is ignored; separate preferences with commas", fix: replace("Write a comma", ps, ",")})
			}
		}
	}
	for i, e := range st.Entries {
		ls := subSpan(val, e.LabelOff, e.LabelOff+len(e.Label))
		if _, known := v.labels[e.Label]; !known {
			msg := "\"" + e.Label + "\" is not a label " + v.name + " knows, so it is ignored (the labels are " + knownLabels(v) + ")"
			var fix *Fix
			meant, near := v.near[e.Label]
			if !near || meant == "" {
				meant = closest(e.Label, knownLabelList(v), 2)
			}
			if meant != "" {
				msg = "\"" + e.Label + "\" is ignored: " + v.name + " knows " + knownLabels(v) + "; did you mean " + meant + "?"
				fix = replace("Write "+meant, ls, meant)
			}
			p.report(ls, finding{sev: SevInfo, code: CodeSignalSyntax, section: secSignals, msg: msg, fix: fix})
			continue
		}
		if last[e.Label] != i {
			p.report(ls, finding{sev: SevWarning, code: CodeSignalSyntax, section: secSignals, msg: e.Label + " is given again later on this line; only the last value counts"})
			continue
		}
		vs := subSpan(val, e.ValueOff, e.ValueOff+len(e.Value))
		switch {
		case e.Value == "":
			p.report(ls, finding{sev: SevWarning, code: CodeSignalSyntax, section: secSignals, msg: e.Label + " has no value, so it states no preference: write " + e.Label + "=" + v.yes + " or " + e.Label + "=" + v.no})
		case e.Token && (e.Value == v.yes || e.Value == v.no):
		default:
			var fix *Fix
			switch strings.ToLower(strings.Trim(e.Value, `"`)) {
			case "yes", "y", "true", "allow", "allowed", "1", "?1":
				fix = replace("Write "+v.yes, vs, v.yes)
			case "no", "n", "false", "disallow", "disallowed", "0", "?0":
				fix = replace("Write "+v.no, vs, v.no)
			}
			p.report(vs, finding{sev: SevWarning, code: CodeSignalSyntax, section: secSignals, msg: "the value of " + e.Label + " in " + v.name + " is " + v.yes + " or " + v.no + "; \"" + e.Value + "\" states no preference", fix: fix})
		}
	}
}

// checkUnreadable reports a line whose preferences are not a dictionary,
// saying why in the words of the likely mistake.
func (p *parser) checkUnreadable(fd *Field, v *signalVocab, st Statement) {
	val := fd.Value
	rest := val.Text[st.PrefsOff:]
	whole := subSpan(val, st.PrefsOff, len(val.Text))
	// A path with a space: "/my docs/ train-ai=n" ends the path at the
	// space, and the rest is not a dictionary.
	if st.Path != "" {
		if sp := strings.IndexAny(rest, " \t"); sp > 0 && !strings.Contains(rest[:sp], "=") {
			after := strings.TrimLeft(rest[sp:], " \t")
			if ParseStatement(fd.Kind, after).Err == "" {
				path := st.Path + " " + rest[:sp]
				fixed := strings.ReplaceAll(strings.ReplaceAll(path, " ", "%20"), "\t", "%09")
				ps := subSpan(val, st.PathOff, st.PrefsOff+sp)
				p.report(ps, finding{sev: SevWarning, code: CodeSignalSyntax, section: secSignals, msg: "a path ends at the first space, so this line is for the path " + st.Path + " and its preferences cannot be read; write a space in a path as %20", fix: replace("Write "+fixed, ps, fixed)})
				return
			}
		}
	}
	if st.Path == "" && len(rest) > 0 && rest[0] != '/' && strings.IndexAny(rest, " \t") > 0 {
		first := rest[:strings.IndexAny(rest, " \t")]
		if strings.Contains(first, "/") && !strings.Contains(first, "=") {
			p.report(subSpan(val, 0, len(first)), finding{sev: SevWarning, code: CodeSignalSyntax, section: secSignals, msg: "a path starts with /; \"" + first + "\" is read as part of the preferences, which then cannot be read", fix: replace("Write /"+first, subSpan(val, 0, len(first)), "/"+first)})
			return
		}
	}
	if strings.ToLower(rest) != rest && ParseStatement(fd.Kind, strings.ToLower(rest)).Err == "" {
		p.report(whole, finding{sev: SevWarning, code: CodeSignalSyntax, section: secSignals, msg: v.name + " labels and values are lower case (they are compared byte for byte), so this line states no preference", fix: replace("Write it in lower case", whole, strings.ToLower(rest))})
		return
	}
	if spaced := strings.Join(strings.Fields(rest), ", "); spaced != rest && ParseStatement(fd.Kind, spaced).Err == "" {
		p.report(whole, finding{sev: SevWarning, code: CodeSignalSyntax, section: secSignals, msg: "preferences are separated by commas; without them the line cannot be read and states no preference", fix: replace("Separate them with commas", whole, spaced)})
		return
	}
	at := subSpan(val, st.ErrOff, len(val.Text))
	p.report(at, finding{sev: SevWarning, code: CodeSignalSyntax, section: secSignals, msg: "this " + v.name + " line cannot be read (" + st.Err + "), so it states no preference; write, for example, " + v.name + ": " + v.example})
}

func knownLabelList(v *signalVocab) []string {
	out := make([]string, 0, len(v.labels))
	for _, n := range []string{"search", "train-ai", "ai-train", "ai-input"} {
		if _, ok := v.labels[n]; ok {
			out = append(out, n)
		}
	}
	return out
}

func knownLabels(v *signalVocab) string {
	return strings.Join(knownLabelList(v), ", ")
}
