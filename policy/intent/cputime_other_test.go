//go:build !unix

package intent

// cpuTime is not measured on this platform (js/wasm): the benchmarks
// report no cpu-ms/op there.
func cpuTime() int64 { return 0 }
