// Package share turns a whole workspace into a string that fits in a URL
// fragment, and back.
//
// A share link carries the files, the URLs being tested, the crawler,
// purpose, date and kind of crawler, and which panel is open. The fragment
// is "v2.", the state as JSON compressed with DEFLATE and written in unpadded
// base64url (so it survives being pasted into chat and mail), then "." and
// the CRC-32 of the compressed bytes (six characters). The checksum finds
// every change of one or a few characters in a link that was copied by hand
// or cut: such a link is refused as damaged instead of opening as another
// workspace. Links of version 1 (no checksum) are still read.
//
// Decode is strict and careful, because a link may come from anyone: it
// refuses fragments that are too long, that expand to too much (a
// compression bomb), that are damaged, that come from a newer version of
// the tool, or whose content makes no sense, and on any error it returns
// the zero State, never part of one. The state is data only: nothing in it
// is ever run or inserted into the page as markup; the text of a file is
// shown in the editor like any other text.
package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"path"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/acap-workbench/workbench/policy"
)

// Version is the format this package writes. Decode reads it and refuses
// fragments of later versions.
const Version = 2

// Limits on what Decode accepts.
const (
	// MaxFragment is the longest fragment accepted, in bytes (64 KiB).
	// Browsers and chat tools cut much shorter URLs anyway; Encode refuses
	// to make a longer one.
	MaxFragment = 64 << 10
	// MaxDecompressed is the most the JSON may expand to (1 MiB): a guard
	// against compression bombs.
	MaxDecompressed = 1 << 20
	// MaxFiles is the most files a workspace link may hold.
	MaxFiles = 32
	// MaxURLs is the most URLs a workspace link may hold.
	MaxURLs = 200
	// maxShort is the longest crawler, purpose, date, kind, panel, URL or
	// file name accepted.
	maxShort = 2048
)

// File is one file of the workspace.
type File struct {
	Name string `json:"n"`
	Text string `json:"t"`
}

// State is a whole workspace as a share link carries it.
type State struct {
	// Version is the format version; Encode writes Version whatever it
	// holds, and Decode sets it.
	Version   int      `json:"v"`
	Files     []File   `json:"f"`
	Active    int      `json:"a,omitempty"`  // index of the file shown
	URLs      []string `json:"u,omitempty"`  // the URLs being tested
	Crawler   string   `json:"c,omitempty"`  // crawler name or User-Agent string
	UserAgent bool     `json:"ua,omitempty"` // Crawler is a full User-Agent string
	Purpose   string   `json:"p,omitempty"`
	Date      string   `json:"d,omitempty"` // YYYY-MM-DD, or "" for today
	Kind      string   `json:"k,omitempty"` // kind of crawler, such as "acap"
	Panel     string   `json:"o,omitempty"` // the open panel
}

// Error classes. Every error Decode returns is an *Error whose Kind is one
// of these, so a caller can test with errors.Is(err, share.ErrCorrupt).
var (
	ErrTooLong = errors.New("the link is too long")
	ErrCorrupt = errors.New("the link is damaged")
	ErrNewer   = errors.New("the link was made by a newer version of ACAP Workbench")
	ErrInvalid = errors.New("the link holds a workspace that cannot be opened")
)

// Error is a failure to encode or decode a link: its class (Kind) and a
// message for people.
type Error struct {
	Kind   error
	Detail string
}

func (e *Error) Error() string {
	if e.Detail == "" {
		return e.Kind.Error()
	}
	return e.Kind.Error() + ": " + e.Detail
}

// Unwrap returns the error class.
func (e *Error) Unwrap() error { return e.Kind }

func fail(kind error, format string, args ...any) error {
	return &Error{Kind: kind, Detail: fmt.Sprintf(format, args...)}
}

var b64 = base64.RawURLEncoding.Strict()

// checksum is the text after the data's "." in a version 2 fragment.
func checksum(compressed []byte) string {
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc32.ChecksumIEEE(compressed))
	return b64.EncodeToString(sum[:])
}

// Encode writes s as a fragment (without the leading '#'). It fails with
// ErrInvalid when s would not decode (see Validate) and with ErrTooLong when
// the result is longer than MaxFragment.
func Encode(s State) (string, error) {
	s.Version = Version
	if err := s.Validate(); err != nil {
		return "", err
	}
	js, err := json.Marshal(s)
	if err != nil {
		return "", fail(ErrInvalid, "%v", err)
	}
	if len(js) > MaxDecompressed {
		return "", fail(ErrTooLong, "the workspace is %d KiB; a link can hold at most %d KiB", len(js)>>10, MaxDecompressed>>10)
	}
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(js)
	w.Close()
	out := "v" + strconv.Itoa(Version) + "." + b64.EncodeToString(buf.Bytes()) + "." + checksum(buf.Bytes())
	if len(out) > MaxFragment {
		return "", fail(ErrTooLong, "it would be %d KiB, more than the %d KiB a link may have; download the files instead", len(out)>>10, MaxFragment>>10)
	}
	return out, nil
}

// Decode reads a fragment written by Encode (a leading '#' is allowed).
// On error it returns the zero State and an *Error.
func Decode(fragment string) (State, error) {
	fragment = strings.TrimPrefix(fragment, "#")
	if len(fragment) > MaxFragment {
		return State{}, fail(ErrTooLong, "it has %d KiB, more than the %d KiB this version reads", len(fragment)>>10, MaxFragment>>10)
	}
	ver, body, ok := strings.Cut(fragment, ".")
	if !ok || len(ver) < 2 || ver[0] != 'v' {
		return State{}, fail(ErrCorrupt, "it does not start with a version such as \"v2.\"")
	}
	n, err := strconv.Atoi(ver[1:])
	if err != nil || n < 1 || ver[1] == '0' || ver[1] == '+' {
		return State{}, fail(ErrCorrupt, "%q is not a version", truncate(ver, 20))
	}
	if n > Version {
		return State{}, &Error{Kind: ErrNewer, Detail: fmt.Sprintf("its format is version %d and this one reads version %d; reload the page to get the latest ACAP Workbench", n, Version)}
	}
	sum := ""
	if n >= 2 {
		var ok bool
		body, sum, ok = strings.Cut(body, ".")
		if !ok {
			return State{}, fail(ErrCorrupt, "its checksum is missing (was it cut short when copied?)")
		}
	}
	raw, err := b64.DecodeString(body)
	if err != nil {
		return State{}, fail(ErrCorrupt, "it is not valid base64url (was it cut short when copied?)")
	}
	if n >= 2 && sum != checksum(raw) {
		return State{}, fail(ErrCorrupt, "its checksum does not match its data: some characters were changed or lost when it was copied")
	}
	r := flate.NewReader(bytes.NewReader(raw))
	js, err := io.ReadAll(io.LimitReader(r, MaxDecompressed+1))
	if err != nil {
		return State{}, fail(ErrCorrupt, "its compressed data cannot be read (was it cut short when copied?)")
	}
	if len(js) > MaxDecompressed {
		return State{}, fail(ErrTooLong, "it expands to more than %d KiB", MaxDecompressed>>10)
	}
	s, err := ParseJSON(js, true)
	if errors.Is(err, errAfter) {
		return State{}, fail(ErrCorrupt, "it has data after the workspace")
	}
	if err != nil {
		return State{}, fail(ErrCorrupt, "its content is not a workspace (%v)", err)
	}
	if s.Version != n {
		return State{}, fail(ErrCorrupt, "the version inside (%d) is not the version outside (%d)", s.Version, n)
	}
	if err := s.Validate(); err != nil {
		return State{}, err
	}
	if len(s.URLs) == 0 {
		s.URLs = nil // "u":[] and no "u" are the same state
	}
	return s, nil
}

// unsafeNameRune finds a character a file name must not hold, as it
// becomes a download name: a control character, a backslash, or a
// character that changes the direction of text (which can make
// "txt.exe" read as "exe.txt").
func unsafeNameRune(name string) (rune, bool) {
	for _, r := range name {
		switch {
		case r < 0x20 || r == 0x7f || 0x80 <= r && r < 0xa0, r == '\\':
			return r, true
		case r == 0x061c, r == 0x200e, r == 0x200f, 0x202a <= r && r <= 0x202e, 0x2066 <= r && r <= 0x2069:
			return r, true
		}
	}
	return 0, false
}

// Validate reports, as an *Error of class ErrInvalid, what makes s a state
// that cannot be opened: no file, too many files or URLs, a file name that is
// not a path or holds a control, bidi or backslash character, duplicate names, an Active index out of range, text that is not
// UTF-8, an unknown kind of crawler, a malformed date, or an absurdly long
// setting.
func (s *State) Validate() error {
	if len(s.Files) == 0 {
		return fail(ErrInvalid, "it has no file")
	}
	if len(s.Files) > MaxFiles {
		return fail(ErrInvalid, "it has %d files; at most %d are accepted", len(s.Files), MaxFiles)
	}
	if s.Active < 0 || s.Active >= len(s.Files) {
		return fail(ErrInvalid, "the file to show (%d) is not one of its %d files", s.Active, len(s.Files))
	}
	if len(s.URLs) > MaxURLs {
		return fail(ErrInvalid, "it has %d URLs; at most %d are accepted", len(s.URLs), MaxURLs)
	}
	seen := map[string]bool{}
	for i, f := range s.Files {
		if f.Name == "" || f.Name[0] != '/' || len(f.Name) > maxShort || !utf8.ValidString(f.Name) ||
			strings.HasSuffix(f.Name, "/") || path.Clean(f.Name) != f.Name {
			return fail(ErrInvalid, "file %d has no proper name (a path to a file, such as /robots.txt)", i+1)
		}
		if r, bad := unsafeNameRune(f.Name); bad {
			return fail(ErrInvalid, "the name of file %d holds %U, which a file name must not: names become download names", i+1, r)
		}
		if seen[f.Name] {
			return fail(ErrInvalid, "two files are named %q", truncate(f.Name, 60))
		}
		seen[f.Name] = true
		if !utf8.ValidString(f.Text) {
			return fail(ErrInvalid, "the text of %q is not UTF-8", truncate(f.Name, 60))
		}
	}
	for _, u := range s.URLs {
		if len(u) > maxShort || !utf8.ValidString(u) {
			return fail(ErrInvalid, "a URL is too long or not UTF-8")
		}
	}
	for name, v := range map[string]string{"crawler": s.Crawler, "purpose": s.Purpose, "date": s.Date, "kind": s.Kind, "panel": s.Panel} {
		if len(v) > maxShort || !utf8.ValidString(v) {
			return fail(ErrInvalid, "the %s is too long or not UTF-8", name)
		}
	}
	if _, ok := policy.ParseKind(s.Kind); !ok {
		return fail(ErrInvalid, "%q is not a kind of crawler this version knows", truncate(s.Kind, 40))
	}
	if s.Date != "" && !validDate(s.Date) {
		return fail(ErrInvalid, "the date %q is not written YYYY-MM-DD", truncate(s.Date, 20))
	}
	return nil
}

// validDate reports whether d is a date of the calendar written YYYY-MM-DD
// (2026-02-31 is not).
func validDate(d string) bool {
	t, err := time.Parse("2006-01-02", d)
	return err == nil && t.Format("2006-01-02") == d
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
