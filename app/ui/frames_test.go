package ui

import (
	"runtime"
	"runtime/metrics"
	"testing"
)

// TestGCNear: right after a collection the heap is not near the next
// goal; holding 60 % of the way to it (the collector itself starts at
// 70 % at the earliest), it is.
func TestGCNear(t *testing.T) {
	var q frameQueue
	runtime.GC()
	if q.gcNear() {
		t.Fatal("near the goal right after a collection")
	}
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/goal:bytes"}}
	metrics.Read(s)
	room := s[1].Value.Uint64() - s[0].Value.Uint64()
	held := make([][]byte, 0, 64)
	for i := uint64(0); i < 64; i++ {
		held = append(held, make([]byte, room*3/5/64))
	}
	if !q.gcNear() {
		t.Errorf("not near the goal holding %d of the %d bytes of room", room*3/5, room)
	}
	runtime.KeepAlive(held)
}
