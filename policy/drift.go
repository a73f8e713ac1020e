package policy

import (
	"strings"
	"time"
)

// Checks that need the decision engine: a file whose ACAP and conventional
// parts disagree (READING.md §6), and references between files.

// driftBudget bounds the work of the drift check, which runs as the
// publisher types.
const driftBudget = 300 * time.Millisecond

// driftMaxStates bounds the states the drift check explores per crawler,
// and driftMaxWork in all: the bounds that make its answer the same on
// every machine (driftBudget is a time cap only, for a slow one).
const (
	driftMaxStates = 50000
	driftMaxWork   = 200000
)

// CheckDrift warns, once per crawler the file names, where ACAP crawlers
// (reading both parts) and conventional (RFC 9309) crawlers decide crawl
// differently, leaving aside case, which the two readings compare
// differently by design. It uses the same proof as CompareReadings, so a
// warning always names a real witness path with both deciding lines; where
// the proof was stopped by its bound, an info says which crawlers it did not
// cover. It also warns, once per crawler named both in an ACAP record and
// in a group with today's lines, where the record and those lines give
// opposite answers on a path (CodeACAPTodayDrift). It costs more than
// Check: an editor runs it when typing pauses.
func CheckDrift(f *File) []Diagnostic { return CheckDriftYielding(f, nil) }

// CheckDriftYielding is CheckDrift calling yield now and then during its
// proof (see CompareOptions.Yield); the result is the same.
func CheckDriftYielding(f *File, yield func()) []Diagnostic {
	if len(f.Records) == 0 || len(f.Groups) == 0 {
		return nil
	}
	c := checker{f: f}
	if len(f.Signals) > 0 {
		c.acapTodayDrift(yield)
	}
	out := c.diags
	rep := CompareReadingsBounded(f, KindRFC9309, f, CompareOptions{OnlyNamed: true, MaxStates: driftMaxStates,
		MaxWork: driftMaxWork, Deadline: time.Now().Add(driftBudget), Yield: yield})
	anchor := func(name string) *Field {
		for _, r := range f.Records {
			for _, c := range r.Crawlers {
				if equalFoldASCII(acapName(c.Value.Text), crawlerName(name)) {
					return c
				}
			}
		}
		for _, g := range f.Groups {
			for _, a := range g.Agents {
				if strings.EqualFold(uaName(a.Value.Text), name) {
					return a
				}
			}
		}
		return f.Records[0].Crawlers[0]
	}
	done := map[string]bool{}
	for _, d := range rep.Differences {
		if d.CaseOnly || done[strings.ToLower(d.Crawler)] {
			continue
		}
		done[strings.ToLower(d.Crawler)] = true
		n := 0
		for _, e := range rep.Differences {
			if strings.EqualFold(e.Crawler, d.Crawler) && !e.CaseOnly {
				n++
			}
		}
		at := anchor(d.Crawler)
		msg := "for " + d.Crawler + ", the ACAP records and the conventional groups decide crawling differently: " + d.Path +
			" is " + verdictText(d.Source, d.SourceLine) + " for conventional crawlers, " + verdictText(d.ACAP, d.ACAPLine) + " for ACAP crawlers"
		if n > 1 {
			msg += " (" + itoa(n-1) + " more path" + plural(n-1, "", "s") + " with other deciding lines differ too)"
		}
		msg += ". If that is not intended, the two parts have drifted apart; the converter can rebuild the ACAP part from the conventional one."
		out = append(out, Diagnostic{Pos: at.Value.Pos, End: endOf(at.Value), Severity: SevWarning, Code: CodeCrawlDrift, Section: "ACAP Part 1 §2.9.2", Message: msg})
	}
	if len(rep.NotProved) > 0 {
		at := f.Records[0].Crawlers[0]
		out = append(out, Diagnostic{Pos: at.Value.Pos, End: endOf(at.Value), Severity: SevInfo, Code: CodeCrawlDrift, Section: "ACAP Part 1 §2.9.2",
			Message: "the check that the ACAP records and the conventional groups agree was stopped by its " + map[bool]string{true: "time cap", false: "bound on its work"}[rep.TimeStopped] + " before it covered " +
				strings.Join(rep.NotProved, ", ") + "; nothing is claimed about " + plural(len(rep.NotProved), "that crawler", "those crawlers") +
				" (the converter's comparison, which has more time, can tell)"})
	}
	return out
}

// verdictText writes an answer with its deciding line.
func verdictText(ok bool, line int) string {
	v := "not allowed"
	if ok {
		v = "allowed"
	}
	if line > 0 {
		return v + " by line " + itoa(line)
	}
	return v + " (no line matches)"
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
