package directory

import (
	"unicode/utf8"

	"github.com/acap-workbench/workbench/app/jsonlite"
)

// rawEntry is a crawler's object in robots.json.
type rawEntry struct {
	Operator    string `json:"operator"`
	Respect     string `json:"respect"`
	Function    string `json:"function"`
	Description string `json:"description"`
}

// decodeSimple reads robots.json in the shape the directory has, an
// object of objects whose values are strings (and, for keys that are not
// fields, also numbers, true, false and null), into what
// encoding/json.Unmarshal makes of it. It returns ok false for anything
// else (other values, a key that only differs from a field's name in case,
// an escape or byte that encoding/json would replace or refuse), which the
// caller then leaves to encoding/json. In the browser it is many times
// quicker than encoding/json, which decodes by reflection, and runs little
// code that the page has to compile the first time it is called.
func decodeSimple(data []byte) (map[string]rawEntry, bool) {
	r := jsonlite.NewReader(data)
	out := map[string]rawEntry{}
	ok := r.Object(func(tok string) bool {
		var e rawEntry
		ok := r.Object(func(k string) bool {
			var field *string
			switch k {
			case "operator":
				field = &e.Operator
			case "respect":
				field = &e.Respect
			case "function":
				field = &e.Function
			case "description":
				field = &e.Description
			default:
				if foldsToField(k) {
					return false
				}
				// Not a field: encoding/json checks the value and drops
				// it.
				return r.Scalar()
			}
			var ok bool
			*field, ok = r.Str()
			return ok
		})
		out[tok] = e
		return ok
	})
	if !ok || !r.End() {
		return nil, false
	}
	return out, true
}

// foldsToField reports whether encoding/json could take key for one of
// rawEntry's fields although it is not the field's name as written: it
// matches names without regard to case (Unicode's too), so every key
// that is not plain ASCII counts.
func foldsToField(key string) bool {
	for i := 0; i < len(key); i++ {
		if key[i] >= utf8.RuneSelf {
			return true
		}
	}
	for _, f := range []string{"operator", "respect", "function", "description"} {
		if len(key) == len(f) {
			same := true
			for i := 0; i < len(f); i++ {
				if c := key[i] | 0x20; c != f[i] {
					same = false
					break
				}
			}
			if same {
				return true
			}
		}
	}
	return false
}
