package policy

// structure checks each field and sorts the fields into conventional
// groups, ACAP records and sub-records (semantics §1).
func (p *parser) structure() {
	f := p.f
	var (
		g              *Group
		r              *Record
		sub            *SubRecord
		groupHasRules  bool
		recordHasBody  bool
		afterUserAgent bool // an ACAP record was ended by a User-agent line
	)
	// The groups' Agents and Rules are runs of two arrays allocated once.
	p.agents = make([]*Field, 0, p.kinds[FieldUserAgent])
	p.rules = make([]*Field, 0, p.kinds[FieldAllow]+p.kinds[FieldDisallow])
	agents0, rules0 := 0, 0 // where the current group's runs start
	for _, fd := range f.Fields {
		p.checkField(fd)
		if fd.Status == StatusSkipped && (fd.Kind == FieldUserAgent || fd.Kind == FieldACAPCrawler || fd.Kind.IsConventionalRule() || fd.Kind == FieldUnknown) {
			// A line no reading uses neither starts nor ends a group or a
			// record (semantics §8).
			if g != nil && r == nil && fd.Kind != FieldUserAgent && fd.Kind != FieldACAPCrawler && fd.Value.Text != "" {
				g.Skipped = append(g.Skipped, fd)
			}
			continue
		}
		switch fd.Kind {
		case FieldUserAgent:
			if r != nil {
				afterUserAgent = true
			}
			r, sub = nil, nil
			if g == nil || groupHasRules {
				g = &Group{First: fd.Line}
				f.Groups = append(f.Groups, g)
				groupHasRules = false
				agents0, rules0 = len(p.agents), len(p.rules)
			}
			p.agents = append(p.agents, fd)
			g.Agents = p.agents[agents0:len(p.agents):len(p.agents)]
			g.Last = fd.Line
		case FieldAllow, FieldDisallow, FieldCrawlDelay, FieldRobotVersion, FieldVisitTime, FieldRequestRate, FieldHost, FieldComment:
			if r != nil {
				fd.Record = r
				r.Ignored = append(r.Ignored, fd)
				p.report(fd.Name, SevWarning, CodeConventionalInRecord, secP1Combination,
					fd.Kind.String()+" stands inside the ACAP record that starts on line "+itoa(r.First)+
						": ACAP crawlers ignore it there, while conventional crawlers still apply it to the group above. Put conventional lines before the ACAP records.", nil)
			}
			if fd.Kind.IsConventionalRule() {
				if g == nil {
					if r == nil {
						p.report(fd.Name, SevWarning, CodeRuleOutsideGroup, secRFC9309Groups,
							fd.Kind.String()+" comes before any User-agent line, so no crawler applies it. Add a User-agent line above it.", nil)
					}
				} else {
					p.rules = append(p.rules, fd)
					g.Rules = p.rules[rules0:len(p.rules):len(p.rules)]
					groupHasRules = true
					g.Last = fd.Line
				}
			} else if g != nil && fd.Kind != FieldHost {
				g.Other = append(g.Other, fd)
				g.Last = fd.Line
			}
		case FieldACAPCrawler:
			if r == nil || recordHasBody {
				r = &Record{First: fd.Line}
				f.Records = append(f.Records, r)
				recordHasBody, sub, afterUserAgent = false, nil, false
			}
			fd.Record = r
			r.Crawlers = append(r.Crawlers, fd)
			if fd.Status == StatusOK && agentAny(fd.Value.Text) {
				r.Any = true
			}
			r.Last = fd.Line
		case FieldACAPAllow, FieldACAPDisallow, FieldACAPRequest, FieldACAPPurpose, FieldACAPReference:
			if r == nil {
				p.outsideRecord(fd, afterUserAgent)
				continue
			}
			fd.Record = r
			r.Last = fd.Line
			switch {
			case r.Reference != nil:
				p.skip(fd, fd.Name, CodeReferenceNotAlone, secP1Reference,
					"a record with ACAP-permissions-reference (line "+itoa(r.Reference.Line)+") may hold nothing else; this line is ignored")
			case fd.Kind == FieldACAPReference:
				if recordHasBody {
					p.skip(fd, fd.Name, CodeReferenceNotAlone, secP1Reference,
						"ACAP-permissions-reference must come straight after the ACAP-crawler lines, in a record of its own")
				} else {
					r.Reference = fd
				}
			case fd.Kind == FieldACAPPurpose:
				if sub == nil || len(sub.Rules) > 0 {
					sub = &SubRecord{}
					r.Subs = append(r.Subs, sub)
				}
				sub.Purposes = append(sub.Purposes, fd)
			case sub != nil:
				if fd.Kind == FieldACAPRequest {
					p.skip(fd, fd.Name, CodeRequestInSubRecord, secP1Records,
						"action requests may not stand in a sub-record for a usage purpose; put it before the first ACAP-usage-purpose line")
					continue
				}
				sub.Rules = append(sub.Rules, fd)
			default:
				r.Rules = append(r.Rules, fd)
			}
			if fd.Status != StatusSkipped {
				recordHasBody = true
			}
		case FieldACAPQualifiedUsage, FieldACAPCompositeUsage, FieldACAPResourceSet:
			if len(f.Records) > 0 && fd.Status != StatusSkipped {
				first := f.Records[0].First
				l := f.Line(fd.Line)
				at := f.Line(first).Start
				fix := &Fix{Title: "Move the definition before the first ACAP record (line " + itoa(first) + ")", Edits: []Edit{
					{Start: at, End: at, New: f.text[l.Start:l.End] + "\n"},
					{Start: l.Start, End: l.Next, New: ""},
				}}
				p.skipFix(fd, fd.Name, CodeDefinitionAfterRecord, secP1Definitions,
					"definitions must come before the first ACAP record (line "+itoa(first)+"); crawlers ignore this one here", fix)
			}
		case FieldACAPIgnoreConventional:
			if fd.Status == StatusOK {
				if f.IgnoreConventional == nil {
					f.IgnoreConventional = fd
				}
				if len(f.Records) > 0 || p.sawDefinition(fd.Line) {
					p.report(fd.Name, SevInfo, CodeIgnorePosition, secP1Ignore,
						"ACAP-ignore-conventional-records applies to the whole file wherever it stands, but it is meant to come before the ACAP definitions and records", nil)
				}
			}
		case FieldACAPUnknown:
			// A misspelt ACAP field stays in its record (skipped), so that
			// decisions can say it would have matched.
			if r != nil {
				fd.Record = r
				r.Last = fd.Line
				if sub != nil {
					sub.Rules = append(sub.Rules, fd)
				} else {
					r.Rules = append(r.Rules, fd)
				}
			}
		case FieldSitemap:
			f.Sitemaps = append(f.Sitemaps, fd)
		case FieldContentUsage, FieldContentSignal, FieldLicense:
			f.Signals = append(f.Signals, fd)
			if fd.Kind != FieldLicense {
				if g == nil {
					p.report(fd.Name, SevWarning, CodeSignalSyntax, secSignals,
						fd.Kind.String()+" comes before any User-agent line, so it speaks to no crawler. Put it inside a group, such as after User-agent: *.", nil)
				}
			}
		}
	}
	for _, r := range f.Records {
		p.checkRecord(r)
	}
	p.checkBlankInGroups()
}

// sawDefinition reports whether a definition field stands before line n.
func (p *parser) sawDefinition(n int) bool {
	for _, fd := range p.f.Fields {
		if fd.Line >= n {
			return false
		}
		if fd.Kind.IsDefinition() {
			return true
		}
	}
	return false
}

func (p *parser) outsideRecord(fd *Field, afterUserAgent bool) {
	msg := fd.Name.Text + " is outside any ACAP record: start the record with an ACAP-crawler line above it"
	if afterUserAgent {
		msg = fd.Name.Text + " is outside any ACAP record: a User-agent line above it ended the ACAP record. Move the conventional group before the ACAP records, or repeat the ACAP-crawler line"
	}
	p.skip(fd, fd.Name, CodeOutsideRecord, secP1Records, msg)
}

// checkRecord reports problems of a whole record.
func (p *parser) checkRecord(r *Record) {
	named := 0
	var any *Field
	for _, c := range r.Crawlers {
		if c.Status != StatusOK {
			continue
		}
		if agentAny(c.Value.Text) {
			any = c
		} else {
			named++
		}
	}
	if any != nil && named > 0 {
		p.report(any.Value, SevWarning, CodeAnyWithNamed, secP1Crawler,
			"ACAP-crawler: * shares a record with named crawlers: the record then counts for every crawler as an any-crawler record, and for the named ones as a named record. Give * a record of its own.", nil)
	}
	c := r.Crawlers[len(r.Crawlers)-1]
	if r.Reference == nil && len(r.Rules) == 0 && len(r.Subs) == 0 && r.Last == c.Line {
		p.report(c.Name, SevWarning, CodeEmptyRecord, secP1Records,
			"this ACAP record has no permissions or prohibitions, so it says nothing to its crawlers", nil)
	}
	for _, s := range r.Subs {
		if len(s.Rules) == 0 {
			pf := s.Purposes[len(s.Purposes)-1]
			p.report(pf.Name, SevWarning, CodeEmptySubRecord, secP1Records,
				"no permission or prohibition follows this ACAP-usage-purpose line, so it has no effect", nil)
		}
	}
}

// checkBlankInGroups warns of a blank line between a group's User-agent lines
// and its first rule: older crawlers end the record at the blank line.
func (p *parser) checkBlankInGroups() {
	f := p.f
	for _, g := range f.Groups {
		if len(g.Rules) == 0 {
			continue
		}
		lastAgent := g.Agents[len(g.Agents)-1].Line
		first := g.Rules[0].Line
		for n := lastAgent + 1; n < first; n++ {
			if f.Lines[n-1].Kind == LineBlank {
				l := f.Line(n)
				p.reportAt(n, l.Start, l.Start, finding{sev: SevWarning, code: CodeBlankInGroup, section: secDraft1996, msg: "a blank line separates User-agent (line " + itoa(lastAgent) + ") from its rules: crawlers of the 1994 and 1996 conventions end the record here and never see the rules (RFC 9309 crawlers do). Remove the blank line if those older crawlers should obey them too."}) // no fix: removing the line changes what older crawlers read (semantics §8)
				break
			}
		}
	}
}
