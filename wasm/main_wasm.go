//go:build wasm

package main

import "runtime/debug"

func init() {
	// Each keystroke on a large file reads and parses the whole text, which
	// allocates a few times its size; collecting less often keeps those
	// keystrokes faster (measured in TestKeystrokeLatency).
	debug.SetGCPercent(400)
}

// serverMain is never reached in the browser: RunWhenOnBrowser blocks.
func serverMain() {}
