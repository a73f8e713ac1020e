package exercise

import (
	"fmt"
	"strings"

	"github.com/acap-workbench/workbench/policy"
)

// checkUnchanged asks the version compare whether the kinds of
// ex.Unchanged read f exactly as they read the starting file.
func checkUnchanged(ex *Exercise, f *policy.File) Result {
	kinds := ex.unchanged
	if len(kinds) == 0 { // an Exercise built by hand
		for _, name := range ex.Unchanged {
			if k, ok := policy.ParseKind(name); ok {
				kinds = append(kinds, k)
			}
		}
	}
	var titles []string
	for _, k := range kinds {
		titles = append(titles, k.Title())
	}
	as := strings.Join(titles, ", ")
	r := Result{Case: -1,
		Question: "Does every crawler read your file as it read the starting file, on every path (" + as + ")?",
		Want:     "no change, proved"}
	start, err := policy.Parse("/robots.txt", []byte(ex.Robots))
	if err != nil {
		r.Got, r.Explanation = "not compared", "The starting file cannot be read: "+err.Error()+"."
		return r
	}
	rep := policy.CompareVersions(start, f, policy.VersionOptions{Kinds: kinds, MaxWork: MaxUnchangedWork})
	switch {
	case len(rep.Changes) > 0:
		c := rep.Changes[0]
		r.Got = fmt.Sprintf("changed (%d witnesses)", len(rep.Changes))
		r.Line = c.After.Line
		var uses []string
		for _, u := range c.Uses {
			uses = append(uses, u.String())
		}
		who := rep.Who(c.Crawlers[0])
		if len(c.Crawlers) > 1 {
			who += fmt.Sprintf(" and %d more", len(c.Crawlers)-1)
		}
		r.Explanation = fmt.Sprintf("Something changed (%s): for %s, %s on %s, the starting file answers “%s” (%s), your file “%s” (%s). Open What changes? to see every change.",
			c.Kind.Title(), who, strings.Join(uses, ", "), c.Path,
			policy.AnswerText(c.Before), decidedBy(c.Before.Line), policy.AnswerText(c.After), decidedBy(c.After.Line))
	case !rep.NoChange():
		r.Got = "not proved"
		r.Explanation = fmt.Sprintf("The comparison stopped at its bound of %d states before it could prove that nothing changed. Open What changes? to run the whole proof.", MaxUnchangedWork)
	default:
		r.Got, r.Pass = "no change, proved", true
	}
	return r
}

// decidedBy names the line that decided an answer.
func decidedBy(n int) string {
	if n == 0 {
		return "no line: the default"
	}
	return fmt.Sprintf("line %d", n)
}

// checkMaxLines counts the lines of f that are neither blank nor comments.
func checkMaxLines(ex *Exercise, f *policy.File) Result {
	n := 0
	for _, l := range f.Lines {
		if l.Kind != policy.LineBlank && l.Kind != policy.LineComment && l.Kind != policy.LineVersion {
			n++
		}
	}
	r := Result{Case: -1,
		Question: fmt.Sprintf("Does the file say it in at most %d lines (blank lines and comments aside)?", ex.MaxLines),
		Want:     fmt.Sprintf("at most %d lines", ex.MaxLines),
		Got:      fmt.Sprintf("%d lines", n),
		Pass:     n <= ex.MaxLines}
	if !r.Pass {
		r.Explanation = fmt.Sprintf("The file has %d lines that are neither blank nor comments; the task asks for %d at most.", n, ex.MaxLines)
	}
	return r
}
