package policy

import (
	"sort"
	"strings"
)

// todayLine is a Content-Usage or Content-Signal line with its reading.
type todayLine struct {
	fd *Field
	st Statement
}

func todayLinesOf(g *Group) []todayLine {
	var out []todayLine
	for _, fd := range g.signals {
		out = append(out, todayLine{fd, ParseStatement(fd.Kind, fd.Value.Text)})
	}
	return out
}

// labelOf writes category c as vocabulary k names it.
func labelOf(k FieldKind, c int) string {
	v := vocabOf(k)
	for l, i := range v.labels {
		if i == c {
			return l
		}
	}
	return categoryNames[c]
}

func prefValue(k FieldKind, p Preference) string {
	v := vocabOf(k)
	if p == PrefAllowed {
		return v.yes
	}
	return v.no
}

// checkToday reports the contradictions of today's lines (see the codes
// above). It reads the groups as the today kind does.
func (c *checker) checkToday() {
	f := c.f
	c.ignoringCrawlers()
	if len(f.Signals) == 0 {
		return
	}
	groups := todayGroups(f)
	c.vocabContradictions(groups)
	c.neverRead(groups)
	c.tokenContradictions()
}

// at reports on the whole value of fd.
func (c *checker) at(fd *Field, sev Severity, code, msg string) {
	c.diags = append(c.diags, Diagnostic{Pos: fd.Value.Pos, End: endOf(fd.Value), Severity: sev, Code: code, Section: secToday, Message: msg})
	if fd.Value.Text == "" {
		c.diags[len(c.diags)-1].Pos, c.diags[len(c.diags)-1].End = fd.Name.Pos, endOf(fd.Name)
	}
}

// ignoringCrawlers gives an info on each User-agent line that names a
// crawler the directory reports as not obeying robots.txt.
func (c *checker) ignoringCrawlers() {
	for _, fd := range c.f.Fields {
		if fd.Kind != FieldUserAgent || fd.Status != StatusOK {
			continue
		}
		n := uaName(fd.Value.Text)
		if n == "" || n == "*" {
			continue
		}
		o, ok := CrawlerObeys(n)
		if !ok {
			continue
		}
		msg := "the crawler directory reports that " + o.Token + " does not obey robots.txt: this group says what you ask of it, but it keeps nothing out"
		if o.Source != "" {
			msg += " (" + o.Source + ")"
		}
		c.at(fd, SevInfo, CodeCrawlerIgnoresRobot, msg+"; only blocking it at the server does")
	}
}

// pathsMeet reports whether two preference lines can speak for one URL
// together: they have the same path, or one has none.
func pathsMeet(a, b Statement) bool {
	return a.Path == "" || b.Path == "" || a.Path == b.Path
}

// vocabContradictions warns where a Content-Usage and a Content-Signal line
// of one group state opposite preferences for a category.
func (c *checker) vocabContradictions(groups []*Group) {
	for _, g := range groups {
		ls := todayLinesOf(g)
		for i, x := range ls {
			for _, y := range ls[i+1:] {
				if x.fd.Kind == y.fd.Kind || !pathsMeet(x.st, y.st) {
					continue
				}
				var parts []string
				for k := 0; k < numCategories; k++ {
					px, py := x.st.Prefs[k], y.st.Prefs[k]
					if px == PrefUnstated || py == PrefUnstated || px == py {
						continue
					}
					parts = append(parts, labelOf(y.fd.Kind, k)+"="+prefValue(y.fd.Kind, py)+" here against "+labelOf(x.fd.Kind, k)+"="+prefValue(x.fd.Kind, px)+" there")
				}
				if len(parts) == 0 {
					continue
				}
				c.at(y.fd, SevWarning, CodeSignalContradiction,
					y.fd.Kind.String()+" contradicts "+lineWords(c.f, x.fd.Line)+" in the same group: "+strings.Join(parts, ", ")+
						". Crawlers combine the two most restrictively, so the answer is disallowed; say the same thing in both vocabularies")
			}
		}
	}
}

// crawlsNothing returns the Disallow line that keeps the crawlers of rules
// out of every path, when no Allow line lets them in anywhere.
func crawlsNothing(rules []*Field) *Field {
	var all *Field
	for _, fd := range rules {
		if fd.Status != StatusOK {
			continue
		}
		v := strings.TrimSpace(fd.Value.Text)
		switch {
		case fd.Kind == FieldAllow && v != "":
			return nil
		case fd.Kind == FieldDisallow && (v == "/" || v == "/*" || v == "*") && all == nil:
			all = fd
		}
	}
	return all
}

// neverRead gives an info on each preference line of a group whose
// crawlers may crawl nothing: preferences apply only to what may be
// crawled, so no crawler reads it.
func (c *checker) neverRead(groups []*Group) {
	// The rules each name (or '*') gathers from every group naming it.
	rules := map[string][]*Field{}
	for _, g := range groups {
		for _, a := range g.Agents {
			n := strings.ToLower(uaName(a.Value.Text))
			if n != "" {
				rules[n] = append(rules[n], g.Rules...)
			}
		}
	}
	for _, g := range groups {
		if len(g.signals) == 0 {
			continue
		}
		var block *Field
		var names []string
		for _, a := range g.Agents {
			n := uaName(a.Value.Text)
			if n == "" {
				continue
			}
			d := crawlsNothing(rules[strings.ToLower(n)])
			if d == nil {
				block = nil
				names = nil
				break
			}
			if block == nil {
				block = d
			}
			names = append(names, n)
		}
		if block == nil {
			continue
		}
		who := strings.Join(names, ", ")
		if who == "*" {
			who = "the crawlers this group reaches"
		}
		for _, fd := range g.signals {
			c.at(fd, SevInfo, CodeSignalNeverRead,
				who+" may crawl nothing ("+lineWords(c.f, block.Line)+"), so this preference is never read: preferences apply only to what may be crawled")
		}
	}
}

// tokenContradictions warns where a preference for Google's or Apple's
// crawlers allows a category their per-purpose token disallows, or
// disallows what the token's own group explicitly allows.
func (c *checker) tokenContradictions() {
	f := c.f
	p := NewPolicy(f)
	for i := range purposeTokens {
		t := &purposeTokens[i]
		sel := p.selection(KindToday, t.fetcher, false)
		ts := p.selection(KindToday, t.token, false)
		for _, rs := range [][]todayRule{sel.today.usage, sel.today.signal} {
			for _, r := range rs {
				for _, u := range t.categories {
					k, _ := u.index()
					pref := r.st.Prefs[k]
					if pref != PrefAllowed && pref != PrefDisallowed {
						continue
					}
					path := r.st.Path
					if path == "" {
						path = witnessDisallow(ts, pref == PrefAllowed)
					}
					subj := NewSubject(path)
					win, _ := ts.conv.match(&subj, true, nil)
					label := labelOf(r.fd.Kind, k) + "=" + prefValue(r.fd.Kind, pref)
					switch {
					case pref == PrefAllowed && win != nil && !win.allow:
						where := t.token + "'s group"
						if !ts.conv.named {
							where = "the '*' group (no group names " + t.token + ", so it speaks for it)"
						}
						effect := "the answer for " + u.String() + " at " + path + " is disallowed"
						if t.token == "Google-Extended" && u == CategoryAIInput {
							effect = "Googlebot's " + u.String() + " at " + path + " is disallowed, partial: allowed for " + ChannelGoogleSearchAI + ", disallowed for " + ChannelGemini
						}
						c.pairWarning(r.fd, win.fd, label+" for "+t.fetcher+" and "+ruleText(win.fd)+" in "+where+" disagree ("+t.scope+"): "+effect)
					case pref == PrefDisallowed && ts.conv.named && (win == nil || win.allow) && allowsExplicitly(ts.conv.groups):
						other := ts.conv.groups[0].Agents[0]
						if win != nil {
							other = win.fd
						}
						c.pairWarning(r.fd, other, label+" for "+t.fetcher+" and "+t.token+"'s group, which allows "+path+", disagree: the most restrictive reading makes "+u.String()+" disallowed there")
					}
				}
			}
		}
	}
}

// allowsExplicitly reports whether the groups say outright that everything
// may be used: an Allow line, or an empty Disallow.
func allowsExplicitly(gs []*Group) bool {
	for _, g := range gs {
		for _, fd := range g.Rules {
			if fd.Kind == FieldAllow || strings.TrimSpace(fd.Value.Text) == "" {
				return true
			}
		}
	}
	return false
}

// witnessDisallow is a path for a preference without path: the first
// Disallow of the token's selection (its pattern up to any wildcard) when
// looking for a disallow, else "/".
func witnessDisallow(ts *selection, disallow bool) string {
	if disallow {
		for _, r := range ts.conv.rules {
			if !r.allow {
				v := strings.TrimSpace(r.fd.Value.Text)
				if i := strings.IndexAny(v, "*$"); i >= 0 {
					v = v[:i]
				}
				if strings.HasPrefix(v, "/") {
					return v
				}
			}
		}
	}
	return "/"
}

// pairWarning reports a contradiction on the later of two lines, naming
// the earlier.
func (c *checker) pairWarning(a, b *Field, msg string) {
	later, earlier := a, b
	if b.Line > a.Line {
		later, earlier = b, a
	}
	c.at(later, SevWarning, CodeTokenContradiction, msg+" (with "+lineWords(c.f, earlier.Line)+")")
}

// acapTodayDrift warns, once per crawler named both in an ACAP record and
// in a group with today's lines, where the two disagree on a path: ACAP's
// index against today's search, preserve and other against train-ai (the
// mapping of the design). The paths asked are those of the lines of both.
// It asks up to 64 paths of every crawler named in both, so CheckDrift
// runs it, not Check, calling yield after each crawler.
func (c *checker) acapTodayDrift(yield func()) {
	f := c.f
	if len(f.Records) == 0 {
		return
	}
	named := map[string]string{}
	for _, g := range todayGroups(f) {
		if len(g.signals) == 0 {
			continue
		}
		for _, a := range g.Agents {
			if n := uaName(a.Value.Text); n != "" && n != "*" {
				named[strings.ToLower(n)] = n
			}
		}
	}
	var crawlers []string
	for _, r := range f.Records {
		for _, cr := range r.Crawlers {
			if n, ok := named[strings.ToLower(acapName(cr.Value.Text))]; ok {
				crawlers = append(crawlers, n)
				delete(named, strings.ToLower(n))
			}
		}
	}
	if len(crawlers) == 0 {
		return
	}
	paths := map[string]bool{"/": true}
	for _, fd := range f.Fields {
		var v string
		switch {
		case fd.Kind == FieldContentUsage || fd.Kind == FieldContentSignal:
			v = ParseStatement(fd.Kind, fd.Value.Text).Path
		case fd.Kind.IsACAPRule() || fd.Kind == FieldAllow || fd.Kind == FieldDisallow:
			v = fd.Pattern().Text
		}
		if i := strings.IndexAny(v, "*$"); i >= 0 {
			v = v[:i]
		}
		if strings.HasPrefix(v, "/") && len(paths) < 64 {
			paths[v] = true
		}
	}
	ps := make([]string, 0, len(paths))
	for p := range paths {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	p := NewPolicy(f)
	for _, cr := range crawlers {
		if yield != nil {
			yield()
		}
	search:
		for _, path := range ps {
			subj := NewSubject(path)
			for _, cat := range []Category{CategorySearch, CategoryTrainAI} {
				q := Question{Crawler: cr, URL: path, Category: cat, Kind: KindToday}
				t := p.decide(&q, path, &subj, true)
				if t.Preference != PrefAllowed && t.Preference != PrefDisallowed {
					continue
				}
				for _, u := range ACAPUsagesFor(cat) {
					qa := Question{Crawler: cr, URL: path, Usage: u, Kind: KindACAP}
					a := p.decide(&qa, path, &subj, true)
					if a.Line == 0 || a.File != "" || a.Allowed == (t.Preference == PrefAllowed) {
						continue
					}
					av := "allows"
					if !a.Allowed {
						av = "does not allow"
					}
					later := max(a.Line, t.Line)
					var at *Field
					for _, fd := range f.Fields {
						if fd.Line == later {
							at = fd
						}
					}
					if at == nil {
						continue
					}
					c.at(at, SevWarning, CodeACAPTodayDrift,
						"for "+cr+" at "+path+", the ACAP record "+av+" "+u.String()+" ("+lineWords(f, a.Line)+") while today's lines say "+cat.String()+" is "+t.Preference.String()+" ("+lineWords(f, t.Line)+"), and ACAP's "+u.String()+" is read as today's "+cat.String()+
							"; ACAP crawlers and today's crawlers get opposite answers. Say the same in both, or leave one of them out")
					break search
				}
			}
		}
	}
}
