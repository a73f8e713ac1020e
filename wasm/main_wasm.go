//go:build wasm

package main

import "runtime/debug"

func init() {
	// Each keystroke on a large file reads and parses the whole text, which
	// allocates a few times its size; collecting less often keeps those
	// keystrokes faster (measured in TestKeystrokeLatency).
	debug.SetGCPercent(400)
	// A WebAssembly memory never shrinks, so the most the heap ever grows
	// to is what the page holds until it is closed. Near this soft limit
	// the collector runs as often as needed to stay under it, whatever the
	// percentage above (at most half the time, so a program that needs
	// more is slowed, never stopped): with 400 %, a proof that kept 130 MB
	// live grew the page to 480 MB (TestConvertTenTimesMemory; the target
	// is 512 MB).
	debug.SetMemoryLimit(memoryLimit)
}

// memoryLimit is the Go heap's soft limit in the page.
const memoryLimit = 384 << 20

// serverMain is never reached in the browser: RunWhenOnBrowser blocks.
func serverMain() {}
