package policy

// Prepare compiles part of what questions of kind k consult in the main
// file: about work bytes of patterns a call (at least one pattern). It
// reports whether everything is compiled; from then on questions of that
// kind compile nothing more of the main file. Decide compiles what it
// needs in one piece, which on a file of large patterns can take long; a
// caller that must keep a page drawing calls Prepare between frames until
// it reports true, then asks. (A file that an ACAP record refers to is
// still compiled when a question first follows the reference.)
func (p *Policy) Prepare(k Kind, work int) bool {
	n := needOf(k)
	p.mu.Lock()
	defer p.mu.Unlock()
	c := p.compiledLocked(p.file, "")
	begun := false
	for _, part := range parts {
		if n&part == 0 || c.done&part != 0 {
			continue
		}
		if begun && work <= 0 {
			return false
		}
		begun = true
		work -= c.step(part, max(work, 0))
		if c.done&part == 0 {
			return false
		}
	}
	return true
}

// stepDone reports whether a step of work bytes (all, if work < 0) that
// compiled used bytes so far ends before its next pattern: a step compiles
// one pattern at least.
func stepDone(work, used int) bool { return work >= 0 && used > 0 && used >= work }

// prepareStep is the work (bytes of patterns) that the proofs compile
// between two yields to the page.
const prepareStep = 32 << 10

// prepareInSteps compiles what questions of kind k consult in p's main
// file, yielding to pc between steps. It reports whether it stopped for
// lack of time first.
func (p *Policy) prepareInSteps(k Kind, pc *pace) bool {
	for !p.Prepare(k, prepareStep) {
		if pc.tick() {
			return true
		}
	}
	return pc.tick()
}
