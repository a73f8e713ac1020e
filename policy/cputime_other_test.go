//go:build !unix

package policy

// cpuTime is not measured on this platform (js/wasm): the benchmarks
// report no cpu-ns/op there.
func cpuTime() int64 { return 0 }
