package ui

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/share"
)

// wkRawFragment makes a fragment of any JSON, bypassing share.Encode's
// checks (for states a link may hold but Encode never writes).
func wkRawFragment(version, js string) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write([]byte(js))
	w.Close()
	return "#" + ShareParam + "v" + version + "." + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

func wkShareState() share.State {
	return share.State{
		Files:   []share.File{{Name: "/robots.txt", Text: "User-agent: *\nDisallow: /" + wkEvil + "\n"}, {Name: "/acap.txt", Text: "ACAP-crawler: *\n"}},
		Active:  1,
		URLs:    []string{"/", "/news/" + wkEvil},
		Crawler: "SearchBot1", Purpose: "news", Date: "2026-11-21", Kind: "acap", Panel: "sim",
	}
}

func TestShareRoundTrip(t *testing.T) {
	st := wkShareState()
	link, err := ShareURL("https://example.org/wb/?x=1#old-fragment", st)
	if err != nil {
		t.Fatal(err)
	}
	base, frag, ok := strings.Cut(link, "#")
	if !ok || base != "https://example.org/wb/?x=1" || !strings.HasPrefix(frag, "s=v2.") {
		t.Fatalf("link %q", link)
	}
	// Only URL-safe characters: the link can go into an attribute.
	for _, r := range frag {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.=", r)) {
			t.Fatalf("fragment has %q", r)
		}
	}
	for _, in := range []string{"#" + frag, frag} {
		got, err := LoadShared(in)
		if err != nil {
			t.Fatal(err)
		}
		st.Version = share.Version
		if !reflect.DeepEqual(got, st) {
			t.Errorf("LoadShared gave %+v, want %+v", got, st)
		}
	}
}

func TestLoadSharedErrors(t *testing.T) {
	tooLong := "#" + ShareParam + "v1." + strings.Repeat("A", share.MaxFragment+10)
	for _, tc := range []struct {
		name     string
		fragment string
		class    error
		title    string
	}{
		{"empty", "", ErrNoShareLink, ""},
		{"hash only", "#", ErrNoShareLink, ""},
		{"another fragment", "#help/verdict", ErrNoShareLink, ""},
		{"too long", tooLong, share.ErrTooLong, "too long"},
		{"cut short", "#s=v1.AAAA!", share.ErrCorrupt, "damaged"},
		{"no version", "#s=hello", share.ErrCorrupt, "damaged"},
		{"newer", "#s=v9.AAAA", share.ErrNewer, "newer version"},
		{"no files", wkRawFragment("1", `{"v":1,"f":[]}`), share.ErrInvalid, "cannot be opened"},
		{"hostile names", wkRawFragment("1", `{"v":1,"f":[{"n":"/<script>alert(1)</script>","t":""},{"n":"/<script>alert(1)</script>","t":""}]}`), share.ErrInvalid, "cannot be opened"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := LoadShared(tc.fragment)
			if !errors.Is(err, tc.class) {
				t.Fatalf("err = %v, want class %v", err, tc.class)
			}
			if !reflect.DeepEqual(st, share.State{}) {
				t.Errorf("part of a state returned with an error: %+v", st)
			}
			if tc.class == ErrNoShareLink {
				return
			}
			html := app.HTMLString(&SharedLinkError{Err: err, OnDismiss: func() {}})
			if tag := wkOpenTag(html, `class="wk-share-error`); !strings.Contains(tag, `role="alert"`) {
				t.Errorf("not an alert: %s", tag)
			}
			title, advice := ShareErrorText(err)
			wkMustContain(t, html, tc.title, "<strong>"+wkEscapeText(title)+"</strong>", wkEscapeText(advice),
				"Nothing from the link was loaded; your own work is unchanged.", ">Dismiss</button>")
			if strings.Contains(html, "<script") {
				t.Error("data from the link rendered as markup")
			}
		})
	}
}

func TestSharedLinkErrorNil(t *testing.T) {
	html := app.HTMLString(&SharedLinkError{})
	if strings.Contains(html, "alert") || !strings.Contains(html, "hidden") {
		t.Errorf("nil error rendered: %s", html)
	}
}

func TestShareLinkButton(t *testing.T) {
	st := wkShareState()
	c := &ShareLinkButton{Base: "https://example.org/wb/", GetState: func() share.State { return st }}
	html := app.HTMLString(c)
	wkMustContain(t, html, ">Copy share link</button>", `for="wk-share-link"`, ">Share link</label>", "readonly")
	if tag := wkOpenTag(html, `class="wk-share-field"`); !strings.Contains(tag, "hidden") {
		t.Errorf("empty field shown: %s", tag)
	}
	if !c.make() {
		t.Fatal(c.msg)
	}
	want, _ := ShareURL("https://example.org/wb/", st)
	html = app.HTMLString(c)
	wkMustContain(t, html, `value="`+want+`"`, "The link is in the field below.")
	if tag := wkOpenTag(html, `class="wk-share-field"`); strings.Contains(tag, "hidden") {
		t.Errorf("field hidden with a link: %s", tag)
	}
	if tag := wkOpenTag(html, `class="wk-status"`); !strings.Contains(tag, `aria-live="polite"`) {
		t.Errorf("message not live: %s", tag)
	}

	// A long link is made, with a warning.
	rnd := rand.New(rand.NewPCG(1, 2))
	big := make([]byte, 6000)
	for i := range big {
		big[i] = byte('a' + rnd.IntN(26))
	}
	st.Files[0].Text = string(big)
	if !c.make() || !strings.Contains(c.msg, "some chat and mail tools cut links") {
		t.Errorf("long link: %q", c.msg)
	}
	// Too large for a link: an error, no link.
	huge := make([]byte, 200<<10)
	for i := range huge {
		huge[i] = byte(' ' + rnd.IntN(90))
	}
	st.Files[0].Text = string(huge)
	if c.make() || c.link != "" || !c.failed {
		t.Fatalf("a link for a huge workspace: %q", c.msg)
	}
	html = app.HTMLString(c)
	wkMustContain(t, html, "The workspace is too large for a link.", "wk-error")
	// An invalid workspace (no file).
	st.Files = nil
	if c.make() || !strings.Contains(c.msg, "cannot be shared as a link") {
		t.Errorf("invalid workspace: %q", c.msg)
	}
}
