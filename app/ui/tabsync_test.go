package ui

import (
	"strings"
	"testing"
)

func files(nameText ...string) []wsFile {
	var out []wsFile
	for i := 0; i+1 < len(nameText); i += 2 {
		out = append(out, wsFile{Name: nameText[i], Text: nameText[i+1]})
	}
	return out
}

func TestReconcile(t *testing.T) {
	base := files("robots.txt", "A")
	tests := []struct {
		name         string
		mine, theirs []wsFile
		want         Sync
	}{
		{"nobody changed the files", base, base, SyncSave},
		{"only this tab changed them", files("robots.txt", "A mine"), base, SyncSave},
		{"only the other tab changed them", base, files("robots.txt", "A theirs"), SyncAdopt},
		{"the other tab added a file", base, files("robots.txt", "A", "p.txt", "P"), SyncAdopt},
		{"the other tab renamed the file", base, files("site.txt", "A"), SyncAdopt},
		{"both made the same change", files("robots.txt", "AB"), files("robots.txt", "AB"), SyncSave},
		{"both changed robots.txt", files("robots.txt", "A mine"), files("robots.txt", "A theirs"), SyncConflict},
		{"mine a text, theirs a file", files("robots.txt", "A mine"), files("robots.txt", "A", "p.txt", "P"), SyncConflict},
		{"marks are not changes", []wsFile{{Name: "robots.txt", Text: "A", Dirty: true}}, base, SyncSave},
	}
	for _, tt := range tests {
		if got := Reconcile(base, tt.mine, tt.theirs); got != tt.want {
			t.Errorf("%s: Reconcile = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestMergeKeepBoth(t *testing.T) {
	names := func(fs []wsFile) string {
		var s []string
		for _, f := range fs {
			s = append(s, f.Name+"="+f.Text)
		}
		return strings.Join(s, " ")
	}
	tests := []struct {
		name          string
		first, second []wsFile
		want          string
		overflow      int
	}{
		{"a changed robots.txt becomes a copy",
			files("robots.txt", "theirs"), files("robots.txt", "mine"),
			"robots.txt=theirs robots (copy).txt=mine", 0},
		{"equal files are not copied",
			files("robots.txt", "same", "p.txt", "P"), files("robots.txt", "same", "p.txt", "P2"),
			"robots.txt=same p.txt=P p (copy).txt=P2", 0},
		{"a file only one side has is added under its name",
			files("robots.txt", "a"), files("robots.txt", "a", "new.txt", "N"),
			"robots.txt=a new.txt=N", 0},
		{"a taken copy name gets a number",
			files("robots.txt", "t", "robots (copy).txt", "old"), files("robots.txt", "m"),
			"robots.txt=t robots (copy).txt=old robots (copy 2).txt=m", 0},
		{"merging the same copy twice adds it once",
			files("robots.txt", "t", "robots (copy).txt", "m"), files("robots.txt", "m"),
			"robots.txt=t robots (copy).txt=m", 0},
		{"names without an extension",
			files("LICENSE", "x"), files("LICENSE", "y"),
			"LICENSE=x LICENSE (copy)=y", 0},
	}
	for _, tt := range tests {
		got, over := MergeKeepBoth(tt.first, tt.second)
		if names(got) != tt.want || len(over) != tt.overflow {
			t.Errorf("%s: got %q (+%d over), want %q (+%d)", tt.name, names(got), len(over), tt.want, tt.overflow)
		}
		for _, f := range got[len(tt.first):] {
			if !f.Dirty {
				t.Errorf("%s: copy %q not marked as not downloaded", tt.name, f.Name)
			}
		}
	}
	// Past the workspace's size, copies overflow (nothing is dropped).
	var full []wsFile
	for i := 0; i < maxFiles; i++ {
		full = append(full, wsFile{Name: CopyName("f.txt", i+1), Text: "x"})
	}
	got, over := MergeKeepBoth(full, files("robots.txt", "m", "g.txt", "g"))
	if len(got) != maxFiles || len(over) != 2 {
		t.Errorf("full workspace: %d files, %d over; want %d, 2", len(got), len(over), maxFiles)
	}
}

func TestRevAndRecoveredRoundTrip(t *testing.T) {
	r := Rev{N: 42, Tab: "t1"}
	if got := DecodeRev(EncodeRev(r)); got != r {
		t.Errorf("rev round trip: %+v", got)
	}
	for _, bad := range []string{"", "{", `{"n":-1}`, "null", `"x"`} {
		if got := DecodeRev(bad); got != (Rev{}) {
			t.Errorf("DecodeRev(%q) = %+v, want zero", bad, got)
		}
	}
	fs := files("robots.txt", "A", "p.txt", "P")
	got, err := DecodeRecovered(EncodeRecovered(fs))
	if err != nil || !sameFiles(got, fs) {
		t.Errorf("recovered round trip: %v %v", got, err)
	}
	for _, bad := range []string{"", "[]", `{"v":2,"files":[]}`, `{"v":1,"files":[{"name":"a","text":` + strings.Repeat(`"`, 1) + strings.Repeat("x", 6<<20) + `"}]}`} {
		if _, err := DecodeRecovered(bad); err == nil {
			t.Errorf("DecodeRecovered(%.40q) accepted", bad)
		}
	}
}
