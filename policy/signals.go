package policy

import "strings"

// Today's usage signals: lines that say, in the vocabulary publishers use
// now, what ACAP tried to say. The tester highlights them and checks their
// syntax; it does not use them to decide.
//
//	Content-Usage: train-ai=n              (IETF AI preferences: y or n per category)
//	Content-Usage: /blog/ train-genai=n    (optionally for a path)
//	Content-Signal: search=yes, ai-train=no (Content Signals Policy: yes or no)
//	License: https://example.com/license.xml (RSL: the URL of a licence file)

// contentUsageKeys are the categories of the IETF AI preferences
// vocabulary.
var contentUsageKeys = []string{"bulk", "train-ai", "train-genai", "ai-use", "search"}

// contentSignalKeys are the keys of the Content Signals Policy.
var contentSignalKeys = []string{"search", "ai-input", "ai-train"}

// checkSignal checks the syntax of a Content-Usage, Content-Signal or
// License line.
func (p *parser) checkSignal(fd *Field) {
	if fd.Kind == FieldLicense {
		if !isAbsURL(fd.Value.Text) {
			p.report(fd.Value, SevWarning, CodeSignalSyntax, secSignals,
				"License takes the full URL of an RSL licence file, such as https://example.com/license.xml", nil)
		}
		return
	}
	keys, yes, no := contentUsageKeys, "y", "n"
	if fd.Kind == FieldContentSignal {
		keys, yes, no = contentSignalKeys, "yes", "no"
	}
	pairs := 0
	toks := p.valueTokens(fd)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.Kind {
		case TokError:
			s := p.span(t)
			p.report(s, SevWarning, CodeSignalSyntax, secSignals,
				"\""+s.Text+"\" is not a key=value pair; write, for example, "+keys[len(keys)-1]+"="+yes, nil)
		case TokPattern, TokWildcard, TokAnchor:
			if fd.Kind == FieldContentSignal {
				s := p.span(t)
				p.report(s, SevWarning, CodeSignalSyntax, secSignals, "Content-Signal applies to the whole group; it takes no path", nil)
				for i+1 < len(toks) && toks[i+1].Kind != TokSpace {
					i++
				}
			}
		case TokQualName:
			pairs++
			s := p.span(t)
			known := false
			for _, k := range keys {
				if strings.EqualFold(k, s.Text) {
					known = true
				}
			}
			if !known {
				msg := "\"" + s.Text + "\" is not a " + fd.Kind.String() + " key (the keys are " + strings.Join(keys, ", ") + ")"
				var fix *Fix
				if best := closest(s.Text, keys, 3); best != "" {
					fix = replace("Write "+best, s, best)
				}
				p.report(s, SevWarning, CodeSignalSyntax, secSignals, msg, fix)
			}
			if i+2 < len(toks) && toks[i+1].Kind == TokEquals && toks[i+2].Kind == TokQualValue {
				v := p.span(toks[i+2])
				if !strings.EqualFold(v.Text, yes) && !strings.EqualFold(v.Text, no) {
					var fix *Fix
					switch strings.ToLower(v.Text) {
					case "yes", "y", "true", "allow":
						fix = replace("Write "+yes, v, yes)
					case "no", "n", "false", "disallow":
						fix = replace("Write "+no, v, no)
					}
					p.report(v, SevWarning, CodeSignalSyntax, secSignals,
						"the value of "+s.Text+" is "+yes+" or "+no, fix)
				}
				i += 2
			} else {
				p.report(s, SevWarning, CodeSignalSyntax, secSignals, s.Text+" needs a value: "+s.Text+"="+yes+" or "+s.Text+"="+no, nil)
			}
		}
	}
	if pairs == 0 {
		p.report(fd.Name, SevWarning, CodeSignalSyntax, secSignals,
			fd.Kind.String()+" has no preference; write, for example, "+fd.Kind.String()+": "+keys[len(keys)-1]+"="+yes, nil)
	}
}
