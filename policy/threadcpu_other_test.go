//go:build !linux

package policy

import "time"

var threadStart = time.Now()

// threadCPU returns the time since the tests began (no thread clock here).
func threadCPU() time.Duration { return time.Since(threadStart) }
