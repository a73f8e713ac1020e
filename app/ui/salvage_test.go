package ui

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestSalvageFiles(t *testing.T) {
	saved := EncodeSaved("mine.txt", "User-agent: *\nDisallow: /a \"q\" é 😀\n", true, time.UnixMilli(1))
	ws := EncodeWorkspace([]wsFile{{Name: "a.txt", Text: "A"}, {Name: "b.txt", Text: "B"}}, 1, "/x", nil, "")
	f := func(name, text string) wsFile { return wsFile{Name: name, Text: text, Dirty: true} }
	tests := []struct {
		name string
		raw  string
		want []wsFile
	}{
		{"whole record", saved, []wsFile{f("mine.txt", "User-agent: *\nDisallow: /a \"q\" é 😀\n")}},
		{"name of the wrong type", `{"v":1,"name":123,"text":"User-agent: *\n"}`, []wsFile{f("recovered.txt", "User-agent: *\n")}},
		{"text of the wrong type", `{"v":1,"name":"a","text":42}`, nil},
		{"cut short", `{"v":1,"name":"mine.txt","text":"User-agent: *\nDisallow: /a`, []wsFile{f("mine.txt", "User-agent: *\nDisallow: /a")}},
		{"cut in an escape", `{"text":"a\`, []wsFile{f("recovered.txt", "a\\")}},
		{"unknown version", `{"v":9,"name":"n.txt","text":"x"}`, []wsFile{f("n.txt", "x")}},
		{"workspace", ws, []wsFile{f("a.txt", "A"), f("b.txt", "B")}},
		{"workspace, a name missing", `{"v":1,"files":[{"name":"a.txt","text":"A"},{"text":"B"}]}`, []wsFile{f("a.txt", "A"), f("recovered.txt", "B")}},
		{"escapes", `{"text":"\u0041\ud83d\ude00\/\\\t\x"}`, []wsFile{f("recovered.txt", "A😀/\\\tx")}},
		{"a key in a text", `{"text":"\"name\": \"x\""}`, []wsFile{f("recovered.txt", `"name": "x"`)}},
		{"not json", "User-agent: *", nil},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		if got := SalvageFiles(tt.raw, "recovered.txt"); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %q\n got %+v\nwant %+v", tt.name, tt.raw, got, tt.want)
		}
	}
}

func TestCapName(t *testing.T) {
	long := strings.Repeat("é", 300) // 600 bytes
	s, err := DecodeSaved(`{"v":1,"name":"` + long + `","text":"x"}`)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Name) > maxNameLen || !strings.HasPrefix(long, s.Name) || len(s.Name) < maxNameLen-1 {
		t.Errorf("name of %d bytes kept as %d bytes", len(long), len(s.Name))
	}
	ws, err := DecodeWorkspace(`{"v":1,"files":[{"name":"` + long + `","text":"x"}]}`)
	if err != nil || len(ws.Files[0].Name) > maxNameLen {
		t.Errorf("workspace name %d bytes, %v", len(ws.Files[0].Name), err)
	}
}

func FuzzSalvageFiles(f *testing.F) {
	f.Add(EncodeSaved("a", "b\n", true, time.UnixMilli(1)))
	f.Add(`{"v":1,"files":[{"name":"a","text":"\ud83d`)
	f.Fuzz(func(t *testing.T, raw string) {
		for _, fl := range SalvageFiles(raw, "x.txt") {
			if fl.Name == "" || len(fl.Name) > maxNameLen || len(fl.Text) > len(raw) {
				t.Errorf("%q: file %q of %d bytes", raw, fl.Name, len(fl.Text))
			}
		}
	})
}
