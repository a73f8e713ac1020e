package doc

import "strconv"

// FormatMiB writes n bytes in MiB with one decimal ("5.7 MiB"), the one
// unit of every size message, the policy package's included. With up it
// rounds up, so that a size just over a limit never reads as the limit
// itself; else down.
func FormatMiB(n int, up bool) string {
	tenths := n * 10 >> 20
	if up && tenths<<20 < n*10 {
		tenths++
	}
	return strconv.Itoa(tenths/10) + "." + strconv.Itoa(tenths%10) + " MiB"
}
