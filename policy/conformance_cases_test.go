package policy

import "testing"

// runConformanceCases checks the decisions of a case file. Deciding is the
// work of the decision engine (issue 3); until it lands, case files' cases are
// not run (and so never reported as passed).
func runConformanceCases(t *testing.T, cf *caseFile, f *File) {}
