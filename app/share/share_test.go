package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

func sample() State {
	return State{
		Files: []File{
			{Name: "/robots.txt", Text: "##ACAP version=1.1\r\nACAP-crawler: *\r\nACAP-disallow-present-thumbnail: /news/\r\n"},
			{Name: "/acap-policy.txt", Text: "# Ünïcödé 日本語 ✓\nACAP-crawler: SearchBot1\nACAP-allow-crawl: /\n"},
			{Name: "/evil.txt", Text: "<script>alert('x')</script>\n<img src=x onerror=alert(1)>\n\x00 nul byte"},
		},
		Active:    1,
		URLs:      []string{"/news/a.html", "https://example.com/ü?q=<b>"},
		Crawler:   "Mozilla/5.0 (compatible; SearchBot1/2.0)",
		UserAgent: true,
		Purpose:   "news",
		Date:      "2008-02-29",
		Kind:      "rfc9309",
		Panel:     "simulator",
	}
}

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		s    State
	}{
		{"full", sample()},
		{"minimal", State{Files: []File{{Name: "/robots.txt"}}}},
		{"crlf and lone cr", State{Files: []File{{Name: "/robots.txt", Text: "User-agent: *\r\nDisallow: /a\rAllow: /b\n"}}}},
		{"script is text", State{Files: []File{{Name: "/robots.txt", Text: "</textarea><script>document.body.innerHTML=''</script>"}}, Panel: "<script>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			frag, err := Encode(tt.s)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(frag, "v2.") || strings.Count(frag, ".") != 2 {
				t.Errorf("fragment %q is not v2.<data>.<checksum>", frag)
			}
			for _, c := range frag {
				if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
					t.Fatalf("fragment has %q, which is not URL-fragment safe", c)
				}
			}
			got, err := Decode("#" + frag)
			if err != nil {
				t.Fatal(err)
			}
			want := tt.s
			want.Version = Version
			if !reflect.DeepEqual(got, want) {
				t.Errorf("round trip:\n got %#v\nwant %#v", got, want)
			}
		})
	}
}

// TestGuideFileSize logs how long a link to a typical file is.
func TestGuideFileSize(t *testing.T) {
	src, err := os.ReadFile("../../web/gallery/guide-ex-1-6.txt")
	if err != nil {
		t.Skip("gallery not present:", err)
	}
	s := State{Files: []File{{Name: "/robots.txt", Text: string(src)}}, URLs: []string{"/news/a.html"}, Crawler: "SearchBot1", Kind: "acap", Panel: "simulator"}
	frag, err := Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("guide Ex 1.6: %d bytes of text -> %d-byte fragment", len(src), len(frag))
	if len(frag) > 2000 {
		t.Errorf("a small guide file gives a %d-byte fragment; want under 2000 (fits every browser)", len(frag))
	}
}

func deflate(b []byte) []byte {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}

func frag(version string, json string) string {
	d := deflate([]byte(json))
	out := version + "." + base64.RawURLEncoding.EncodeToString(d)
	if version != "v1" {
		out += "." + checksum(d)
	}
	return out
}

func TestDecodeErrors(t *testing.T) {
	good, err := Encode(sample())
	if err != nil {
		t.Fatal(err)
	}
	bomb := "v1." + base64.RawURLEncoding.EncodeToString(deflate(bytes.Repeat([]byte(" "), 8<<20)))
	tests := []struct {
		name string
		in   string
		want error
	}{
		{"empty", "", ErrCorrupt},
		{"no version", "abc", ErrCorrupt},
		{"bad version", "vx.abc", ErrCorrupt},
		{"version zero", "v0.abc", ErrCorrupt},
		{"version leading zero", "v01.abc", ErrCorrupt},
		{"newer", "v3." + good[3:], ErrNewer},
		{"much newer", "v99.anything", ErrNewer},
		{"too long", "v1." + strings.Repeat("A", MaxFragment), ErrTooLong},
		{"zip bomb", bomb, ErrTooLong},
		{"bad base64", "v1.***", ErrCorrupt},
		{"cut short", good[:len(good)/2], ErrCorrupt},
		{"not deflate", "v1." + base64.RawURLEncoding.EncodeToString([]byte("hello world, not compressed")), ErrCorrupt},
		{"not json", frag("v1", "not json"), ErrCorrupt},
		{"json array", frag("v1", "[1,2]"), ErrCorrupt},
		{"unknown field", frag("v1", `{"v":1,"f":[{"n":"/robots.txt","t":""}],"x":1}`), ErrCorrupt},
		{"trailing data", frag("v1", `{"v":1,"f":[{"n":"/robots.txt","t":""}]} {}`), ErrCorrupt},
		{"inner version differs", frag("v1", `{"v":2,"f":[{"n":"/robots.txt","t":""}]}`), ErrCorrupt},
		{"no files", frag("v1", `{"v":1,"f":[]}`), ErrInvalid},
		{"negative active", frag("v1", `{"v":1,"f":[{"n":"/robots.txt","t":""}],"a":-1}`), ErrInvalid},
		{"active past end", frag("v1", `{"v":1,"f":[{"n":"/robots.txt","t":""}],"a":1}`), ErrInvalid},
		{"name not a path", frag("v1", `{"v":1,"f":[{"n":"robots.txt","t":""}]}`), ErrInvalid},
		{"duplicate names", frag("v1", `{"v":1,"f":[{"n":"/a","t":""},{"n":"/a","t":""}]}`), ErrInvalid},
		{"unknown kind", frag("v1", `{"v":1,"f":[{"n":"/robots.txt","t":""}],"k":"googlebot"}`), ErrInvalid},
		{"bad date", frag("v1", `{"v":1,"f":[{"n":"/robots.txt","t":""}],"d":"tomorrow"}`), ErrInvalid},
		{"too many files", frag("v1", `{"v":1,"f":[`+strings.Repeat(`{"n":"/a","t":""},`, MaxFiles)+`{"n":"/b","t":""}]}`), ErrInvalid},
		{"v2 without checksum", strings.TrimSuffix(good, good[strings.LastIndex(good, "."):]), ErrCorrupt},
		{"v2 wrong checksum", good[:len(good)-6] + "AAAAAA", ErrCorrupt},
		{"v2 checksum of other data", good[:strings.LastIndex(good, ".")] + "." + checksum([]byte("x")), ErrCorrupt},
		{"name is a folder", frag("v2", `{"v":2,"f":[{"n":"/","t":""}]}`), ErrInvalid},
		{"name ends in a slash", frag("v2", `{"v":2,"f":[{"n":"/a/","t":""}]}`), ErrInvalid},
		{"control character in a name", frag("v2", `{"v":2,"f":[{"n":"/a\u0007b","t":""}]}`), ErrInvalid},
		{"tab in a name", frag("v2", `{"v":2,"f":[{"n":"/a\tb","t":""}]}`), ErrInvalid},
		{"C1 control in a name", frag("v2", `{"v":2,"f":[{"n":"/a\u0085b","t":""}]}`), ErrInvalid},
		{"right-to-left override in a name", frag("v2", `{"v":2,"f":[{"n":"/robots\u202etxt.exe","t":""}]}`), ErrInvalid},
		{"isolate in a name", frag("v2", `{"v":2,"f":[{"n":"/a\u2067b","t":""}]}`), ErrInvalid},
		{"backslash in a name", frag("v2", `{"v":2,"f":[{"n":"/a\\b.txt","t":""}]}`), ErrInvalid},
		{"name with dot dot", frag("v2", `{"v":2,"f":[{"n":"/a/../b","t":""}]}`), ErrInvalid},
		{"name with double slash", frag("v2", `{"v":2,"f":[{"n":"//a","t":""}]}`), ErrInvalid},
		{"day past the month's end", frag("v2", `{"v":2,"f":[{"n":"/robots.txt","t":""}],"d":"2026-02-31"}`), ErrInvalid},
		{"not a leap year", frag("v2", `{"v":2,"f":[{"n":"/robots.txt","t":""}],"d":"2025-02-29"}`), ErrInvalid},
		{"absurd crawler", frag("v1", `{"v":1,"f":[{"n":"/robots.txt","t":""}],"c":"`+strings.Repeat("x", 5000)+`"}`), ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Decode(tt.in)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Decode error = %v, want class %v", err, tt.want)
			}
			var e *Error
			if !errors.As(err, &e) || e.Error() == "" {
				t.Errorf("error %T is not a *share.Error with a message", err)
			}
			if !reflect.DeepEqual(s, State{}) {
				t.Errorf("Decode returned a half-filled state on error: %#v", s)
			}
		})
	}
}

func TestNewerMessage(t *testing.T) {
	_, err := Decode("v3.abc")
	if err == nil || !strings.Contains(err.Error(), "newer version of ACAP Workbench") {
		t.Errorf("error = %v, want one that says a newer version made it", err)
	}
}

func TestEncodeErrors(t *testing.T) {
	tests := []struct {
		name string
		s    State
		want error
	}{
		{"no files", State{}, ErrInvalid},
		{"bad active", State{Files: []File{{Name: "/r"}}, Active: 3}, ErrInvalid},
		{"not utf-8", State{Files: []File{{Name: "/r", Text: "\xff\xfe"}}}, ErrInvalid},
		{"too big", State{Files: []File{{Name: "/r", Text: strings.Repeat("x", MaxDecompressed)}}}, ErrTooLong},
		{"incompressible", State{Files: []File{{Name: "/r", Text: noise(200 << 10)}}}, ErrTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Encode(tt.s); !errors.Is(err, tt.want) {
				t.Errorf("Encode error = %v, want class %v", err, tt.want)
			}
		})
	}
}

// noise returns n bytes of printable text that does not compress well.
func noise(n int) string {
	b := make([]byte, n)
	x := uint32(2463534242)
	for i := range b {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b[i] = byte('!' + x%90)
	}
	return string(b)
}

func FuzzDecode(f *testing.F) {
	good, _ := Encode(sample())
	f.Add(good)
	f.Add("v1.")
	f.Add("v2.abc")
	f.Add("v3.abc")
	f.Add(frag("v1", `{"v":1,"f":[{"n":"/robots.txt","t":"x"}],"a":0}`))
	f.Fuzz(func(t *testing.T, in string) {
		s, err := Decode(in)
		if err != nil {
			if !reflect.DeepEqual(s, State{}) {
				t.Fatalf("error %v with a non-zero state", err)
			}
			return
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("Decode returned an invalid state: %v", err)
		}
		again, err := Encode(s)
		if err != nil {
			t.Fatalf("a decoded state does not encode: %v", err)
		}
		s.Version = Version // a version 1 link is written again as the current version
		if s2, err := Decode(again); err != nil || !reflect.DeepEqual(s, s2) {
			t.Fatalf("re-encoding changes the state: %v", err)
		}
	})
}

func TestEmptyURLsSameAsNone(t *testing.T) {
	s, err := Decode(frag("v1", `{"v":1,"f":[{"n":"/robots.txt","t":""}],"u":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	if s.URLs != nil {
		t.Errorf("URLs = %#v, want nil", s.URLs)
	}
}

// TestDamagedLinksRefused changes every character of a real link, one at a
// time, to each of a few others (and drops each character): every damaged
// link is refused, none opens as another workspace.
func TestDamagedLinksRefused(t *testing.T) {
	s := State{Files: []File{{Name: "/robots.txt", Text: "User-agent: *\nDisallow: /login\nAllow: /login/help\n"}},
		URLs: []string{"/login", "/news/today.html"}, Crawler: "Googlebot", Kind: "rfc9309", Date: "2026-02-28", Panel: "simulator"}
	good, err := Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	tried, opened := 0, 0
	for i := 0; i < len(good); i++ {
		variants := []string{good[:i] + good[i+1:]}
		for _, c := range "Aa0-_.gz" {
			if byte(c) != good[i] {
				variants = append(variants, good[:i]+string(c)+good[i+1:])
			}
		}
		for _, v := range variants {
			tried++
			if got, err := Decode(v); err == nil {
				opened++
				if opened <= 3 {
					t.Errorf("a damaged link opened: position %d, %q → files %q", i, v, got.Files[0].Text)
				}
			}
		}
	}
	t.Logf("%d damaged links of a %d-character link tried, %d opened", tried, len(good), opened)
	if opened > 0 {
		t.Errorf("%d of %d damaged links opened", opened, tried)
	}
	// A leap day is a date.
	s.Date = "2024-02-29"
	if _, err := Encode(s); err != nil {
		t.Errorf("2024-02-29 refused: %v", err)
	}
}
