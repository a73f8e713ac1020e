package policy

import "strings"

// Checks that need the decision engine: a file whose ACAP and conventional
// parts disagree (semantics §6), and references between files.

// driftLimit bounds the work of the drift check, which runs as the
// publisher types: files with more rules than this are not compared.
const driftLimit = 1500

// CheckDrift warns, once per crawler the file names (and once for the
// crawlers it does not name), where ACAP crawlers (reading both parts) and
// conventional crawlers decide crawl differently, leaving aside case, which
// the two readings compare differently by design. It compares the readings
// over probe paths, so it costs more than Check: an editor runs it when
// typing pauses. Files with more than driftLimit rules are not compared.
func CheckDrift(f *File) []Diagnostic {
	if len(f.Records) == 0 || len(f.Groups) == 0 {
		return nil
	}
	rules := 0
	for _, fd := range f.Fields {
		if fd.Kind.IsConventionalRule() || fd.Kind.IsACAPRule() {
			rules++
		}
	}
	if rules > driftLimit {
		return nil
	}
	rep := compareReadings(f, KindRFC9309, f, false)
	var out []Diagnostic
	done := map[string]bool{}
	for _, d := range rep.Differences {
		if d.CaseOnly || done[strings.ToLower(d.Crawler)] {
			continue
		}
		// Show the most readable example: one without escapes.
		for _, e := range rep.Differences {
			if strings.EqualFold(e.Crawler, d.Crawler) && !e.CaseOnly && !strings.Contains(e.Path, "%") {
				d = e
				break
			}
		}
		done[strings.ToLower(d.Crawler)] = true
		who := d.Crawler
		at := f.Records[0].Crawlers[0]
		for _, r := range f.Records {
			for _, c := range r.Crawlers {
				if strings.EqualFold(acapName(c.Value.Text), crawlerName(d.Crawler)) || (d.Crawler == unnamedCrawler && agentAny(c.Value.Text)) {
					at = c
				}
			}
		}
		if d.Crawler == unnamedCrawler {
			who = "crawlers the file does not name"
		}
		verdict := func(ok bool, line int) string {
			v := "not allowed"
			if ok {
				v = "allowed"
			}
			if line > 0 {
				v += " by line " + itoa(line)
			} else {
				v += " (nothing matches)"
			}
			return v
		}
		n := 0
		for _, e := range rep.Differences {
			if strings.EqualFold(e.Crawler, d.Crawler) && !e.CaseOnly {
				n++
			}
		}
		msg := "for " + who + ", the ACAP records and the conventional groups decide crawling differently: " + d.Path +
			" is " + verdict(d.Source, d.SourceLine) + " for conventional crawlers, " + verdict(d.ACAP, d.ACAPLine) + " for ACAP crawlers"
		if n > 1 {
			msg += " (and " + itoa(n-1) + " more path" + plural(n-1, "", "s") + " among those compared)"
		}
		msg += ". If that is not intended, the two parts have drifted apart; the converter can rebuild the ACAP part from the conventional one."
		out = append(out, Diagnostic{Pos: at.Value.Pos, End: endOf(at.Value), Severity: SevWarning, Code: CodeCrawlDrift, Section: "ACAP Part 1 §2.9.2", Message: msg})
	}
	return out
}

// CheckReferences reports the problems of f's ACAP-permissions-reference
// lines that need the other files of the workspace: a referenced file that
// is not open (info), and one that refers further (an error: a chain may be
// one step long).
func CheckReferences(f *File, others ...*File) []Diagnostic {
	byName := map[string]*File{}
	for _, o := range others {
		if o != nil {
			byName[o.Name] = o
		}
	}
	var out []Diagnostic
	for _, r := range f.Records {
		ref := r.Reference
		if ref == nil || ref.Status != StatusOK {
			continue
		}
		path := strings.TrimSpace(ref.Value.Text)
		if i := strings.Index(path, "://"); i >= 0 {
			if j := strings.IndexByte(path[i+3:], '/'); j >= 0 {
				path = path[i+3+j:]
			}
		}
		target := byName[path]
		if target == nil {
			out = append(out, Diagnostic{Pos: ref.Value.Pos, End: endOf(ref.Value), Severity: SevInfo, Code: "acap-reference-not-open", Section: secP1Reference,
				Message: path + " is not open in the workspace, so decisions cannot follow this reference; add the file to see its effect"})
			continue
		}
		for _, tr := range target.Records {
			if tr.Reference != nil {
				out = append(out, Diagnostic{Pos: ref.Value.Pos, End: endOf(ref.Value), Severity: SevError, Code: CodeReferenceChain, Section: secP1Reference,
					Message: path + " itself refers to another file (line " + itoa(tr.Reference.Line) + " there); a reference may lead only one step, so crawlers ignore the further reference"})
				break
			}
		}
	}
	return out
}
