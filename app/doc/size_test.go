package doc

import (
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

// TestFormatMiB checks the rounding, and that the policy package's size
// message writes sizes the same way.
func TestFormatMiB(t *testing.T) {
	tests := []struct {
		n    int
		up   bool
		want string
	}{
		{0, true, "0.0 MiB"},
		{5 << 20, false, "5.0 MiB"},
		{5<<20 + 1, true, "5.1 MiB"},
		{5<<20 + 1, false, "5.0 MiB"},
		{6 << 20, true, "6.0 MiB"},
		{1 << 19, false, "0.5 MiB"},
	}
	for _, tt := range tests {
		if got := FormatMiB(tt.n, tt.up); got != tt.want {
			t.Errorf("FormatMiB(%d, %v) = %q, want %q", tt.n, tt.up, got, tt.want)
		}
	}
	for _, n := range []int{policy.MaxFileSize + 1, 6 << 20, 7<<20 + 12345} {
		msg := (&policy.SizeError{Size: n}).Error()
		if !strings.Contains(msg, "the file is "+FormatMiB(n, true)+";") || !strings.Contains(msg, FormatMiB(policy.MaxFileSize, false)) {
			t.Errorf("policy's size message %q does not write %d bytes as FormatMiB does", msg, n)
		}
	}
}
