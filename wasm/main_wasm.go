//go:build wasm

package main

// serverMain is never reached in the browser: RunWhenOnBrowser blocks.
func serverMain() {}
