package jsonlite

import (
	"encoding/json"
	"testing"
)

// agree checks data read as one value by the Reader against
// encoding/json: whatever the Reader reads whole, encoding/json reads the
// same; it reports whether the Reader read it.
func agree(t *testing.T, data []byte) (read bool) {
	t.Helper()
	r := NewReader(data)
	if r.Scalar() && r.End() && !json.Valid(data) {
		t.Errorf("Scalar read %q, which is not JSON", data)
	}
	str := same(t, data, "Str", (*Reader).Str)
	num := same(t, data, "Int", (*Reader).Int)
	boo := same(t, data, "Bool", (*Reader).Bool)
	return str || num || boo
}

// same checks what read makes of data, when it reads it whole, against
// what encoding/json makes of it; it reports whether read read it.
func same[T comparable](t *testing.T, data []byte, name string, read func(*Reader) (T, bool)) bool {
	t.Helper()
	r := NewReader(data)
	got, ok := read(r)
	if !ok || !r.End() {
		return false
	}
	var want T
	if err := json.Unmarshal(data, &want); err != nil || got != want {
		t.Errorf("%s read %q as %v, encoding/json as %v (%v)", name, data, got, want, err)
	}
	return true
}

func TestReader(t *testing.T) {
	tests := []struct {
		in   string
		read bool
	}{
		{`"plain"`, true},
		{` "x\"\\\/\b\f\n\r\t\u00e9\u2028y" `, true},
		{`"ünï"`, true},
		{`0`, true},
		{`-0`, true},
		{`-123456789`, true},
		{`true`, true},
		{` false `, true},
		{`"\ud83d\ude00"`, false}, // a pair: left to encoding/json
		{`"\ud83d"`, false},
		{"\"\xff\"", false},
		{"\"a\nb\"", false},
		{`"\x"`, false},
		{`"cut`, false},
		{`1234567890`, false},
		{`01`, false},
		{`1.5`, false},
		{`1e3`, false},
		{`-`, false},
		{`tru`, false},
	}
	for _, tt := range tests {
		if got := agree(t, []byte(tt.in)); got != tt.read {
			t.Errorf("%q: read %v, want %v", tt.in, got, tt.read)
		}
	}
}

// TestScalar: Scalar reads JSON's scalars and drops them, and leaves
// objects, arrays and what is not JSON.
func TestScalar(t *testing.T) {
	for in, want := range map[string]bool{
		`"s"`: true, `-1.5e+3`: true, `0.25`: true, `1E-2`: true, `null`: true, `true`: true, `false`: true,
		`1.`: false, `.5`: false, `1e`: false, `{}`: false, `[]`: false, `nul`: false, ``: false,
	} {
		r := NewReader([]byte(in))
		if got := r.Scalar() && r.End(); got != want {
			t.Errorf("Scalar(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestObjectArray: objects and arrays call back for each member, in
// order, and stop at the first member not read.
func TestObjectArray(t *testing.T) {
	r := NewReader([]byte(` { "a" : [ 1 , 2 ] , "b" : [ ] , "a" : [3] } `))
	var got []any
	ok := r.Object(func(k string) bool {
		got = append(got, k)
		return r.Array(func() bool {
			n, ok := r.Int()
			got = append(got, n)
			return ok
		})
	})
	if !ok || !r.End() || len(got) != 6 || got[0] != "a" || got[1] != 1 || got[2] != 2 || got[3] != "b" || got[4] != "a" || got[5] != 3 {
		t.Errorf("read %v, %v", got, ok)
	}
	for _, in := range []string{`{"a":1,}`, `{"a" 1}`, `[1 2]`, `{"a":[1,]}`, `{1:2}`} {
		r := NewReader([]byte(in))
		if r.Object(func(string) bool { _, ok := r.Int(); return ok || r.Array(func() bool { _, ok := r.Int(); return ok }) }) && r.End() {
			t.Errorf("%q read", in)
		}
	}
}

// FuzzReader: what the Reader reads as a string, an integer or a boolean,
// encoding/json reads the same; what Scalar reads is JSON.
func FuzzReader(f *testing.F) {
	for _, s := range []string{`"a\u00e9\n"`, `-12`, `true`, `"\ud83d\ude00"`, `1.5e3`, "\"\xff\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { agree(t, data) })
}
