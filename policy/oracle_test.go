package policy

// The differential test of the rfc9309 reading against Google's reference
// parser, as github.com/jimsmart/grobotstxt v1.0.3 (a Go port of
// google/robotstxt's robots.cc) reads it. Every answer of the rfc9309 kind
// must equal the oracle's, except where diffClass names the documented
// difference that explains it: one of this product's deliberate differences
// from Google (conformance/README.md: /robots.txt always allowed, percent
// escapes compared decoded, whole crawler names with digits and '.', the
// index.html leniency not adopted), or a place where the port itself
// differs from Google's current C++ parser (google/robotstxt at 22b355f).
// Each class is recognised, wherever it can be, by asking the oracle again
// without the difference and getting our answer. The port's differences:
//
//   - The port's escapePattern upper-cases the hex digits of escapes by
//     clearing bit 5 of each byte, which also turns the digits into control
//     characters ("%3a" becomes "%\x13A"). The oracle is given the body with
//     every escape already upper-cased (upperEscapes), which robots.cc does
//     itself, so this bug never shows.
//   - portNUL: robots.cc keeps each line in a C string, so a NUL byte ends
//     the line; the port keeps the bytes after it. The rfc9309 reading
//     follows robots.cc; the port is asked again with each line cut at its
//     NUL (cppLines).
//   - portUnicodeSpace: robots.cc strips ASCII white space around lines, keys
//     and values (absl::StripAsciiWhitespace) and tests the byte after '*'
//     with the C isspace; the port uses strings.TrimSpace and unicode.IsSpace,
//     which also take U+0085, U+00A0 and other Unicode spaces (and the single
//     bytes 0x85 and 0xA0 after '*'). This class is recognised by the
//     presence of such a space only (no file of testdata/corpus has one).
//   - portDiaslow: the port also accepts "diaslow" as a misspelling of
//     Disallow; robots.cc does not. The port is asked again without those
//     lines.
//   - The port reads a User-agent name as its leading RFC 7231 token
//     characters (letters, digits and !#$%&'*+-.^_`|~), and tests the byte
//     after '*' with unicode.IsSpace; robots.cc takes [a-zA-Z_-] and C
//     isspace. The oracle replays every User-agent value cut as robots.cc
//     cuts it (cppAgent), so names are read as Google reads them, and README
//     difference 3 (whole names with digits and '.') shows as its own class.
//
// The port's AgentAllowed also normalises the URL with net/url; only paths
// that net/url leaves unchanged are asked.

import (
	"math/rand/v2"
	"net/url"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/jimsmart/grobotstxt"
)

// The documented differences, by name.
const (
	diffRobotsTxt         = "robots.txt always allowed (README 1)"
	diffPercent           = "percent escapes compared decoded (README 2)"
	diffPercentPresent    = "README 2, by presence: an escape in a rule or the path"
	diffIndexHTML         = "index.html leniency not adopted (README 4)"
	diffPortNUL           = "port: NUL does not end the line"
	diffPortUnicodeSpace  = "port: Unicode spaces stripped"
	diffPortDiaslow       = "port: accepts diaslow"
	diffWholeNames        = "whole names with digits and dots (README 3)"
	diffWholeNamesPercent = "README 2 and 3 together"
)

// oracleFile is a robots.txt body as the oracle's parser reads it, once:
// its directives replayed as a minimal body, so that each question does not
// parse a large file again.
type oracleFile struct {
	body       string   // the original body
	replay     string   // the directives the port's parser emitted, one per line, names cut as robots.cc cuts them
	replayOurs string   // the same with names cut as the rfc9309 reading cuts them
	values     []string // the Allow/Disallow values it emitted (escaped as it escapes them)
	agents     []string // the User-agent values it emitted
	allowsI    []string // Allow values with a "/index.htm" last segment
}

type oracleRecorder struct {
	b, ours strings.Builder // the replay with names cut as robots.cc cuts them, and as we do
	f       *oracleFile
}

func (r *oracleRecorder) HandleRobotsStart() {}
func (r *oracleRecorder) HandleRobotsEnd()   {}
func (r *oracleRecorder) HandleUserAgent(_ int, v string) {
	r.b.WriteString("User-agent: " + cppAgent(v) + "\n")
	n := v
	if !agentAny(v) {
		n = agentName(v)
	}
	r.ours.WriteString("User-agent: " + n + "\n")
	r.f.agents = append(r.f.agents, v)
}

// cppAgent returns a User-agent value as robots.cc reads it: '*' alone or
// before C white space is kept (the any group), anything else is cut
// before its first byte that is not a letter, '_' or '-'. Replayed to the
// port, whose own reading takes RFC 7231 token characters and Unicode
// spaces, the value then names what it names for robots.cc.
func cppAgent(v string) string {
	if agentAny(v) {
		return v
	}
	i := 0
	for i < len(v) && (isAlpha(v[i]) || v[i] == '_' || v[i] == '-') {
		i++
	}
	return v[:i]
}
func (r *oracleRecorder) HandleAllow(_ int, v string) {
	r.b.WriteString("Allow: " + v + "\n")
	r.ours.WriteString("Allow: " + v + "\n")
	r.f.values = append(r.f.values, v)
	if i := strings.LastIndexByte(v, '/'); i >= 0 && strings.HasPrefix(v[i:], "/index.htm") {
		r.f.allowsI = append(r.f.allowsI, v)
	}
}
func (r *oracleRecorder) HandleDisallow(_ int, v string) {
	r.b.WriteString("Disallow: " + v + "\n")
	r.ours.WriteString("Disallow: " + v + "\n")
	r.f.values = append(r.f.values, v)
}
func (r *oracleRecorder) HandleSitemap(int, string)               {}
func (r *oracleRecorder) HandleUnknownAction(int, string, string) {}

func newOracleFile(body string) *oracleFile {
	f := &oracleFile{body: body}
	rec := &oracleRecorder{f: f}
	grobotstxt.Parse(upperEscapes(body), rec)
	f.replay = rec.b.String()
	f.replayOurs = rec.ours.String()
	return f
}

// upperEscapes writes the hex digits of every %XX escape in upper case.
// robots.cc does that itself to Allow and Disallow values; the port's
// version (escapePattern) clears bit 5 of every byte of every escape of a
// value once one escape has a lower-case letter, so that "%3a" becomes
// "%\x13A" and "%d8" "%D\x18". Upper-casing first leaves the port nothing
// to do, and gives what robots.cc gives; it changes nothing else robots.cc
// reads (User-agent names end before '%').
func upperEscapes(body string) string {
	b := []byte(body)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' && pctUnhex(b[i+1]) >= 0 && pctUnhex(b[i+2]) >= 0 {
			for j := i + 1; j <= i+2; j++ {
				if 'a' <= b[j] && b[j] <= 'f' {
					b[j] -= 'a' - 'A'
				}
			}
			i += 2
		}
	}
	return string(b)
}

// allowed is the oracle's answer.
func (f *oracleFile) allowed(agent, path string) bool {
	return grobotstxt.AgentAllowed(f.replay, agent, path)
}

// oracleAskable reports whether the port asks exactly path: net/url must
// leave it unchanged, and our reduction of URLs too.
func oracleAskable(path string) bool {
	if path == "" || path[0] != '/' || strings.HasPrefix(path, "//") || PathOf(path) != path {
		return false
	}
	u, err := url.Parse(path)
	return err == nil && u.String() == path
}

// diffClass names the documented difference that explains why the rfc9309
// reading answers ours for (agent, path) where the oracle answers !ours, or
// returns "" when none does.
func diffClass(f *oracleFile, agent, path string, ours bool) string {
	if isRobotsTxt(path) && ours {
		return diffRobotsTxt
	}
	body := f.body
	if nul, dia := strings.IndexByte(body, 0) >= 0, hasKeyPrefix(body, "diaslow"); nul || dia {
		// Ask the port again with what robots.cc reads: each line cut at
		// its NUL, and no diaslow line. The other classes are then
		// looked for in that file.
		f = newOracleFile(cppLines(body))
		if f.allowed(agent, path) == ours {
			if nul {
				return diffPortNUL
			}
			return diffPortDiaslow
		}
	}
	if !ours && indexHTMLLeniency(f, path) {
		return diffIndexHTML
	}
	if ok, exact := differsOnlyInEscapes(f, f.replay, agent, path, ours); ok {
		if !exact {
			return diffPercentPresent
		}
		return diffPercent
	}
	if wholeNamesDiffer(f, agent, path, ours) {
		return diffWholeNames
	}
	if f.replayOurs != f.replay {
		// Both at once: names cut our way, and escapes compared decoded.
		if ok, exact := differsOnlyInEscapes(f, f.replayOurs, agent, path, ours); ok {
			if !exact {
				return diffPercentPresent
			}
			return diffWholeNamesPercent
		}
	}
	if hasUnicodeSpaceEdge(body) {
		return diffPortUnicodeSpace
	}
	return ""
}

// indexHTMLLeniency reports whether Google's "Allow: /x/index.html also
// allows /x/" rule applies to path: an Allow whose last segment starts
// with /index.htm, cut after its last '/' and anchored, matches path.
func indexHTMLLeniency(f *oracleFile, path string) bool {
	for _, v := range f.allowsI {
		i := strings.LastIndexByte(v, '/')
		if grobotstxt.Matches(path, v[:i+1]+"$") {
			return true
		}
	}
	return false
}

// differsOnlyInEscapes asks the oracle again with the path and every rule
// written in one canonical form (canonEscapes): when the oracle then gives
// our answer, the difference was only how escapes compare. Google ranks
// rules by their length, so a pattern that gets shorter is padded with '*'
// at its end to its original length, which keeps the ranking and what it
// matches. An anchored pattern cannot be padded, nor can a pattern that
// gets longer; then the question falls back to the plain test that the
// path or a rule has an escape or a non-ASCII byte (its own class).
func differsOnlyInEscapes(f *oracleFile, replay, agent, path string, ours bool) (ok, exact bool) {
	hasEsc := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if s[i] == '%' || s[i] >= 0x80 {
				return true
			}
		}
		return false
	}
	any := hasEsc(path)
	for _, v := range f.values {
		any = any || hasEsc(v)
	}
	if !any {
		return false, true
	}
	type rule struct {
		key, v, nv string
		anchored   bool
	}
	var rules []rule
	grows, anchoredAny := false, false
	for _, line := range strings.Split(replay, "\n") {
		key, v, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		r := rule{key: key, v: v, nv: v}
		if key == "Allow" || key == "Disallow" {
			r.anchored = strings.HasSuffix(v, "$")
			segs := strings.Split(strings.TrimSuffix(v, "$"), "*")
			for i, s := range segs {
				segs[i] = canonEscapes(s)
			}
			r.nv = strings.Join(segs, "*")
			if r.anchored {
				r.nv += "$"
				anchoredAny = true
			}
			grows = grows || len(r.nv) > len(v)
		}
		rules = append(rules, r)
	}
	// Pad to the original length, or, when a pattern got longer, to three
	// times it (canonEscapes at most triples a pattern); an anchored
	// pattern must keep exactly that length.
	scale := 1
	if grows {
		if anchoredAny {
			return true, false // cannot keep Google's ranking: fall back
		}
		scale = 3
	}
	var b strings.Builder
	for _, r := range rules {
		v := r.v
		if r.key == "Allow" || r.key == "Disallow" {
			want := scale * len(r.v)
			if len(r.nv) != want && (r.anchored || len(r.nv) > want) {
				return true, false // cannot keep Google's ranking: fall back
			}
			v = r.nv + strings.Repeat("*", want-len(r.nv))
		}
		b.WriteString(r.key + ": " + v + "\n")
	}
	cp := canonEscapes(path)
	if !oracleAskable(cp) {
		return true, false // net/url would change the path: fall back
	}
	return grobotstxt.AgentAllowed(b.String(), agent, cp) == ours, true
}

// canonEscapes writes a literal piece of a path or pattern in one form,
// the same whether a character was written raw or as an escape: an escape
// (hex digits in either case) stands for its byte, except that escapes of
// '/', '%', '*' and '$' stay escapes; then ASCII letters, digits and
// -._~$&+,/:;=@? are written raw and every other byte as %XX with
// upper-case hex. net/url leaves such a path unchanged, and a piece without
// escapes, non-ASCII bytes or other punctuation keeps its length.
func canonEscapes(s string) string {
	const raw = "-._~$&+,/:;=@?"
	hex := "0123456789ABCDEF"
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) {
			if h, l := pctUnhex(s[i+1]), pctUnhex(s[i+2]); h >= 0 && l >= 0 {
				i += 2
				d := byte(h<<4 | l)
				if d == '/' || d == '%' || d == '*' || d == '$' || !(isAlpha(d) || ('0' <= d && d <= '9') || strings.IndexByte(raw, d) >= 0) {
					b = append(b, '%', hex[d>>4], hex[d&15])
				} else {
					b = append(b, d)
				}
				continue
			}
		}
		if isAlpha(c) || ('0' <= c && c <= '9') || strings.IndexByte(raw, c) >= 0 {
			b = append(b, c)
			continue
		}
		b = append(b, '%', hex[c>>4], hex[c&15])
	}
	return string(b)
}

// hasUnicodeSpaceEdge reports whether a line, key or value of body has at
// an edge a space that strings.TrimSpace strips and the ASCII strip of
// robots.cc keeps, or a '*' followed by a byte unicode.IsSpace takes and C
// isspace does not.
func hasUnicodeSpaceEdge(body string) bool {
	for _, line := range strings.FieldsFunc(body, func(r rune) bool { return r == '\n' || r == '\r' }) {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		parts := []string{line}
		if k, v, ok := strings.Cut(line, ":"); ok {
			parts = append(parts, k, v)
		}
		for _, p := range parts {
			if strings.TrimSpace(p) != strings.Trim(p, " \t\v\f") {
				return true
			}
		}
		if strings.Contains(line, "*\x85") || strings.Contains(line, "*\xa0") {
			return true
		}
	}
	return false
}

// cppLines returns body as robots.cc reads it where the port differs
// (NUL bytes, diaslow): every line cut at its first NUL byte, and a line
// whose name starts with "diaslow" commented out.
func cppLines(body string) string {
	var b strings.Builder
	for len(body) > 0 {
		i := strings.IndexAny(body, "\r\n")
		line, end := body, ""
		if i >= 0 {
			line, end = body[:i], body[i:i+1]
			body = body[i+1:]
		} else {
			body = ""
		}
		if j := strings.IndexByte(line, 0); j >= 0 {
			line = line[:j]
		}
		if hasPrefixFold(strings.TrimLeft(line, " \t\v\f"), "diaslow") {
			line = "#" + line
		}
		b.WriteString(line + end)
	}
	return b.String()
}

// hasKeyPrefix reports whether a line of body starts (after spaces) with
// prefix, case-insensitively.
func hasKeyPrefix(body, prefix string) bool {
	for _, line := range strings.FieldsFunc(body, func(r rune) bool { return r == '\n' || r == '\r' }) {
		if hasPrefixFold(strings.TrimLeft(line, " \t\v\f"), prefix) {
			return true
		}
	}
	return false
}

// wholeNamesDiffer reports whether the oracle gives our answer once the
// User-agent names are cut as the rfc9309 reading cuts them (letters,
// digits, '_', '-' and '.') instead of as robots.cc does (letters, '_' and
// '-').
func wholeNamesDiffer(f *oracleFile, agent, path string, ours bool) bool {
	return f.replayOurs != f.replay && grobotstxt.AgentAllowed(f.replayOurs, agent, path) == ours
}

// oracleAgents returns the crawlers asked about a file: the names its
// User-agent lines give (ours, and the port's), then a few others.
func oracleAgents(f *File) []string {
	var out []string
	seen := map[string]bool{}
	add := func(n string) {
		k := strings.ToLower(n)
		if n == "" || n == "*" || seen[k] || !isAgentName(n) {
			return
		}
		seen[k] = true
		out = append(out, n)
	}
	for _, g := range f.Groups {
		for _, a := range g.Agents {
			add(agentName(a.Value.Text))
		}
	}
	if len(out) > 24 {
		out = out[:24]
	}
	for _, n := range []string{"Googlebot", "Bingbot", "GPTBot", "Google-Extended", "UnnamedBot", "googlebot-image"} {
		add(n)
	}
	return out
}

func isAgentName(n string) bool {
	for i := 0; i < len(n); i++ {
		if c := n[i]; !(isAlpha(c) || ('0' <= c && c <= '9') || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return n != ""
}

// oraclePaths returns the paths asked about a file: some fixed ones, and
// for each Allow/Disallow value its literal start, the value with '*' read
// as "x", one character more and one less.
func oraclePaths(f *File, max int) []string {
	out := []string{"/", "/robots.txt", "/index.html", "/a", "/search?q=1", "/%7Euser/", "/caf%C3%A9", "/x/index.html"}
	seen := map[string]bool{}
	for _, p := range out {
		seen[p] = true
	}
	add := func(p string) {
		if len(out) < max && !seen[p] && oracleAskable(p) {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, g := range f.Groups {
		for _, r := range g.Rules {
			v := r.Value.Text
			if v == "" {
				continue
			}
			lit := v
			if i := strings.IndexAny(v, "*$"); i >= 0 {
				lit = v[:i]
			}
			add(lit)
			add(strings.ReplaceAll(strings.TrimSuffix(v, "$"), "*", "x"))
			add(strings.ReplaceAll(strings.TrimSuffix(v, "$"), "*", "") + "x")
			add(lit + "x")
			if len(lit) > 1 {
				add(lit[:len(lit)-1])
			}
		}
	}
	return out
}

// oracleTally counts the outcome of a differential run.
type oracleTally struct {
	files, questions, equal int
	byClass                 map[string]int
	unexplained             []string
}

// compareWithOracle asks every (agent, path) of one file of both readings.
func compareWithOracle(t *oracleTally, name string, src []byte, agents, paths []string) {
	f, err := Parse(name, src)
	if err != nil {
		return
	}
	if agents == nil {
		agents = oracleAgents(f)
	}
	if paths == nil {
		paths = oraclePaths(f, 120)
	}
	of := newOracleFile(string(src))
	p := NewPolicy(f)
	t.files++
	for _, ag := range agents {
		for _, path := range paths {
			if !oracleAskable(path) {
				continue
			}
			t.questions++
			subj := NewSubject(path)
			ours := p.decideQuiet(&Question{Crawler: ag, URL: path, Kind: KindRFC9309}, path, &subj).Allowed
			if ours == of.allowed(ag, path) {
				t.equal++
				continue
			}
			c := diffClass(of, ag, path, ours)
			if c == "" {
				if len(t.unexplained) < 40 {
					what := name
					if name == "generated" {
						what = strconv.Quote(string(src))
					}
					t.unexplained = append(t.unexplained, what+": crawler "+ag+", path "+path+": rfc9309 "+allowWord(ours)+", Google "+allowWord(!ours))
				}
				c = "unexplained"
			}
			if t.byClass == nil {
				t.byClass = map[string]int{}
			}
			t.byClass[c]++
		}
	}
}

func allowWord(b bool) string {
	if b {
		return "allows"
	}
	return "disallows"
}

// TestOracleCorpus compares the rfc9309 reading with Google's parser (the
// grobotstxt port) on every file of testdata/corpus (270).
func TestOracleCorpus(t *testing.T) {
	paths := corpusFiles(t)
	var tally oracleTally
	maxPaths, maxAgents := 120, 0
	if runtime.GOOS == "js" {
		// Under WebAssembly the full run takes minutes; every file is still
		// compared, with fewer questions each (the native run asks all).
		maxPaths, maxAgents = 24, 4
		t.Logf("js/wasm: at most %d paths and %d named crawlers per file", maxPaths, maxAgents)
	}
	for _, p := range paths {
		f, src := parseTestFile(t, p)
		agents := oracleAgents(f)
		if maxAgents > 0 && len(agents) > maxAgents+6 {
			agents = append(agents[:maxAgents:maxAgents], agents[len(agents)-6:]...)
		}
		compareWithOracle(&tally, filepath.Base(p), src, agents, oraclePaths(f, maxPaths))
	}
	var classes []string
	for c := range tally.byClass {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	t.Logf("files %d, questions %d, equal %d", tally.files, tally.questions, tally.equal)
	for _, c := range classes {
		t.Logf("  %-45s %d", c, tally.byClass[c])
	}
	if tally.files != len(paths) || tally.files < 270 || tally.questions < 30000 {
		t.Errorf("compared %d files of %d", tally.files, len(paths))
	}
	for _, u := range tally.unexplained {
		t.Error(u)
	}
	if n := tally.byClass["unexplained"]; n > 0 {
		t.Errorf("%d answers differ from Google's with no documented reason", n)
	}
}

// Pieces the fuzz target builds robots.txt files from: the names Google's
// parser reads and near misses, agent values, patterns with the characters
// that matter, and the line shapes of READING.md §8.
var (
	fuzzNames = []string{"User-agent", "user-agent", "Useragent", "User agent", "User-agents", "User_agent",
		"Allow", "allow", "Allowed", "Disallow", "DISALLOW", "Disalow", "Dissallow", "Diasllow", "Diaslow", "Disallaw", "Dis-allow",
		"Sitemap", "Crawl-delay", "Host", "ACAP-crawler", "ACAP-disallow-crawl", "Noindex", "#Disallow", ""}
	fuzzAgents = []string{"*", "* foo", "*\tbar", "*Fetch*", "**", "*.*", "*x", "Googlebot", "googlebot", "Googlebot/2.1",
		"Bingbot", "AB42bot", "foo.bar", "foo+bar", "Foo Bar", "Mozilla/5.0 (compatible; Googlebot/2.1)", "", "GPTBot"}
	fuzzPatterns = []string{"/", "", "/a", "/a/", "/a$", "/a*", "/*.pdf$", "/a*b", "/*", "*", "$", "/a$b", "/%61", "/%2F", "/%2f", "/a%2Fb",
		"/caf\xc3\xa9", "/caf%C3%A9", "/caf%c3%a9", "/a b", "/x/index.html", "/x/index.htm", "/?q", "/a?b=1", "a", "/robots.txt", "/%7Euser",
		"/a:b", "/a#c", "/a\v", "/a\x00b", "/\xff"}
	fuzzGlue  = []string{": ", ":", " : ", " ", "\t", ":\v", "\v: ", ": \f", "  :  "}
	fuzzEnds  = []string{"\n", "\r\n", "\r", "\n\n", " # c\n", "\v\n", "\x00x\n", "\n"}
	fuzzPaths = []string{"/", "/a", "/a/", "/a/b", "/ab", "/b", "/x/", "/x/index.html", "/file.pdf", "/a.pdf?x", "/robots.txt",
		"/robots.txt?x", "/caf%C3%A9", "/caf%c3%a9", "/cafe", "/%7Euser", "/~user", "/a%2Fb", "/a/b%20c", "/?q", "/a$b", "/a:b", "/Fetch"}
)

// fuzzFile builds a robots.txt file, an agent and a path from data: each
// line takes four bytes (name, glue, value, ending); the first two bytes
// choose the agent and the path.
func fuzzFile(data []byte) (body, agent, path string) {
	pick := func(list []string, i int) string {
		if i >= len(data) {
			return list[0]
		}
		return list[int(data[i])%len(list)]
	}
	agent = agentName(pick(fuzzAgents, 0))
	if agent == "" || agent == "*" {
		agent = "Googlebot"
	}
	path = pick(fuzzPaths, 1)
	var b strings.Builder
	for i := 2; i+3 < len(data) && i < 2+4*64; i += 4 {
		name := pick(fuzzNames, i)
		var value string
		if k := strings.ToLower(name); strings.Contains(k, "agent") || strings.HasPrefix(k, "acap-crawler") {
			value = pick(fuzzAgents, i+2)
		} else {
			value = pick(fuzzPatterns, i+2)
		}
		b.WriteString(name + pick(fuzzGlue, i+1) + value + pick(fuzzEnds, i+3))
	}
	return b.String(), agent, path
}

// FuzzOracle compares the rfc9309 reading with Google's parser (the
// grobotstxt port) on generated files: every answer must be equal, or a
// documented difference (diffClass) must explain it. The seed corpus is in
// testdata/fuzz/FuzzOracle.
func FuzzOracle(f *testing.F) {
	f.Add([]byte{7, 1, 0, 0, 3, 0, 9, 0, 2, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		body, agent, path := fuzzFile(data)
		if !oracleAskable(path) {
			return
		}
		pf, err := Parse("/robots.txt", []byte(body))
		if err != nil {
			return
		}
		of := newOracleFile(body)
		subj := NewSubject(path)
		ours := NewPolicy(pf).decideQuiet(&Question{Crawler: agent, URL: path, Kind: KindRFC9309}, path, &subj).Allowed
		if google := of.allowed(agent, path); ours != google && diffClass(of, agent, path, ours) == "" {
			t.Errorf("crawler %s, path %s: rfc9309 %s, Google %s, no documented difference explains it; file:\n%q", agent, path, allowWord(ours), allowWord(google), body)
		}
	})
}

// TestOracleGenerated runs the fuzz target's generator over a fixed
// sequence of pseudo-random inputs, so that every test run compares
// thousands of generated files with Google's parser.
func TestOracleGenerated(t *testing.T) {
	n := 20000
	if runtime.GOOS == "js" {
		n = 1000
	}
	rng := rand.New(rand.NewPCG(9309, 1996))
	var tally oracleTally
	for i := 0; i < n; i++ {
		data := make([]byte, 2+4*(1+rng.IntN(12)))
		for j := range data {
			data[j] = byte(rng.UintN(256))
		}
		body, agent, path := fuzzFile(data)
		compareWithOracle(&tally, "generated", []byte(body), []string{agent}, []string{path})
	}
	t.Logf("generated files %d, questions %d, equal %d, differences by class %v", tally.files, tally.questions, tally.equal, tally.byClass)
	for _, u := range tally.unexplained {
		t.Error(u)
	}
	if tally.questions < n/2 || tally.equal == tally.questions {
		t.Errorf("the generator asked %d questions of %d files, %d equal: it no longer reaches the differences", tally.questions, n, tally.equal)
	}
}
