// Package exercise loads workshop exercises and checks a robots.txt file
// against them.
//
// An exercise is a conformance case file (the format of the project's
// conformance suite: a robots.txt and questions with expected answers) with
// a few fields more for people: a title, the task, a hint and a solution.
// A trainer writes one as a JSON file, drops it into web/exercises and adds
// its name to web/exercises/index.json:
//
//	{
//	  "name": "thumbnails",
//	  "title": "No thumbnails of the news",
//	  "task": "Stop SearchBot1 from showing thumbnails of /news/, keep snippets.",
//	  "hint": "present-thumbnail is narrower than present.",
//	  "robots": "ACAP-crawler: SearchBot1\nACAP-allow-present: /news/\n",
//	  "solution": "ACAP-crawler: SearchBot1\nACAP-allow-present: /news/\nACAP-disallow-present-thumbnail: /news/\n",
//	  "cases": [
//	    {"name": "Can SearchBot1 show a thumbnail of a news page?",
//	     "crawler": "SearchBot1", "url": "/news/a.html",
//	     "usage": "present-thumbnail", "allowed": false}
//	  ]
//	}
//
// The site finds the exercises through web/exercises/index.json, the list
// of their file names (a static host cannot list a folder).
//
// "robots" is the file the publisher starts from; Run checks whatever text
// the publisher has written since, so the checks can turn green or red on
// every keystroke. Each case's "name" is the question shown to the
// publisher.
//
// "panel": "builder" marks an exercise meant to be done with the policy
// builder ("Build a policy"), "panel": "versions" one meant to be done with
// the version compare ("What changes?"): the exercise offers a button that
// opens it (the checks are the same whatever wrote the file).
//
// "unchanged" lists kinds of crawler (such as ["rfc9309", "today"]) that
// must read the publisher's file exactly as they read the starting file:
// one check asks policy.CompareVersions to prove, for every crawler and
// every use those kinds answer, that no path changes its answer. It fails
// on a change, with the first witness, and also when the proof stops at
// its bound (MaxUnchangedWork states) before deciding. "max_lines" asks
// for a file of at most that many lines that are neither blank nor
// comments: with "unchanged", a file said more briefly.
package exercise

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/acap-workbench/workbench/policy"
)

// MaxSize is the largest exercise file Parse reads (1 MiB).
const MaxSize = 1 << 20

// The "panel" of an exercise: PanelBuilder for one done with the policy
// builder, PanelVersions for one done with the version compare.
const (
	PanelBuilder  = "builder"
	PanelVersions = "versions"
)

// MaxUnchangedWork bounds the states the "unchanged" check's proof visits:
// past it the check fails as not proved, whatever the machine.
const MaxUnchangedWork = 50000

// Exercise is one exercise: a conformance case file with a task.
type Exercise struct {
	Name         string            `json:"name"`
	Title        string            `json:"title"`
	Task         string            `json:"task"`
	Hint         string            `json:"hint,omitempty"`
	Source       string            `json:"source,omitempty"`
	Topics       []string          `json:"topics,omitempty"` // such as "qualifiers", "conflicts"
	Robots       string            `json:"robots"`           // the starting file
	RobotsBase64 string            `json:"robots_base64,omitempty"`
	Solution     string            `json:"solution"` // a file that passes every check
	Files        map[string]string `json:"files,omitempty"`
	Pages        map[string]string `json:"pages,omitempty"`
	Convert      string            `json:"convert,omitempty"`
	Diagnostics  []Diagnostic      `json:"diagnostics,omitempty"`
	Clean        *bool             `json:"clean,omitempty"`
	Panel        string            `json:"panel,omitempty"`     // PanelBuilder, PanelVersions, or "": the editor alone
	Unchanged    []string          `json:"unchanged,omitempty"` // kinds that must read the file as the starting file
	MaxLines     int               `json:"max_lines,omitempty"` // lines other than blank lines and comments, at most
	Cases        []Case            `json:"cases"`

	convert   policy.Kind
	unchanged []policy.Kind
	qs        []policy.Question
}

// Diagnostic is a diagnostic the file must have (the conformance format).
type Diagnostic struct {
	Line     int    `json:"line"`
	Severity string `json:"severity"`
}

// Case is one question with its expected answer (the conformance format).
type Case struct {
	Name    string `json:"name,omitempty"` // the question, in words
	Note    string `json:"note,omitempty"`
	Kind    string `json:"kind,omitempty"`
	Crawler string `json:"crawler"`
	Match   string `json:"match,omitempty"`
	Purpose string `json:"purpose,omitempty"`
	URL     string `json:"url"`
	Usage   string `json:"usage,omitempty"`
	Date    string `json:"date,omitempty"`
	Allowed *bool  `json:"allowed"`
	// Preference is the expected answer of the today kind for a category
	// (search, train-ai, ai-input): allowed, disallowed, none or
	// not-crawled. It is given instead of Allowed.
	Preference string    `json:"preference,omitempty"`
	Qualifiers *[]string `json:"qualifiers,omitempty"`
	Line       int       `json:"line,omitempty"`
}

// Parse reads an exercise file. It checks everything that can be checked
// without the publisher's text: the JSON, the required fields, and that every
// case is a question the engine can ask. The errors say where the file is
// wrong.
func Parse(data []byte) (*Exercise, error) {
	if len(data) > MaxSize {
		return nil, fmt.Errorf("exercise: the file is %d KiB; at most %d KiB are read", len(data)>>10, MaxSize>>10)
	}
	var ex Exercise
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&ex); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line, col := position(data, se.Offset)
			return nil, fmt.Errorf("exercise: not valid JSON at line %d, column %d: %v", line, col, err)
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("exercise: the field %q has the wrong type (%s where %s is needed)", te.Field, te.Value, te.Type)
		}
		return nil, fmt.Errorf("exercise: not valid JSON: %v", err)
	}
	if dec.More() {
		return nil, errors.New("exercise: there is more after the exercise's closing brace")
	}
	if strings.TrimSpace(ex.Name) == "" {
		return nil, errors.New(`exercise: "name" is missing`)
	}
	if strings.TrimSpace(ex.Title) == "" {
		return nil, fmt.Errorf("exercise %s: \"title\" is missing", ex.Name)
	}
	if strings.TrimSpace(ex.Task) == "" {
		return nil, fmt.Errorf("exercise %s: \"task\" is missing", ex.Name)
	}
	if ex.RobotsBase64 != "" {
		b, err := base64.StdEncoding.DecodeString(ex.RobotsBase64)
		if err != nil {
			return nil, fmt.Errorf("exercise %s: robots_base64 is not base64: %v", ex.Name, err)
		}
		ex.Robots = string(b)
	}
	if len(ex.Cases) == 0 && ex.Clean == nil && len(ex.Diagnostics) == 0 && len(ex.Unchanged) == 0 && ex.MaxLines == 0 {
		return nil, fmt.Errorf("exercise %s: it has no checks (\"cases\" is empty)", ex.Name)
	}
	if ex.Panel != "" && ex.Panel != PanelBuilder && ex.Panel != PanelVersions {
		return nil, fmt.Errorf("exercise %s: \"panel\" is %q; it must be %q, %q or left out", ex.Name, ex.Panel, PanelBuilder, PanelVersions)
	}
	if ex.MaxLines < 0 {
		return nil, fmt.Errorf("exercise %s: \"max_lines\" must be 1 or more", ex.Name)
	}
	for _, name := range ex.Unchanged {
		k, ok := policy.ParseKind(name)
		if !ok {
			return nil, fmt.Errorf("exercise %s: \"unchanged\": %q is not acap, rfc9309, draft1996, rep1994, v2proposal or today", ex.Name, name)
		}
		ex.unchanged = append(ex.unchanged, k)
	}
	if ex.Convert != "" {
		k, ok := policy.ParseKind(ex.Convert)
		if !ok || (k != policy.KindRFC9309 && k != policy.KindDraft1996) {
			return nil, fmt.Errorf("exercise %s: \"convert\" is %q; it must be rfc9309 or draft1996", ex.Name, ex.Convert)
		}
		ex.convert = k
	}
	for i, d := range ex.Diagnostics {
		if d.Line < 1 {
			return nil, fmt.Errorf("exercise %s: diagnostics[%d]: line must be 1 or more", ex.Name, i)
		}
		if _, ok := severity(d.Severity); !ok {
			return nil, fmt.Errorf("exercise %s: diagnostics[%d]: severity %q is not error, warning or info", ex.Name, i, d.Severity)
		}
	}
	for path := range ex.Files {
		if !strings.HasPrefix(path, "/") {
			return nil, fmt.Errorf("exercise %s: files: %q is not a path (it must start with /)", ex.Name, path)
		}
	}
	ex.qs = make([]policy.Question, len(ex.Cases))
	for i, c := range ex.Cases {
		q, err := c.question()
		if err != nil {
			return nil, fmt.Errorf("exercise %s: cases[%d]: %v", ex.Name, i, err)
		}
		ex.qs[i] = q
		if c.Preference != "" {
			p, _ := policy.ParsePreference(c.Preference)
			allowed := p == policy.PrefAllowed
			ex.Cases[i].Allowed = &allowed
		}
	}
	return &ex, nil
}

func position(data []byte, off int64) (line, col int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col = 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

func severity(s string) (policy.Severity, bool) {
	switch strings.ToLower(s) {
	case "error":
		return policy.SevError, true
	case "warning":
		return policy.SevWarning, true
	case "info":
		return policy.SevInfo, true
	}
	return 0, false
}

func (c Case) question() (policy.Question, error) {
	q := policy.Question{Crawler: c.Crawler, Purpose: c.Purpose, URL: c.URL}
	if c.Preference != "" {
		if _, ok := policy.ParsePreference(c.Preference); !ok {
			return q, fmt.Errorf("preference %q is not allowed, disallowed, none or not-crawled", c.Preference)
		}
		if c.Kind != "today" {
			return q, errors.New(`"preference" is the answer of the kind "today"; give "allowed" for other kinds`)
		}
		if _, ok := policy.ParseCategory(c.Usage); !ok {
			return q, fmt.Errorf("\"preference\" answers search, train-ai or ai-input, not %q", c.Usage)
		}
	} else if c.Allowed == nil {
		return q, errors.New(`"allowed" (true or false) is missing`)
	}
	switch c.Match {
	case "", "name":
	case "substring":
		q.UserAgent = true
	default:
		return q, fmt.Errorf("match %q is not \"substring\"", c.Match)
	}
	k, ok := policy.ParseKind(c.Kind)
	if !ok {
		return q, fmt.Errorf("kind %q is not acap, rfc9309, draft1996, rep1994, v2proposal or today", c.Kind)
	}
	q.Kind = k
	q.Usage = policy.UsageCrawl
	if c.Usage != "" {
		u, ok := policy.ParseUsage(c.Usage)
		if k == policy.KindToday {
			if cu, cok := policy.ParseCategory(c.Usage); cok {
				u, ok, q.Category = policy.UsageCrawl, true, cu
			}
		}
		if !ok {
			return q, fmt.Errorf("usage %q is not an ACAP usage (or, for the kind today, crawl, search, train-ai or ai-input)", c.Usage)
		}
		q.Usage = u
	}
	if c.Date != "" {
		d, ok := policy.ParseDate(c.Date)
		if !ok {
			return q, fmt.Errorf("date %q is not a day written YYYY-MM-DD", c.Date)
		}
		q.Date = d
	}
	if c.Qualifiers != nil && !*c.Allowed {
		return q, errors.New(`"qualifiers" is given for an answer that is not allowed`)
	}
	return q, nil
}

// Question returns the case as a question in words, the name the trainer
// gave it or one made from its fields.
func (c Case) Question() string {
	if c.Name != "" {
		return c.Name
	}
	usage := c.Usage
	if usage == "" {
		usage = "crawl"
	}
	s := "May " + c.Crawler + " " + usage + " " + c.URL
	if c.Purpose != "" {
		s += " for the purpose " + c.Purpose
	}
	if c.Date != "" {
		s += " on " + c.Date
	}
	if c.Kind != "" && c.Kind != "acap" {
		if k, ok := policy.ParseKind(c.Kind); ok {
			s += " (as a " + k.Title() + ")"
		}
	}
	return s + "?"
}

// Result is the outcome of one check.
type Result struct {
	// Case is the index of the case in Exercise.Cases, or -1 for a check on
	// the whole file ("clean" or "diagnostics").
	Case     int
	Question string // the check, in words
	Pass     bool
	Want     string // the expected answer, in words
	Got      string // the answer the file gives, in words
	// Explanation says why a failing check fails: what was expected, what
	// the file answers, the deciding line and the step of the reasoning
	// that settled it. Empty when the check passes.
	Explanation string
	// Line is the deciding line (0: none, or a line of the converted text
	// for an exercise with "convert"); File is "" for the publisher's file,
	// or the path of another file it refers to.
	Line int
	File string
	// Trace is the engine's full reasoning (empty for file checks).
	Trace policy.Trace
}

// Run checks src, the publisher's robots.txt, against every check of ex.
// others are the other files of the workspace (for
// ACAP-permissions-reference); the exercise's own "files" are added to them
// unless a file of the same name is given. A file too large to parse fails
// every check with the reason.
func Run(ex *Exercise, src []byte, others ...*policy.File) []Result {
	f, err := policy.Parse("/robots.txt", src)
	if err != nil {
		return failAll(ex, "the file cannot be read: "+err.Error())
	}
	var out []Result
	if ex.Clean != nil || len(ex.Diagnostics) > 0 {
		out = append(out, checkDiagnostics(ex, f)...)
	}
	if len(ex.Unchanged) > 0 {
		out = append(out, checkUnchanged(ex, f))
	}
	if ex.MaxLines > 0 {
		out = append(out, checkMaxLines(ex, f))
	}
	asked := f
	var convNote string
	if ex.Convert != "" {
		conv := policy.Convert(f, policy.ConvertOptions{Source: ex.convert})
		cf, err := policy.Parse("/robots.txt", conv.Text)
		if err != nil {
			return append(out, failAll(ex, "the converted file cannot be read: "+err.Error())...)
		}
		asked = cf
		convNote = " (asked of the file as the converter turns it into ACAP)"
	}
	have := map[string]bool{}
	for _, o := range others {
		if o != nil {
			have[o.Name] = true
		}
	}
	paths := make([]string, 0, len(ex.Files))
	for p := range ex.Files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		if have[p] {
			continue
		}
		if of, err := policy.Parse(p, []byte(ex.Files[p])); err == nil {
			others = append(others, of)
		}
	}
	pol := policy.NewPolicy(asked, others...)
	pages := make([]string, 0, len(ex.Pages))
	for p := range ex.Pages {
		pages = append(pages, p)
	}
	sort.Strings(pages)
	for _, p := range pages {
		if page, err := policy.ParsePage(p, []byte(ex.Pages[p])); err == nil {
			pol.AddPage(page)
		}
	}
	for i, c := range ex.Cases {
		q := ex.question(i)
		a := pol.Decide(q)
		r := Result{Case: i, Question: c.Question(), Line: a.Line, File: a.File, Trace: a.Trace}
		r.Want = answerWords(*c.Allowed, c.Qualifiers)
		got := restrictions(a)
		if c.Qualifiers == nil && len(*got) == 0 {
			got = nil
		}
		r.Got = answerWords(a.Allowed, got)
		var why []string
		if c.Preference != "" {
			want, _ := policy.ParsePreference(c.Preference)
			r.Want, r.Got = want.Title(), a.Preference.Title()
			if a.Preference != want {
				why = append(why, "the task wants “"+want.Title()+"”; your file answers “"+a.Preference.Title()+"”.")
			} else if c.Line != 0 && a.Line != c.Line {
				why = append(why, fmt.Sprintf("the answer is right, but line %d should decide it, not %s.", c.Line, lineWords(a.Line)))
			}
		} else if a.Allowed != *c.Allowed {
			why = append(why, "the task wants “"+yesNo(*c.Allowed)+"”; your file answers “"+yesNo(a.Allowed)+"”"+convNote+".")
		} else if c.Qualifiers != nil && !sameSet(*c.Qualifiers, *restrictions(a)) {
			why = append(why, "it is allowed as the task wants, but with "+restrictionWords(*restrictions(a))+" instead of "+restrictionWords(*c.Qualifiers)+convNote+".")
		} else if c.Line != 0 && a.Line != c.Line {
			why = append(why, fmt.Sprintf("the answer is right, but line %d should decide it, not %s%s.", c.Line, lineWords(a.Line), convNote))
		}
		if len(why) > 0 {
			why = append(why, decider(a, asked, ex.Convert != ""))
			r.Explanation = upperFirst(strings.Join(why, " "))
		}
		r.Pass = len(why) == 0
		if ex.Convert != "" && r.File == "" {
			r.Line = 0 // a line of the converted text, not of the editor's
		}
		out = append(out, r)
	}
	return out
}

// Kind is the kind of crawler the exercise's questions ask as: that of its
// first case (ACAP when the case names none), so the simulator opens the
// starting file in the reading the checks use.
func (ex *Exercise) Kind() policy.Kind {
	if len(ex.Cases) == 0 {
		return policy.KindACAP
	}
	return ex.question(0).Kind
}

// question returns the compiled question of case i (Parse made them; an
// Exercise built by hand gets them made here).
func (ex *Exercise) question(i int) policy.Question {
	if i < len(ex.qs) {
		return ex.qs[i]
	}
	q, _ := ex.Cases[i].question()
	return q
}

// Passed reports whether every result passed.
func Passed(rs []Result) bool {
	for _, r := range rs {
		if !r.Pass {
			return false
		}
	}
	return len(rs) > 0
}

func failAll(ex *Exercise, why string) []Result {
	var out []Result
	for i, c := range ex.Cases {
		out = append(out, Result{Case: i, Question: c.Question(), Want: answerWords(*c.Allowed, c.Qualifiers), Explanation: upperFirst(why)})
	}
	if len(out) == 0 {
		out = append(out, Result{Case: -1, Question: "Is the file readable?", Explanation: upperFirst(why)})
	}
	return out
}

func checkDiagnostics(ex *Exercise, f *policy.File) []Result {
	ds := policy.Check(f)
	var out []Result
	if ex.Clean != nil {
		var bad []policy.Diagnostic
		for _, d := range ds {
			if d.Severity != policy.SevInfo {
				bad = append(bad, d)
			}
		}
		r := Result{Case: -1}
		if *ex.Clean {
			r.Question = "Is the file free of errors and warnings?"
			r.Want = "no errors or warnings"
			r.Got = fmt.Sprintf("%d errors or warnings", len(bad))
			r.Pass = len(bad) == 0
			if !r.Pass {
				r.Line = bad[0].Pos.Line
				r.Explanation = fmt.Sprintf("The file still has %d error(s) or warning(s); the first is on line %d: %s.", len(bad), bad[0].Pos.Line, bad[0].Message)
			}
		} else {
			r.Question = "Does the file have at least one error or warning?"
			r.Want = "at least one error or warning"
			r.Got = fmt.Sprintf("%d errors or warnings", len(bad))
			r.Pass = len(bad) > 0
			if !r.Pass {
				r.Explanation = "The file has no error and no warning."
			}
		}
		out = append(out, r)
	}
	for _, want := range ex.Diagnostics {
		sev, _ := severity(want.Severity)
		r := Result{Case: -1, Line: want.Line,
			Question: fmt.Sprintf("Does line %d have %s %s?", want.Line, article(sev), sev),
			Want:     "a" + " " + sev.String() + " on line " + fmt.Sprint(want.Line)}
		for _, d := range ds {
			if d.Pos.Line == want.Line && d.Severity == sev {
				r.Pass = true
				r.Got = d.Message
				break
			}
		}
		if !r.Pass {
			r.Got = "none"
			r.Explanation = fmt.Sprintf("Line %d has no %s.", want.Line, sev)
		}
		out = append(out, r)
	}
	return out
}

func article(s policy.Severity) string {
	if s == policy.SevError || s == policy.SevInfo {
		return "an"
	}
	return "a"
}

// decider says, once, which line decided an answer and why.
func decider(a policy.Answer, asked *policy.File, converted bool) string {
	step := strings.TrimRight(keyStep(a), ".")
	var text string
	if a.Line > 0 && a.File == "" {
		text = strings.TrimSpace(asked.LineText(a.Line))
	}
	where := fmt.Sprintf("Line %d", a.Line)
	if converted {
		where += " of the converted file"
	}
	switch {
	case a.Line > 0 && a.File != "":
		where = fmt.Sprintf("Line %d of %s", a.Line, a.File)
	case a.Line > 0 && text != "" && (!strings.Contains(step, text) || strings.HasPrefix(step, text+" ")):
		where += ", “" + text + "”,"
	case a.Line == 0:
		if step == "" {
			return "No line decides it."
		}
		return "No line decides it. " + upperFirst(step) + "."
	}
	switch {
	case step == "":
		return where + " decides it."
	case text != "" && strings.HasPrefix(step, text+" "):
		return where + " decides it: it " + strings.TrimPrefix(step, text+" ") + "."
	}
	return where + " decides it. " + upperFirst(step) + "."
}

// keyStep picks the step of the trace that settled the answer.
func keyStep(a policy.Answer) string {
	for _, kind := range []policy.StepKind{policy.StepDependency, policy.StepExpired, policy.StepUndecided, policy.StepScope,
		policy.StepMeta, policy.StepOther, policy.StepRobotsTxt, policy.StepProhibitRead, policy.StepReference, policy.StepNoRecords, policy.StepDefault} {
		for _, s := range a.Trace.Steps {
			if s.Kind == kind {
				return s.Text
			}
		}
	}
	var last string
	for _, s := range a.Trace.Steps {
		if s.Kind == policy.StepConventional && s.Line == a.Line {
			return s.Text
		}
		if s.Kind == policy.StepMatch && s.Line == a.Line && s.File == a.File {
			last = s.Text
		}
	}
	if last != "" {
		return last
	}
	for i := len(a.Trace.Steps) - 1; i >= 0; i-- {
		if s := a.Trace.Steps[i]; s.Kind != policy.StepDecision && s.Kind != policy.StepRestriction {
			return s.Text
		}
	}
	return ""
}

func restrictions(a policy.Answer) *[]string {
	got := []string{}
	for _, q := range a.Restrictions {
		got = append(got, q.String())
	}
	return &got
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	x := append([]string(nil), a...)
	y := append([]string(nil), b...)
	sort.Strings(x)
	sort.Strings(y)
	for i := range x {
		if !strings.EqualFold(x[i], y[i]) {
			return false
		}
	}
	return true
}

func yesNo(b bool) string {
	if b {
		return "allowed"
	}
	return "not allowed"
}

func answerWords(allowed bool, quals *[]string) string {
	s := yesNo(allowed)
	if allowed && quals != nil {
		s += ", " + restrictionWords(*quals)
	}
	return s
}

func restrictionWords(qs []string) string {
	if len(qs) == 0 {
		return "no restrictions"
	}
	s := append([]string(nil), qs...)
	sort.Strings(s)
	return "restrictions " + strings.Join(s, " ")
}

func lineWords(n int) string {
	if n == 0 {
		return "the default (no line)"
	}
	return fmt.Sprintf("line %d", n)
}

func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
