package policy

import "strings"

// How the prover writes its witnesses, and asks the readings about them.

// witnessURL writes a path so that PathOf reads it back: a path that
// begins with "//" (which a URL reads as a host) after an empty host.
func witnessURL(path string) string {
	if strings.HasPrefix(path, "//") {
		return "//" + path
	}
	return path
}

// witnessPath writes the units of a path; "/robots.txt", which every
// reading allows whatever the file says, is written with an escape so that
// the readings are asked about the file's rules (the units are the same).
func witnessPath(units []int) string {
	p := unitPath(units)
	if isRobotsTxt(p) {
		p = "/%72" + p[2:]
	}
	return p
}

// decide asks the readings about a path.
func (c *comparer) decide(name string, units []int) *answers {
	p := witnessPath(units)
	subj := NewSubject(p)
	qs := Question{Crawler: name, URL: p, Kind: c.kind}
	qa := Question{Crawler: name, URL: p, Kind: KindACAP}
	return &answers{src: c.src.decideQuiet(&qs, p, &subj), dst: c.dst.decideQuiet(&qa, p, &subj),
		dstCase: c.dstCase.decideQuiet(&qa, p, &subj), path: p}
}

// decideQuiet decides without keeping the trace.
func (p *Policy) decideQuiet(q *Question, path string, subj *Subject) Answer {
	return p.decide(q, path, subj, true)
}
