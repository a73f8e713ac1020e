package share

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func marshal(t testing.TB, s State) []byte {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestParseCanonical: the JSON encoding/json writes is read by the reader
// made for State, with encoding/json's result; what it does not read is
// left to encoding/json.
func TestParseCanonical(t *testing.T) {
	big := State{Version: 2, Files: []File{{Name: "/robots.txt", Text: strings.Repeat("Disallow: /*a*a*ab\n", 5000)}}, URLs: []string{"/a", "/b"}}
	tests := []struct {
		name string
		data []byte
		fast bool // read by parseCanonical
	}{
		{"sample", marshal(t, sample()), true},
		{"big", marshal(t, big), true},
		{"empty", []byte(`{}`), true},
		{"empty lists", []byte(`{"v":2,"f":[],"u":[]}`), true},
		{"empty file", []byte(`{"f":[{}]}`), true},
		{"every escape", []byte(`{"c":"\"\\\/\b\f\n\r\t\u00e9\u003c\u2028"}`), true},
		{"negative", []byte(`{"v":-0,"a":-3}`), true},
		{"fields in any order", []byte(`{"o":"x","ua":false,"v":1,"f":[{"t":"b","n":"a"}]}`), true},
		{"escaped key", []byte(`{"\u0076":2}`), true},
		{"spaces", []byte(` { "v" : 2 , "f" : [ { "n" : "a" } ] } `), true},
		{"null", []byte(`{"c":null}`), false},
		{"key in another case", []byte(`{"V":2}`), false},
		{"unknown key", []byte(`{"v":2,"x":1}`), false},
		{"key twice", []byte(`{"v":1,"v":2}`), false},
		{"surrogate pair", []byte(`{"c":"\ud83d\ude00"}`), false},
		{"lone surrogate", []byte(`{"c":"\ud83d"}`), false},
		{"not UTF-8", []byte("{\"c\":\"\xff\"}"), false},
		{"control character", []byte("{\"c\":\"a\nb\"}"), false},
		{"float", []byte(`{"v":2.0}`), false},
		{"exponent", []byte(`{"v":2e0}`), false},
		{"leading zero", []byte(`{"v":02}`), false},
		{"ten digits", []byte(`{"v":1234567890}`), false},
		{"string for int", []byte(`{"v":"2"}`), false},
		{"bool for string", []byte(`{"c":true}`), false},
		{"two objects", []byte(`{"v":2}{}`), false},
		{"cut short", []byte(`{"f":[{"n":"a"`), false},
		{"bad escape", []byte(`{"c":"\x"}`), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := parseCanonical(tt.data)
			if ok != tt.fast {
				t.Fatalf("read by the reader made for State: %v, want %v", ok, tt.fast)
			}
			if !ok {
				return
			}
			want, err := parseJSON(tt.data, true)
			if err != nil {
				t.Fatalf("read, but encoding/json refuses it: %v", err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %#v, encoding/json %#v", got, want)
			}
		})
	}
}

// FuzzParseJSON: ParseJSON's result is encoding/json's, for any bytes,
// strict or not.
func FuzzParseJSON(f *testing.F) {
	f.Add(marshal(f, sample()), true)
	f.Add([]byte(`{"v":2,"f":[{"n":"/r","t":"a\u00e9\n"}],"u":["/a"],"ua":true}`), false)
	f.Add([]byte(`{"v":2,"x":[1,{"y":null}]}`), false)
	f.Add([]byte(`{"C":"\ud83d\ude00"}`), true)
	f.Fuzz(func(t *testing.T, data []byte, strict bool) {
		got, err := ParseJSON(data, strict)
		want, werr := parseJSON(data, strict)
		if (err == nil) != (werr == nil) {
			t.Fatalf("ParseJSON: %v, encoding/json: %v", err, werr)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("ParseJSON %#v, encoding/json %#v", got, want)
		}
	})
}

// BenchmarkParseJSON: a link's JSON of 1 MiB (the rules of the slow share
// link and 200 URLs of 2,000 characters), by the reader made for State
// and by encoding/json.
func BenchmarkParseJSON(b *testing.B) {
	var urls []string
	for i := 0; i < 200; i++ {
		urls = append(urls, "/"+strings.Repeat("a", 1999))
	}
	rule := "Disallow: /" + strings.Repeat("*a", 400) + "b\n"
	text := "User-agent: *\n" + strings.Repeat(rule, (MaxDecompressed-200*2010-8192)/len(rule))
	data := marshal(b, State{Version: 2, Files: []File{{Name: "/robots.txt", Text: text}}, URLs: urls})
	b.Run("canonical", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, ok := parseCanonical(data); !ok {
				b.Fatal("not read")
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := parseJSON(data, true); err != nil {
				b.Fatal(err)
			}
		}
	})
}
