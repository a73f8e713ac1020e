package ui

import (
	"strings"
	"testing"
	"time"
)

func TestSavedRoundTrip(t *testing.T) {
	text := "User-agent: *\n# <script>alert(1)</script> \"quoted\" \u00e9\U0001F600\n"
	raw := EncodeSaved("my robots.txt", text, true, time.UnixMilli(42))
	s, err := DecodeSaved(raw)
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "my robots.txt" || s.Text != text || !s.Dirty || s.SavedAt != 42 {
		t.Errorf("got %+v", s)
	}
}

func TestDecodeSavedRejects(t *testing.T) {
	tests := []struct {
		name, raw, want string
	}{
		{"not json", "{not json", "damaged"},
		{"truncated", EncodeSaved("a", "abc", false, time.Now())[:20], "damaged"},
		{"wrong type", `{"v":1,"name":"a","text":42}`, "damaged"},
		{"unknown version", `{"v":7,"name":"a","text":"x"}`, "unknown format"},
		{"oversized raw", strings.Repeat(" ", maxSaved+1), "too large"},
		{"oversized text", `{"v":1,"text":"` + strings.Repeat("a", 5<<20+1) + `"}`, "larger than"},
	}
	for _, tc := range tests {
		_, err := DecodeSaved(tc.raw)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.name, err, tc.want)
		}
	}
	s, err := DecodeSaved(`{"v":1,"text":"x"}`)
	if err != nil || s.Name != "robots.txt" {
		t.Errorf("missing name: %+v %v", s, err)
	}
}
