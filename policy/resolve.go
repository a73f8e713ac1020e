package policy

import (
	"slices"
	"strings"
)

// resolve reads the definitions and expands every ACAP permission and
// prohibition into its Rules.
func (p *parser) resolve() {
	f := p.f
	f.Defs = Definitions{
		Qualified: map[string]*QualifiedUsage{},
		Composite: map[string]*CompositeUsage{},
		Sets:      map[string]*ResourceSet{},
	}
	for _, fd := range f.Fields {
		if fd.Kind.IsDefinition() && fd.Status != StatusSkipped {
			p.define(fd)
		}
	}
	for _, fd := range f.Fields {
		p.pause()
		if fd.Kind.IsACAPRule() && fd.Status != StatusSkipped {
			p.expand(fd)
		}
	}
}

// define records one definition; the first of a name wins.
func (p *parser) define(fd *Field) {
	d := &p.f.Defs
	name := lowerASCII(fd.Args()[0].Text)
	dup := func(first *Field) {
		p.skip(fd, fd.Args()[0], finding{code: CodeDuplicateDefinition, section: secP1Definitions, msg: "\"" + fd.Args()[0].Text + "\" is already defined on line " + itoa(first.Line) + "; the first definition counts and this one is ignored"})
	}
	switch fd.Kind {
	case FieldACAPQualifiedUsage, FieldACAPCompositeUsage:
		if q := d.Qualified[name]; q != nil {
			dup(q.Field)
			return
		}
		if c := d.Composite[name]; c != nil {
			dup(c.Field)
			return
		}
		if fd.Kind == FieldACAPQualifiedUsage {
			u, _ := ParseUsage(fd.Args()[1].Text)
			d.Qualified[name] = &QualifiedUsage{Name: fd.Args()[0].Text, Usage: u, Quals: fd.Quals(), Field: fd}
			return
		}
		c := &CompositeUsage{Name: fd.Args()[0].Text, Field: fd}
		for _, a := range fd.Args()[1:] {
			if strings.HasPrefix(a.Text, "(") {
				local := lowerASCII(strings.TrimSuffix(strings.TrimPrefix(a.Text, "("), ")"))
				q := p.qualified(local)
				if q == nil {
					msg := a.Text + " is not a qualified usage defined above this line"
					if d.Composite[local] != nil {
						msg = a.Text + " is a composite usage; a composite usage may only combine standard usages and qualified usages"
					}
					p.skip(fd, a, finding{code: CodeUndefinedUsage, section: secP1Definitions, msg: msg})
					return
				}
				c.Parts = append(c.Parts, UsagePart{Usage: q.Usage, Qualified: q})
				continue
			}
			u, ok := ParseUsage(a.Text)
			if !ok {
				msg := "\"" + a.Text + "\" is not a standard ACAP usage"
				var fix *Fix
				if mu, ok := usageMisspellings[lowerASCII(a.Text)]; ok {
					fix = replace("Write "+mu.String(), a, mu.String())
				} else if d.Qualified[lowerASCII(a.Text)] != nil {
					msg += "; a qualified usage is written in parentheses"
					fix = replace("Write ("+a.Text+")", a, "("+a.Text+")")
				}
				p.skip(fd, a, finding{code: CodeBadDefinition, section: secP1Definitions, msg: msg, fix: fix})
				return
			}
			c.Parts = append(c.Parts, UsagePart{Usage: u})
		}
		d.Composite[name] = c
	case FieldACAPResourceSet:
		if s := d.Sets[name]; s != nil {
			dup(s.Field)
			return
		}
		d.Sets[name] = &ResourceSet{Name: fd.Args()[0].Text, Patterns: fd.Args()[1:], Field: fd}
	}
}

// qualified, composite and set look a name up among the file's own
// definitions, then among those of the file that refers to it with
// ACAP-permissions-reference (READING.md §8: a file's definitions are
// visible in the files it references; a file's own definition of a name
// is the one it sees).
func (p *parser) qualified(name string) *QualifiedUsage {
	if q := p.f.Defs.Qualified[name]; q != nil || p.inherit == nil {
		return q
	}
	if p.f.Defs.Composite[name] != nil {
		return nil
	}
	return p.inherit.Qualified[name]
}

func (p *parser) composite(name string) *CompositeUsage {
	if c := p.f.Defs.Composite[name]; c != nil || p.inherit == nil {
		return c
	}
	if p.f.Defs.Qualified[name] != nil {
		return nil
	}
	return p.inherit.Composite[name]
}

func (p *parser) set(name string) *ResourceSet {
	if s := p.f.Defs.Sets[name]; s != nil || p.inherit == nil {
		return s
	}
	return p.inherit.Sets[name]
}

// expandPart is one usage a permission stands for, with the qualifiers its
// definition brings.
type expandPart struct {
	usage Usage
	quals []Qualifier
	via   string
}

// usagesOf names the usages of a line's parts, once each.
func usagesOf(parts []expandPart) string {
	var names []string
	for _, pt := range parts {
		n := pt.usage.String()
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return strings.Join(names, " and ")
}

// expand fills fd.Rules() for an ACAP permission or prohibition.
func (p *parser) expand(fd *Field) {
	var parts []expandPart
	var broken *QualifiedUsage // a qualified usage with wrong qualifiers, used by this line
	if fd.Local() != "" {
		via := "(" + fd.Local() + ")"
		if q := p.qualified(fd.Local()); q != nil {
			parts = append(parts, expandPart{q.Usage, q.Quals, via})
			if q.Field.Status == StatusProhibit {
				broken = q
			}
		} else if c := p.composite(fd.Local()); c != nil {
			for _, cp := range c.Parts {
				pt := expandPart{usage: cp.Usage, via: via}
				if cp.Qualified != nil {
					pt.quals = cp.Qualified.Quals
					pt.via = via + " (" + cp.Qualified.Name + ")"
					if cp.Qualified.Field.Status == StatusProhibit && broken == nil {
						broken = cp.Qualified
					}
				}
				parts = append(parts, pt)
			}
		} else {
			p.skip(fd, fd.Name, finding{code: CodeUndefinedUsage, section: secP1LocalUsage, msg: p.undefinedMessage("usage", "("+fd.Local()+")", fd.Local())})
			return
		}
	} else {
		parts = append(parts, expandPart{fd.Usage, fd.Quals(), ""})
	}
	pats := []Span{fd.Pattern()}
	setVia := ""
	if !fd.SetRef().IsZero() {
		set := p.set(lowerASCII(fd.SetRef().Text))
		if set == nil {
			p.skip(fd, fd.SetRef(), finding{code: CodeUndefinedSet, section: secP1ResourceSpec, msg: p.undefinedMessage("resource set", fd.SetRef().Text, lowerASCII(fd.SetRef().Text))})
			return
		}
		pats = set.Patterns
		setVia = "set " + set.Name
	}
	if broken != nil && fd.Kind == FieldACAPAllow {
		where := "line " + itoa(broken.Field.Line)
		if p.f.Defs.Qualified[lowerASCII(broken.Name)] != broken {
			where += " of the file that refers to this one"
		}
		p.prohibit(fd, fd.Name, finding{code: CodeBrokenQualifiedUsage, section: secP1Definitions, msg: "the qualified usage (" + broken.Name + ") is defined with qualifiers that are wrong (" + where +
			"), so ACAP crawlers read this line as a prohibition of " + usagesOf(parts) + "; correct the definition"})
	}
	allow := fd.Kind == FieldACAPAllow && fd.Status == StatusOK
	a := p.acapOf(fd)
	a.rules = make([]Rule, 0, len(parts)*len(pats))
	for _, pt := range parts {
		quals := pt.quals
		if !allow {
			quals = nil
		}
		via := pt.via
		if setVia != "" {
			via = strings.TrimSpace(via + " " + setVia)
		}
		for _, pat := range pats {
			a.rules = append(a.rules, Rule{Allow: allow, Usage: pt.usage, Pattern: pat.Text, PatPos: pat.Pos, Quals: quals, Via: via})
		}
	}
}

// undefinedMessage explains why a name is not defined, pointing at a
// definition of that name that was ignored.
func (p *parser) undefinedMessage(what, written, lower string) string {
	for _, fd := range p.f.Fields {
		if fd.Kind.IsDefinition() && fd.Status == StatusSkipped && len(fd.Args()) > 0 && equalFoldASCII(fd.Args()[0].Text, lower) {
			return "the " + what + " " + written + " is not defined: its definition on line " + itoa(fd.Line) + " has an error and is ignored, so ACAP crawlers skip this line"
		}
	}
	if p.inherit != nil {
		return "the " + what + " " + written + " is not defined in this file nor in the file that refers to it, so ACAP crawlers skip this line"
	}
	return "the " + what + " " + written + " is not defined in this file, so ACAP crawlers skip this line"
}
