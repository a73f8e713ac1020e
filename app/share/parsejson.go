package share

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/acap-workbench/workbench/app/jsonlite"
)

// ParseJSON reads a State from its JSON (a link's, once decompressed, or a
// saved shared view's). When strict, a field State does not have is an
// error, as is anything after the object.
//
// JSON as encoding/json writes it (each field once, the escapes it uses)
// is read by a reader made for State: a link of 1 MiB took 2.6 ms against
// encoding/json's 15.8 natively (BenchmarkParseJSON), and 14 against 48
// ms of the page's start under WebAssembly. Anything else that reader
// does not read (null, a key in another case, an escaped surrogate, bytes
// that are not UTF-8) is left to encoding/json, so the result is
// encoding/json's in every case (FuzzParseJSON checks it).
func ParseJSON(data []byte, strict bool) (State, error) {
	if s, ok := parseCanonical(data); ok {
		return s, nil
	}
	return parseJSON(data, strict)
}

// parseJSON is ParseJSON by encoding/json alone.
func parseJSON(data []byte, strict bool) (State, error) {
	var s State
	if !strict {
		if err := json.Unmarshal(data, &s); err != nil {
			return State{}, err
		}
		return s, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return State{}, err
	}
	if dec.More() {
		return State{}, errAfter
	}
	return s, nil
}

var errAfter = errors.New("data after the workspace")

// parseCanonical reads data when it is one JSON object of State's fields,
// each once, whose values jsonlite reads; ok is false otherwise, and then
// nothing of it is used.
func parseCanonical(data []byte) (s State, ok bool) {
	r := jsonlite.NewReader(data)
	str := func(v *string) bool {
		var ok bool
		*v, ok = r.Str()
		return ok
	}
	num := func(v *int) bool {
		var ok bool
		*v, ok = r.Int()
		return ok
	}
	if !r.Object(once(func(key string) bool {
		switch key {
		case "v":
			return num(&s.Version)
		case "a":
			return num(&s.Active)
		case "f":
			s.Files = []File{}
			return r.Array(func() bool {
				var f File
				ok := r.Object(once(func(key string) bool {
					switch key {
					case "n":
						return str(&f.Name)
					case "t":
						return str(&f.Text)
					}
					return false
				}))
				s.Files = append(s.Files, f)
				return ok
			})
		case "u":
			s.URLs = []string{}
			return r.Array(func() bool {
				var u string
				ok := str(&u)
				s.URLs = append(s.URLs, u)
				return ok
			})
		case "c":
			return str(&s.Crawler)
		case "ua":
			var ok bool
			s.UserAgent, ok = r.Bool()
			return ok
		case "p":
			return str(&s.Purpose)
		case "d":
			return str(&s.Date)
		case "k":
			return str(&s.Kind)
		case "o":
			return str(&s.Panel)
		}
		return false
	})) || !r.End() {
		return State{}, false
	}
	return s, true
}

// once is field for an object whose keys may each come once: a key met
// again is not read (encoding/json would read the second value into the
// first's).
func once(field func(key string) bool) func(key string) bool {
	var seen []string
	return func(key string) bool {
		for _, k := range seen {
			if k == key {
				return false
			}
		}
		seen = append(seen, key)
		return field(key)
	}
}
