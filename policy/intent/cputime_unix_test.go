//go:build unix

package intent

import "syscall"

// cpuTime returns the CPU time the process has used so far, in
// nanoseconds (user and system, every thread: the collector's work too).
// BenchmarkWriteProve reports it per op beside the wall time, which a busy
// machine inflates while the CPU time stays close to the work done.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
